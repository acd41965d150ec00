import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import { dereferenceResolved } from '../dereference/index.ts';
import { resolveOptions } from '../resolveOptions/index.ts';
import { toProviderSchema } from '../toProviderSchema/index.ts';
import type { Diagnostic } from '../types/index.ts';
import { KeywordKind } from '../vocabulary/index.ts';
import { fixRootOnly } from './fixRootOnly.ts';
import { OlderShape, olderDataShape, olderSubschemaShape } from './olderShapes.ts';
import { RECIPES } from './recipes/index.ts';

describe('olderDataShape', () => {
  it('names the shape of each data keyword written before 2020-12, and none of the rest', () => {
    expect(olderDataShape('type', 'file')).toBe(OlderShape.ForeignType);
    expect(olderDataShape('type', ['string', 'any'])).toBe(OlderShape.ForeignType);
    expect(olderDataShape('id', 'http://example.com/a')).toBe(OlderShape.Draft04Id);
    expect(olderDataShape('exclusiveMinimum', true)).toBe(OlderShape.BooleanBound);
    expect(olderDataShape('exclusiveMaximum', false)).toBe(OlderShape.BooleanBound);
    for (const [key, value] of [
      ['deprecated', 'Use b.'],
      ['readOnly', 'yes'],
      ['writeOnly', 1],
      ['title', 5],
      ['description', { text: 'x' }],
      ['$comment', false],
      ['examples', 'x'],
    ] as const) {
      expect(olderDataShape(key, value), key).toBe(OlderShape.MisshapenAnnotation);
    }
    for (const [key, value] of [
      ['type', 'string'],
      ['type', ['string', 'null']],
      ['exclusiveMinimum', 1],
      ['deprecated', true],
      ['title', 't'],
      ['description', 'd'],
      ['$comment', 'c'],
      ['examples', ['x']],
      ['format', 5],
      ['minimum', true],
      ['nullable', true],
    ] as const) {
      expect(olderDataShape(key, value), `${key}: ${JSON.stringify(value)}`).toBe(0);
    }
  });

  it('names a tuple and dependencies by their keyword kind and value', () => {
    expect(olderSubschemaShape(KeywordKind.SchemaOrArray, [{}])).toBe(OlderShape.Tuple);
    expect(olderSubschemaShape(KeywordKind.SchemaOrArray, {})).toBe(0);
    expect(olderSubschemaShape(KeywordKind.SchemaOrDataMap, { a: ['b'] })).toBe(
      OlderShape.Dependencies,
    );
    expect(olderSubschemaShape(KeywordKind.SchemaArray, [{}])).toBe(0);
  });
});

describe('the older shapes the pass notes', () => {
  const resolved = resolveOptions({ root: 'object' });
  const noted = (schema: Record<string, unknown>) =>
    dereferenceResolved(schema, resolved, true).olderShapes;

  it('notes what its output holds, through a $ref, and nothing unless asked', () => {
    expect(noted({ type: 'object', properties: { a: { type: 'string' } } })).toBe(0);
    expect(
      noted({
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'array', items: [{ type: 'string' }] } },
      }),
    ).toBe(OlderShape.Tuple);
    expect(
      noted({
        type: 'object',
        properties: { a: { type: 'number', minimum: 0, exclusiveMinimum: true, title: 3 } },
        dependencies: { a: ['b'] },
      }),
    ).toBe(OlderShape.BooleanBound | OlderShape.MisshapenAnnotation | OlderShape.Dependencies);
    // Not asked (what `dereference` does): any shape, as after a road that does not tell.
    expect(dereferenceResolved({ type: 'object' }, resolved).olderShapes).toBe(-1);
    // A cycle takes the analysis, which does not tell either.
    expect(
      noted({ type: 'object', properties: { a: { $ref: '#' } }, additionalProperties: false }),
    ).toBe(-1);
  });

  it('draft-04: the root id the output keeps is noted', () => {
    expect(
      noted({
        $schema: 'http://json-schema.org/draft-04/schema#',
        id: 'http://example.com/root',
        type: 'object',
      }),
    ).toBe(OlderShape.Draft04Id);
  });
});

/** A schema object of keywords in and out of their 2020-12 shape, nested, with definitions. */
function schemaWithOlderShapes(): fc.Arbitrary<Record<string, unknown>> {
  const { node } = fc.letrec<{ node: Record<string, unknown> }>((tie) => {
    const child = fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant({ type: 'string' }),
      tie('node'),
    );
    const keyword = fc.oneof(
      fc.constant(['type', 'object']),
      fc.constant(['type', 'file']),
      fc.constant(['type', ['integer', 'null']]),
      fc.constant(['id', 'urn:x']),
      fc.constant(['minimum', 1]),
      fc.constant(['exclusiveMinimum', true]),
      fc.constant(['exclusiveMaximum', 4]),
      fc.constant(['deprecated', 'Use b.']),
      fc.constant(['deprecated', true]),
      fc.constant(['title', 7]),
      fc.constant(['description', 'd']),
      fc.constant(['examples', 'x']),
      fc.constant(['examples', ['x']]),
      fc.constant(['nullable', true]),
      fc.constant(['pattern', '^[a-z]+$']),
      fc.constant(['pattern', '\\Z']),
      fc.constant(['$ref', '#/$defs/D']),
      fc.tuple(fc.constant('items'), fc.array(child, { maxLength: 2 })),
      fc.tuple(fc.constant('items'), child),
      fc.tuple(fc.constant('additionalItems'), child),
      fc.tuple(fc.constant('dependencies'), fc.record({ a: fc.constant(['b']), b: child })),
      fc.tuple(fc.constant('properties'), fc.dictionary(fc.constantFrom('a', 'b'), child)),
      fc.tuple(fc.constant('anyOf'), fc.array(child, { minLength: 1, maxLength: 2 })),
    );
    return {
      node: fc
        .array(keyword, { maxLength: 5 })
        .map((pairs) => Object.fromEntries(pairs as [string, unknown][])),
    };
  });
  return fc.tuple(node, node).map(([root, definition]) => ({ ...root, $defs: { D: definition } }));
}

describe('the lenient profiles skip their 2020-12 walk only where it finds nothing', () => {
  const resolved = resolveOptions({ root: 'object' });

  it.each(['openai', 'anthropic'] as const)(
    '%s: the wire is what the walk over the whole output gives',
    (profile) => {
      fc.assert(
        fc.property(schemaWithOlderShapes(), (schema) => {
          const converted = toProviderSchema(schema, profile);
          // The same pass, its shapes unnoted: the walk runs over everything.
          const pass = dereferenceResolved(schema, resolved);
          const diagnostics: Diagnostic[] = pass.diagnostics;
          const walked = fixRootOnly(
            pass.schema as Record<string, unknown>,
            RECIPES[profile],
            diagnostics,
            pass.olderShapes,
          );
          expect(converted.schema).toStrictEqual(walked.schema);
          expect(converted.codec).toStrictEqual(walked.codec);
          expect(converted.diagnostics).toStrictEqual(diagnostics);
        }),
        { numRuns: 300, seed: fuzzSeed() },
      );
    },
  );
});
