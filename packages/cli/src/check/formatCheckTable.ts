import { TOKENIZER } from '../countTokens/index.ts';
import type { RequestRow } from './checkRequest.ts';
import type { CheckRow } from './checkTool.ts';

const HEADER = ['tool', 'profile', 'as listed', 'after toolschema', 'tokens before → after'];

function verdict(accepted: boolean): string {
  return accepted ? 'accepted' : 'refused';
}

/** Where a request-level pointer lands: `tool 'name' (/3/inputSchema/...)`, or the pointer. */
function requestPlace(pointer: string, names: readonly string[]): string {
  const index = /^\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
  const name = index === undefined ? undefined : names[Number(index)];
  return name === undefined ? pointer : `tool '${name}' (${pointer})`;
}

/**
 * Formats the rows of `toolschema check` as a plain-text table, then one line per rule a tool
 * still breaks, then one per request limit the tools sent together still exceed, then a summary
 * naming the tokenizer.
 *
 * @param rows One row per tool and profile.
 * @param requests One row per profile for all the tools in one request.
 * @param names The tools' names, in the order listed (request pointers start with the index).
 * @returns The text, lines joined by `\n`, without a trailing newline.
 */
export function formatCheckTable(
  rows: readonly CheckRow[],
  requests: readonly RequestRow[],
  names: readonly string[],
): string {
  const cells = [
    HEADER,
    ...rows.map((row) => [
      row.tool,
      row.profile,
      verdict(row.acceptedAsListed),
      row.acceptedAfter ? 'accepted' : `refused (${row.remaining.length})`,
      `${row.tokensBefore} → ${row.tokensAfter}`,
    ]),
  ];
  const widths = HEADER.map((_, column) =>
    cells.reduce((widest, line) => Math.max(widest, [...line[column]!].length), 0),
  );
  const table = cells.map((line) =>
    line
      .map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length))
      .join('  ')
      .trimEnd(),
  );
  const remaining = rows.flatMap((row) =>
    row.remaining.map(
      (violation) =>
        `${row.tool} (${row.profile}): ${violation.rule} at ${violation.pointer === '' ? '(root)' : violation.pointer}: ${violation.message}`,
    ),
  );
  const limits = requests.flatMap((request) =>
    request.remaining.map(
      (violation) =>
        `all tools in one request (${request.profile}): ${violation.rule} at ${requestPlace(violation.pointer, names)}: ${violation.message}`,
    ),
  );
  const exceeded = requests.filter((request) => !request.acceptedAfter).map((r) => r.profile);
  const refused = rows.filter((row) => !row.acceptedAfter).length;
  const requestSummary =
    exceeded.length === 0
      ? ''
      : `; all tools in one request still exceed a limit of ${exceeded.join(', ')} (send fewer of them)`;
  const summary = `${rows.length} checks, ${refused} still refused${requestSummary}; tokens counted with ${TOKENIZER.package} (${TOKENIZER.encoding})`;
  const notes = [...remaining, ...limits];
  return [...table, ...(notes.length === 0 ? [] : ['', ...notes]), '', summary].join('\n');
}
