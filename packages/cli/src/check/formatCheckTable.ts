import { TOKENIZER } from '../countTokens/index.ts';
import type { CheckRow } from './checkTool.ts';

const HEADER = ['tool', 'profile', 'as listed', 'after toolschema', 'tokens before → after'];

function verdict(accepted: boolean): string {
  return accepted ? 'accepted' : 'refused';
}

/**
 * Formats the rows of `toolschema check` as a plain-text table, then one line per rule a tool
 * still breaks, then a summary naming the tokenizer.
 *
 * @param rows One row per tool and profile.
 * @returns The text, lines joined by `\n`, without a trailing newline.
 */
export function formatCheckTable(rows: readonly CheckRow[]): string {
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
    Math.max(...cells.map((line) => [...line[column]!].length)),
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
  const refused = rows.filter((row) => !row.acceptedAfter).length;
  const summary = `${rows.length} checks, ${refused} still refused; tokens counted with ${TOKENIZER.package} (${TOKENIZER.encoding})`;
  return [...table, ...(remaining.length === 0 ? [] : ['', ...remaining]), '', summary].join('\n');
}
