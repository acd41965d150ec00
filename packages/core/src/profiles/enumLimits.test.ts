import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import { schemaDocument } from '../../test/helpers/schema-arbitrary.ts';
import { toolSchema } from '../../test/helpers/tool-schema-arbitrary.ts';
import { dereference } from '../dereference/index.ts';
import type { JsonSchema } from '../types/index.ts';
import { visitSchemas } from '../visitSchemas/index.ts';
import { RECIPES } from './recipes/index.ts';
import { rewriteSchema } from './rewriteSchema.ts';
import { mergeRootUnion } from './rootObject.ts';

const REWRITING: readonly (keyof typeof RECIPES)[] = [
  'portable',
  'openai-strict',
  'anthropic-strict',
  'gemini',
  'gemini-json-schema',
];
const seed = fuzzSeed();

/** What the enum limits read on a wire: every list at every place, and the longest. */
function listedEnums(wire: unknown): { values: number; longest: number } {
  let values = 0;
  let longest = 0;
  visitSchemas(wire, (schema) => {
    if (!Array.isArray(schema.enum)) return;
    values += schema.enum.length;
    longest = Math.max(longest, schema.enum.length);
  });
  return { values, longest };
}

/** The rewrite's own count of the lists it wrote, and what its wire lists. */
function countsOf(input: unknown, profile: keyof typeof RECIPES) {
  const root = dereference(input as JsonSchema, { root: 'object' }).schema as Record<
    string,
    unknown
  >;
  const rewritten = rewriteSchema(mergeRootUnion(root, []).schema, RECIPES[profile], []);
  return { written: rewritten.enums, listed: listedEnums(rewritten.schema) };
}

describe('the enum lists a rewrite counts', () => {
  const enumProperty = { type: 'string', enum: ['a', 'b', 'c'] };
  const cases: [string, unknown][] = [
    ['an optional enum, made nullable', { type: 'object', properties: { e: enumProperty } }],
    [
      'a type list splitting an object whose properties both branches share',
      {
        type: 'object',
        properties: {
          p: { type: ['object', 'string'], properties: { e: enumProperty }, required: ['e'] },
        },
      },
    ],
    [
      'a recursive enum property, unrolled',
      {
        type: 'object',
        properties: { node: { $ref: '#/$defs/Node' } },
        $defs: {
          Node: {
            type: 'object',
            properties: { kind: { enum: ['x', 1, null] }, next: { $ref: '#/$defs/Node' } },
          },
        },
      },
    ],
    [
      'an object without properties below the root (Gemini lists it as `{}`)',
      {
        type: 'object',
        properties: { o: { type: 'object', properties: {}, additionalProperties: false } },
      },
    ],
  ];
  for (const [name, input] of cases) {
    it(`bound what the wire lists: ${name}`, () => {
      let listedAnywhere = 0;
      for (const profile of REWRITING) {
        const { written, listed } = countsOf(input, profile);
        listedAnywhere += listed.values;
        expect(written.values, profile).toBeGreaterThanOrEqual(listed.values);
        expect(written.longest, profile).toBeGreaterThanOrEqual(listed.longest);
      }
      expect(listedAnywhere).toBeGreaterThan(0);
    });
  }

  // The enum limits skip their walk on this count: it must never be under what the wire lists.
  it('bound what the wire lists, on random tool schemas and reference documents', () => {
    const inputs = [
      ...fc.sample(toolSchema(), { seed, numRuns: 100 }),
      ...fc.sample(schemaDocument('2020-12'), { seed, numRuns: 40 }).map((doc) => doc.schema),
    ];
    for (const input of inputs) {
      for (const profile of REWRITING) {
        const { written, listed } = countsOf(input, profile);
        expect(written.values).toBeGreaterThanOrEqual(listed.values);
        expect(written.longest).toBeGreaterThanOrEqual(listed.longest);
      }
    }
  });
});
