export { dropRootIdFinalizer } from './dropRootId.ts';
export { FINALIZERS } from './finalizers.ts';
export { inlineRootRefFinalizer } from './inlineRootRef.ts';
export {
  describeNonObjectRoot,
  forceObjectRoot,
  objectRootFinalizer,
  requireObjectRoot,
} from './objectRoot.ts';
export type { Finalizer, FinalizerContext, KeptCycles } from './types.ts';
export { unrollCycles, unrollCyclesFinalizer } from './unrollCycles.ts';
