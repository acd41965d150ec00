import { describe, expect, it } from 'vitest';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic } from '../types/index.ts';
import { describeNonObjectRoot, forceObjectRoot, requireObjectRoot } from './objectRoot.ts';

function rootError(run: () => unknown): ToolSchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolSchemaError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected a ToolSchemaError');
}

describe('requireObjectRoot', () => {
  it('keeps an object root as it is, in a new root object', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const result = requireObjectRoot(schema);
    expect(result).toStrictEqual(schema);
    expect(result).not.toBe(schema);
  });

  it('adds type object to a typeless object-shaped root, after $schema', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { a: { type: 'string' } },
      required: ['a'],
    };
    const result = requireObjectRoot(schema);
    expect(result).toStrictEqual({ ...schema, type: 'object' });
    expect(Object.keys(result)).toStrictEqual(['$schema', 'type', 'properties', 'required']);
    expect(schema).not.toHaveProperty('type');
  });

  it('makes an empty or true root an object', () => {
    expect(requireObjectRoot({})).toStrictEqual({ type: 'object' });
    expect(requireObjectRoot(true)).toStrictEqual({ type: 'object' });
    expect(requireObjectRoot({ description: 'anything' })).toStrictEqual({
      type: 'object',
      description: 'anything',
    });
  });

  it('adds type object to a union of objects (a discriminated union)', () => {
    const schema = {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' } } },
        { type: 'object', properties: { kind: { const: 'b' } } },
      ],
    };
    expect(requireObjectRoot(schema)).toStrictEqual({ type: 'object', ...schema });
  });

  it('narrows a nullable object root to the object', () => {
    expect(requireObjectRoot({ type: ['object', 'null'], properties: {} })).toStrictEqual({
      type: 'object',
      properties: {},
    });
    const anyOf = { anyOf: [{ type: 'object' }, { type: 'null' }] };
    expect(requireObjectRoot(anyOf)).toStrictEqual({ type: 'object', ...anyOf });
  });

  it('follows a root $ref that a cycle kept into the root $defs', () => {
    const schema = {
      $ref: '#/$defs/Node',
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    };
    expect(requireObjectRoot(schema)).toStrictEqual({ type: 'object', ...schema });
    const refToString = { $ref: '#/$defs/S', $defs: { S: { type: 'string' } } };
    expect(rootError(() => requireObjectRoot(refToString)).message).toContain('type "string"');
  });

  it('throws root-not-object for a root with another type', () => {
    const error = rootError(() => requireObjectRoot({ type: 'string' }));
    expect(error.code).toBe('root-not-object');
    expect(error.pointer).toBe('');
    expect(error.message).toContain('must describe an object');
    expect(error.message).toContain('type "string"');
    expect(rootError(() => requireObjectRoot({ type: ['string', 'null'] })).code).toBe(
      'root-not-object',
    );
  });

  it('throws for roots that can only be other values', () => {
    expect(rootError(() => requireObjectRoot({ const: 3 })).message).toContain('const 3');
    expect(rootError(() => requireObjectRoot({ enum: ['a', 'b'] })).message).toContain('enum');
    expect(rootError(() => requireObjectRoot(false)).code).toBe('root-not-object');
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(rootError(() => requireObjectRoot(union)).message).toContain(
      'anyOf of type "string", type "number"',
    );
    const conflicting = { allOf: [{ type: 'array' }], properties: {} };
    expect(rootError(() => requireObjectRoot(conflicting)).message).toContain('type "array"');
  });
});

