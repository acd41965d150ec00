import { describe, expect, it } from 'vitest';
import { mergeAllOf } from './mergeAllOf.ts';

describe('mergeAllOf', () => {
  it('merges branches whose keywords keep their meaning side by side', () => {
    expect(
      mergeAllOf([
        { if: { required: ['a'] }, then: { required: ['b'] } },
        { minProperties: 1 },
        { items: { type: 'string' } },
        { items: { maxLength: 2 } },
      ]),
    ).toStrictEqual({
      schema: {
        if: { required: ['a'] },
        then: { required: ['b'] },
        minProperties: 1,
        items: { allOf: [{ type: 'string' }, { maxLength: 2 }] },
      },
      described: [],
    });
  });

  it('leaves apart a keyword that would meet a neighbour it does not have in its own branch', () => {
    // Each keyword below does nothing without its neighbour in the same schema: merged, it would
    // start to apply (`then` beside `if` refuses `{ a: 1 }`, which the original accepts).
    const apart: unknown[][] = [
      [{ if: { required: ['a'] } }, { then: { required: ['b'] } }],
      [{ else: { required: ['b'] } }, { if: { required: ['a'] } }],
      [{ contains: { type: 'string' } }, { minContains: 2 }],
      [{ maxContains: 1 }, { contains: { type: 'string' } }],
      // Draft-07 tuples: `additionalItems` reads the list beside it.
      [{ items: [{ type: 'integer' }] }, { additionalItems: false }],
      [{ additionalItems: false }, { items: [{ type: 'integer' }] }],
      // Two tuples are no one schema `allOf` can hold.
      [{ items: [{ type: 'integer' }] }, { items: [{ type: 'integer' }, { type: 'string' }] }],
      [{ items: { type: 'integer' } }, { items: [{ type: 'integer' }] }],
      [{ prefixItems: [{ type: 'integer' }] }, { items: false }],
    ];
    for (const branches of apart) {
      expect(mergeAllOf(branches), JSON.stringify(branches)).toBe(undefined);
    }
  });

  it('merges no branch that applies another schema by reference', () => {
    for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
      expect(mergeAllOf([{ type: 'object' }, { [keyword]: '#node' }]), keyword).toBe(undefined);
    }
  });

  it('keeps the first value of a keyword no dialect defines, as of an annotation', () => {
    // OpenAPI's `xml` and `x-*` extensions differ between the parts of many API descriptions
    // (SQS's `allOf: [{ type, xml: { wrapped } }, { xml: { name }, description }]`); they
    // assert nothing, so they keep no `allOf` from merging.
    expect(
      mergeAllOf([
        { type: 'object', xml: { wrapped: false }, 'x-order': 1 },
        { xml: { name: 'Attribute' }, 'x-order': 2, description: 'One attribute.' },
      ]),
    ).toStrictEqual({
      schema: {
        type: 'object',
        xml: { wrapped: false },
        'x-order': 1,
        description: 'One attribute.',
      },
      described: [],
    });
    // A keyword some dialect defines still keeps them apart.
    expect(mergeAllOf([{ multipleOf: 2 }, { multipleOf: 3 }])).toBe(undefined);
  });

  it('merges a tuple or a conditional that one branch holds whole', () => {
    expect(
      mergeAllOf([{ items: [{ type: 'integer' }], additionalItems: false }, { minItems: 1 }]),
    ).toStrictEqual({
      schema: { items: [{ type: 'integer' }], additionalItems: false, minItems: 1 },
      described: [],
    });
  });

  it('reads `additionalProperties: true` as checking nothing: a property stays its own schema', () => {
    const status = { enum: ['completed'] };
    const output = { type: 'object', properties: { summary: { maxLength: 9 } } };
    expect(
      mergeAllOf([
        { type: 'object', properties: { status: { type: 'string' }, output } },
        { properties: { status }, additionalProperties: true },
        { additionalProperties: { type: 'object' } },
      ]),
    ).toStrictEqual({
      schema: {
        type: 'object',
        properties: {
          status: { allOf: [{ type: 'string' }, status, { type: 'object' }] },
          // Not `allOf: [output, true, { type: "object" }]`: what is reported inside `output`
          // keeps its pointer into the branch that wrote it.
          output: { allOf: [output, { type: 'object' }] },
        },
        additionalProperties: { type: 'object' },
      },
      described: [],
    });
    expect(
      mergeAllOf([
        { properties: { output }, additionalProperties: true },
        { additionalProperties: true },
      ]),
    ).toStrictEqual({
      schema: { properties: { output }, additionalProperties: true },
      described: [],
    });
  });
});
