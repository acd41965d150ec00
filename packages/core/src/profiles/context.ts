import type { CodecNode, Diagnostic, DiagnosticCode } from '../types/index.ts';
import type { Recipe } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

/** What one rewrite produced for one schema position. */
export interface Rewritten {
  /** The wire schema. */
  wire: SchemaObject;
  /** How values map between the wire and the original. */
  codec: CodecNode;
  /**
   * The codec maps nothing here (`isPassive(codec)`), known as the codec is built, so the
   * rewrites never walk a codec to ask.
   */
  passive: boolean;
  /** The original accepts `null` here. */
  acceptsNull: boolean;
  /** The original schema as the rewrite read it (refs resolved, `allOf` merged): for guards. */
  original: unknown;
  /** The original accepts nothing here (`false`). */
  never?: boolean;
}

/** The state of one `toProviderSchema` call, shared by the rewrites. */
export interface RewriteContext {
  /** The profile's rules. */
  recipe: Recipe;
  /** The self-contained schema (for its `$ref`s into root `$defs`). */
  root: unknown;
  /** Diagnostics so far. */
  diagnostics: Diagnostic[];
  /** `code pointer` of each diagnostic, to report each place once. */
  reported: Set<string>;
  /** How many times each `$ref` was entered on the current path (unrolling). */
  entered: Map<string, number>;
  /** Schema nodes written so far (a bound on unrolling). */
  written: number;
  /** Rewrites one subschema (the walk, handed to the rewrites of each kind). */
  rewrite: (schema: unknown, pointer: string, depth: Depth) => Rewritten;
}

/** How deep a position is: in schemas (a stack bound) and in objects (a provider limit). */
export interface Depth {
  /** Schemas above this one. */
  schemas: number;
  /** Objects above this one. */
  objects: number;
}

/** Schema nodes one call may write before further references travel as JSON strings. */
export const MAX_WRITTEN_NODES = 50_000;

/** Nesting of schemas one call follows before the rest travels as a JSON string. */
export const MAX_SCHEMA_DEPTH = 200;

/**
 * Records a diagnostic once per code and place.
 *
 * @param context The call's state.
 * @param code The code.
 * @param pointer Where, in the self-contained schema.
 * @param message A sentence for humans.
 */
export function report(
  context: RewriteContext,
  code: DiagnosticCode,
  pointer: string,
  message: string,
): void {
  const key = `${code} ${pointer}`;
  if (context.reported.has(key)) return;
  context.reported.add(key);
  context.diagnostics.push({ code, pointer, message });
}

/** One schema position being rewritten, as the rewrite of each kind receives it. */
export interface Place {
  /** The original schema there. */
  schema: SchemaObject;
  /** The annotations the wire keeps there. */
  annotations: SchemaObject;
  /** Where it stands, in the self-contained schema. */
  pointer: string;
  /** How deep it stands. */
  depth: Depth;
  /** The call's state. */
  context: RewriteContext;
}
