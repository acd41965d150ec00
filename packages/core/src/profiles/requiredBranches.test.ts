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

/**
 * The lemma of {@link requiredBranchesClash} for one object and its union's branches: under each
 * recipe that sends every property, where the object's rewrite answers "surely", the union
 * written out and rewritten (each branch `allOf: [object, branch]`; not beside the object, which
 * is the narrowing union the answer is for) travels as a JSON string.
 *
 * @returns How many recipes answered "surely".
 */
function sureAnswers(
  rest: SchemaObject,
  branches: readonly SchemaObject[],
  required: readonly (readonly string[])[],
): number {
  let sure = 0;
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
    if (!requiredBranchesClash(required, rewritten(properties.v, codec.properties?.v ?? null)))
      continue;
    sure += 1;
    const union = { anyOf: branches.map((branch) => ({ allOf: [rest, branch] })) };
    const written = rewriteSchema(
      { type: 'object', properties: { v: union }, required: ['v'] },
      recipe,
      [] as Diagnostic[],
    );
    const root = written.codec.root as Extract<CodecNode, { kind: 'object' }>;
    expect(root.properties?.v, JSON.stringify({ recipe: recipe.profile, union })).toStrictEqual({
      kind: 'json',
    });
  }
  return sure;
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

  it('reads a name no property lists, which a branch may require as any other', () => {
    // GitHub's Pages update: "send one of `build_type`, `source`, `cname`, `public`...", where the
    // body lists no `public`.
    expect(
      requiredNamesOfBranches([{ required: ['id'] }, { required: ['other'] }], declared, []),
    ).toStrictEqual([['id'], ['other']]);
  });

  it('reads nothing where a branch asserts more, narrows an undeclared key, or stands alone', () => {
    for (const branches of [
      [{ required: ['id'] }, { required: ['owner'], properties: { owner: { type: 'string' } } }],
      [{ required: ['id'] }, { required: ['owner'], additionalProperties: false }],
      [{ required: ['id'] }, { properties: { other: { enum: ['x'] } } }],
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

describe('requiredNamesOfBranches beside narrowed properties', () => {
  const declared = {
    status: { type: 'string', enum: ['queued', 'completed'] },
    conclusion: { type: 'string' },
    count: { type: 'integer' },
  };

  it('reads branches that narrow an optional property to values the object lists', () => {
    const branches = [
      { properties: { status: { enum: ['completed'] } }, required: ['conclusion'] },
      { properties: { status: { const: 'queued' } }, additionalProperties: true },
    ];
    expect(requiredNamesOfBranches(branches, declared, undefined)).toStrictEqual([
      ['conclusion'],
      [],
    ]);
    // A number the `integer` admits, or a value the object lists with a `type` beside it.
    const numbers = [
      { properties: { count: { const: 3 } }, required: ['conclusion'] },
      { properties: { status: { type: 'string', enum: ['queued', 'later'] } } },
    ];
    expect(requiredNamesOfBranches(numbers, declared, [])).toStrictEqual([['conclusion'], []]);
  });

  it('does not where the narrowed property may be required, empty or other than values', () => {
    const narrowed = { properties: { status: { enum: ['completed'] } }, required: ['conclusion'] };
    // Required by the object, or by a branch: it is sent, not `null`, and may tell branches apart.
    expect(requiredNamesOfBranches([narrowed, {}], declared, ['status'])).toBeUndefined();
    const requiring = { required: ['status'] };
    expect(requiredNamesOfBranches([narrowed, requiring], declared, [])).toBeUndefined();
    // No value both list: the branch's property accepts nothing, and leaves the wire.
    const none = { properties: { status: { enum: ['stale'] } }, required: ['conclusion'] };
    expect(requiredNamesOfBranches([none, {}], declared, [])).toBeUndefined();
    const fraction = { properties: { count: { const: 1.5 } }, required: ['conclusion'] };
    expect(requiredNamesOfBranches([fraction, {}], declared, [])).toBeUndefined();
    // Anything but values (a pattern, a type alone, OpenAPI's `nullable`).
    for (const status of [
      { enum: ['completed'], pattern: '^c' },
      { type: 'string' },
      { enum: ['completed'], nullable: true },
    ]) {
      const branch = { properties: { status }, required: ['conclusion'] };
      expect(
        requiredNamesOfBranches([branch, {}], declared, []),
        JSON.stringify(status),
      ).toBeUndefined();
    }
    const patterned = { ...declared, status: { type: 'string', pattern: '^[a-z]+$' } };
    expect(requiredNamesOfBranches([narrowed, {}], patterned, [])).toBeUndefined();
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

  it('compares only the branches whose names are all on the wire', () => {
    const object = rewritten(wire, { kind: 'object', nullMeansAbsent: ['id', 'owner'] });
    // A branch requiring `other` sends it under a key of its own (or accepts nothing): the two
    // others still cannot be told apart.
    expect(requiredBranchesClash([['other'], ['id'], ['owner']], object)).toBe(true);
    expect(requiredBranchesClash([['id'], ['other']], object)).toBe(false);
    expect(requiredBranchesClash([['id'], ['id', 'other'], ['id']], object)).toBe(false);
  });

  it('is not sure where one branch is left to compare, or the object is not one', () => {
    const codec: CodecNode = { kind: 'object', nullMeansAbsent: ['id', 'owner'] };
    // `owner` is not on the wire: its branch is left out, and `['id']` alone clashes with nothing.
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
        // A name no property lists too: sent under a key of its own, or (closed) never present.
        branches: fc.array(fc.subarray([...declared, 'u']), { minLength: 2, maxLength: 4 }),
      });
    });

  it('is sure only where the union travels as a JSON string', () => {
    let sure = 0;
    let unlisted = 0;
    fc.assert(
      fc.property(object, ({ rest, branches }) => {
        const answers = sureAnswers(
          rest,
          branches.map((required) => ({ required })),
          branches,
        );
        sure += answers;
        if (branches.some((names) => names.includes('u'))) unlisted += answers;
      }),
      { numRuns: 300, seed: fuzzSeed() },
    );
    // The property was asked: most random unions of different names are sure, some of them
    // beside a branch that requires a name no property lists.
    expect(sure).toBeGreaterThan(100);
    expect(unlisted).toBeGreaterThan(30);
  });

  // The same lemma where branches also narrow properties to some of their listed values: sure
  // (as `requiredNamesOfBranches` reads the branches, then the object's rewrite) only where the
  // union written out travels as a JSON string.
  const listing = fc.constantFrom<unknown>(
    { type: 'string', enum: ['x', 'y', 'z'] },
    { enum: ['x', 'y', null] },
    { type: 'string' },
    { type: 'integer' },
    { enum: [1, 'one', true] },
    { type: 'string', minLength: 1 },
    { type: 'boolean' },
  );
  const narrowing = fc.constantFrom<unknown>(
    { enum: ['x'] },
    { const: 'y' },
    { enum: ['y', 'w'] },
    { type: 'string', enum: ['z'] },
    { const: 1 },
    { const: true },
    { enum: ['w'] },
  );
  const narrowedObject = fc
    .record({
      properties: fc.dictionary(fc.constantFrom(...names), listing, { minKeys: 3, maxKeys: 5 }),
      required: fc.subarray(names, { maxLength: 1 }),
    })
    .chain(({ properties, required }) => {
      const declared = Object.keys(properties);
      const rest: SchemaObject = { type: 'object', properties };
      const own = required.filter((name) => declared.includes(name));
      if (own.length > 0) rest.required = own;
      const branch = fc
        .record({
          required: fc.subarray([...declared, 'u'], { maxLength: 2 }),
          narrowed: fc.dictionary(fc.constantFrom(...declared), narrowing, { maxKeys: 1 }),
        })
        .map(({ required, narrowed }) => {
          const schema: SchemaObject = { required };
          if (Object.keys(narrowed).length > 0) schema.properties = narrowed;
          return schema;
        });
      return fc.record({
        rest: fc.constant(rest),
        branches: fc.array(branch, { minLength: 2, maxLength: 4 }),
      });
    });

  it('is sure only where the union travels as a JSON string, beside narrowed properties', () => {
    let sure = 0;
    let narrowed = 0;
    fc.assert(
      fc.property(narrowedObject, ({ rest, branches }) => {
        const required = requiredNamesOfBranches(branches, rest.properties, rest.required);
        if (required === undefined) return;
        const answers = sureAnswers(rest, branches, required);
        sure += answers;
        if (branches.some((branch) => branch.properties !== undefined)) narrowed += answers;
      }),
      { numRuns: 600, seed: fuzzSeed() },
    );
    expect(narrowed).toBeGreaterThan(50);
    expect(sure).toBeGreaterThan(narrowed);
  });
});
