import { dropRootIdFinalizer } from './dropRootId.ts';
import { inlineRootRefFinalizer } from './inlineRootRef.ts';
import { objectRootFinalizer } from './objectRoot.ts';
import type { Finalizer } from './types.ts';
import { unrollCyclesFinalizer } from './unrollCycles.ts';

/**
 * The steps every output goes through after either road, in order. A new step is one file and
 * one line here. Unrolling comes before the root `$ref` (none is left once cycles unroll), and
 * both before the root policy: the policy reads the final root. The root's `$id` goes last, once
 * the policy may have moved it into a resource of its own.
 */
export const FINALIZERS: readonly Finalizer[] = [
  unrollCyclesFinalizer,
  inlineRootRefFinalizer,
  objectRootFinalizer,
  dropRootIdFinalizer,
];
