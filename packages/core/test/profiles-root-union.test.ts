/**
 * A root union of closed objects told apart by a discriminator, under the profiles that send
 * every optional property (`null` when absent): each branch reads that `null` its own way, so
 * every value the original accepts comes back exactly, whatever null rules the branches give the
 * same property. Random unions (fast-check), values drawn from each branch, judged by Ajv.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProviderSchema } from '../src/checkProviderSchema/index.ts';
import { decodeArguments } from '../src/decodeArguments/index.ts';
import { encodeArguments } from '../src/encodeArguments/index.ts';
import { toProviderSchema } from '../src/toProviderSchema/index.ts';
import type { Profile } from '../src/types/index.ts';
import { createAjv } from './helpers/ajv.ts';
import { fuzzSeed } from './helpers/fuzz.ts';

type Schema = Record<string, unknown>;

const runs = Number(process.env.FUZZ_RUNS ?? 40);
const seed = fuzzSeed();

/** The profiles whose wire requires every property (absent sent as `null`). */
const SENDING_EVERY_PROPERTY: readonly Profile[] = ['openai-strict', 'portable'];

/** Property schemas with different null rules, and how to draw a value of each. */
const PROPERTY_KINDS: ReadonlyArray<{ schema: Schema; values: unknown[]; takesNull?: true }> = [
  { schema: { type: 'string' }, values: ['x', ''] },
  { schema: { type: ['string', 'null'] }, values: ['y', null], takesNull: true },
  {
    schema: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    values: [3, null],
    takesNull: true,
  },
  { schema: { type: 'integer', minimum: 0 }, values: [0, 7] },
  {
    schema: {
      type: 'object',
      properties: { z: { type: 'string' } },
      required: ['z'],
      additionalProperties: false,
    },
    values: [{ z: 'q' }],
  },
];

const NAMES = ['a', 'b', 'c', 'd'] as const;

/** A branch: which names it lists, with what kind, and which it requires. */
interface BranchPlan {
  tag: string | number | boolean;
  /** Whether the branch is closed (`additionalProperties: false`) or open to any key. */
  closed: boolean;
  properties: Array<{ name: string; kind: number; required: boolean }>;
}

const branchPlan = (tag: string | number | boolean): fc.Arbitrary<BranchPlan> =>
  fc
    .subarray([...NAMES])
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({
            name: fc.constant(name),
            kind: fc.nat({ max: PROPERTY_KINDS.length - 1 }),
            required: fc.boolean(),
          }),
        ),
      ),
    )
    .chain((properties) => fc.boolean().map((closed) => ({ tag, closed, properties })));

/** 2 to 4 branches, tagged by strings or by numbers; 2 tagged by booleans. */
const unionPlan: fc.Arbitrary<BranchPlan[]> = fc
  .tuple(fc.integer({ min: 2, max: 4 }), fc.constantFrom('string', 'number', 'boolean'))
  .chain(([count, tags]) => {
    const tag = (index: number): string | number | boolean =>
      tags === 'number' ? index + 1 : tags === 'boolean' ? index === 0 : `kind-${index}`;
    const branches = tags === 'boolean' ? 2 : count;
    return fc.tuple(...Array.from({ length: branches }, (_, index) => branchPlan(tag(index))));
  });

function branchSchema(plan: BranchPlan): Schema {
  const properties: Schema = { kind: { const: plan.tag } };
  for (const { name, kind } of plan.properties)
    properties[name] = PROPERTY_KINDS[kind]?.schema as Schema;
  return {
    type: 'object',
    properties,
    required: ['kind', ...plan.properties.filter((p) => p.required).map((p) => p.name)],
    ...(plan.closed ? { additionalProperties: false } : {}),
  };
}

/**
 * What decoding gives back for a value of a branch: the value, with `null` for each optional
 * property of that branch that takes `null` and is absent (absent and `null` are one wire value
 * there: `profile-absent-null-merged`). Nothing else may change.
 */
function decodedBack(plans: readonly BranchPlan[], value: Schema): Schema {
  const plan = plans.find((each) => each.tag === value.kind) as BranchPlan;
  const back = { ...value };
  for (const { name, kind, required } of plan.properties) {
    if (!required && PROPERTY_KINDS[kind]?.takesNull && !Object.hasOwn(value, name))
      back[name] = null;
  }
  return back;
}

