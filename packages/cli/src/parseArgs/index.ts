export {
  type OptionKind,
  type OptionSpecs,
  type ParseArgsSettings,
  type ParsedArgs,
  type ParsedOptions,
  parseArgs,
  parseIntegerOption,
} from './parseArgs.ts';
