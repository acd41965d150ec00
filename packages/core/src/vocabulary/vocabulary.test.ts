import { describe, expect, it } from 'vitest';
import type { Dialect } from '../types/index.ts';
import {
  carriedReference,
  dialectOf,
  idKeyword,
  isAnnotation,
  KeywordKind,
  keywordKind,
  refHasSiblings,
} from './vocabulary.ts';

describe('keywordKind', () => {
  it('reads keywords whose value is one schema as Schema', () => {
    for (const keyword of [
      'additionalProperties',
      'additionalItems',
      'contains',
      'not',
      'if',
      'then',
      'else',
      'propertyNames',
      'unevaluatedProperties',
      'unevaluatedItems',
      'contentSchema',
    ]) {
      expect(keywordKind(keyword), keyword).toBe(KeywordKind.Schema);
    }
  });

  it('reads keywords whose value is an array of schemas as SchemaArray', () => {
    for (const keyword of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
      expect(keywordKind(keyword), keyword).toBe(KeywordKind.SchemaArray);
    }
  });

  it('reads keywords whose value maps names to schemas as SchemaMap', () => {
    for (const keyword of ['properties', 'patternProperties', 'dependentSchemas']) {
      expect(keywordKind(keyword), keyword).toBe(KeywordKind.SchemaMap);
    }
  });

  it('reads items as one schema or an array of schemas', () => {
    expect(keywordKind('items')).toBe(KeywordKind.SchemaOrArray);
  });

  it('reads dependencies as a map of schemas or property-name lists', () => {
    expect(keywordKind('dependencies')).toBe(KeywordKind.SchemaOrDataMap);
  });

  it('reads $defs and definitions as Definitions', () => {
    expect(keywordKind('$defs')).toBe(KeywordKind.Definitions);
    expect(keywordKind('definitions')).toBe(KeywordKind.Definitions);
  });

  it('reads then as a schema keyword, like any other (an object with then is no thenable here)', () => {
    expect(keywordKind('then')).toBe(KeywordKind.Schema);
    expect(keywordKind('then')).not.toBe(KeywordKind.Data);
  });

  it('reads data keywords as Data, so their values are never traversed', () => {
    for (const keyword of [
      'const',
      'enum',
      'default',
      'examples',
      'example',
      'x-foo',
      'x-properties',
      'unknownKeyword',
      'required',
      'dependentRequired',
      'type',
      'format',
      '$ref',
      '$id',
      '$anchor',
      '$schema',
      '$comment',
      '',
    ]) {
      expect(keywordKind(keyword), keyword).toBe(KeywordKind.Data);
    }
  });

  it('reads Object.prototype names as Data', () => {
    for (const keyword of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(keywordKind(keyword), keyword).toBe(KeywordKind.Data);
    }
  });

  it('is case-sensitive', () => {
    expect(keywordKind('Properties')).toBe(KeywordKind.Data);
    expect(keywordKind('ALLOF')).toBe(KeywordKind.Data);
  });

  it('gives every kind a distinct value', () => {
    const values = Object.values(KeywordKind);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('isAnnotation', () => {
  it('accepts the annotation keywords', () => {
    for (const keyword of [
      'title',
      'description',
      'default',
      'examples',
      'example',
      'deprecated',
      'readOnly',
      'writeOnly',
      '$comment',
    ]) {
      expect(isAnnotation(keyword), keyword).toBe(true);
    }
  });

  it('rejects keywords that change which instances validate', () => {
    for (const keyword of [
      'type',
      'const',
      'enum',
      'minimum',
      'maxLength',
      'pattern',
      'required',
      'properties',
      'allOf',
      '$ref',
      '$defs',
    ]) {
      expect(isAnnotation(keyword), keyword).toBe(false);
    }
  });

  it('rejects Object.prototype names', () => {
    for (const keyword of ['__proto__', 'constructor', 'toString']) {
      expect(isAnnotation(keyword), keyword).toBe(false);
    }
  });
});

describe('refHasSiblings', () => {
  it('applies keywords beside $ref from 2019-09 on', () => {
    expect(refHasSiblings('2019-09')).toBe(true);
    expect(refHasSiblings('2020-12')).toBe(true);
  });

  it('ignores keywords beside $ref in draft-07 and earlier', () => {
    const early: Dialect[] = ['draft-04', 'draft-06', 'draft-07'];
    for (const dialect of early) expect(refHasSiblings(dialect), dialect).toBe(false);
  });
});

describe('dialectOf', () => {
  it('reads each meta-schema URI', () => {
    const cases: [string, Dialect][] = [
      ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
      ['https://json-schema.org/draft/2020-12/schema#', '2020-12'],
      ['http://json-schema.org/draft/2020-12/schema', '2020-12'],
      ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
      ['https://json-schema.org/draft/2019-09/schema#', '2019-09'],
      ['http://json-schema.org/draft-07/schema#', 'draft-07'],
      ['http://json-schema.org/draft-07/schema', 'draft-07'],
      ['https://json-schema.org/draft-07/schema#', 'draft-07'],
      ['http://json-schema.org/draft-06/schema#', 'draft-06'],
      ['http://json-schema.org/draft-06/schema', 'draft-06'],
      ['http://json-schema.org/draft-04/schema#', 'draft-04'],
      ['http://json-schema.org/draft-04/schema', 'draft-04'],
    ];
    for (const [uri, dialect] of cases) expect(dialectOf(uri), uri).toBe(dialect);
  });

  it('reads the hyper-schema meta-schemas as their dialect', () => {
    expect(dialectOf('https://json-schema.org/draft/2020-12/hyper-schema')).toBe('2020-12');
    expect(dialectOf('http://json-schema.org/draft-07/hyper-schema#')).toBe('draft-07');
  });

  it('returns undefined for a URI that names no known dialect', () => {
    for (const uri of [
      'http://json-schema.org/schema#',
      'http://json-schema.org/draft-03/schema#',
      'https://spec.openapis.org/oas/3.1/dialect/base',
      'https://example.com/schema',
      '',
    ]) {
      expect(dialectOf(uri), uri).toBeUndefined();
    }
  });

  it('returns undefined for a value that is not a string', () => {
    for (const value of [
      undefined,
      null,
      7,
      true,
      {},
      ['https://json-schema.org/draft/2020-12/schema'],
    ]) {
      expect(dialectOf(value)).toBeUndefined();
    }
  });
});

describe('idKeyword', () => {
  it('is id in draft-04 and $id in every later dialect', () => {
    const dialects: Dialect[] = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'];
    expect(dialects.map(idKeyword)).toStrictEqual(['id', '$id', '$id', '$id', '$id']);
  });
});

describe('carriedReference', () => {
  it("is the first string $ref of an unknown keyword's value, none for a keyword a dialect defines", () => {
    expect(carriedReference('x-see', { $ref: '#/$defs/A' }, '#/$defs/A')).toBe('#/$defs/A');
    expect(carriedReference('default', { $ref: '#/$defs/A' }, '#/$defs/A')).toBeUndefined();
    expect(carriedReference('x-see', { a: 1 }, undefined)).toBeUndefined();
  });

  it("is the first string value of OpenAPI's discriminator mapping (Pydantic's tagged unions)", () => {
    const discriminator = {
      propertyName: 'kind',
      mapping: { n: 1, cat: '#/$defs/Cat', dog: 'Dog' },
    };
    expect(carriedReference('discriminator', discriminator, undefined)).toBe('#/$defs/Cat');
    expect(carriedReference('discriminator', { mapping: { dog: 'Dog' } }, undefined)).toBe('Dog');
    expect(carriedReference('discriminator', { propertyName: 'kind' }, undefined)).toBeUndefined();
    expect(carriedReference('discriminator', { mapping: { n: 1 } }, undefined)).toBeUndefined();
    expect(
      carriedReference('discriminator', { mapping: ['#/$defs/Cat'] }, undefined),
    ).toBeUndefined();
    expect(carriedReference('discriminator', 'kind', undefined)).toBeUndefined();
    // Another keyword with the same shape names nothing.
    expect(carriedReference('x-discriminator', discriminator, undefined)).toBeUndefined();
    // A mapping inherited from a polluted prototype is not read.
    const inherited = Object.create({ mapping: { cat: '#/$defs/Cat' } }) as object;
    expect(carriedReference('discriminator', inherited, undefined)).toBeUndefined();
  });
});
