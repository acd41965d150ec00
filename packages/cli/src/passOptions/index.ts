export {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  parseCycleMode,
  parseDialect,
  passErrorHint,
  toDereferenceOptions,
} from './passOptions.ts';
