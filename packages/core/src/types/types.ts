/** A JSON value, as `JSON.parse` returns it (codec values: enum values, discriminators). */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * A JSON Schema: an object or a boolean (draft 6 and later). Typed loosely on purpose: the pass
 * accepts whatever a converter or a remote server produced and reports what it cannot use.
 */
export type JsonSchema = boolean | { [key: string]: unknown };

/** The JSON Schema dialects the pass knows. */
export type Dialect = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

/**
 * Something the pass could not keep exactly as the input said, or chose on the user's behalf.
 * `pointer` is an RFC 6901 JSON Pointer into the input (`""` is the root).
 */
export interface Diagnostic {
  /** A stable machine-readable code, documented in the package README. */
  code: DiagnosticCode;
  /** RFC 6901 pointer into the input schema where the cause stands. */
  pointer: string;
  /** A sentence for humans. */
  message: string;
}

/** The codes a {@link Diagnostic} can carry. */
export type DiagnosticCode =
  /** A local `$ref` points at nothing; replaced by a permissive schema (or kept, by option). */
  | 'ref-unresolved'
  /** A `$ref` points outside the document; never fetched; replaced by a permissive schema (or kept). */
  | 'ref-external'
  /** The document uses `$dynamicRef` / `$recursiveRef`; it is returned unchanged. */
  | 'ref-dynamic'
  /** draft-07 and earlier ignore keywords beside `$ref`; validation keywords there were dropped. */
  | 'ref-siblings-ignored'
  /** A definition stayed a `$ref` because inlining it would pass the size or depth budget. */
  | 'budget-ref-kept'
  /** The output is over `budget.maxBytes` with nothing left to keep as `$ref` (a large input). */
  | 'budget-exceeded'
  /** `cycles: { unroll }` reached its depth; the rest of the cycle became a permissive schema. */
  | 'cycle-unrolled'
  /** `root: 'object'`: the root could not be made an object schema faithfully. */
  | 'root-not-object'
  /** A value in a schema position is neither an object nor a boolean; treated as permissive. */
  | 'schema-invalid'
  /** A data value (`const`, `default`, ...) nests deeper than the depth budget; left out. */
  | 'value-too-deep'
  /**
   * A keyword no dialect defines (it asserts nothing) holds a `$ref` whose definitions the output
   * drops; left out, so that clients that follow every `$ref` meet no dangling pointer.
   */
  | 'annotation-ref-dropped'
  /**
   * draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` in a document of a later dialect,
   * where it must be a number (Ajv refuses it); read as draft-04 reads it, written as a number.
   */
  | 'bounds-draft-04'
  /**
   * A `pattern` compiles as no ECMA-262 regular expression with the `u` flag, and has no sure form
   * that does; kept as written (validators that compile with `u`, Ajv among them, refuse it).
   */
  | 'pattern-not-unicode'
  /**
   * `foreignPatterns: 'drop'`: such a `pattern` was left out, so that validators that compile
   * with `u` can compile the schema; it accepts more strings there (wider).
   */
  | 'pattern-dropped'
  /**
   * Provider profile: an object that allowed unknown properties by default (no
   * `additionalProperties`) is closed; only its listed properties can be sent (narrower).
   */
  | 'profile-object-closed'
  /**
   * Provider profile: an optional property whose schema accepts `null` became required and
   * nullable; absent and `null` are one wire value, decoded as `null` (narrower).
   */
  | 'profile-absent-null-merged'
  /**
   * Provider profile: a record or open object travels as `[{ key, value }]`; the wire schema does
   * not check keys nor pair patterns with values (wider; the validator checks them).
   */
  | 'profile-entries'
  /**
   * Provider profile: a value the profile cannot express (any value, an `allOf` that cannot be
   * merged, a union whose branches cannot be told apart, an object nested too deep) travels as a
   * JSON-encoded string (wider; the validator checks the parsed value).
   */
  | 'profile-json-string'
  /** Provider profile: a cycle was unrolled; below that depth the value travels as a JSON string (wider). */
  | 'profile-cycle-unrolled'
  /** Provider profile: `oneOf` became `anyOf`; a value matching several branches is not refused (wider). */
  | 'profile-one-of'
  /** Provider profile: a tuple became `items: { anyOf }`; positions are not checked (wider). */
  | 'profile-tuple'
  /** Provider profile: keywords the provider refuses moved into the description (wider). */
  | 'profile-keyword-described'
  /** Provider profile: a root union of objects became one object with every branch's properties (wider). */
  | 'profile-root-merged'
  /** Provider profile: a root that is no plain object travels under one property of a wire object. */
  | 'profile-root-wrapped'
  /**
   * Provider profile: the provider has no `additionalProperties`, so the wire schema of a closed
   * object does not refuse unknown keys (wider; the validator refuses them).
   */
  | 'profile-object-open'
  /** Provider profile: a schema without `type` was read as the type its keywords constrain (narrower). */
  | 'profile-type-inferred'
  /**
   * Provider profile: OpenAPI 3.0's `nullable: true` stands without a `type` beside it, where it
   * asserts nothing, and the schema refuses `null`; the wire refuses it too. The pass leaves such
   * a `nullable` out (no verdict changes), so only a document it keeps whole (`ref-dynamic`)
   * still has one here.
   */
  | 'profile-nullable-ignored';

