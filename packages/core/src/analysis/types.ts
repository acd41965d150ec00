import type { Diagnostic, Dialect } from '../types/index.ts';
import type { KeywordKind } from '../vocabulary/index.ts';

/**
 * The data model of the analysis: what `indexDocument` builds and the later steps
 * (`resolveReference`, `planOutput`, `emitSchema`) read.
 */

/** A subschema position: a unit id, a boolean schema, or a value that is no schema (kept as is). */
export type Slot = number | boolean | { invalid: unknown };

/** A keyword of a schema object that holds subschemas: what `$ref` pointers walk through. */
export interface Entry {
  /** The keyword. */
  key: string;
  /** How it holds subschemas. */
  kind: typeof KeywordKind.Schema | typeof KeywordKind.SchemaArray | typeof KeywordKind.SchemaMap;
  /** The subschemas (one for `Schema`). */
  slots: Slot[];
  /** The property names, for `SchemaMap` (parallel to `slots`). */
  names: string[];
  /** Position of each name, built on the first `$ref` that walks a large map. */
  positions?: Map<string, number>;
  /**
   * Indexed for `$ref`s to find, never emitted: `$defs`/`definitions`, and in draft-07 and
   * earlier the keywords beside `$ref`.
   */
  hidden: boolean;
}

/** Where a `$ref` leads. */
export type ReferenceTarget =
  | { kind: 'unit'; unit: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'unresolved'; reason: string }
  | { kind: 'external'; uri: string };

/** A `$ref` found in a schema position. */
export interface Reference {
  /** The raw value of `$ref`. */
  value: string;
  /** Where it points; filled in once the whole document is indexed. */
  target: ReferenceTarget;
}

/** A resource: the document root or a subschema with its own `$id`. */
export interface Resource {
  /** Absolute URI without fragment. */
  uri: string;
  /** The unit that is the resource root. */
  root: number;
  /** Pointer of `root` in the input. */
  rootPointer: string;
  /** `$anchor` (and draft ≤ 7 `$id: "#name"`) names in this resource. */
  anchors: Map<string, number>;
}

/** One schema object of the input. */
export interface Unit {
  /** Index in {@link DocumentIndex.units}. */
  id: number;
  /** The input object. */
  source: Record<string, unknown>;
  /** RFC 6901 pointer of its first location in the input (`parent`'s pointer + `tail`). */
  pointer: string;
  /** The unit it was found in, or -1 (the root, or a target found through a pointer). */
  parent: number;
  /** Its pointer relative to `parent` (short: names are made from it without reading `pointer`). */
  tail: string;
  /** Containers (objects and arrays) from the document root to it: its pointer's token count. */
  depth: number;
  /** Schema objects it is nested in (its parents). */
  schemaDepth: number;
  /**
   * The input object of its nearest parent (or itself) at a power-of-two `schemaDepth`: a unit
   * whose object is its parent's checkpoint lies inside itself (Brent's cycle detection along
   * the parent chain, one comparison per unit).
   */
  checkpoint: object;
  /** The resource it belongs to (its base URI). */
  resource: Resource;
  /**
   * Its output, copied while indexing: every keyword it emits (no `$ref`, `$defs`,
   * `definitions`, `$id`, `$anchor`), with the bodies of its subschemas already in place.
   * Linking later applies its `$ref` and replaces what stays a `$ref`.
   */
  body: Record<string, unknown>;
  /** The container its body is placed in (its parent's body, a map or an array), if any. */
  holder: Record<string, unknown> | unknown[] | undefined;
  /** Its key or index in `holder`. */
  slotKey: string | number;
  /** The keywords that hold subschemas, in input order (hidden ones included). */
  entries: Entry[];
  /** Its `$ref`, if any. */
  ref: Reference | undefined;
  /** Units it emits in place, in order (the subschemas of its entries). */
  children: number[];
  /** For each child: containers between this object and the child (1 or 2). */
  childDepth: number[];
  /** Compact-JSON bytes of everything it emits itself (not its children, not its target). */
  ownBytes: number;
  /** Depth of its deepest data value (0 when none). */
  dataDepth: number;
}

/** Everything the later passes need to know about the input. */
export interface DocumentIndex {
  /** The dialect in force. */
  dialect: Dialect;
  /** Every schema object, in discovery order; unit 0 is the root when the root is an object. */
  units: Unit[];
  /** Units made for `$ref` targets outside schema positions, by resource URI and pointer. */
  targets: Map<string, number>;
  /** Resources by absolute URI. */
  resources: Map<string, Resource>;
  /** Whether `$dynamicRef` or `$recursiveRef` occur (then dynamic anchors are kept). */
  hasDynamicRefs: boolean;
  /** Compact bytes of the whole input. */
  inputBytes: number;
  /** What the index could not take as the input says. */
  diagnostics: Diagnostic[];
  /** The unit each diagnostic is about (parallel to `diagnostics`), to report reachable ones only. */
  diagnosticUnits: number[];
  /**
   * Root keywords no dialect defines whose value holds a `$ref`, with their
   * `annotation-ref-dropped` diagnostic: still in the root's body, since a `$ref` may have pointed
   * into one (a container of definitions, dropped by its own rule), which the index knows only
   * once every `$ref` is resolved. Below the root such a keyword is left out as it is read.
   */
  rootRefHolders: { key: string; diagnostic: Diagnostic }[];
}

/**
 * More data (`const`, `enum`, `default`, ...) than the largest API description holds (GitHub's
 * REST description, examples included, is about 12 MB): bounds many uses of one large shared
 * value. The copies live in memory at about four times their JSON size, so this also bounds the
 * heap a hostile input costs (about 130 MB) on machines with a small default heap.
 */
export const MAX_DATA_BYTES = 32 * 1024 * 1024;
