import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import {
  checkProviderSchema,
  dereference,
  PROFILES,
  ToolSchemaError,
  toProviderSchema,
} from '@toolschema/core';
import { resolveOptions, visitSchemas } from '@toolschema/core/adapter';
import { rewriteTool } from '@toolschema/mcp';

//#region src/CliError/CliError.ts
/**
 * An error the command line reports as one line on stderr, without a stack trace, then exits
 * with `exitCode`. Used for mistakes a user can fix (a bad argument, a missing file, a server that
 * does not start), as opposed to bugs, which keep their stack trace.
 */
var CliError = class extends Error {
  /** The process exit code to use. */
  exitCode;
  /**
   * Creates a command line error.
   *
   * @param message One line for humans, without the `toolschema:` prefix.
   * @param exitCode The process exit code. Default 1.
   */
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
};
/** A mistake in the command line itself (unknown option, missing argument): exit code 2. */
var UsageError = class extends CliError {
  /**
   * Creates a usage error.
   *
   * @param message One line for humans; the caller adds a pointer to `--help`.
   */
  constructor(message) {
    super(message, 2);
    this.name = 'UsageError';
  }
};
//#endregion
//#region src/io/io.ts
/**
 * Formats a diagnostic of the pass, or an error it threw, as one line for stderr: every problem
 * the command line reports about a schema has this form.
 *
 * @param diagnostic The diagnostic (or a `ToolSchemaError`: code, message, maybe a pointer).
 * @param context What it is about (a file, a tool and schema), put first when given.
 * @returns `toolschema: [context: ]code at pointer: message`, without a newline.
 */
function formatDiagnostic(diagnostic, context) {
  const where =
    diagnostic.pointer === '' || diagnostic.pointer === void 0 ? '(root)' : diagnostic.pointer;
  return `toolschema: ${context === void 0 ? '' : `${context}: `}${diagnostic.code} at ${where}: ${diagnostic.message}`;
}
/**
 * Formats a provider rule a schema still breaks as one line for stderr.
 *
 * @param violation The violation (`checkProviderSchema`).
 * @param context What it is about (a file, a tool), put first when given.
 * @returns `toolschema: [context: ]rule at pointer: message`, without a newline.
 */
