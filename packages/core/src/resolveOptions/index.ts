export {
  type Budget,
  type BudgetLimits,
  budgetFor,
  DEFAULT_FACTOR,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MIN_BYTES,
  DEREFERENCE_KEYS,
  DIALECTS,
  maxDataDepthFor,
  type ResolvedOptions,
  resolveOptions,
} from './resolveOptions.ts';
