export {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  parseCycleMode,
  toDereferenceOptions,
} from './passOptions.ts';