function formatViolation(violation, context) {
  const where = violation.pointer === '' ? '(root)' : violation.pointer;
  return `toolschema: ${context === void 0 ? '' : `${context}: `}${violation.rule} at ${where}: ${violation.message}`;
}
/**
 * Reads a whole stream into one buffer.
 *
 * @param stream The stream.
 * @returns All its bytes.
 */
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return Buffer.concat(chunks);
}
//#endregion
//#region src/locateJsonError/locateJsonError.ts
const WHITESPACE = new Set([' ', '	', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9a-fA-F]{4}$/;
/**
 * Finds the first syntax error in a JSON text (RFC 8259), with its line and column. `JSON.parse`
 * says where only for some errors, and the wording differs across Node versions; this scanner
 * gives a position for every error. It checks syntax only and never recurses, so any nesting depth
 * is fine.
 *
 * @param text The JSON text.
 * @returns The location of the first error, or `undefined` when the text is valid JSON.
 */
function locateJsonError(text) {
  const stack = [];
  let expect = 'value';
  let index = 0;
  const fail = (offset, reason) => {
    const { line, column } = lineAndColumn(text, offset);
    return {
      offset,
      line,
      column,
      reason,
    };
  };
  const afterValue = () => (stack.length === 0 ? 'end' : 'comma-or-close');
  const describe = (offset) =>
    offset >= text.length
      ? 'unexpected end of input'
      : `unexpected ${JSON.stringify(text[offset])}`;
  for (;;) {
    while (index < text.length && WHITESPACE.has(text[index])) index += 1;
    const char = text[index];
    switch (expect) {
      case 'end':
        if (char === void 0) return void 0;
        return fail(index, `${describe(index)} after the end of the JSON value`);
      case 'colon':
        if (char !== ':') return fail(index, `${describe(index)}, expected ':'`);
        index += 1;
        expect = 'value';
        break;
      case 'comma-or-close': {
        const top = stack[stack.length - 1];
        const close = top === '{' ? '}' : ']';
        if (char === ',') {
          index += 1;
          expect = top === '{' ? 'key' : 'value';
        } else if (char === close) {
          index += 1;
          stack.pop();
          expect = afterValue();
        } else return fail(index, `${describe(index)}, expected ',' or '${close}'`);
        break;
      }
      case 'key-or-close':
      case 'key':
        if (expect === 'key-or-close' && char === '}') {
          index += 1;
          stack.pop();
          expect = afterValue();
          break;
        }
        if (char !== '"') return fail(index, `${describe(index)}, expected a property name`);
        {
          const end = scanString(text, index);
          if (typeof end !== 'number') return fail(end.offset, end.reason);
          index = end;
        }
        expect = 'colon';
        break;
      case 'value':
      case 'value-or-close': {
        if (expect === 'value-or-close' && char === ']') {
          index += 1;
          stack.pop();
          expect = afterValue();
          break;
        }
        if (char === '{' || char === '[') {
          stack.push(char);
          index += 1;
          expect = char === '{' ? 'key-or-close' : 'value-or-close';
          break;
        }
        let end;
        if (char === '"') end = scanString(text, index);
        else if (char === '-' || (char !== void 0 && char >= '0' && char <= '9'))
          end = scanNumber(text, index);
        else {
          const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, index));
          if (literal === void 0) return fail(index, `${describe(index)}, expected a value`);
          end = index + literal.length;
        }
        if (typeof end !== 'number') return fail(end.offset, end.reason);
        index = end;
        expect = afterValue();
        break;
      }
    }
  }
}
/** Scans a string starting at its opening quote; returns the index after the closing quote. */
function scanString(text, start) {
  let index = start + 1;
  for (;;) {
    const char = text[index];
    if (char === void 0)
      return {
        offset: index,
        reason: 'unterminated string',
      };
    if (char === '"') return index + 1;
    if (char === '\\') {
      const escaped = text[index + 1];
      if (escaped === 'u') {
        if (!HEX.test(text.slice(index + 2, index + 6)))
          return {
            offset: index,
            reason: 'bad \\u escape in string',
          };
        index += 6;
        continue;
      }
      if (escaped === void 0 || !ESCAPES.has(escaped))
        return {
          offset: index,
          reason: 'bad escape in string',
        };
      index += 2;
      continue;
    }
    if (char.charCodeAt(0) < 32)
      return {
        offset: index,
        reason: 'control character in string (escape it)',
      };
    index += 1;
  }
}
/** Scans a number starting at its first character; returns the index after it. */
function scanNumber(text, start) {
  let index = start;
  const digits = () => {
    const from = index;
    while (index < text.length && text[index] >= '0' && text[index] <= '9') index += 1;
    return index - from;
  };
  if (text[index] === '-') index += 1;
  if (text[index] === '0') index += 1;
  else if (digits() === 0)
    return {
      offset: index,
      reason: 'expected a digit',
    };
  if (text[index] === '.') {
    index += 1;
    if (digits() === 0)
      return {
        offset: index,
        reason: 'expected a digit after the decimal point',
      };
  }
  if (text[index] === 'e' || text[index] === 'E') {
    index += 1;
    if (text[index] === '+' || text[index] === '-') index += 1;
    if (digits() === 0)
      return {
        offset: index,
        reason: 'expected a digit in the exponent',
      };
  }
  return index;
}
/** Converts a string offset into a 1-based line and column. */
function lineAndColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  let newline = text.indexOf('\n');
  while (newline !== -1 && newline < offset) {
    line += 1;
    lineStart = newline + 1;
    newline = text.indexOf('\n', lineStart);
  }
  return {
    line,
    column: offset - lineStart + 1,
  };
}
//#endregion
//#region src/parseArgs/parseArgs.ts
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
function parseArgs(argv, specs, settings = {}) {
  const options = {};
  const setValue = (name, kind, value) => {
    const list = options[name];
    if (kind !== 'list') options[name] = value;
    else if (Array.isArray(list)) list.push(value);
    else options[name] = [value];
  };
  const positionals = [];
  const byShort = /* @__PURE__ */ new Map();
  for (const [name, spec] of Object.entries(specs))
    if (spec.short !== void 0) byShort.set(spec.short, name);
  let index = 0;
  while (index < argv.length) {
    const arg = argv[index];
    index += 1;
    if (arg === '--')
      return {
        options,
        positionals,
        rest: argv.slice(index),
      };
    if (arg.startsWith('-') && arg !== '-') {
      const equals = arg.indexOf('=');
      const head = equals === -1 ? arg : arg.slice(0, equals);
      const inlineValue = equals === -1 ? void 0 : arg.slice(equals + 1);
      const name = head.startsWith('--') ? head.slice(2) : byShort.get(head.slice(1));
      const spec = name === void 0 ? void 0 : specs[name];
      if (name === void 0 || spec === void 0 || !Object.hasOwn(specs, name))
        throw new UsageError(`unknown option '${head}'`);
      if (spec.kind === 'boolean') {
        if (inlineValue !== void 0)
          throw new UsageError(`option '${head}' takes no value, got '${inlineValue}'`);
        options[name] = true;
        continue;
      }
      if (inlineValue !== void 0) {
        setValue(name, spec.kind, inlineValue);
        continue;
      }
      const next = argv[index];
      if (next === void 0 || next === '--') throw new UsageError(`option '${head}' needs a value`);
      setValue(name, spec.kind, next);
      index += 1;
      continue;
    }
    if (settings.stopAtPositional === true)
      return {
        options,
        positionals,
        rest: argv.slice(index - 1),
      };
    positionals.push(arg);
  }
  return {
    options,
    positionals,
    rest: void 0,
  };
}
/**
 * Reads a non-negative integer option value. Throws a {@link UsageError} naming the option when
 * the value is not one.
 *
 * @param value The raw value, or `undefined` when the option was not given.
 * @param option The option's name, for the message (e.g. `--timeout`).
 * @returns The number, or `undefined` when the option was not given.
 */
function parseIntegerOption(value, option) {
  if (value === void 0) return void 0;
  if (!/^\d+$/.test(value))
    throw new UsageError(`option '${option}' must be a non-negative integer, got '${value}'`);
  return Number(value);
}
//#endregion
//#region src/passOptions/passOptions.ts
/** The command line options that map onto {@link DereferenceOptions}, shared by all commands. */
const PASS_OPTION_SPECS = {
  cycles: { kind: 'string' },
  unresolved: { kind: 'string' },
  dialect: { kind: 'string' },
  'max-bytes': { kind: 'string' },
  'max-depth': { kind: 'string' },
};
/** Help text for {@link PASS_OPTION_SPECS}, one option per line. */
const PASS_OPTIONS_HELP = `  --cycles ref|throw|unroll=N
                      refs that close a cycle: keep as $ref into root $defs (default), fail,
                      or inline N levels then allow anything
  --unresolved permissive|keep|throw
                      dangling and external refs: allow anything (default), keep, or fail
  --dialect D         dialect when the schema has no $schema: draft-04, draft-06, draft-07,
                      draft-2019-09, draft-2020-12 (default); 2019-09 and 2020-12 also work
  --max-bytes N       hard cap on output size in bytes; past it definitions stay $ref
  --max-depth N       maximum nesting depth of the output; past it definitions stay $ref`;
