import { describe, expect, it } from 'vitest';
import { compileFresh } from '../../test/helpers/ajv.ts';
import { dereference } from '../dereference/index.ts';

/** A recursive definition as Pydantic lists a recursive root model. */
const node = (defs: string) => ({
  type: 'object',
  properties: {
    value: { type: 'integer' },
    children: { type: 'array', items: { $ref: `#/${defs}/Node` } },
  },
  required: ['value'],
});

const INSTANCES = [
  { value: 1 },
  { value: 1, children: [{ value: 2, children: [] }] },
  { value: 1, children: [{ children: [] }] },
  { value: 'x' },
  { value: 1, extra: true },
  [],
];

/** Ajv gives the output the input's verdict on every instance. */
function expectSameVerdicts(input: unknown, output: unknown): void {
  const before = compileFresh('2020-12', input);
  const after = compileFresh('2020-12', output);
  if ('error' in before || 'error' in after) throw new Error('Ajv cannot compile');
  for (const instance of INSTANCES)
    expect(after.validate(instance)).toBe(before.validate(instance));
}

describe('inlineRootRefFinalizer', () => {
  it('gives a recursive root one copy of its definition, the cycle kept in $defs', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $ref: '#/$defs/Node',
      description: 'A tree.',
      $defs: { Node: node('$defs') },
    };
    const { schema: output, diagnostics } = dereference(schema);
    expect(output).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      ...node('$defs'),
      description: 'A tree.',
      $defs: { Node: node('$defs') },
    });
    expect(diagnostics).toStrictEqual([]);
    expectSameVerdicts(schema, output);
  });

  it('keeps the meaning where the root says more than the definition: the definition under allOf', () => {
    const schema = {
      $ref: '#/$defs/Node',
      properties: { extra: { type: 'boolean' } },
      additionalProperties: false,
      $defs: { Node: node('$defs') },
    };
    const { schema: output } = dereference(schema);
    expect(output).toStrictEqual({
      properties: { extra: { type: 'boolean' } },
      additionalProperties: false,
      allOf: [node('$defs')],
      $defs: { Node: node('$defs') },
    });
    expectSameVerdicts(schema, output);
  });

  it('inlines a draft-07 root $ref into definitions, its annotations kept', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Tree',
      $ref: '#/definitions/Node',
      definitions: { Node: node('definitions') },
    };
    expect(dereference(schema).schema).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...node('definitions'),
      title: 'Tree',
      definitions: { Node: node('definitions') },
    });
  });
});
