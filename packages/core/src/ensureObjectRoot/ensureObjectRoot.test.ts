import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types/index.ts';
import { ensureObjectRoot } from './ensureObjectRoot.ts';

describe('ensureObjectRoot', () => {
  it('returns an object root unchanged (a new root object), without a diagnostic', () => {
    const diagnostics: Diagnostic[] = [];
    const root = { type: 'object', properties: { a: { type: 'string' } } };
    const result = ensureObjectRoot(root, diagnostics);
    expect(result).not.toBe(root);
    expect(result).toStrictEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(diagnostics).toStrictEqual([]);
  });

  it('turns true into a permissive object schema', () => {
    const diagnostics: Diagnostic[] = [];
    expect(ensureObjectRoot(true, diagnostics)).toStrictEqual({ type: 'object' });
    expect(diagnostics).toStrictEqual([]);
  });

  it('turns false into an object schema that still rejects everything', () => {
    const diagnostics: Diagnostic[] = [];
    expect(ensureObjectRoot(false, diagnostics)).toStrictEqual({ type: 'object', not: {} });
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
    const result = ensureObjectRoot(root, diagnostics);
    expect(result).toStrictEqual({ ...root, type: 'object' });
    expect(Object.keys(result)).toStrictEqual(['$schema', '$id', 'type', 'properties', 'required']);
    expect(root).not.toHaveProperty('type');
    expect(diagnostics).toStrictEqual([]);
  });

  it('adds type object to an empty root and to a union of objects', () => {
    expect(ensureObjectRoot({}, [])).toStrictEqual({ type: 'object' });
    const union = { anyOf: [{ type: 'object' }, { type: 'object', required: ['a'] }] };
    const result = ensureObjectRoot(union, []);
    expect(result).toStrictEqual({ type: 'object', ...union });
    expect(Object.keys(result)).toStrictEqual(['type', 'anyOf']);
  });

  it('keeps a __proto__ keyword of a typeless root as an own property', () => {
    const root = JSON.parse('{"properties":{"a":{}},"__proto__":{"type":"string"}}');
    const result = ensureObjectRoot(root, []);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toStrictEqual(['type', 'properties', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toStrictEqual({
      type: 'string',
    });
  });

  it('narrows a type list that includes object to object', () => {
    const diagnostics: Diagnostic[] = [];
    expect(
      ensureObjectRoot({ type: ['null', 'object'], properties: { a: {} } }, diagnostics),
    ).toStrictEqual({ type: 'object', properties: { a: {} } });
    expect(ensureObjectRoot({ type: ['object'] }, diagnostics)).toStrictEqual({ type: 'object' });
    expect(diagnostics).toStrictEqual([]);
  });

  it('replaces a root of another type by a permissive object that keeps its title and description', () => {
    const diagnostics: Diagnostic[] = [];
    const result = ensureObjectRoot(
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
    expect(ensureObjectRoot({ type: ['string', 'null'] }, diagnostics)).toStrictEqual({
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
      expect(ensureObjectRoot(root, diagnostics)).toStrictEqual({ type: 'object' });
      expect(diagnostics.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
        { code: 'root-not-object', pointer: '' },
      ]);
    }
  });

  it('appends to the diagnostics it is given', () => {
    const earlier: Diagnostic = { code: 'ref-external', pointer: '/$ref', message: 'earlier' };
    const diagnostics: Diagnostic[] = [earlier];
    ensureObjectRoot({ type: 'integer' }, diagnostics);
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[0]).toBe(earlier);
    expect(diagnostics[1]?.code).toBe('root-not-object');
  });
});