describe('forceObjectRoot', () => {
  it('returns an object root unchanged (a new root object), without a diagnostic', () => {
    const diagnostics: Diagnostic[] = [];
    const root = { type: 'object', properties: { a: { type: 'string' } } };
    const result = forceObjectRoot(root, diagnostics);
    expect(result).not.toBe(root);
    expect(result).toStrictEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(diagnostics).toStrictEqual([]);
  });

  it('turns true into a permissive object schema', () => {
    const diagnostics: Diagnostic[] = [];
    expect(forceObjectRoot(true, diagnostics)).toStrictEqual({ type: 'object' });
    expect(diagnostics).toStrictEqual([]);
  });

  it('turns false into an object schema that still rejects everything', () => {
    const diagnostics: Diagnostic[] = [];
    expect(forceObjectRoot(false, diagnostics)).toStrictEqual({ type: 'object', not: {} });
    expect(diagnostics).toStrictEqual([]);
  });

  it('adds type object to a typeless root, after $schema and $id, without changing the input', () => {
    const diagnostics: Diagnostic[] = [];
    const root = {
      properties: { a: { type: 'string' } },
      $id: 'https://example.com/tool',
      required: ['a'],
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    };
    const result = forceObjectRoot(root, diagnostics);
    expect(result).toStrictEqual({ ...root, type: 'object' });
    expect(Object.keys(result)).toStrictEqual(['$schema', '$id', 'type', 'properties', 'required']);
    expect(root).not.toHaveProperty('type');
    expect(diagnostics).toStrictEqual([]);
  });

  it('adds type object to an empty root and to a union of objects', () => {
    expect(forceObjectRoot({}, [])).toStrictEqual({ type: 'object' });
    const union = { anyOf: [{ type: 'object' }, { type: 'object', required: ['a'] }] };
    const result = forceObjectRoot(union, []);
    expect(result).toStrictEqual({ type: 'object', ...union });
    expect(Object.keys(result)).toStrictEqual(['type', 'anyOf']);
  });

  it('keeps a __proto__ keyword of a typeless root as an own property', () => {
    const root = JSON.parse('{"properties":{"a":{}},"__proto__":{"type":"string"}}');
    const result = forceObjectRoot(root, []);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toStrictEqual(['type', 'properties', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toStrictEqual({
      type: 'string',
    });
  });

  it('narrows a type list that includes object to object', () => {
    const diagnostics: Diagnostic[] = [];
    expect(
      forceObjectRoot({ type: ['null', 'object'], properties: { a: {} } }, diagnostics),
    ).toStrictEqual({ type: 'object', properties: { a: {} } });
    expect(forceObjectRoot({ type: ['object'] }, diagnostics)).toStrictEqual({ type: 'object' });
    expect(diagnostics).toStrictEqual([]);
  });

  it('replaces a root of another type by a permissive object that keeps its title and description', () => {
    const diagnostics: Diagnostic[] = [];
    const result = forceObjectRoot(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        title: 'Name',
        description: 'A name.',
        type: 'string',
        minLength: 1,
      },
      diagnostics,
    );
    expect(result).toStrictEqual({
      type: 'object',
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Name',
      description: 'A name.',
    });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.code).toBe('root-not-object');
    expect(diagnostics[0]?.pointer).toBe('/type');
    expect(diagnostics[0]?.message).toContain('"string"');
  });

  it('replaces a root whose type list lacks object, naming the list', () => {
    const diagnostics: Diagnostic[] = [];
    expect(forceObjectRoot({ type: ['string', 'null'] }, diagnostics)).toStrictEqual({
      type: 'object',
    });
    expect(diagnostics.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'root-not-object', pointer: '/type' },
    ]);
    expect(diagnostics[0]?.message).toContain('["string","null"]');
  });

  it('replaces a root that is not a schema by a permissive object, without throwing', () => {
    for (const root of [null, undefined, 1, 'object', [], [{ type: 'object' }]]) {
      const diagnostics: Diagnostic[] = [];
      expect(forceObjectRoot(root, diagnostics)).toStrictEqual({ type: 'object' });
      expect(diagnostics.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
        { code: 'root-not-object', pointer: '' },
      ]);
    }
  });

  it('appends to the diagnostics it is given', () => {
    const earlier: Diagnostic = { code: 'ref-external', pointer: '/$ref', message: 'earlier' };
    const diagnostics: Diagnostic[] = [earlier];
    forceObjectRoot({ type: 'integer' }, diagnostics);
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[0]).toBe(earlier);
    expect(diagnostics[1]?.code).toBe('root-not-object');
  });
});

describe('describeNonObjectRoot', () => {
  it('says what a root describes instead of an object, and nothing when it can be one', () => {
    expect(describeNonObjectRoot({ type: 'string' })).toBe('type "string"');
    expect(describeNonObjectRoot(false)).toBe('nothing (the schema is `false`)');
    expect(describeNonObjectRoot({ type: ['object', 'null'] })).toBeUndefined();
    expect(describeNonObjectRoot({})).toBeUndefined();
    expect(describeNonObjectRoot(true)).toBeUndefined();
  });
});

describe('a root nested deeper than the verdict reads', () => {
  /** `{ [keyword]: [ ... { type: "string" } ... ] }`, `levels` deep. */
  function nested(keyword: string, levels: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < levels; level++) schema = { [keyword]: [schema] };
    return schema;
  }

  it('reads what decides the root up to 256 levels deep', () => {
    expect(describeNonObjectRoot(nested('allOf', 256))).toBe('type "string"');
    expect(describeNonObjectRoot(nested('anyOf', 3))).toBe(
      'anyOf of anyOf of anyOf of type "string"',
    );
  });

  it('past that, reads it as unknown (narrowed to objects), without overflowing the stack', () => {
    // A recursion over every level overflowed the stack at about 2,000 levels (a 36 KB text).
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const deep = nested(keyword, 100_000);
      expect(describeNonObjectRoot(deep), keyword).toBeUndefined();
      const root = requireObjectRoot(deep);
      expect(root.type, keyword).toBe('object');
      expect(root[keyword], keyword).toBe(deep[keyword]);
    }
  });
});
