import { describe, expect, it } from 'vitest';
import { countSchemaRefs } from './countSchemaRefs.ts';

describe('countSchemaRefs', () => {
  it('counts refs in every kind of schema position', () => {
    const schema = {
      $ref: '#/$defs/A',
      properties: { a: { $ref: '#/$defs/A' }, b: { items: { $ref: '#' } } },
      patternProperties: { '^x': { $ref: '#' } },
      additionalProperties: { $ref: '#' },
      prefixItems: [{ $ref: '#' }, true],
      anyOf: [{ not: { $ref: '#' } }],
      if: { $ref: '#' },
      dependencies: { a: ['b'], c: { $ref: '#' } },
      $defs: { A: { type: 'string' }, B: { $ref: '#/$defs/A' } },
    };
    expect(countSchemaRefs(schema)).toBe(10);
  });

  it('ignores $ref inside data and properties named $ref', () => {
    const schema = {
      type: 'object',
      properties: { $ref: { type: 'string' } },
      default: { $ref: '#/$defs/A' },
      examples: [{ $ref: 'x' }],
      const: { $ref: 'y' },
      enum: [{ $ref: 'z' }],
      'x-extra': { $ref: 'w' },
    };
    expect(countSchemaRefs(schema)).toBe(0);
  });

  it('counts 0 for booleans and non-schemas', () => {
    expect(countSchemaRefs(true)).toBe(0);
    expect(countSchemaRefs(undefined)).toBe(0);
    expect(countSchemaRefs([{ $ref: '#' }])).toBe(0);
  });
});
