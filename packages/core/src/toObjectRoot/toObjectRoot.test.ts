import { describe, expect, it } from 'vitest';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { toObjectRoot } from './toObjectRoot.ts';

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

describe('toObjectRoot', () => {
  it('keeps an object root as it is, in a new root object', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const result = toObjectRoot(schema);
    expect(result).toStrictEqual(schema);
    expect(result).not.toBe(schema);
  });

  it('adds type object to a typeless object-shaped root, after $schema', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { a: { type: 'string' } },
      required: ['a'],
    };
    const result = toObjectRoot(schema);
    expect(result).toStrictEqual({ ...schema, type: 'object' });
    expect(Object.keys(result)).toStrictEqual(['$schema', 'type', 'properties', 'required']);
    expect(schema).not.toHaveProperty('type');
  });

  it('makes an empty or true root an object', () => {
    expect(toObjectRoot({})).toStrictEqual({ type: 'object' });
    expect(toObjectRoot(true)).toStrictEqual({ type: 'object' });
    expect(toObjectRoot({ description: 'anything' })).toStrictEqual({
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
    expect(toObjectRoot(schema)).toStrictEqual({ type: 'object', ...schema });
  });

  it('narrows a nullable object root to the object', () => {
    expect(toObjectRoot({ type: ['object', 'null'], properties: {} })).toStrictEqual({
      type: 'object',
      properties: {},
    });
    const anyOf = { anyOf: [{ type: 'object' }, { type: 'null' }] };
    expect(toObjectRoot(anyOf)).toStrictEqual({ type: 'object', ...anyOf });
  });

  it('follows a root $ref that a cycle kept into the root $defs', () => {
    const schema = {
      $ref: '#/$defs/Node',
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    };
    expect(toObjectRoot(schema)).toStrictEqual({ type: 'object', ...schema });
    const refToString = { $ref: '#/$defs/S', $defs: { S: { type: 'string' } } };
    expect(rootError(() => toObjectRoot(refToString)).message).toContain('type "string"');
  });

  it('throws root-not-object for a root with another type', () => {
    const error = rootError(() => toObjectRoot({ type: 'string' }));
    expect(error.code).toBe('root-not-object');
    expect(error.pointer).toBe('');
    expect(error.message).toContain('must describe an object');
    expect(error.message).toContain('type "string"');
    expect(rootError(() => toObjectRoot({ type: ['string', 'null'] })).code).toBe(
      'root-not-object',
    );
  });

  it('throws for roots that can only be other values', () => {
    expect(rootError(() => toObjectRoot({ const: 3 })).message).toContain('const 3');
    expect(rootError(() => toObjectRoot({ enum: ['a', 'b'] })).message).toContain('enum');
    expect(rootError(() => toObjectRoot(false)).code).toBe('root-not-object');
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(rootError(() => toObjectRoot(union)).message).toContain(
      'anyOf of type "string", type "number"',
    );
    const conflicting = { allOf: [{ type: 'array' }], properties: {} };
    expect(rootError(() => toObjectRoot(conflicting)).message).toContain('type "array"');
  });
});
