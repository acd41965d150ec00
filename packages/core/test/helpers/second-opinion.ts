import { type Schema, Validator } from '@cfworker/json-schema';
import type { AjvDraft } from './ajv.ts';
import { isObject, walkSchemas } from './schema-refs.ts';

/** What a validator said about an instance: valid, invalid, or it threw. */
export type Verdict = boolean | 'threw';

/**
 * Creates a validator with `@cfworker/json-schema`, an interpreter (no code generation) that
 * shares no code with Ajv. It is the tie-breaker when Ajv disagrees between input and output: Ajv
 * has code-generation bugs (e.g. `unevaluatedItems` in a schema reached again through a `$ref`
 * cycle), and a disagreement that only Ajv sees is not a difference in meaning.
 *
 * @param draft The draft.
 * @param schema The schema.
 * @returns A function giving the verdict on an instance (`'threw'` when the validator throws,
 *   also when the schema cannot be loaded).
 */
export function createSecondOpinion(
  draft: AjvDraft,
  schema: unknown,
): (instance: unknown) => Verdict {
  const validator = loadValidator(draft, schema, true);
  return (instance) => {
    if (validator === undefined) return 'threw';
    try {
      return validator.validate(instance).valid;
    } catch {
      return 'threw';
    }
  };
}

/** Where a validator refused an instance: the keyword's location in the schema, and the value's. */
export interface Refusal {
  /** The path of the refusing keyword in the schema, e.g. `#/properties/a/type`. */
  schemaPath: string;
  /** The path of the refused value in the instance, e.g. `/a` (`''`: the instance itself). */
  instancePath: string;
}

/**
 * Creates a function listing every refusal `@cfworker/json-schema` finds in an instance (no short
 * circuit), to tell why it refused a value when Ajv's reasons are not all there: it checks
 * formats, which the tests' Ajv takes as annotations.
 *
 * @param draft The draft.
 * @param schema The schema.
 * @returns A function giving the refusals (`[]` when valid or when the validator throws).
 */
export function createSecondOpinionRefusals(
  draft: AjvDraft,
  schema: unknown,
): (instance: unknown) => Refusal[] {
  const validator = loadValidator(draft, schema, false);
  return (instance) => {
    if (validator === undefined) return [];
    try {
      return validator.validate(instance).errors.map((unit) => ({
        // It spells `dependentRequired` "dependantRequired" in its locations (4.1.6): the schema
        // path names the keyword as the schema writes it, as Ajv's does.
        schemaPath: unit.keywordLocation.replace(
          /\/dependantRequired(?=\/|$)/,
          '/dependentRequired',
        ),
        instancePath: unit.instanceLocation.replace(/^#/, ''),
      }));
    } catch {
      return [];
    }
  };
}

/** A `@cfworker/json-schema` validator for the schema, or undefined when it cannot load it. */
function loadValidator(
  draft: AjvDraft,
  schema: unknown,
  shortCircuit: boolean,
): Validator | undefined {
  try {
    return new Validator(
      withDecodedFragments(schema) as Schema,
      draft === '2020-12' ? '2020-12' : '7',
      shortCircuit,
    );
  } catch {
    return undefined;
  }
}

/**
 * Returns a copy whose local `$ref`s are percent-decoded (`#/$defs/a%20b` → `#/$defs/a b`), which
 * means the same (RFC 3986) but is the only form `@cfworker/json-schema` resolves.
 *
 * @param schema The schema.
 * @returns The copy.
 */
function withDecodedFragments(schema: unknown): unknown {
  const copy = structuredClone(schema);
  walkSchemas(copy, (node) => {
    if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return;
    try {
      node.$ref = `#${decodeURIComponent(node.$ref.slice(1))}`;
    } catch {
      // Not valid percent-encoding: left as it is.
    }
  });
  return copy;
}