/** How the pass treats references that close a cycle. */
export type CycleMode = 'ref' | 'throw' | { unroll: number };

/** Options of {@link dereference}. Every option has a documented default. */
export interface DereferenceOptions {
  /** Dialect to assume when the root has no `$schema`. Default `'2020-12'`. */
  dialect?: Dialect;
  /**
   * References that close a cycle: `'ref'` (default) keeps them as `$ref` into root `$defs`;
   * `'throw'` throws a `ToolSchemaError` with code `cycle`; `{ unroll: n }` inlines n levels,
   * then emits a permissive schema with a `cycle-unrolled` diagnostic.
   */
  cycles?: CycleMode;
  /**
   * Local refs that point at nothing and refs to other documents: `'permissive'` (default)
   * replaces them by `{}` plus their siblings, with a diagnostic; `'keep'` leaves the `$ref`;
   * `'throw'` throws a `ToolSchemaError` with code `ref-unresolved` or `ref-external`.
   */
  unresolved?: 'permissive' | 'keep' | 'throw';
  /**
   * `'object'` makes sure the root is an object schema (adds `type: "object"` when the root is
   * typeless, or falls back to a permissive object with a `root-not-object` diagnostic). Never
   * throws. Default `'any'`: the root is left as it is.
   */
  root?: 'any' | 'object';
  /**
   * A `pattern` written for another regex engine, with no form that compiles as an ECMA-262
   * regular expression with the `u` flag and matches the same strings (`(?i)`, `\Z`,
   * `\p{InGreek}`): `'keep'` (default) leaves it as written, with a `pattern-not-unicode`
   * diagnostic; `'drop'` leaves it out, with a `pattern-dropped` diagnostic, for a consumer that
   * compiles the schema with `u` (Ajv, as MCP clients run it on every `outputSchema`) and would
   * otherwise refuse it whole. A pattern that has such a form is written in it either way.
   */
  foreignPatterns?: 'keep' | 'drop';
  /**
   * The root's `$id` (draft-04: `id`): `'keep'` (default) leaves it; `'drop'` leaves it out where
   * nothing left in the output resolves against it (every remaining reference is a fragment of
   * the document itself), for a consumer that registers schemas by `$id`: Ajv refuses a second
   * schema with an `$id` it holds, and the MCP SDK's validator compiles a schema once per `$id`, so
   * two tools that share one, or a tool listed again after it changed, would be judged by the
   * first schema seen. The tool wrappers and `@toolschema/mcp` drop it unless told to keep it.
   */
  rootId?: 'keep' | 'drop';
  /** The size and depth bound of the output. */
  budget?: BudgetOptions;
}

/**
 * The bound on the output. Inlining copies a definition at every use; the pass computes sizes
 * before it builds anything and keeps `$ref`s for as few definitions as needed to fit.
 */
export interface BudgetOptions {
  /** Output size floor, in bytes of compact JSON. Default 128 KiB. */
  minBytes?: number;
  /** Output may grow to this many times the input size when that is above the floor. Default 20. */
  factor?: number;
  /** Hard cap on output bytes, whatever the input. Default 1 MiB. */
  maxBytes?: number;
  /** Maximum nesting depth (objects and arrays) of the output. Default 512. */
  maxDepth?: number;
}

/** What {@link dereference} returns. */
export interface DereferenceResult {
  /** The self-contained schema; shares no object with the input. */
  schema: JsonSchema;
  /** What could not be kept exactly, in input order. Empty when the output is exact. */
  diagnostics: Diagnostic[];
}
