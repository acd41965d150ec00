import type { Diagnostic, ToolSchemaErrorCode } from '@toolschema/core';

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
  return `toolschema: ${prefix}${diagnostic.code} at ${where}: ${diagnostic.message}`;
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
