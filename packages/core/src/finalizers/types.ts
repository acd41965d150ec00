import type { ResolvedOptions } from '../resolveOptions/index.ts';
import type { Diagnostic, Dialect, JsonSchema } from '../types/index.ts';

/** Root definitions a road kept because they lie on a cycle. */
export interface KeptCycles {
  /** Where the definitions stand in the output root: `$defs` or `definitions`. */
  defsKeyword: '$defs' | 'definitions';
  /** Names of the definitions that lie on a cycle. */
  names: ReadonlySet<string>;
  /** The byte budget of this document's output. */
  maxBytes: number;
  /** The depth budget of this document's output. */
  maxDepth: number;
}

/** What a road hands to the finalizers besides the schema. */
export interface FinalizerContext {
  /** The call's options, resolved. */
  readonly options: ResolvedOptions;
  /** The dialect in force: the root's `$schema`, else the option. */
  readonly dialect: Dialect;
  /** The diagnostics so far, in order; a finalizer appends its own. */
  readonly diagnostics: Diagnostic[];
  /** The cycles the road kept as `$ref`, if any. */
  readonly cycles: KeptCycles | undefined;
  /**
   * Whether the road kept the document as it came (its `$dynamicRef`s resolve by dynamic scope):
   * its references were not rewritten, so some may still point at its root.
   */
  readonly keptWhole: boolean;
}

/**
 * One step after either road. It takes the output so far (owned by the pass: it may rewrite it in
 * place) and returns the next output; what it cannot keep exactly it reports in
 * `context.diagnostics`. A finalizer that has nothing to do returns its argument.
 */
export type Finalizer = (schema: JsonSchema, context: FinalizerContext) => JsonSchema;
