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

/** One schema of the adapter's validator per shared behaviour. */
export interface AdapterSchemas<Schema> {
  /** An object whose properties use one registered (named) type twice. */
  reused: Schema;
  /** An object with a recursive property: it lists with refs into its own root `$defs`. */
  recursive: Schema;
  /** An object whose input and output sides differ (a default, a transform). */
  sides: Schema;
  /** An object listed for the `draft-07` target. */
  draft07: Schema;
  /** A schema and values to validate: at least one valid and one invalid. */
  validation: { schema: Schema; values: unknown[] };
  /** A union of two objects. */
  union: Schema;
  /** An array of strings: not an object, so an input root fails. */
  arrayRoot: Schema;
  /** An object with a type JSON Schema cannot express (a Date). */
  unrepresentable: Schema;
  /** An object whose output side has a type JSON Schema cannot express. */
  unrepresentableOutput: Schema;
  /** An object with a property whose custom check (a predicate) JSON Schema cannot express. */
  customCheck: Schema;
}

/**
 * What the adapter's wrappers list for {@link AdapterSchemas}, written out per adapter (kept as a
 * JSON file beside its test: the validators list the same things differently, in key order,
 * `required` order and annotations). `$schema` is left out: the kit checks it, as it names the
 * target the kit requested.
 */
export interface AdapterExpected {
  /** The input side of `reused`, draft-2020-12. */
  reused: Listed;
  /** The input and output sides of `sides`, draft-2020-12. */
  sides: { input: Listed; output: Listed };
  /** The input side of `draft07`, draft-07. */
  draft07: Listed;
  /** The keyword the validator lists `union` with (`oneOf` or `anyOf`). */
  unionKeyword: string;
  /** The output side of `arrayRoot`, draft-07. */
  arrayRoot: Listed;
  /** Where and why `unrepresentable` fails, and its properties under `unrepresentable: 'any'`. */
  unrepresentable: { pointer: string; message: string; properties: Listed };
  /** Where the output side of `unrepresentableOutput` fails. */
  unrepresentableOutput: { pointer: string };
  /** The properties listed for `customCheck`, and the `constraint-dropped` diagnostics. */
  customCheck: {
    properties: Listed;
    diagnostics: { code: string; pointer: string; message: string }[];
  };
  /** What the wrappers say they take in an `unsupported-validator` message: `'a Zod 4 schema'`. */
  expected: string;
}

/** The adapter under test, its schemas and what it lists for them. */
export interface AdapterSpec<Schema> {
  toToolInputSchema: (schema: Schema, options?: AdapterTestOptions) => Wrapped;
  toToolOutputSchema: (schema: Schema, options?: AdapterTestOptions) => Wrapped;
  schemas: AdapterSchemas<Schema>;
  expected: AdapterExpected;
}

const TARGET = { target: 'draft-2020-12' } as const;
/** `$schema` of each target's output. */
const DRAFT_2020_12 = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
const DRAFT_07 = { $schema: 'http://json-schema.org/draft-07/schema#' };

/** A Standard Schema of a validator no adapter takes, without Standard JSON Schema. */
const otherValidator = {
  '~standard': { version: 1, vendor: 'other', validate: (value: unknown) => ({ value }) },
};

/**
 * Registers the tests every adapter's wrappers must pass, with the adapter's own schemas and
 * expected objects: registered types inlined, recursion kept local, each side and target, the
 * validator's own validation under the wrapper's vendor, object roots, unrepresentable types,
 * custom checks left out with a diagnostic, other values refused.
 * What only one validator does stays in that adapter's tests.
 *
 * @param name The adapter's package name.
 * @param spec The wrappers and the cases.
 */
export function describeAdapter<Schema>(name: string, spec: AdapterSpec<Schema>): void {
  const { schemas, expected } = spec;
  const input = (schema: Schema, options?: AdapterTestOptions) =>
    spec.toToolInputSchema(schema, options)['~standard'].jsonSchema.input(TARGET);

  describe(`${name} wrappers`, () => {
    it('inline a registered type used twice: no $ref, no $defs', () => {
      const listed = input(schemas.reused);
      expect(listed).toStrictEqual({ ...DRAFT_2020_12, ...expected.reused });
      expect(refsOf(listed)).toStrictEqual([]);
    });

    it('keep recursion as refs into the listed schema own $defs, under an object root', () => {
      const listed = input(schemas.recursive);
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
      expect(input(schemas.sides)).toStrictEqual({ ...DRAFT_2020_12, ...expected.sides.input });
      const output = spec.toToolOutputSchema(schemas.sides);
      expect(output['~standard'].jsonSchema.output(TARGET)).toStrictEqual({
        ...DRAFT_2020_12,
        ...expected.sides.output,
      });
    });

    it('convert for the draft-07 target', () => {
      const tool = spec.toToolInputSchema(schemas.draft07);
      expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual({
        ...DRAFT_07,
        ...expected.draft07,
      });
    });

    it("validate with the validator: same results, under the wrapper's own vendor", async () => {
      const { schema, values } = schemas.validation;
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
      const listed = input(schemas.union);
      expect(listed.type).toBe('object');
      expect(listed[expected.unionKeyword]).toHaveLength(2);
    });

    it('refuse a non-object input root (root-not-object), allow it as output', () => {
      const schema = schemas.arrayRoot;
      expect(toolSchemaError(() => spec.toToolInputSchema(schema)).code).toBe('root-not-object');
      const output = spec.toToolOutputSchema(schema)['~standard'];
      expect(output.jsonSchema.output({ target: 'draft-07' })).toStrictEqual({
        ...DRAFT_07,
        ...expected.arrayRoot,
      });
    });

    it("throw unrepresentable with the pointer by default, or list {} with 'any'", () => {
      const schema = schemas.unrepresentable;
      const { pointer, message, properties } = expected.unrepresentable;
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
      const { pointer } = expected.unrepresentableOutput;
      const error = toolSchemaError(() => spec.toToolOutputSchema(schemas.unrepresentableOutput));
      expect({ code: error.code, pointer: error.pointer }).toStrictEqual({
        code: 'unrepresentable',
        pointer,
      });
    });

    it('list a custom check they cannot express with constraint-dropped, never throw', () => {
      const reported: unknown[] = [];
      const listed = input(schemas.customCheck, {
        onDiagnostics: (diagnostics) => reported.push(...diagnostics),
      });
      expect(listed.properties).toStrictEqual(expected.customCheck.properties);
      expect(reported).toStrictEqual(expected.customCheck.diagnostics);
    });

    it('refuse another validator, a JSON Schema object and null with unsupported-validator', () => {
      const cases: [unknown, string][] = [
        [otherValidator, 'a Standard Schema of vendor "other" without ~standard.jsonSchema'],
        [{ type: 'object', properties: {} }, 'an object that is not a Standard Schema'],
        [null, 'null'],
      ];
      for (const wrap of [spec.toToolInputSchema, spec.toToolOutputSchema]) {
        for (const [value, got] of cases) {
          const error = toolSchemaError(() => wrap(value as Schema));
          // The rest of the message, which names the function for each kind of schema, is
          // core's (tested there).
          const head = `Expected ${expected.expected}, got ${got}. `;
          expect({ code: error.code, head: error.message.slice(0, head.length) }).toStrictEqual({
            code: 'unsupported-validator',
            head,
          });
        }
      }
    });
  });
}
