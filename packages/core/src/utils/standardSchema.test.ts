import { describe, expect, it } from 'vitest';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { unsupportedValidatorError } from './standardSchema.ts';

const WHERE_EACH_GOES =
  'Zod 4 schemas go to @toolschema/zod, Valibot schemas to @toolschema/valibot (or, wrapped ' +
  'with toStandardJsonSchema from @valibot/to-json-schema, to @toolschema/core), ArkType types ' +
  'to @toolschema/arktype, and a plain JSON Schema object to dereference from @toolschema/core.';

/** The message for `value`, given to a wrapper that expects a Valibot schema. */
function messageFor(value: unknown): string {
  const error = unsupportedValidatorError(value, 'a Valibot schema');
  expect(error).toBeInstanceOf(ToolSchemaError);
  expect({ code: error.code, pointer: error.pointer }).toStrictEqual({
    code: 'unsupported-validator',
    pointer: undefined,
  });
  return error.message;
}

describe('unsupportedValidatorError', () => {
  const validate = () => ({ value: 1 });

  it('names the vendor of a Standard Schema, and whether it has Standard JSON Schema', () => {
    const jsonSchema = { input: () => ({}), output: () => ({}) };
    expect(messageFor({ '~standard': { version: 1, vendor: 'zod', validate, jsonSchema } })).toBe(
      `Expected a Valibot schema, got a Standard Schema of vendor "zod". ${WHERE_EACH_GOES}`,
    );
    expect(messageFor({ '~standard': { version: 1, vendor: 'valibot', validate } })).toBe(
      'Expected a Valibot schema, got a Standard Schema of vendor "valibot" without ' +
        `~standard.jsonSchema. ${WHERE_EACH_GOES}`,
    );
    const arkTypeLike = Object.assign(() => true, {
      '~standard': { version: 1, vendor: 7, validate },
    });
    expect(messageFor(arkTypeLike)).toBe(
      'Expected a Valibot schema, got a Standard Schema of vendor unknown without ' +
        `~standard.jsonSchema. ${WHERE_EACH_GOES}`,
    );
  });

  it('names what is not a Standard Schema: a JSON object, an array, a primitive, null', () => {
    expect(
      [{ type: 'object' }, [], 'string', 3, null, undefined, () => 1].map(messageFor),
    ).toStrictEqual([
      `Expected a Valibot schema, got an object that is not a Standard Schema. ${WHERE_EACH_GOES}`,
      `Expected a Valibot schema, got an array. ${WHERE_EACH_GOES}`,
      `Expected a Valibot schema, got a string. ${WHERE_EACH_GOES}`,
      `Expected a Valibot schema, got a number. ${WHERE_EACH_GOES}`,
      `Expected a Valibot schema, got null. ${WHERE_EACH_GOES}`,
      `Expected a Valibot schema, got undefined. ${WHERE_EACH_GOES}`,
      `Expected a Valibot schema, got a function that is not a Standard Schema. ${WHERE_EACH_GOES}`,
    ]);
  });

  it('never lets a throwing getter or a revoked Proxy escape', () => {
    const throwingStandard = {
      get '~standard'() {
        throw new Error('getter');
      },
    };
    const throwingVendor = {
      '~standard': {
        get vendor() {
          throw new Error('getter');
        },
      },
    };
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect([throwingStandard, throwingVendor, proxy].map(messageFor)).toStrictEqual([
      `Expected a Valibot schema, got an object that is not a Standard Schema. ${WHERE_EACH_GOES}`,
      'Expected a Valibot schema, got a Standard Schema whose properties cannot be read. ' +
        WHERE_EACH_GOES,
      `Expected a Valibot schema, got an object that is not a Standard Schema. ${WHERE_EACH_GOES}`,
    ]);
  });
});
