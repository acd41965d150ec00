import { describe, expect, it } from 'vitest';
import { toProviderSchema } from '../toProviderSchema/index.ts';
import type { Diagnostic, Profile } from '../types/index.ts';
import { parsePointer, resolvePointer } from '../utils/pointer.ts';
import { foldTypeBranches } from './relocate.ts';

/** The profile's own diagnostics (after the pass's) as `[code, pointer]`. */
function profilePointers(schema: Record<string, unknown>, profile: Profile): string[][] {
  const passCount = toProviderSchema(schema, 'mcp').diagnostics.length;
  return toProviderSchema(schema, profile)
    .diagnostics.slice(passCount)
    .map(({ code, pointer }) => [code, pointer]);
}

/** Whether every profile diagnostic names a place in the self-contained schema. */
function allResolve(schema: Record<string, unknown>, profile: Profile): boolean {
  const selfContained = toProviderSchema(schema, 'mcp').schema;
  return profilePointers(schema, profile).every(([, pointer]) => {
    const tokens = parsePointer(pointer!);
    return tokens !== undefined && resolvePointer(selfContained, tokens).found;
  });
}

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('profile diagnostics point into the self-contained schema', () => {
  it('inside a oneOf read as anyOf: under oneOf', () => {
    // @roychri/mcp-server-asana's task_ids, trimmed.
    const schema = object({
      ids: {
        oneOf: [{ type: 'array', items: { type: 'string' }, maxItems: 25 }, { type: 'string' }],
      },
    });
    expect(profilePointers(schema, 'portable')).toStrictEqual([
      ['profile-one-of', '/properties/ids'],
      ['profile-keyword-described', '/properties/ids/oneOf/0'],
      ['profile-object-closed', ''],
    ]);
  });

  it('inside a type list read as one branch per type: at the position', () => {
    const schema = object({
      tags: { type: ['array', 'string'], items: object({ a: { type: 'string' } }), minLength: 2 },
    });
    const pointers = profilePointers(schema, 'openai-strict').map(([, pointer]) => pointer);
    expect(pointers).toContain('/properties/tags/items');
    expect(allResolve(schema, 'openai-strict')).toBe(true);
  });

  it('inside a merged allOf: under the member that holds the part', () => {
    // @postman/postman-mcp-server's patchCollection, trimmed.
    const schema = object({
      collection: { allOf: [object({ info: object({ name: { type: 'string' } }) })] },
    });
    for (const profile of ['portable', 'anthropic-strict', 'gemini'] as const) {
      expect(profilePointers(schema, profile), profile).toContainEqual([
        'profile-object-closed',
        '/properties/collection/allOf/0/properties/info',
      ]);
      expect(allResolve(schema, profile), profile).toBe(true);
    }
  });

  it('inside a merged root union: under the branch each property schema came from', () => {
    const schema = {
      anyOf: [
        { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
        {
          type: 'object',
          properties: {
            a: object({ y: { type: 'number' } }),
            c: object({ z: { type: 'string' } }),
          },
        },
      ],
    };
    // `a` differs between the branches (merged as an anyOf of both, told apart by type); `c` is
    // the second branch's alone.
    expect(profilePointers(schema, 'openai-strict')).toStrictEqual([
      ['profile-root-merged', ''],
      ['profile-object-closed', '/anyOf/1/properties/a'],
      ['profile-object-closed', '/anyOf/1/properties/c'],
      ['profile-object-closed', ''],
    ]);
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const)
      expect(allResolve(schema, profile), profile).toBe(true);
  });

  it('a keyword described at a merged allOf: at the member that holds it, split by member', () => {
    const x = { type: 'string' };
    const one = object({ a: { allOf: [object({ x }), { minProperties: 1 }] } });
    const both = object({
      a: { allOf: [{ ...object({ x }), minProperties: 1 }, { maxProperties: 3 }] },
    });
    const own = object({
      a: {
        maxProperties: 2,
        allOf: [{ ...object({ x }), minProperties: 1 }, { maxProperties: 3 }],
      },
    });
    const described = (schema: Record<string, unknown>) =>
      toProviderSchema(schema, 'openai-strict')
        .diagnostics.filter(({ code }) => code === 'profile-keyword-described')
        .map(({ pointer, message }) => [pointer, message.split(' here;')[0]]);
    expect(described(one)).toStrictEqual([
      ['/properties/a/allOf/1', 'openai-strict does not accept minProperties'],
    ]);
    // One report per member, each naming its own keywords.
    expect(described(both)).toStrictEqual([
      ['/properties/a/allOf/0', 'openai-strict does not accept minProperties'],
      ['/properties/a/allOf/1', 'openai-strict does not accept maxProperties'],
    ]);
    // A keyword the position holds itself stays there (its value is the merge's).
    expect(described(own)).toStrictEqual([
      ['/properties/a', 'openai-strict does not accept maxProperties'],
      ['/properties/a/allOf/0', 'openai-strict does not accept minProperties'],
    ]);
    // The description keeps every keyword, in one sentence.
    expect(toProviderSchema(both, 'openai-strict').schema).toMatchObject({
      properties: { a: { description: 'Constraints: minProperties: 1; maxProperties: 3.' } },
    });
    for (const schema of [one, both, own]) expect(allResolve(schema, 'portable')).toBe(true);
  });

  it("a keyword described beside a cycle's $ref: at the $ref, not at the definition", () => {
    const schema = {
      ...object({ root: { $ref: '#/$defs/Node', minProperties: 1 } }),
      required: ['root'],
      $defs: { Node: object({ children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) },
    };
    for (const profile of ['openai-strict', 'portable', 'anthropic-strict'] as const) {
      const described = profilePointers(schema, profile).filter(
        ([code]) => code === 'profile-keyword-described',
      );
      expect(described, profile).toStrictEqual([['profile-keyword-described', '/properties/root']]);
      expect(allResolve(schema, profile), profile).toBe(true);
    }
  });

  it('under openai, where the root union or allOf was merged: under the part it came from', () => {
    const to = { type: 'string', pattern: '^(?!x)' };
    const union = { anyOf: [object({ a: { type: 'string' } }), object({ to })] };
    expect(profilePointers(union, 'openai')).toStrictEqual([
      ['profile-root-merged', ''],
      ['profile-keyword-described', '/anyOf/1/properties/to'],
    ]);
    const allOf = { type: 'object', allOf: [object({ a: { type: 'string' } }), object({ to })] };
    expect(profilePointers(allOf, 'openai')).toStrictEqual([
      ['profile-keyword-described', '/allOf/1/properties/to'],
    ]);
    for (const schema of [union, allOf]) expect(allResolve(schema, 'openai')).toBe(true);
  });
});

describe('foldTypeBranches', () => {
  it('keeps the first of each code and message at a place, however many fold into it', () => {
    // 60 branches fold into one place: past the pairs compared one by one, and past the few
    // diagnostics per place compared by code and message.
    const codes = ['profile-keyword-described', 'profile-object-closed'] as const;
    const diagnostics: Diagnostic[] = [{ code: 'profile-one-of', pointer: '/x', message: 'kept' }];
    for (let branch = 0; branch < 60; branch++) {
      diagnostics.push({
        code: codes[branch % 2]!,
        pointer: `/x/anyOf/${branch}${branch % 3 === 0 ? '/items' : ''}`,
        message: `m${branch % 20}`,
      });
    }
    const expected = [diagnostics[0]!];
    const seen = new Set<string>();
    for (const { code, pointer, message } of diagnostics.slice(1)) {
      const place = pointer.endsWith('/items') ? '/x/items' : '/x';
      const key = `${code} ${place} ${message}`;
      if (!seen.has(key)) expected.push({ code, pointer: place, message });
      seen.add(key);
    }
    foldTypeBranches(diagnostics, 1, '/x');
    expect(diagnostics).toStrictEqual(expected);
  });
});
