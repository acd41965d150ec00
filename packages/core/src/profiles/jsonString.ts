import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { jsonPrefix } from '../utils/jsonPrefix.ts';
import { parsePointerFragment, resolveLocalReference } from '../utils/pointer.ts';
import { forEachSubschema, type SubschemaPlace } from '../visitSchemas/index.ts';
import type { RewriteContext, Rewritten } from './context.ts';
import { MAX_SUMMARY_CHARACTERS, report } from './context.ts';
import { appendDescription } from './describe.ts';
import { typedWire } from './typedWire.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Sends a value the profile cannot express as a JSON-encoded string: the wire accepts any
 * string, decoding parses it, and the validator judges the parsed value. The original schema is
 * summarized in the description so the model knows what to encode.
 *
 * @param original The original schema (for the description and the guard).
 * @param annotations The wire annotations to keep (title, description).
 * @param why Why, for the diagnostic; `undefined` when a plain "any value" needs no diagnostic.
 * @param context The call's state.
 * @param pointer Where, in the self-contained schema.
 * @param described What the value is, in place of the original's JSON (which a cycle's tail
 *   need not repeat: the schema it recurs into encloses it).
 * @returns The rewritten position.
 */
export function jsonString(
  original: unknown,
  annotations: SchemaObject,
  why: string | undefined,
  context: RewriteContext,
  pointer: string,
  described?: string,
): Rewritten {
  const wire = typedWire('string', annotations);
  if (described !== undefined) appendDescription(wire, described);
  else {
    context.summaries ??= new Map();
    const summaries = context.summaries;
    let summary = summaries.get(original);
    if (summary === undefined && !summaries.has(original)) {
      summary = summarize(original, context.root);
      summaries.set(original, summary);
      // Writing a summary (up to 2,000 characters) is work the walk's bound counts: unions
      // rewritten again and again may meet thousands of new schemas to summarize.
      if (summary !== undefined) context.work += summary.length >> 5;
    }
    // Past the budget, a summary would repeat schemas the wire already shows many times over
    // (a definition used at hundreds of places): the tail says only what it is.
    const written =
      summary !== undefined && context.summarized + summary.length <= MAX_SUMMARY_CHARACTERS
        ? summary
        : undefined;
    if (written !== undefined) context.summarized += written.length;
    appendDescription(
      wire,
      written !== undefined
        ? `A JSON-encoded value matching this JSON Schema: ${written}`
        : 'A JSON-encoded value.',
    );
  }
  if (why !== undefined) {
    report(context, 'profile-json-string', pointer, `${why}; it travels as a JSON-encoded string.`);
  }
  // The original's `null` travels inside the string (`"null"`); the wire position itself takes
  // no `null`, so an optional property here is made nullable with `null` meaning absent.
  return { wire, codec: { kind: 'json' }, passive: false, acceptsNull: false, original };
}

/**
 * The compact JSON of a schema when it is short enough to help; nothing for `{}`. The schema is
 * quoted readable alone ({@link quotable}): a reference back to it is written `#`, in the text,
 * wherever the quote spells that `"$ref"` pair (a value that spells it out, a `default` of
 * `{ "$ref": ... }`, reads `#` too: the quote describes, nothing validates against it).
 */
function summarize(schema: unknown, root: unknown): string | undefined {
  if (schema === true || isTypeless(schema)) return undefined;
  const { quoted, selfReferences } = quotable(schema, root);
  let text = jsonPrefix(quoted, 2_000);
  for (const ref of selfReferences)
    text = text.replaceAll(`"$ref":${JSON.stringify(ref)}`, '"$ref":"#"');
  return text.length <= 2_000 ? text : `${text.slice(0, 2_000)}…`;
}

/** Schema objects {@link quotable} reads for the references a quote holds. */
const QUOTE_READ_BUDGET = 1_024;

/** The containers of definitions a quote carries (`#/$defs/x`, draft-07's `#/definitions/x`). */
const DEFINITIONS = ['$defs', 'definitions'] as const;

/**
 * A schema as a description quotes it, readable without the tool's schema around it: the root
 * definitions its references name (transitively) ride beside it under the same container and
 * name, so `#/$defs/x` resolves within the quote as it did in the tool's schema, and the
 * references back to the schema itself are listed, to be written `#` (the quote's root). A
 * recursive union that travels as a JSON string otherwise named definitions the model cannot
 * see (ArkType's `{ anyOf: [{ $ref: "#/$defs/filter_2" }, ...] }`). Reads the subschemas only
 * (not a `default` that looks like one), at most {@link QUOTE_READ_BUDGET}; past them, carries
 * what it found.
 *
 * @param schema The schema to quote (a part of `root`).
 * @param root The self-contained schema it is part of.
 * @returns The schema to quote, and its references to itself.
 */
function quotable(
  schema: unknown,
  root: unknown,
): { quoted: unknown; selfReferences: readonly string[] } {
  if (!isPlainObject(schema) || schema === root) return { quoted: schema, selfReferences: [] };
  const selfReferences = new Set<string>();
  const carried: Partial<Record<(typeof DEFINITIONS)[number], Record<string, unknown>>> = {};
  const stack: unknown[] = [schema];
  const push: SubschemaPlace = (container, key) => {
    stack.push((container as Record<string | number, unknown>)[key]);
  };
  let budget = QUOTE_READ_BUDGET;
  for (let each = stack.pop(); each !== undefined && budget > 0; each = stack.pop()) {
    if (!isPlainObject(each)) continue;
    budget--;
    forEachSubschema(each, push);
    const ref = each.$ref;
    if (typeof ref !== 'string') continue;
    const target = resolveLocalReference(root, ref);
    if (!target.found) continue;
    if (target.value === schema) {
      selfReferences.add(ref);
      continue;
    }
    const tokens = parsePointerFragment(ref.slice(1));
    const container = DEFINITIONS.find((name) => name === tokens?.[0]);
    const name = tokens?.length === 2 ? tokens[1] : undefined;
    if (container === undefined || name === undefined) continue;
    carried[container] ??= {};
    const definitions = carried[container];
    // A name the schema's own definitions hold already keeps its meaning there.
    if (Object.hasOwn(definitions, name) || hasDefinition(schema, container, name)) continue;
    setOwn(definitions, name, target.value);
    stack.push(target.value);
  }
  let quoted: Record<string, unknown> = schema;
  for (const container of DEFINITIONS) {
    const definitions = carried[container];
    if (definitions === undefined || Object.keys(definitions).length === 0) continue;
    const own = isPlainObject(quoted[container]) ? quoted[container] : {};
    quoted = { ...quoted, [container]: { ...own, ...definitions } };
  }
  return { quoted, selfReferences: [...selfReferences] };
}

/** Whether a schema holds a definition of that name in that container itself. */
function hasDefinition(schema: Record<string, unknown>, container: string, name: string): boolean {
  const definitions = schema[container];
  return isPlainObject(definitions) && Object.hasOwn(definitions, name);
}

function isTypeless(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  return Object.keys(schema).every((key) =>
    ['title', 'description', 'default', 'examples', '$comment'].includes(key),
  );
}
