import { jsonPrefix } from '../utils/jsonPrefix.ts';
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
      summary = summarize(original);
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

/** The compact JSON of a schema when it is short enough to help; nothing for `{}`. */
function summarize(schema: unknown): string | undefined {
  if (schema === true || isTypeless(schema)) return undefined;
  const text = jsonPrefix(schema, 2_000);
  return text.length <= 2_000 ? text : `${text.slice(0, 2_000)}…`;
}

function isTypeless(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  return Object.keys(schema).every((key) =>
    ['title', 'description', 'default', 'examples', '$comment'].includes(key),
  );
}
