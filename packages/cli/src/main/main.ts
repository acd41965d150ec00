import { ToolSchemaError } from '@toolschema/core';
import { CliError, UsageError } from '../CliError/index.ts';
import { runDeref } from '../deref/index.ts';
import { runInspect } from '../inspect/index.ts';
import { type CliIo, formatDiagnostic, stderrLine } from '../io/index.ts';
import { passErrorHint } from '../passOptions/index.ts';
import { runProxy } from '../proxy/index.ts';
import { VERSION } from '../version/index.ts';

/** Help text of `toolschema` without a command. */
export const MAIN_HELP = `Usage: toolschema <command> [options]

Makes JSON Schemas self-contained for LLM tools: every local $ref inlined, $defs kept only
where a cycle needs them, an object root for tool inputs.

Commands:
  deref [file]                    print the self-contained version of a JSON Schema
  inspect -- <command> [args...]  show what the pass does to an MCP server's tools
  proxy -- <command> [args...]    run an MCP stdio server behind a proxy that rewrites
                                  the schemas of its tools/list results
  check -- <command> [args...]    check an MCP server's tools (or a file's) against
                                  providers' rules, before and after toolschema

Options:
  -h, --help       show this help (or a command's: toolschema <command> --help)
  -v, --version    print the version

Example, in an MCP client's configuration:
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--", "npx", "-y", "some-server"]`;

const COMMANDS: Record<string, (argv: readonly string[], io: CliIo) => Promise<number>> = {
  deref: runDeref,
  inspect: runInspect,
  proxy: (argv, io) => runProxy(argv, io),
  // Loaded only for `check`: the tokenizer's encoding tables take about 0.5 s of CPU to load,
  // which every `proxy` start (each MCP client session) would otherwise pay.
  check: async (argv, io) => (await import('../check/index.ts')).runCheck(argv, io),
};

/**
 * Whether the bin should wait, however long it takes, until stdout has taken all the output
 * before it exits. True for every command but `proxy`, which has already waited for its client as
 * long as `--grace` allows: a client that stopped reading must not keep it alive.
 *
 * @param argv The arguments, without the node binary and script.
 * @returns Whether to wait for stdout.
 */
export function waitsForOutput(argv: readonly string[]): boolean {
  return argv[0] !== 'proxy';
}

/**
 * Runs the command line. User mistakes (bad usage, unreadable input, invalid JSON, a schema the
 * pass refuses, a server that does not start or answer) print one line on stderr, prefixed
 * `toolschema:`, and give exit code 1 (2 for usage); anything else is a bug and is rethrown
 * with its stack.
 *
 * @param argv The arguments, without the node binary and script.
 * @param io The streams to use.
 * @returns The exit code.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  try {
    if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
      io.stdout.write(`${MAIN_HELP}\n`);
      return first === undefined ? 2 : 0;
    }
    if (first === '-v' || first === '--version') {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
    if (command === undefined) {
      throw new UsageError(`unknown command '${first}' (commands: deref, inspect, proxy, check)`);
    }
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = first !== undefined && Object.hasOwn(COMMANDS, first) ? ` ${first}` : '';
      io.stderr.write(
        `${stderrLine(`toolschema: ${error.message}`)}\nRun 'toolschema${help} --help' for usage.\n`,
      );
      return error.exitCode;
    }
    if (error instanceof CliError) {
      io.stderr.write(`${stderrLine(`toolschema: ${error.message}`)}\n`);
      return error.exitCode;
    }
    if (error instanceof ToolSchemaError) {
      io.stderr.write(`${formatDiagnostic(error)}${passErrorHint(error)}\n`);
      return 1;
    }
    throw error;
  }
}