/**
 * Parses a `--cycles` value.
 *
 * @param value `ref`, `throw` or `unroll=N`.
 * @returns The cycle mode.
 */
function parseCycleMode(value) {
  if (value === 'ref' || value === 'throw') return value;
  const unroll = /^unroll=(\d+)$/.exec(value);
  if (unroll !== null) return { unroll: Number(unroll[1]) };
  throw new UsageError(`option '--cycles' must be ref, throw or unroll=N, got '${value}'`);
}
/**
 * Reads a `--dialect` value. The adapters spell targets `draft-2020-12` and `draft-07`, the pass
 * spells dialects `2020-12` and `draft-07`: both spellings are accepted.
 *
 * @param value The value as given.
 * @returns The pass's spelling (checked by the pass).
 */
function parseDialect(value) {
  return value.replace(/^draft-(\d{4}-\d{2})$/, '$1');
}
/** Reads a budget option: the pass accepts only positive numbers there. */
function parsePositiveOption(value, option) {
  const parsed = parseIntegerOption(value, option);
  if (parsed === 0)
    throw new UsageError(`option '${option}' must be greater than 0, got '${value}'`);
  return parsed;
}
/**
 * Checks one option with the pass's own option resolver, which knows its values (no second list of them here),
 * and turns its refusal into a usage error that names the option and echoes the value.
 */
function checkWithPass(option, value, options) {
  try {
    resolveOptions(options);
  } catch (error) {
    if (!(error instanceof ToolSchemaError) || error.code !== 'invalid-option') throw error;
    throw new UsageError(
      `option '${option}' ${/^\S+ (must .*?)\.?$/.exec(error.message)?.[1] ?? error.message}, got '${value}'`,
    );
  }
}
/**
 * Turns the parsed pass options into options for `dereference`. Throws a {@link UsageError} for a
 * value the pass does not know.
 *
 * @param options The parsed options (from {@link PASS_OPTION_SPECS}).
 * @returns Options for `dereference` (without `root`).
 */
function toDereferenceOptions(options) {
  const result = {};
  if (options.cycles !== void 0) result.cycles = parseCycleMode(options.cycles);
  if (options.unresolved !== void 0) {
    result.unresolved = options.unresolved;
    checkWithPass('--unresolved', options.unresolved, { unresolved: result.unresolved });
  }
  if (options.dialect !== void 0) {
    result.dialect = parseDialect(options.dialect);
    checkWithPass('--dialect', options.dialect, { dialect: result.dialect });
  }
  const maxBytes = parsePositiveOption(options['max-bytes'], '--max-bytes');
  const maxDepth = parsePositiveOption(options['max-depth'], '--max-depth');
  if (maxBytes !== void 0 || maxDepth !== void 0)
    result.budget = {
      ...(maxBytes === void 0 ? {} : { maxBytes }),
      ...(maxDepth === void 0 ? {} : { maxDepth }),
    };
  try {
    resolveOptions(result);
  } catch (error) {
    if (error instanceof ToolSchemaError && error.code === 'invalid-option')
      throw new UsageError(error.message);
    throw error;
  }
  return result;
}
/**
 * What to say after an error the pass threw because of an option: the values that would have
 * gone through instead. Empty for other errors.
 *
 * @param error The pass's error.
 * @returns A sentence to append (with its leading space), or `''`.
 */
function passErrorHint(error) {
  if (error.code === 'cycle')
    return ' Use --cycles ref (the default) to keep the cycle as a $ref into root $defs, or --cycles unroll=N to inline it N levels.';
  if (error.code === 'ref-unresolved' || error.code === 'ref-external')
    return ' Use --unresolved permissive (the default) to allow anything there, or --unresolved keep to keep the $ref.';
  return '';
}
//#endregion
//#region src/profileOption/profileOption.ts
/** Help text of `--profile`, for the commands that take one profile. */
const PROFILE_OPTION_HELP = `  --profile NAME      rewrite each tool input for one provider: ${PROFILES.join(', ')}`;
function isProfile(value) {
  return PROFILES.includes(value);
}
/**
 * Reads a `--profile` value. Throws a {@link UsageError} listing the profiles for an unknown one.
 *
 * @param value The raw value, or `undefined` when the option was not given.
 * @returns The profile, or `undefined` when the option was not given.
 */
function parseProfile(value) {
  if (value === void 0) return void 0;
  if (isProfile(value)) return value;
  throw new UsageError(`unknown profile '${value}' (profiles: ${PROFILES.join(', ')})`);
}
/**
 * Reads a comma-separated list of profiles (`--profile a,b`), in the order given, each once.
 * Throws a {@link UsageError} listing the profiles for an unknown or empty entry.
 *
 * @param value The raw value.
 * @returns The profiles.
 */
function parseProfileList(value) {
  const profiles = [];
  for (const name of value.split(',')) {
    const profile = parseProfile(name.trim());
    if (profile !== void 0 && !profiles.includes(profile)) profiles.push(profile);
  }
  return profiles;
}
//#endregion
//#region src/deref/deref.ts
/** Help text of `toolschema deref`. */
const DEREF_HELP = `Usage: toolschema deref [options] [file]

Reads a JSON Schema from file (or stdin when no file or '-' is given) and prints the
self-contained schema: every local $ref inlined, $defs kept only where a cycle needs them.
The schema goes to stdout as pretty JSON; diagnostics go to stderr.

Options:
  --root any|object   'object' makes the root an object schema, as MCP tool inputs need
                      (default: any)
${PASS_OPTIONS_HELP}
${PROFILE_OPTION_HELP}
                      (a tool input: object root); prints the wire schema, and the rules
                      the provider would still refuse on stderr
  --codec FILE        with --profile, write the codec (JSON) that maps the model's arguments
                      back to the original shape to FILE
  --compact           print the schema on one line
  --quiet             do not print diagnostics
  -h, --help          show this help

Exit codes: 0 done (diagnostics may have been printed), 1 unreadable input, invalid JSON or
a schema the pass refused, 2 bad usage.

Examples:
  toolschema deref schema.json > flat.json
  curl -s https://example.com/schema.json | toolschema deref --root object
  toolschema deref --profile openai-strict --codec codec.json tool-input.json`;
