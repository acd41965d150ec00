import { UsageError } from '../CliError/index.ts';

/**
 * What an option takes: `'boolean'` is a flag, `'string'` takes a value (`--a b` or `--a=b`) of
 * which the last given wins, `'list'` takes a value each time it is given and keeps them all.
 */
export type OptionKind = 'boolean' | 'string' | 'list';

/** The option table of one command: long name (without `--`) to its kind and short alias. */
export type OptionSpecs = Record<string, { kind: OptionKind; short?: string }>;

/** The parsed options of an {@link OptionSpecs} table; an option not given is absent. */
export type ParsedOptions<Specs extends OptionSpecs> = {
  [Name in keyof Specs]?: Specs[Name]['kind'] extends 'boolean'
    ? true
    : Specs[Name]['kind'] extends 'list'
      ? string[]
      : string;
};

/** What {@link parseArgs} returns. */
export interface ParsedArgs<Specs extends OptionSpecs> {
  /** The options given; for a repeated string option the last value wins, a list keeps all. */
  options: ParsedOptions<Specs>;
  /** Arguments that are not options, in order. */
  positionals: string[];
  /**
   * Arguments after `--` (or, with `stopAtPositional`, from the first positional on), untouched;
   * `undefined` when there were none of those.
   */
  rest: string[] | undefined;
}

/** Settings of {@link parseArgs}. */
export interface ParseArgsSettings {
  /**
   * Stop option parsing at the first positional: it and everything after it go to `rest`. Lets
   * `proxy npx -y server` work without `--`, since the options of the wrapped command are not
   * ours.
   */
  stopAtPositional?: boolean;
}

/**
 * Parses command line arguments against an option table. Knows `--name`, `--name=value`,
 * `--name value`, `-x` short aliases and `--` as the end of options. Throws a {@link UsageError}
 * for an unknown option, a missing value, or a value given to a flag.
 *
 * @param argv The arguments, without the node binary, script and command name.
 * @param specs The options the command accepts.
 * @param settings How to treat positionals.
 * @returns The options, positionals and rest arguments.
 */
export function parseArgs<Specs extends OptionSpecs>(
  argv: readonly string[],
  specs: Specs,
  settings: ParseArgsSettings = {},
): ParsedArgs<Specs> {
  const options: Record<string, string | string[] | true> = {};
  const setValue = (name: string, kind: OptionKind, value: string): void => {
    const list = options[name];
    if (kind !== 'list') options[name] = value;
    else if (Array.isArray(list)) list.push(value);
    else options[name] = [value];
  };
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.short !== undefined) byShort.set(spec.short, name);
  }

  let index = 0;
  while (index < argv.length) {
    const arg = argv[index]!;
    index += 1;
    if (arg === '--') {
      return { options: options as ParsedOptions<Specs>, positionals, rest: argv.slice(index) };
    }
    if (arg.startsWith('-') && arg !== '-') {
      const equals = arg.indexOf('=');
      const head = equals === -1 ? arg : arg.slice(0, equals);
      const inlineValue = equals === -1 ? undefined : arg.slice(equals + 1);
      const name = head.startsWith('--') ? head.slice(2) : byShort.get(head.slice(1));
      const spec = name === undefined ? undefined : specs[name];
      if (name === undefined || spec === undefined || !Object.hasOwn(specs, name)) {
        throw new UsageError(`unknown option '${head}'`);
      }
      if (spec.kind === 'boolean') {
        if (inlineValue !== undefined) {
          throw new UsageError(`option '${head}' takes no value, got '${inlineValue}'`);
        }
        options[name] = true;
        continue;
      }
      if (inlineValue !== undefined) {
        setValue(name, spec.kind, inlineValue);
        continue;
      }
      const next = argv[index];
      if (next === undefined || next === '--') {
        throw new UsageError(`option '${head}' needs a value`);
      }
      setValue(name, spec.kind, next);
      index += 1;
      continue;
    }
    if (settings.stopAtPositional === true) {
      return { options: options as ParsedOptions<Specs>, positionals, rest: argv.slice(index - 1) };
    }
    positionals.push(arg);
  }
  return { options: options as ParsedOptions<Specs>, positionals, rest: undefined };
}

/**
 * Reads a non-negative integer option value. Throws a {@link UsageError} naming the option when
 * the value is not one.
 *
 * @param value The raw value, or `undefined` when the option was not given.
 * @param option The option's name, for the message (e.g. `--timeout`).
 * @returns The number, or `undefined` when the option was not given.
 */
export function parseIntegerOption(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) {
    throw new UsageError(`option '${option}' must be a non-negative integer, got '${value}'`);
  }
  return Number(value);
}
