import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import type { CodecNode, Diagnostic } from '../types/index.ts';
import type { Rewritten } from './context.ts';
import { RECIPES } from './recipes/index.ts';
import { requiredBranchesClash, requiredNamesOfBranches } from './requiredBranches.ts';
import { rewriteSchema } from './rewriteSchema.ts';

type SchemaObject = Record<string, unknown>;

/** A rewritten object as the rewrite gives it: only its wire and codec are read. */
function rewritten(wire: SchemaObject, codec: CodecNode): Rewritten {
  return { wire, codec, passive: false, acceptsNull: false, original: {} };
}

describe('requiredNamesOfBranches', () => {
  const declared = { id: {}, owner: {}, repo: {} };

  it('reads the names each branch requires, where that is all the branches assert', () => {
    expect(
      requiredNamesOfBranches(
        [
          { required: ['id'], description: 'By id.' },
          { required: ['owner', 'repo'], additionalProperties: true, 'x-note': 1 },
          {},
        ],
        declared,
        undefined,
      ),
    ).toStrictEqual([['id'], ['owner', 'repo'], []]);
  });

  it('reads nothing where a branch asserts more, names an undeclared key, or stands alone', () => {
    for (const branches of [
      [{ required: ['id'] }, { required: ['owner'], properties: { owner: { type: 'string' } } }],
      [{ required: ['id'] }, { required: ['owner'], additionalProperties: false }],
      [{ required: ['id'] }, { required: ['other'] }],
      [{ required: ['id'] }, { required: [1] }],
      [{ required: ['id'] }, true],
      [{ required: ['id'] }],
      'not a list',
    ])
      expect(requiredNamesOfBranches(branches, declared, undefined)).toBeUndefined();
    expect(requiredNamesOfBranches([{ required: ['id'] }, {}], undefined, [])).toBeUndefined();
  });

  it('reads nothing where no optional name is required by some branches and not by others', () => {
    expect(requiredNamesOfBranches([{}, {}], declared, [])).toBeUndefined();
    const same = [{ required: ['id', 'owner'] }, { required: ['owner', 'id'] }];
    expect(requiredNamesOfBranches(same, declared, [])).toBeUndefined();
    const own = [{ required: ['id'] }, { required: ['id', 'owner'] }];
    expect(requiredNamesOfBranches(own, declared, ['owner'])).toBeUndefined();
    expect(requiredNamesOfBranches(own, declared, ['repo'])).toStrictEqual([
      ['id'],
      ['id', 'owner'],
    ]);
  });
});

describe('requiredBranchesClash', () => {
  const wire = { type: 'object', properties: { id: {}, owner: {}, repo: {} } };

  it('is sure where two branches require different optional properties', () => {
    const object = rewritten(wire, {
      kind: 'object',
      nullMeansAbsent: ['id', 'owner'],
      absentSentAsNull: ['repo'],
    });
    expect(requiredBranchesClash([['id'], ['owner', 'repo']], object)).toBe(true);
    expect(requiredBranchesClash([['id'], ['id'], ['repo']], object)).toBe(true);
  });

  it('is not sure where the branches require the same optional properties, or none', () => {
    const object = rewritten(wire, { kind: 'object', nullMeansAbsent: ['id'] });
    // `owner` and `repo` are required by the object already: every branch's codec is alike.
    expect(
      requiredBranchesClash(
        [
          ['id', 'owner'],
          ['id', 'repo'],
        ],
        object,
      ),
    ).toBe(false);
    expect(requiredBranchesClash([[], ['owner']], object)).toBe(false);
    expect(requiredBranchesClash([['id'], ['owner']], rewritten(wire, { kind: 'object' }))).toBe(
      false,
    );
  });

  it('is not sure where a required name is not on the wire, or the object is not one', () => {
    const codec: CodecNode = { kind: 'object', nullMeansAbsent: ['id', 'owner'] };
    const without = { type: 'object', properties: { id: {} } };
    expect(requiredBranchesClash([['id'], ['owner']], rewritten(without, codec))).toBe(false);
    const nullable = { ...wire, type: ['object', 'null'] };
    expect(requiredBranchesClash([['id'], ['owner']], rewritten(nullable, codec))).toBe(false);
    expect(requiredBranchesClash([['id'], ['owner']], rewritten(wire, { kind: 'json' }))).toBe(
      false,
    );
  });

  // The lemma itself: wherever the object's rewrite says "surely", the union's own rewrite (each
  // branch the object with its names required) travels as a JSON string. Checked against the
  // rewrite of the union written out, on random objects, under every profile that sends every
  // property.
  const leaf = fc.constantFrom<unknown>(
    { type: 'string' },
    { type: 'integer', minimum: 1 },
    { type: 'boolean' },
    { enum: ['x', 'y'] },
    { type: 'string', enum: ['x', 'y', null] },
    { const: 'k' },
    { type: ['string', 'null'] },
    { type: 'null' },
    { enum: [1, 'one', null] },
    { type: 'object', properties: { z: { type: 'string' } } },
    { type: 'object', additionalProperties: { type: 'integer' } },
    { type: 'array', items: { type: 'string' } },
    { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    {},
    false,
  );
  const names = ['a', 'b', 'c', 'd', 'e'];
  const object = fc
    .record({
      properties: fc.dictionary(fc.constantFrom(...names), leaf, { minKeys: 1, maxKeys: 5 }),
      required: fc.subarray(names),
      additional: fc.constantFrom<unknown>(undefined, false, true, { type: 'string' }),
    })
    .chain(({ properties, required, additional }) => {
      const declared = Object.keys(properties);
      const rest: SchemaObject = { type: 'object', properties };
      const own = required.filter((name) => declared.includes(name));
      if (own.length > 0) rest.required = own;
      if (additional !== undefined) rest.additionalProperties = additional;
      return fc.record({
        rest: fc.constant(rest),
        branches: fc.array(fc.subarray(declared), { minLength: 2, maxLength: 4 }),
      });
    });

  it('is sure only where the union travels as a JSON string', () => {
    let sure = 0;
    fc.assert(
      fc.property(object, ({ rest, branches }) => {
        for (const recipe of Object.values(RECIPES)) {
          if (!recipe.allRequired) continue;
          const alone = rewriteSchema(
            { type: 'object', properties: { v: rest }, required: ['v'] },
            recipe,
            [] as Diagnostic[],
          );
          const codec = alone.codec.root;
          const properties = alone.schema.properties as Record<string, SchemaObject> | undefined;
          // An object that accepts no value leaves no property to read.
          if (codec?.kind !== 'object' || properties?.v === undefined) continue;
          const result = rewritten(properties.v, codec.properties?.v ?? null);
          if (!requiredBranchesClash(branches, result)) continue;
          sure += 1;
          // Not beside the object (that is the narrowing union this answers for): written out.
          const union = {
            anyOf: branches.map((required) => ({ allOf: [rest, { required }] })),
          };
          const written = rewriteSchema(
            { type: 'object', properties: { v: union }, required: ['v'] },
            recipe,
            [] as Diagnostic[],
          );
          const root = written.codec.root as Extract<CodecNode, { kind: 'object' }>;
          expect(
            root.properties?.v,
            JSON.stringify({ recipe: recipe.profile, union }),
          ).toStrictEqual({ kind: 'json' });
        }
      }),
      { numRuns: 300, seed: fuzzSeed() },
    );
    // The property was asked: most random unions of different names are sure.
    expect(sure).toBeGreaterThan(100);
  });
});