const DEREF_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  root: { kind: 'string' },
  profile: { kind: 'string' },
  codec: { kind: 'string' },
  compact: { kind: 'boolean' },
  quiet: { kind: 'boolean' },
  help: {
    kind: 'boolean',
    short: 'h',
  },
};
/**
 * Parses JSON text, reporting invalid JSON as a {@link CliError} that says where
 * (`source:line:column: reason`). A leading byte order mark is skipped.
 *
 * @param text The JSON text.
 * @param source The name of the input for the message (a path or `<stdin>`).
 * @returns The parsed value.
 */
function parseJsonText(text, source) {
  const body = text.startsWith('﻿') ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const location = locateJsonError(body);
    if (location === void 0) throw new CliError(`${source}: invalid JSON: ${error.message}`);
    throw new CliError(
      `${source}:${location.line}:${location.column}: invalid JSON: ${location.reason}`,
    );
  }
}
/**
 * Dereferences the JSON Schema in a JSON text.
 *
 * @param text The JSON text of a schema.
 * @param source The name of the input, for error messages.
 * @param options Options for the pass.
 * @returns The pass's result.
 */
function derefText(text, source, options) {
  const schema = parseJsonText(text, source);
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null))
    throw new CliError(`${source}: not a JSON Schema (expected an object or a boolean)`);
  return dereference(schema, options);
}
/**
 * Rewrites the JSON Schema in a JSON text for a provider profile (`toProviderSchema`), and checks
 * the wire schema against the profile's rules.
 *
 * @param text The JSON text of a tool's input schema.
 * @param source The name of the input, for error messages.
 * @param profile The provider profile.
 * @param options Options for the pass (`root` is always `object`).
 * @returns The wire schema, codec, diagnostics and the refusals left.
 */
