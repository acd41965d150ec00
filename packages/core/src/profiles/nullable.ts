import { setOwn } from '../utils/cloneJson.ts';
import type { Recipe } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

/** Keywords a `type` list keeps whole in every client: the type, listed values, annotations. */
const BARE_KEYWORDS = new Set(['type', 'enum', 'title', 'description', 'default']);

/** Annotations that stay on a nullable union rather than its non-null branch. */
const UNION_ANNOTATIONS = ['title', 'description', 'default'];

/**
 * The `type` a schema allows, read as Ajv reads OpenAPI 3.0's `nullable: true`: beside a `type`
 * it adds `"null"` (an `enum` still restricts the values); without a `type` it says nothing.
 *
 * @param schema A schema (original or wire).
 * @returns Its `type` keyword, with `"null"` where `nullable: true` adds it.
 */
export function typeWithNullable(schema: SchemaObject): unknown {
  const { type } = schema;
  if (schema.nullable !== true) return type;
  if (typeof type === 'string') return type === 'null' ? type : [type, 'null'];
  if (Array.isArray(type) && type.length > 0 && !type.includes('null')) return [...type, 'null'];
  return type;
}

/**
 * A schema with OpenAPI 3.0's `nullable` read (see {@link typeWithNullable}) and the keyword
 * gone: beside a `type`, `"null"` joins the type; without one, the keyword asserts nothing and is
 * dropped, so no later merge (an `allOf`, a `$ref`'s target spread under its siblings) can set it
 * beside a type it never stood beside. The schema itself where it has no `nullable`.
 *
 * @param schema An original schema (not mutated).
 * @returns The schema, or a copy without `nullable` (whose `type` lists `"null"` where it said so).
 */
export function readNullable(schema: SchemaObject): SchemaObject {
  if (!Object.hasOwn(schema, 'nullable')) return schema;
  const type = typeWithNullable(schema);
  const read: SchemaObject = {};
  for (const key of Object.keys(schema)) if (key !== 'nullable') setOwn(read, key, schema[key]);
  if (type !== undefined) read.type = type;
  return read;
}

/**
 * Tells whether a schema says `nullable: true` where it asserts nothing: without a `type` beside
 * it (OpenAPI 3.0.3: "only if `type` is explicitly defined within the same Schema Object"), as in
 * `{ $ref, nullable: true }` or `{ allOf: [{ $ref }], nullable: true }`, which OpenAPI generators
 * read as "or null" but validators do not (Ajv refuses to compile it, in every `strict` mode).
 *
 * @param schema An original schema.
 * @returns Whether its `nullable: true` stands without a `type`.
 */
export function isTypelessNullable(schema: SchemaObject): boolean {
  return schema.nullable === true && schema.type === undefined;
}

/**
 * Makes a wire schema accept `null` as well, in the provider's spelling: `nullable: true`, a
 * `type` list with `"null"` (and `null` in its `enum`), or an `anyOf` branch `{ type: "null" }`
 * (with `recipe.nullAsBranch`, for every schema with more than a type and values).
 *
 * @param wire The wire schema (not mutated).
 * @param recipe The profile's rules.
 * @returns A wire schema that also accepts `null`.
 */
export function makeNullable(wire: SchemaObject, recipe: Recipe): SchemaObject {
  if (recipe.nullStyle === 'nullable-keyword') {
    // `nullable` stands beside a `type`: on a union, each branch says it. Beside an `enum` it
    // admits `null` unlisted, as Google's SDK writes `anyOf: [{ type, enum }, { type: "null" }]`
    // (`@google/genai` 3.6.1 `processJsonSchema`: `{ nullable: true, type, enum }`); Gemini's
    // `enum` holds strings only, so `null` cannot be listed there.
    if (!Array.isArray(wire.anyOf)) return { ...wire, nullable: true };
    return {
      ...wire,
      anyOf: wire.anyOf.map((branch) => makeNullable(branch as SchemaObject, recipe)),
    };
  }
  if (Array.isArray(wire.anyOf)) {
    const hasNull = wire.anyOf.some((branch) => isNullSchema(branch));
    return hasNull ? wire : { ...wire, anyOf: [...wire.anyOf, { type: 'null' }] };
  }
  if (typeof wire.type === 'string') {
    if (wire.type === 'null') return wire;
    if (recipe.nullAsBranch && Object.keys(wire).some((key) => !BARE_KEYWORDS.has(key))) {
      // Copies that leave keys out rather than `delete` them: a deleted key turns an object
      // into a slow dictionary for every later reader.
      const union: SchemaObject = {};
      for (const key of UNION_ANNOTATIONS) if (Object.hasOwn(wire, key)) union[key] = wire[key];
      const branch: SchemaObject = {};
      for (const key of Object.keys(wire))
        if (!UNION_ANNOTATIONS.includes(key)) setOwn(branch, key, wire[key]);
      union.anyOf = [branch, { type: 'null' }];
      return union;
    }
    return withNull(wire, [wire.type, 'null']);
  }
  if (Array.isArray(wire.type)) {
    if (wire.type.includes('null')) return wire;
    return withNull(wire, [...wire.type, 'null']);
  }
  // No type: the schema already accepts null unless it lists values.
  if (Array.isArray(wire.enum) && !wire.enum.includes(null))
    return { ...wire, enum: [...wire.enum, null] };
  return wire;
}

/**
 * {@link makeNullable} of a wire schema the caller has just made and holds alone: where the
 * provider's spelling adds a key (`nullable: true`), it is added in place. Spread into a copy,
 * wire schemas of the walk's many shapes take V8's slow path of object cloning.
 *
 * @param wire A new wire schema, held by nobody else (written in place).
 * @param recipe The profile's rules.
 * @returns A wire schema that also accepts `null`: `wire` itself, or a new one.
 */
export function makeOwnNullable(wire: SchemaObject, recipe: Recipe): SchemaObject {
  if (recipe.nullStyle !== 'nullable-keyword' || Array.isArray(wire.anyOf))
    return makeNullable(wire, recipe);
  wire.nullable = true;
  return wire;
}

/**
 * A copy of a wire schema with another `type` and `null` among its `enum` values, keys in the
 * same order. Written as a loop: object spread is slow on the many shapes wire schemas have.
 */
function withNull(wire: SchemaObject, type: string[]): SchemaObject {
  // Each key written once, with its final value: writing `type` again, an array where a string
  // stood, costs more than the whole copy. A leaf's `type` comes first: written with the object.
  // The keys are read where one scan stands, without listing them.
  let result: SchemaObject | undefined;
  for (const key in wire) {
    if (result === undefined) {
      result = key === 'type' ? { type } : {};
      if (key === 'type') continue;
    }
    const value = wire[key];
    if (key === 'type') result.type = type;
    else if (key === 'enum' && Array.isArray(value) && !value.includes(null))
      result.enum = [...value, null];
    else setOwn(result, key, value);
  }
  return result ?? {};
}

/**
 * Tells whether a wire schema accepts only `null`.
 *
 * @param schema A wire schema.
 * @returns Whether it is `{ type: "null" }` (annotations aside).
 */
export function isNullSchema(schema: unknown): boolean {
  return (
    schema !== null &&
    typeof schema === 'object' &&
    (schema as SchemaObject).type === 'null' &&
    !Array.isArray((schema as SchemaObject).anyOf)
  );
}
