import { describe, expect, expectTypeOf, it } from 'vitest';
import { exampleListed, exampleSchema } from '../../test/helpers/exampleSchema.ts';
import { toToolInputSchema } from '../toToolInputSchema/index.ts';
import { toToolOutputSchema } from '../toToolOutputSchema/index.ts';
import { type ToolInputJsonSchema, toolInputJsonSchema } from './toolInputJsonSchema.ts';

describe('toolInputJsonSchema', () => {
  const withRef = {
    type: 'object',
    properties: { tags: { $ref: '#/$defs/Tags' } },
    required: ['tags'],
    $defs: { Tags: { type: 'string' } },
  };

  it('returns the wrapper input JSON Schema, draft 2020-12 by default', () => {
    const { schema, converter } = exampleSchema(withRef);
    const wrapped = toToolInputSchema(schema);
    const plain = toolInputJsonSchema(wrapped);
    expectTypeOf(plain).toEqualTypeOf<ToolInputJsonSchema>();
    expect(plain).toStrictEqual(exampleListed);
    expect(converter.input).toHaveBeenLastCalledWith({ target: 'draft-2020-12' });
    expect(toolInputJsonSchema(wrapped)).not.toBe(plain);
  });

  it('writes the requested target', () => {
    const { schema, converter } = exampleSchema(withRef);
    expect(toolInputJsonSchema(toToolInputSchema(schema), { target: 'draft-07' })).toStrictEqual(
      exampleListed,
    );
    expect(converter.input).toHaveBeenLastCalledWith({ target: 'draft-07' });
  });

  it('reads null options as none', () => {
    const { schema } = exampleSchema(withRef);
    expect(toolInputJsonSchema(toToolInputSchema(schema), null as never)).toStrictEqual(
      exampleListed,
    );
  });

  it('refuses a value that is not a wrapper with unsupported-validator', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const value of [
      null,
      undefined,
      {},
      withRef,
      { '~standard': { jsonSchema: {} } },
      proxy,
      {
        '~standard': Object.defineProperty({}, 'jsonSchema', {
          get() {
            throw new Error('getter');
          },
        }),
      },
    ]) {
      expect(() => toolInputJsonSchema(value as never)).toThrow(
        expect.objectContaining({ name: 'ToolSchemaError', code: 'unsupported-validator' }),
      );
    }
  });

  it('refuses a schema without an object root (an output wrapper)', () => {
    const { schema } = exampleSchema({ type: 'array', items: { type: 'string' } });
    expect(() => toolInputJsonSchema(toToolOutputSchema(schema))).toThrow(
      expect.objectContaining({ code: 'root-not-object' }),
    );
  });
});