function profileText(text, source, profile, options) {
  const schema = parseJsonText(text, source);
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null))
    throw new CliError(`${source}: not a JSON Schema (expected an object or a boolean)`);
  const result = toProviderSchema(schema, profile, options);
  const violations = checkProviderSchema(result.schema, profile).filter(
    (violation) => violation.severity === 'error',
  );
  return {
    ...result,
    violations,
  };
}
async function readInput(file, io) {
  if (file === void 0 || file === '-') {
    if (io.stdin.isTTY === true)
      throw new UsageError('no input: give a file, or pipe a schema into stdin');
    return (await readAll(io.stdin)).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = error.code;
    throw new CliError(
      `cannot read '${file}': ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : error.message}`,
    );
  }
}
async function writeCodec(file, codec) {
  try {
    await writeFile(file, `${JSON.stringify(codec, null, 2)}\n`, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${file}': ${error.message}`);
  }
}
/**
 * Runs `toolschema deref`.
 *
 * @param argv The arguments after `deref`.
 * @param io The streams to use.
 * @returns The exit code.
 */
async function runDeref(argv, io) {
  const parsed = parseArgs(argv, DEREF_OPTION_SPECS);
  const { options } = parsed;
  if (options.help === true) {
    io.stdout.write(`${DEREF_HELP}\n`);
    return 0;
  }
  const positionals = [...parsed.positionals, ...(parsed.rest ?? [])];
  if (positionals.length > 1) throw new UsageError('deref takes at most one file');
  const root = options.root;
  if (root !== void 0 && root !== 'any' && root !== 'object')
    throw new UsageError(`option '--root' must be any or object, got '${root}'`);
  const profile = parseProfile(options.profile);
  if (profile !== void 0 && root === 'any')
    throw new UsageError(`option '--profile' rewrites a tool input, whose root is an object`);
  if (profile === void 0 && options.codec !== void 0)
    throw new UsageError(`option '--codec' needs '--profile'`);
  const passOptions = {
    ...toDereferenceOptions(options),
    ...(root === void 0 ? {} : { root }),
  };
  const file = positionals[0];
  const source = file === void 0 || file === '-' ? '<stdin>' : file;
  const text = await readInput(file, io);
  let result;
  try {
    if (profile === void 0) result = derefText(text, source, passOptions);
    else {
      const profiled = profileText(text, source, profile, toDereferenceOptions(options));
      result = profiled;
      if (options.codec !== void 0) await writeCodec(options.codec, profiled.codec);
      for (const violation of profiled.violations)
        io.stderr.write(`${formatViolation(violation, `${profile} still refuses it`)}\n`);
    }
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    io.stderr.write(`${formatDiagnostic(error, source)}${passErrorHint(error)}\n`);
    return 1;
  }
  if (options.quiet !== true)
    for (const diagnostic of result.diagnostics)
      io.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  const output =
    options.compact === true
      ? JSON.stringify(result.schema)
      : JSON.stringify(result.schema, null, 2);
  io.stdout.write(`${output}\n`);
  return 0;
}
//#endregion
//#region src/inspect/formatInspectTable.ts
const HEADER = ['tool', 'bytes before → after', 'refs', 'cycles kept', 'diagnostics'];
/**
 * Formats the rows of `toolschema inspect` as a plain-text table with a total row. Numbers are
 * right-aligned; columns are separated by two spaces.
 *
 * @param summaries One summary per tool, in list order.
 * @returns The table, lines joined by `\n`, without a trailing newline.
 */
function formatInspectTable(summaries) {
  const total = summaries.reduce(
    (sum, row) => ({
      bytesBefore: sum.bytesBefore + row.bytesBefore,
      bytesAfter: sum.bytesAfter + row.bytesAfter,
      refs: sum.refs + row.refs,
      cyclesKept: sum.cyclesKept + row.cyclesKept,
      diagnostics: sum.diagnostics + row.diagnostics.length + row.errors.length,
    }),
    {
      bytesBefore: 0,
      bytesAfter: 0,
      refs: 0,
      cyclesKept: 0,
      diagnostics: 0,
    },
  );
  const toolWord = summaries.length === 1 ? 'tool' : 'tools';
  const beforeWidth = String(total.bytesBefore).length;
  const afterWidth = String(total.bytesAfter).length;
  const bytes = (before, after) =>
    `${String(before).padStart(beforeWidth)} → ${String(after).padStart(afterWidth)}`;
  const rows = [
    [...HEADER],
    ...summaries.map((row) => [
      row.name,
      bytes(row.bytesBefore, row.bytesAfter),
      String(row.refs),
      String(row.cyclesKept),
      String(row.diagnostics.length + row.errors.length),
    ]),
    [
      `total (${summaries.length} ${toolWord})`,
      bytes(total.bytesBefore, total.bytesAfter),
      String(total.refs),
      String(total.cyclesKept),
      String(total.diagnostics),
    ],
  ];
  const profile = summaries.find((row) => row.profile !== void 0)?.profile?.name;
  if (profile !== void 0) {
    const refused = summaries.filter((row) => row.profile?.accepted === false).length;
    rows[0].push(profile);
    summaries.forEach((row, index) => {
      const violations = row.profile?.violations.length ?? 0;
      rows[index + 1].push(violations === 0 ? 'accepted' : `refused (${violations})`);
    });
    rows.at(-1).push(refused === 0 ? 'all accepted' : `${refused} refused`);
  }
  const widths = rows[0].map((_, column) =>
    Math.max(...rows.map((row) => [...row[column]].length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => {
          const pad = ' '.repeat(widths[column] - [...cell].length);
          return column === 0 ? cell + pad : pad + cell;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
//#endregion
//#region src/formatToolReport/formatToolReport.ts
/**
 * Formats what the pass said about one tool as stderr lines: each diagnostic with the tool and
 * schema it is about, then each error with what happened to the schema that threw.
 *
 * @param report The tool's report.
 * @param kept What the command did with a schema the pass refused (`left unchanged`...).
 * @returns The lines, without line ends.
 */
function formatToolReport(report, kept) {
  return [
    ...report.diagnostics.map((diagnostic) =>
      formatDiagnostic(diagnostic, `${report.name}: ${diagnostic.schema}`),
    ),
    ...report.errors.map((error) => `toolschema: ${report.name}: ${error} (schema ${kept})`),
  ];
}
/**
 * Formats the one stderr line that says a tool was left out of `tools/list` because the profile
 * could not make it acceptable: the first rule it still breaks, and how many more.
 *
 * @param report The tool's report (with `omitted` set).
 * @param profile The profile in use, for the message.
 * @returns The line, without a line end.
 */
function formatOmittedTool(report, profile) {
  const [first] = report.violations;
  const more = report.violations.length - 1;
  const why =
    first === void 0
      ? ''
      : `: ${first.rule} at ${first.pointer === '' ? '(root)' : first.pointer}: ${first.message}${more > 0 ? ` (and ${more} more)` : ''}`;
  return `toolschema: ${report.name}: left out of tools/list, ${profile ?? 'the profile'} still refuses it${why}`;
}
//#endregion
//#region src/isObject/isObject.ts
/**
 * Tells whether a parsed JSON value is an object (not null, not an array).
 *
 * @param value The value.
 * @returns Whether it is a JSON object.
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
//#endregion
//#region src/LineSplitter/LineSplitter.ts
const NEWLINE = 10;
/**
 * Splits a byte stream into newline-delimited lines, the framing of MCP over stdio (one JSON-RPC
 * message per line). Works on bytes, not strings, so a line is handed on exactly as it arrived
 * (a UTF-8 sequence cut by a chunk boundary stays intact, a `\r` before the `\n` stays part of the
 * line). Chunk boundaries may fall anywhere; a line of any length is collected without copying
 * more than once.
 */
var LineSplitter = class {
  #onLine;
  #maxLineBytes;
  #pending = [];
  #pendingBytes = 0;
  /** Set while the rest of a line past `maxLineBytes` is being skipped. */
  #skipping = false;
  /**
   * Creates a splitter.
   *
   * @param onLine Called once per complete line, without its `\n`, in stream order.
   * @param options A bound on the length of lines handed on.
   */
  constructor(onLine, options = {}) {
    this.#onLine = onLine;
    this.#maxLineBytes = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
  }
  /**
   * Feeds a chunk; calls `onLine` for every line the chunk completes.
   *
   * @param chunk The next bytes of the stream.
   */
  push(chunk) {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      if (this.#skipping) this.#skipping = false;
      else if (this.#pendingBytes + piece.length <= this.#maxLineBytes) {
        let line = piece;
        if (this.#pending.length > 0) {
          this.#pending.push(piece);
          line = Buffer.concat(this.#pending);
        }
        this.#onLine(line);
      }
      this.#pending = [];
      this.#pendingBytes = 0;
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length && !this.#skipping) this.#keep(chunk.subarray(start));
  }
  /**
   * Ends the stream.
   *
   * @returns The bytes after the last `\n` (a final line without terminator), or `undefined`
   *   when the stream ended on a line boundary or in a skipped line.
   */
  end() {
    const rest = this.#pending.length === 0 ? void 0 : Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#skipping = false;
    return rest;
  }
  #keep(piece) {
    if (this.#pendingBytes + piece.length > this.#maxLineBytes) {
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#skipping = true;
      return;
    }
    this.#pending.push(piece);
    this.#pendingBytes += piece.length;
  }
};
//#endregion
//#region src/ServerProcess/exitCode.ts
/**
 * Turns the error a child process emits when it cannot start into a one-line {@link CliError}:
 * exit code 127 for a command that does not exist and 126 for one that may not be executed, as
 * shells do.
 *
 * @param command The executable that failed.
 * @param error The `error` event of the child process.
 * @returns The error to report.
 */
function startError(command, error) {
  const code = error.code;
  if (code === 'ENOENT') return new CliError(`cannot start '${command}': command not found`, 127);
  if (code === 'EACCES') return new CliError(`cannot start '${command}': permission denied`, 126);
  return new CliError(`cannot start '${command}': ${error.message}`, 1);
}
/**
 * The exit code a shell would report for a child: its own code, or 128 plus the number of the
 * signal that ended it.
 *
 * @param code The child's exit code, or `null` when a signal ended it.
 * @param signal The signal that ended it, or `null`.
 * @param signalNumbers The platform's signal numbers (`os.constants.signals`).
 * @returns The exit code.
 */
function exitCodeOf(code, signal, signalNumbers) {
  if (code !== null) return code;
  if (signal !== null) return 128 + (signalNumbers[signal] ?? 0);
  return 1;
}
//#endregion
//#region src/ServerProcess/ServerProcess.ts
/**
 * An MCP stdio server run as a child process, with the one shutdown both the proxy and `inspect`
 * use. Its stdin and stdout are piped; its stderr is inherited, so its logs reach the user's
 * terminal unchanged. On Windows the command runs through the shell, since `npx` and most server
 * launchers are `.cmd` scripts there.
 *
 * Its end is its exit, not the closing of its pipes: `ended` settles once the server has exited
 * and its stdout has been read to the end, or `drainMs` after the exit when something else (a
 * background child it started) still holds that stdout open.
 */
var ServerProcess = class {
  /** The server's stdin. Write errors (the server has gone) are swallowed: see `ended`. */
  input;
  /** The server's stdout. */
  output;
  /** Settles once when the server has ended (never rejects). */
  ended;
  #child;
  #timers = [];
  #exited = false;
  #stopping = false;
  /**
   * Starts the server.
   *
   * @param command The executable.
   * @param args Its arguments.
   * @param options How long to keep reading its stdout after it exited.
   */
  constructor(command, args, options) {
    this.#child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'inherit'],
      shell: process.platform === 'win32',
      windowsHide: true,
    });
    this.input = this.#child.stdin;
    this.output = this.#child.stdout;
    this.input.on('error', () => {});
    this.ended = new Promise((resolve) => {
      this.#child.on('error', (error) => {
        if (this.#child.pid !== void 0) return;
        this.#onExit();
        const failure = startError(command, error);
        resolve({
          exitCode: failure.exitCode,
          status: 'not started',
          startError: failure,
        });
      });
      this.#child.once('exit', (code, signal) => {
        this.#onExit();
        const end = {
          exitCode: exitCodeOf(code, signal, constants.signals),
          status: signal === null ? `code ${code}` : `signal ${signal}`,
          startError: void 0,
        };
        this.#afterOutput(options.drainMs, () => resolve(end));
      });
    });
  }
  /** The server's process id, once started. */
  get pid() {
    return this.#child.pid;
  }
  /**
   * Stops the server the way the MCP stdio transport describes: closes its stdin, then sends
   * SIGTERM after `graceMs`, then SIGKILL after another `graceMs`, unless it exits first.
   * Returns at once; `ended` tells when it is over.
   *
   * @param graceMs How long each step waits.
   */
  stop(graceMs) {
    if (this.#stopping) return;
    this.#stopping = true;
    this.input.end();
    this.#later(graceMs, () => {
      this.kill('SIGTERM');
      this.#later(graceMs, () => this.kill('SIGKILL'));
    });
  }
  /**
   * Passes a signal on to the server, and sends SIGKILL `graceMs` later if it has not exited
   * (a server that ignores SIGTERM must not outlive us).
   *
   * @param signal The signal the proxy received.
   * @param graceMs How long the server gets to exit.
   */
  forward(signal, graceMs) {
    this.kill(signal);
    this.#later(graceMs, () => this.kill('SIGKILL'));
  }
  /**
   * Sends a signal to the server while it runs (never to a process that took its pid later).
   *
   * @param signal The signal.
   */
  kill(signal) {
    if (!this.#exited) this.#child.kill(signal);
  }
  #later(ms, action) {
    if (!this.#exited) this.#timers.push(setTimeout(action, ms));
  }
  #onExit() {
    this.#exited = true;
    for (const timer of this.#timers.splice(0)) clearTimeout(timer);
  }
  /** Calls `done` when stdout has ended, or `drainMs` after now, whichever comes first. */
  #afterOutput(drainMs, done) {
    const output = this.output;
    let timer;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      output.off('end', finish);
      output.off('close', finish);
      output.destroy();
      done();
    };
    if (output.readableEnded || output.destroyed) {
      finish();
      return;
    }
    output.once('end', finish);
    output.once('close', finish);
    timer = setTimeout(finish, drainMs);
  }
};
//#endregion
//#region src/McpStdioClient/McpStdioClient.ts
/**
 * A minimal MCP client over stdio (newline-delimited JSON-RPC), enough to run the handshake and
 * page through `tools/list`. Every request has a timeout; a server that fails to start, exits or
 * stays silent rejects the pending requests with a {@link CliError}, so the caller never hangs.
 */
