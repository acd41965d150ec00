import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, it } from 'vitest';
import { refsOf } from './refsOf.ts';
import { toolSchemaError } from './toolSchemaError.ts';

/** A listed JSON Schema. */
type Listed = Record<string, unknown>;

/** What the kit reads of a wrapper's result: a Standard Schema with Standard JSON Schema. */
type Wrapped = StandardSchemaV1 & StandardJSONSchemaV1;

/** The options every adapter's wrappers take that the kit uses. */
export interface AdapterTestOptions {
  unrepresentable?: 'throw' | 'any';
  onDiagnostics?: (diagnostics: { code: string; pointer: string; message: string }[]) => void;
}

/** A schema of the adapter's validator and what its wrapper lists, written out per adapter. */
export interface ListedCase<Schema> {
  schema: Schema;
  listed: Listed;
}

/**
 * The adapter under test and one schema per shared behaviour, each with its expected result
 * written out: the validators list the same things differently (key order, `required` order,
 * annotations), and the expected objects say how.
 */
export interface AdapterSpec<Schema> {
  toToolInputSchema: (schema: Schema, options?: AdapterTestOptions) => Wrapped;
  toToolOutputSchema: (schema: Schema, options?: AdapterTestOptions) => Wrapped;
  /** An object whose properties use one registered (named) type twice; input side, 2020-12. */
  reused: ListedCase<Schema>;
  /** An object with a recursive property: it lists with refs into its own root `$defs`. */
  recursive: Schema;
  /** An object whose input and output sides differ (a default, a transform). */
  sides: { schema: Schema; input: Listed; output: Listed };
  /** An object listed for the `draft-07` target (input side). */
  draft07: ListedCase<Schema>;
  /** A schema and values to validate: one at least valid and one invalid. */
  validation: { schema: Schema; values: unknown[] };
  /** A union of two objects, and the keyword the validator lists it with. */
  union: { schema: Schema; keyword: 'oneOf' | 'anyOf' };
  /** An array of strings: not an object, so an input root fails; `listed` is its draft-07 output. */
  arrayRoot: ListedCase<Schema>;
  /** An object with a Date at `pointer`; `properties` is what `unrepresentable: 'any'` lists. */
  unrepresentable: { schema: Schema; pointer: string; message: string; properties: Listed };
  /** An object whose output side has an unrepresentable type at `pointer` (a transform's result, a bigint). */
  unrepresentableOutput: { schema: Schema; pointer: string };
}

const TARGET = { target: 'draft-2020-12' } as const;

/**
 * Registers the tests every adapter's wrappers must pass, with the adapter's own schemas and
 * expected objects: registered types inlined, recursion kept local, each side and target, the
 * validator's own validation under the wrapper's vendor, object roots, unrepresentable types.
 * What only one validator does stays in that adapter's tests.
 *
 * @param name The adapter's package name.
 * @param spec The wrappers and the cases.
 */
export function describeAdapter<Schema>(name: string, spec: AdapterSpec<Schema>): void {
  const input = (schema: Schema, options?: AdapterTestOptions) =>
    spec.toToolInputSchema(schema, options)['~standard'].jsonSchema.input(TARGET);

  describe(`${name} wrappers`, () => {
    it('inline a registered type used twice: no $ref, no $defs', () => {
      const listed = input(spec.reused.schema);
      expect(listed).toStrictEqual(spec.reused.listed);
      expect(refsOf(listed)).toStrictEqual([]);
    });

    it('keep recursion as refs into the listed schema own $defs, under an object root', () => {
      const listed = input(spec.recursive);
      const defs = Object.keys((listed.$defs ?? {}) as object);
      expect(listed.type).toBe('object');
      expect(listed).not.toHaveProperty('$ref');
      expect(refsOf(listed).length).toBeGreaterThan(0);
      for (const ref of refsOf(listed)) {
        expect(ref).toMatch(/^#\/\$defs\/[^/]+$/);
        expect(defs).toContain(decodeURIComponent(ref.slice('#/$defs/'.length)));
      }
    });

    it('list the input side for tool arguments and the output side for results', () => {
      expect(input(spec.sides.schema)).toStrictEqual(spec.sides.input);
      const output = spec.toToolOutputSchema(spec.sides.schema);
      expect(output['~standard'].jsonSchema.output(TARGET)).toStrictEqual(spec.sides.output);
    });

    it('convert for the draft-07 target', () => {
      const tool = spec.toToolInputSchema(spec.draft07.schema);
      expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual(
        spec.draft07.listed,
      );
    });

    it("validate with the validator: same results, under the wrapper's own vendor", async () => {
      const { schema, values } = spec.validation;
      const tool = spec.toToolInputSchema(schema);
      expect(tool['~standard'].vendor).toBe('toolschema');
      const results = await Promise.all(values.map((value) => tool['~standard'].validate(value)));
      const original = (schema as StandardSchemaV1)['~standard'];
      expect(results).toStrictEqual(
        await Promise.all(values.map((value) => original.validate(value))),
      );
      expect(results.some((result) => result.issues === undefined)).toBe(true);
      expect(results.some((result) => result.issues !== undefined)).toBe(true);
    });

    it('give a union of objects an object root', () => {
      const listed = input(spec.union.schema);
      expect(listed.type).toBe('object');
      expect(listed[spec.union.keyword]).toHaveLength(2);
    });

    it('refuse a non-object input root (root-not-object), allow it as output', () => {
      const { schema, listed } = spec.arrayRoot;
      expect(toolSchemaError(() => spec.toToolInputSchema(schema)).code).toBe('root-not-object');
      const output = spec.toToolOutputSchema(schema)['~standard'];
      expect(output.jsonSchema.output({ target: 'draft-07' })).toStrictEqual(listed);
    });

    it("throw unrepresentable with the pointer by default, or list {} with 'any'", () => {
      const { schema, pointer, message, properties } = spec.unrepresentable;
      const error = toolSchemaError(() => spec.toToolInputSchema(schema));
      expect({ code: error.code, pointer: error.pointer, message: error.message }).toStrictEqual({
        code: 'unrepresentable',
        pointer,
        message: `${message} (at ${pointer}). Use unrepresentable: 'any' to list it as {}.`,
      });
      const reported: unknown[] = [];
      const listed = input(schema, {
        unrepresentable: 'any',
        onDiagnostics: (diagnostics) => reported.push(...diagnostics),
      });
      expect(listed.properties).toStrictEqual(properties);
      expect(reported).toStrictEqual([{ code: 'unrepresentable', pointer, message }]);
    });

    it('throw unrepresentable for the output side where the tool is defined', () => {
      const { schema, pointer } = spec.unrepresentableOutput;
      const error = toolSchemaError(() => spec.toToolOutputSchema(schema));
      expect({ code: error.code, pointer: error.pointer }).toStrictEqual({
        code: 'unrepresentable',
        pointer,
      });
    });
  });
}
