/**
 * The validator corpora say what their validators do: every argument a tool lists as valid is
 * accepted, and every one it lists as invalid refused, by Zod, Valibot and ArkType alike (the
 * README's comparison counts what libraries let through on the strength of it).
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  ARKTYPE_TOOLS,
  INVALID_ARGUMENTS,
  VALIBOT_TOOLS,
  VALID_ARGUMENTS,
  type ValidatorTool,
  ZOD_TOOLS,
} from '@toolschema/test-support/corpora';
import { describe, expect, it } from 'vitest';

const CORPORA: ReadonlyArray<readonly [string, readonly ValidatorTool<unknown>[]]> = [
  ['Zod', ZOD_TOOLS],
  ['Valibot', VALIBOT_TOOLS],
  ['ArkType', ARKTYPE_TOOLS],
];

/** Whether a validator accepts a value (given a copy: a validator may not keep it). */
async function accepts(schema: unknown, value: unknown): Promise<boolean> {
  const result = await (schema as StandardSchemaV1)['~standard'].validate(structuredClone(value));
  return result.issues === undefined;
}

describe('validator corpora: valid and invalid arguments', () => {
  it('the three corpora hold the same tools, each with valid and invalid arguments', () => {
    const names = Object.keys(VALID_ARGUMENTS);
    expect(Object.keys(INVALID_ARGUMENTS)).toStrictEqual(names);
    for (const [, tools] of CORPORA) {
      expect(tools.map((tool) => tool.name)).toStrictEqual(names);
      for (const tool of tools) {
        expect(tool.valid.length, tool.name).toBeGreaterThan(0);
        expect(tool.invalid.length, tool.name).toBeGreaterThan(0);
      }
    }
  });

  for (const [validator, tools] of CORPORA) {
    it(`${validator} accepts every valid argument and refuses every invalid one`, async () => {
      const wrong: string[] = [];
      for (const tool of tools) {
        for (const args of tool.valid) {
          if (!(await accepts(tool.schema, args)))
            wrong.push(`${tool.name} refuses a valid argument`);
        }
        for (const args of tool.invalid) {
          if (await accepts(tool.schema, args))
            wrong.push(`${tool.name} accepts an invalid argument`);
        }
      }
      expect(wrong).toStrictEqual([]);
    });
  }
});