var McpStdioClient = class {
  #server;
  #command;
  #options;
  #pending = /* @__PURE__ */ new Map();
  #nextId = 1;
  /** Set once the server failed: builds the error for a request of the given method. */
  #failure;
  /**
   * Starts the server.
   *
   * @param command The server's executable.
   * @param args Its arguments.
   * @param options Timeout and noise reporting.
   */
  constructor(command, args, options) {
    this.#command = command;
    this.#options = options;
    this.#server = new ServerProcess(command, args, { drainMs: options.timeoutMs });
    const splitter = new LineSplitter((line) => this.#onLine(line));
    this.#server.output.on('data', (chunk) => splitter.push(chunk));
    this.#server.ended.then((end) => {
      const failure = end.startError;
      if (failure !== void 0) this.#fail(() => failure);
      else
        this.#fail(
          (method) =>
            new CliError(`server '${command}' exited (${end.status}) before answering '${method}'`),
        );
    });
  }
  /**
   * Sends a request and waits for its result.
   *
   * @param method The JSON-RPC method.
   * @param params Its params.
   * @returns The `result` of the response.
   */
  request(method, params) {
    if (this.#failure !== void 0) return Promise.reject(this.#failure(method));
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(
          new CliError(
            `server '${this.#command}' did not answer '${method}' within ${this.#options.timeoutMs} ms`,
          ),
        );
      }, this.#options.timeoutMs);
      this.#pending.set(id, {
        method,
        resolve,
        reject,
        timer,
      });
      this.#send({
        jsonrpc: '2.0',
        id,
        method,
        params,
      });
    });
  }
  /**
   * Sends a notification.
   *
   * @param method The JSON-RPC method.
   * @param params Its params, if any.
   */
  notify(method, params) {
    this.#send({
      jsonrpc: '2.0',
      method,
      ...(params === void 0 ? {} : { params }),
    });
  }
  /**
   * Stops the server (see {@link ServerProcess.stop}) and waits until it has ended.
   *
   * @param graceMs How long each step of the shutdown waits.
   */
  async close(graceMs = 1e3) {
    this.#server.stop(graceMs);
    await this.#server.ended;
  }
  #send(message) {
    this.#server.input.write(`${JSON.stringify(message)}\n`);
  }
  #fail(failure) {
    this.#failure ??= failure;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(this.#failure(pending.method));
    }
  }
  #onLine(line) {
    const text = line.toString('utf8');
    if (text.trim() === '') return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      this.#options.onNoise?.(text);
      return;
    }
    for (const entry of Array.isArray(message) ? message : [message]) this.#onMessage(entry);
  }
  #onMessage(message) {
    if (!isObject(message)) return;
    if (typeof message.method === 'string') {
      if (message.id === void 0) return;
      if (message.method === 'ping')
        this.#send({
          jsonrpc: '2.0',
          id: message.id,
          result: {},
        });
      else
        this.#send({
          jsonrpc: '2.0',
          id: message.id,
          error: {
            code: -32601,
            message: `Method not found: ${message.method}`,
          },
        });
      return;
    }
    if (typeof message.id !== 'number') return;
    const pending = this.#pending.get(message.id);
    if (pending === void 0) return;
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if (isObject(message.error)) {
      const reason = typeof message.error.message === 'string' ? message.error.message : 'error';
      pending.reject(new CliError(`server answered '${pending.method}' with an error: ${reason}`));
      return;
    }
    pending.resolve(message.result);
  }
};
//#endregion
//#region src/version/version.ts
/** The version of the `toolschema` package, inlined from its package.json at build time. */
const VERSION = '0.0.0';
//#endregion
//#region src/countSchemaRefs/countSchemaRefs.ts
/**
 * Counts the `$ref` keywords that stand in schema positions of a JSON Schema. A `$ref` inside a
 * data value (`default`, `examples`, `const`, `enum`, unknown keywords) or a property named
 * `$ref` is not a reference and is not counted. Walks without recursion.
 *
 * @param schema A JSON Schema (any value is accepted; non-schemas count 0).
 * @returns The number of string-valued `$ref` keywords in schema positions.
 */
