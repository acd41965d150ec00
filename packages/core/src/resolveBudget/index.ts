export {
  DEFAULT_FACTOR,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MIN_BYTES,
  resolveBudget,
} from './resolveBudget.ts';