/** Every value of a branch with each optional property absent, and each with each of its values. */
function branchValues(plan: BranchPlan): Schema[] {
  let values: Schema[] = [{ kind: plan.tag }];
  for (const { name, kind, required } of plan.properties) {
    const options = PROPERTY_KINDS[kind]?.values ?? [];
    const next: Schema[] = [];
    for (const value of values) {
      if (!required) next.push(value);
      for (const option of options) next.push({ ...value, [name]: option });
    }
    // Past a few dozen, every other one: the combinations are many, the rules few.
    values = next.length > 48 ? next.filter((_, index) => index % 2 === 0) : next;
  }
  return values;
}

describe('a discriminated root union under the profiles that send every property', () => {
  for (const profile of SENDING_EVERY_PROPERTY) {
    it(`${profile}: every value the original accepts comes back exactly`, () => {
      let checked = 0;
      fc.assert(
        fc.property(unionPlan, fc.boolean(), (plans, repair) => {
          const schema = { anyOf: plans.map(branchSchema) };
          const { schema: wire, codec } = toProviderSchema(schema, profile, { repair });
          expect(
            checkProviderSchema(wire, profile).filter((v) => v.severity === 'error'),
          ).toStrictEqual([]);
          const original = createAjv('2020-12').compile(schema);
          const wireValid = createAjv('2020-12').compile(wire);
          for (const value of plans.flatMap(branchValues)) {
            expect(original(value), JSON.stringify(value)).toBe(true);
            const sent = encodeArguments(codec, value);
            expect(wireValid(sent), JSON.stringify(sent)).toBe(true);
            expect(decodeArguments(codec, sent, { repair })).toStrictEqual(
              decodedBack(plans, value),
            );
            checked++;
          }
        }),
        { numRuns: runs, seed },
      );
      expect(checked).toBeGreaterThan(runs);
    });
  }

  const create = {
    type: 'object',
    properties: {
      action: { const: 'create' },
      title: { type: 'string' },
      parent: { type: 'string' },
    },
    required: ['action', 'title'],
    additionalProperties: false,
  };
  const update = {
    type: 'object',
    properties: {
      action: { const: 'update' },
      id: { type: 'string' },
      parent: { type: ['string', 'null'] },
    },
    required: ['action', 'id'],
    additionalProperties: false,
  };

  it('reads a null parent as absent for "create" and as null for "update"', () => {
    const { codec } = toProviderSchema({ oneOf: [create, update] }, 'openai-strict');
    const merged = {
      kind: 'object',
      nullMeansAbsent: ['title', 'id'],
      absentSentAsNull: ['parent'],
    };
    const tag = (value: string) => ({
      types: ['object'],
      required: ['action'],
      tags: [['action', [value]]],
    });
    expect(codec).toStrictEqual({
      version: 1,
      root: {
        kind: 'union',
        branches: [
          {
            wire: tag('create'),
            original: tag('create'),
            codec: { kind: 'object', nullMeansAbsent: ['title', 'parent', 'id'] },
          },
          { wire: tag('update'), original: tag('update'), codec: merged },
          { wire: { types: ['object'] }, original: { types: ['object'] }, codec: merged },
        ],
      },
    });
    const sent = { action: 'create', title: 't', parent: null, id: null };
    expect(decodeArguments(codec, sent)).toStrictEqual({ action: 'create', title: 't' });
    expect(
      decodeArguments(codec, { action: 'update', title: null, parent: null, id: 'p' }),
    ).toStrictEqual({ action: 'update', parent: null, id: 'p' });
    // A discriminator naming no branch: the merged object's reading.
    expect(decodeArguments(codec, { ...sent, action: 'delete' })).toStrictEqual({
      action: 'delete',
      title: 't',
      parent: null,
    });
  });

  it('finds a discriminator the profile sends in another spelling, or written as type null', () => {
    const branches = (tags: [Schema, Schema]) => ({
      oneOf: tags.map((tag, index) => ({
        type: 'object',
        properties: {
          kind: tag,
          a: index === 0 ? { type: 'string' } : { type: ['string', 'null'] },
        },
        required: ['kind'],
        additionalProperties: false,
      })),
    });
    const cases: Array<[[Schema, Schema], unknown, unknown]> = [
      // `portable` sends booleans as the strings "true" and "false".
      [[{ const: true }, { const: false }], { kind: 'true', a: null }, { kind: true }],
      [[{ type: 'null' }, { const: 'x' }], { kind: null, a: null }, { kind: null }],
      [[{ enum: [1, 'one'] }, { enum: [2, 'two'] }], { kind: '1', a: null }, { kind: 1 }],
    ];
    for (const [tags, wire, original] of cases) {
      const { codec, diagnostics } = toProviderSchema(branches(tags), 'portable');
      expect((codec.root as { kind: string }).kind, JSON.stringify(tags)).toBe('union');
      expect(decodeArguments(codec, wire)).toStrictEqual(original);
      const merged = diagnostics.find((each) => each.code === 'profile-root-merged');
      expect(merged?.message).not.toContain('no discriminator');
    }
  });

  it('keeps the merged object codec where every branch reads null alike', () => {
    const { codec } = toProviderSchema(
      {
        oneOf: [
          { ...create, properties: { ...create.properties, parent: { type: 'string' } } },
          { ...update, properties: { ...update.properties, parent: { type: 'string' } } },
        ],
      },
      'openai-strict',
    );
    expect(codec).toStrictEqual({
      version: 1,
      root: { kind: 'object', nullMeansAbsent: ['title', 'parent', 'id'] },
    });
  });

  it('reads null as absent where no property tells the branches apart and none requires it', () => {
    const untagged = {
      anyOf: [
        { ...create, properties: { ...create.properties, action: { type: 'string' } } },
        update,
      ],
    };
    const { codec, diagnostics } = toProviderSchema(untagged, 'openai-strict');
    // `create` refuses a null parent: read as absent, which `update` accepts too.
    expect(codec).toStrictEqual({
      version: 1,
      root: { kind: 'object', nullMeansAbsent: ['title', 'parent', 'id'] },
    });
    expect(diagnostics).toStrictEqual([
      {
        code: 'profile-root-merged',
        pointer: '',
        message:
          'The root anyOf of 2 objects became one object with all their properties; the validator still checks that the arguments match one branch. Some branches take null for "parent" and others refuse it, and no discriminator tells the branches apart: a null sent there is read as absent, which every branch accepts (a null a branch means there is lost: narrower).',
      },
    ]);
    expect(
      decodeArguments(codec, { action: 'create', title: 't', parent: null, id: null }),
    ).toStrictEqual({ action: 'create', title: 't' });
  });

  it('keeps null where no branch refuses it (an open branch that does not list it takes both)', () => {
    const open = {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
    };
    const { codec, diagnostics } = toProviderSchema({ anyOf: [open, update] }, 'openai-strict');
    expect((codec.root as { absentSentAsNull?: string[] }).absentSentAsNull).toStrictEqual([
      'parent',
    ]);
    expect(diagnostics.find((each) => each.code === 'profile-root-merged')?.message).not.toContain(
      'Some branches take null',
    );
  });

  it('keeps null where a branch requires it, and says the others cannot leave it out', () => {
    const requiring = {
      anyOf: [
        { ...create, properties: { ...create.properties, action: { type: 'string' } } },
        { ...update, required: ['action', 'id', 'parent'] },
      ],
    };
    const { codec, diagnostics } = toProviderSchema(requiring, 'openai-strict');
    expect(codec).toStrictEqual({
      version: 1,
      root: { kind: 'object', nullMeansAbsent: ['title', 'id'], absentSentAsNull: ['parent'] },
    });
    expect(diagnostics.find((each) => each.code === 'profile-root-merged')?.message).toContain(
      'Some branches take null for "parent" and others refuse it, and no discriminator tells the branches apart: a null sent there stays null, so a branch that refuses it cannot leave it out (narrower).',
    );
  });

  it('splits at most 10,000 (branch, optional property) pairs: past them, the merged reading', () => {
    const names = Array.from({ length: 100 }, (_, index) => `p${index}`);
    const union = (count: number) => ({
      anyOf: Array.from({ length: count }, (_, index) => ({
        type: 'object',
        properties: {
          kind: { const: index },
          ...Object.fromEntries(
            names.map((name) => [name, { type: index === 0 ? ['string', 'null'] : 'string' }]),
          ),
        },
        required: ['kind'],
        additionalProperties: false,
      })),
    });
    const kindOf = (count: number) =>
      (toProviderSchema(union(count), 'openai-strict').codec.root as { kind: string }).kind;
    expect(kindOf(100)).toBe('union');
    expect(kindOf(101)).toBe('object');
  });
});