function countSchemaRefs(schema) {
  let count = 0;
  visitSchemas(schema, (node) => {
    if (typeof node.$ref === 'string') count += 1;
  });
  return count;
}
//#endregion
//#region src/inspect/summarizeTool.ts
const SCHEMA_FIELDS = ['inputSchema', 'outputSchema'];
function schemaBytes(tool) {
  let bytes = 0;
  for (const field of SCHEMA_FIELDS) {
    const schema = tool[field];
    if (Object.hasOwn(tool, field) && schema !== void 0)
      bytes += Buffer.byteLength(JSON.stringify(schema), 'utf8');
  }
  return bytes;
}
function schemaRefs(tool) {
  let refs = 0;
  for (const field of SCHEMA_FIELDS)
    if (Object.hasOwn(tool, field)) refs += countSchemaRefs(tool[field]);
  return refs;
}
/**
 * Measures what the pass does to one tool definition.
 *
 * @param tool A tool from a `tools/list` result.
 * @param options Options for the pass.
 * @param profile A provider profile for the input schema: the row then measures its wire schema
 *   and says whether the provider accepts it.
 * @returns The tool's row.
 */
function summarizeTool(tool, options = {}, profile) {
  const rewritten = rewriteTool(tool, options, profile);
  const verdict =
    profile === void 0
      ? void 0
      : {
          name: profile,
          accepted: rewritten.violations.length === 0,
          violations: rewritten.violations,
        };
  return {
    name: typeof tool.name === 'string' ? tool.name : '(unnamed)',
    bytesBefore: schemaBytes(tool),
    bytesAfter: schemaBytes(rewritten.tool),
    refs: schemaRefs(tool),
    cyclesKept: schemaRefs(rewritten.tool),
    diagnostics: rewritten.diagnostics,
    errors: rewritten.errors,
    ...(verdict === void 0 ? {} : { profile: verdict }),
  };
}
//#endregion
//#region src/inspect/inspect.ts
/** Help text of `toolschema inspect`. */
const INSPECT_HELP = `Usage: toolschema inspect [options] -- <command> [args...]

Starts an MCP server over stdio, lists all its tools (every page) and shows what toolschema
does to each tool's inputSchema and outputSchema: bytes of compact JSON before and after,
$refs in the schemas as sent, $refs left after the pass (cycles), and diagnostics.
The server's stderr goes to stderr.

Options:
  --json              print a JSON array, one object per tool, instead of the table
  --timeout MS        how long to wait for each answer of the server (default 30000)
${PASS_OPTIONS_HELP}
${PROFILE_OPTION_HELP}
                      measure the wire schema, and say per tool whether the provider
                      accepts it (the rules it still breaks go to stderr)
  --quiet             do not print the diagnostics and errors of each tool (the table
                      still counts them)
  -h, --help          show this help

Exit codes: 0 done (diagnostics may have been printed), 1 the pass refused a schema (with
--cycles throw or --unresolved throw) or the server failed or did not answer in time,
2 bad usage, 126/127 the command cannot be run / was not found.

Example:
  toolschema inspect -- npx -y @modelcontextprotocol/server-everything`;
