// The shapes of the scalar-leaf tables, apart from the rewrite that compiles and reads them
// (scalarLeaf.ts), so that the call's state (context.ts) can hold them without an import cycle.

import type { KeptAnnotation } from './recipe.ts';

/** The scalar types a leaf may have. */
export type LeafType = 'string' | 'number' | 'integer' | 'boolean';

/**
 * What the leaf rewrite does with one key: write it to the wire at a place (`slot`), or leave the
 * fast path (the general rewrite handles the node). A key the table does not list is one the
 * general rewrite ignores on a scalar (`x-*`, `$comment`, `example`, another type's keyword...).
 */
export type LeafAction =
  | { kind: 'type' }
  | { kind: 'annotation'; slot: number; keyword: KeptAnnotation }
  | { kind: 'keyword'; slot: number; checked: boolean }
  | { kind: 'enum' }
  | { kind: 'general' };

/** A recipe's leaf table for one scalar type, and the wire keys in their places. */
export interface LeafTable {
  actions: ReadonlyMap<string, LeafAction>;
  /** The wire's keys after `type`, by slot: the kept annotations, then the kept keywords. */
  slots: readonly string[];
}

/** A recipe's leaf tables, one per scalar type. */
export type LeafTables = Readonly<Record<LeafType, LeafTable>>;
