import { describe, expect, it } from 'vitest';
import { emitSchema } from './emitSchema.ts';
import { indexDocument } from './indexDocument.ts';
import { planOutput } from './planOutput.ts';

function emit(
  schema: Record<string, unknown>,
  unresolved: 'permissive' | 'keep' | 'throw' = 'permissive',
) {
  const index = indexDocument(schema, '2020-12');
  const plan = planOutput(index, { bytes: 1e9, depth: 512 }, 'ref');
  return emitSchema(index, plan, { unresolved, defsKeyword: '$defs' });
}

describe('emitSchema', () => {
  it('builds each use of a definition as its own object', () => {
    const { schema } = emit({
      anyOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/A' }, { $ref: '#/$defs/A' }],
      $defs: { A: { properties: { x: { enum: [[1]] } } } },
    });
    const [a, b, c] = (schema as { anyOf: { properties: { x: { enum: unknown[] } } }[] }).anyOf;
    expect(a).toStrictEqual({ properties: { x: { enum: [[1]] } } });
    expect(new Set([a, b, c]).size).toBe(3);
    expect(new Set([a!.properties.x.enum, b!.properties.x.enum, c!.properties.x.enum]).size).toBe(
      3,
    );
  });

  it('puts $schema and $id first and the kept entries last at the root', () => {
    const { schema } = emit({
      properties: { next: { $ref: '#' } },
      $id: 'https://example.com/s.json',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    });
    expect(Object.keys(schema as object)).toStrictEqual(['$schema', '$id', 'properties', '$defs']);
  });

  it('drops $id, $anchor and unused dynamic anchors below the root', () => {
    const { schema } = emit({
      items: { $ref: 'a.json#a' },
      $defs: { A: { $id: 'a.json', $anchor: 'a', $dynamicAnchor: 'd', type: 'string' } },
    });
    expect(schema).toStrictEqual({ items: { type: 'string' } });
  });

  it('keeps, drops or throws on unresolved refs as asked', () => {
    const input = { items: { $ref: '#/missing', minItems: 1 } };
    expect(emit(input).schema).toStrictEqual({ items: { minItems: 1 } });
    expect(emit(input, 'keep').schema).toStrictEqual(input);
    expect(() => emit(input, 'throw')).toThrow(expect.objectContaining({ code: 'ref-unresolved' }));
  });

  it('copies invalid subschema values as they are', () => {
    expect(emit({ properties: { a: 1 } }).schema).toStrictEqual({ properties: { a: 1 } });
  });
});