const INSPECT_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  json: { kind: 'boolean' },
  profile: { kind: 'string' },
  timeout: { kind: 'string' },
  quiet: { kind: 'boolean' },
  help: {
    kind: 'boolean',
    short: 'h',
  },
};
/** The protocol version toolschema asks for in `initialize`; servers answer with theirs. */
const INSPECT_PROTOCOL_VERSION = '2025-06-18';
/**
 * Runs the MCP handshake with a server and collects every tool of `tools/list`, following
 * `nextCursor` across pages.
 *
 * @param client A started client.
 * @returns The tools, in the order the server listed them.
 */
async function listAllTools(client) {
  await client.request('initialize', {
    protocolVersion: INSPECT_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: {
      name: 'toolschema',
      version: VERSION,
    },
  });
  client.notify('notifications/initialized');
  const tools = [];
  const seenCursors = /* @__PURE__ */ new Set();
  let cursor;
  do {
    const result = await client.request('tools/list', cursor === void 0 ? {} : { cursor });
    if (!isObject(result) || !Array.isArray(result.tools))
      throw new CliError('server answered tools/list without a tools array');
    tools.push(...result.tools);
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : void 0;
    if (cursor !== void 0) {
      if (seenCursors.has(cursor))
        throw new CliError(`server repeated tools/list cursor '${cursor}'`);
      seenCursors.add(cursor);
    }
  } while (cursor !== void 0);
  return tools;
}
/**
 * Runs `toolschema inspect`.
 *
 * @param argv The arguments after `inspect`.
 * @param io The streams to use.
 * @returns The exit code.
 */
async function runInspect(argv, io) {
  const { options, rest } = parseArgs(argv, INSPECT_OPTION_SPECS, { stopAtPositional: true });
  if (options.help === true) {
    io.stdout.write(`${INSPECT_HELP}\n`);
    return 0;
  }
  const [command, ...args] = rest ?? [];
  if (command === void 0) throw new UsageError('inspect needs a server command after --');
  const passOptions = toDereferenceOptions(options);
  const profile = parseProfile(options.profile);
  const client = new McpStdioClient(command, args, {
    timeoutMs: parseIntegerOption(options.timeout, '--timeout') ?? 3e4,
    onNoise: (line) =>
      io.stderr.write(
        `toolschema: ignoring non-JSON output of the server: ${line.slice(0, 200)}\n`,
      ),
  });
  let tools;
  try {
    tools = await listAllTools(client);
  } finally {
    await client.close();
  }
  const summaries = tools.filter(isObject).map((tool) => summarizeTool(tool, passOptions, profile));
  const code = summaries.some((summary) => summary.errors.length > 0) ? 1 : 0;
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify(summaries, null, 2)}\n`);
    return code;
  }
  if (options.quiet !== true)
    for (const summary of summaries) {
      for (const line of formatToolReport(summary, 'left unchanged')) io.stderr.write(`${line}\n`);
      for (const violation of summary.profile?.violations ?? [])
        io.stderr.write(
          `${formatViolation(violation, `${summary.name}: ${profile} still refuses it`)}\n`,
        );
    }
  io.stdout.write(`${formatInspectTable(summaries)}\n`);
  return code;
}

//#endregion
export {
  CliError as S,
  formatDiagnostic as x,
  formatOmittedTool as c,
  formatToolReport as l,
  isObject as s,
  LineSplitter as o,
  listAllTools as t,
  McpStdioClient as i,
  PASS_OPTION_SPECS as g,
  PASS_OPTIONS_HELP as h,
  PROFILE_OPTION_HELP as f,
  parseArgs as y,
  parseIntegerOption as b,
  parseJsonText as u,
  parseProfile as p,
  parseProfileList as m,
  passErrorHint as _,
  runDeref as d,
  runInspect as n,
  ServerProcess as a,
  toDereferenceOptions as v,
  UsageError as C,
  VERSION as r,
};
