import type { Diagnostic, ToolSchemaErrorCode, Violation } from '@toolschema/core';

/** The streams a command reads and writes; the process's own in the bin, others in tests. */
export interface CliIo {
  /** Standard input. `isTTY` is set when it is a terminal. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Standard output: results only. */
  stdout: NodeJS.WritableStream;
  /** Standard error: diagnostics, errors, the server's logs. */
  stderr: NodeJS.WritableStream;
}

/**
 * Formats a diagnostic of the pass, or an error it threw, as one line for stderr: every problem
 * the command line reports about a schema has this form.
 *
 * @param diagnostic The diagnostic (or a `ToolSchemaError`: code, message, maybe a pointer).
 * @param context What it is about (a file, a tool and schema), put first when given.
 * @returns `toolschema: [context: ]code at pointer: message`, without a newline.
 */
export function formatDiagnostic(
  diagnostic: {
    code: Diagnostic['code'] | ToolSchemaErrorCode;
    message: string;
    pointer?: string | undefined;
  },
  context?: string,
): string {
  const where =
    diagnostic.pointer === '' || diagnostic.pointer === undefined ? '(root)' : diagnostic.pointer;
  const prefix = context === undefined ? '' : `${context}: `;
  return stderrLine(`toolschema: ${prefix}${diagnostic.code} at ${where}: ${diagnostic.message}`);
}

/** The longest line {@link stderrLine} writes; a diagnostic's own parts are bounded below it. */
export const MAX_STDERR_LINE = 4096;

/** C0 controls, DEL, C1 controls and the two Unicode line separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it finds.
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Makes text from a server or a schema (a tool's name, a property name in a pointer) one line a
 * terminal shows as it is: every control character written as its `\u` escape, so no newline
 * splits the line and no escape sequence reaches the terminal, and the whole cut at
 * {@link MAX_STDERR_LINE} characters.
 *
 * @param line The text.
 * @returns One printable line, without a newline.
 */
export function stderrLine(line: string): string {
  const printable = line.replace(
    LINE_BREAKING,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return printable.length > MAX_STDERR_LINE
    ? `${printable.slice(0, MAX_STDERR_LINE - 1)}…`
    : printable;
}

/**
 * Formats a provider rule a schema still breaks as one line for stderr.
 *
 * @param violation The violation (`checkProviderSchema`).
 * @param context What it is about (a file, a tool), put first when given.
 * @returns `toolschema: [context: ]rule at pointer: message`, without a newline.
 */
export function formatViolation(violation: Violation, context?: string): string {
  const where = violation.pointer === '' ? '(root)' : violation.pointer;
  const prefix = context === undefined ? '' : `${context}: `;
  return stderrLine(`toolschema: ${prefix}${violation.rule} at ${where}: ${violation.message}`);
}

/**
 * Reads a whole stream into one buffer.
 *
 * @param stream The stream.
 * @returns All its bytes.
 */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  }
  return Buffer.concat(chunks);
}
