import type { ToolSummary } from './summarizeTool.ts';

const HEADER = ['tool', 'bytes before → after', 'refs', 'cycles kept', 'diagnostics'] as const;

/**
 * Formats the rows of `toolschema inspect` as a plain-text table with a total row. Numbers are
 * right-aligned; columns are separated by two spaces.
 *
 * @param summaries One summary per tool, in list order.
 * @returns The table, lines joined by `\n`, without a trailing newline.
 */
export function formatInspectTable(summaries: readonly ToolSummary[]): string {
  const total = summaries.reduce(
    (sum, row) => ({
      bytesBefore: sum.bytesBefore + row.bytesBefore,
      bytesAfter: sum.bytesAfter + row.bytesAfter,
      refs: sum.refs + row.refs,
      cyclesKept: sum.cyclesKept + row.cyclesKept,
      diagnostics: sum.diagnostics + row.diagnostics.length + row.errors.length,
    }),
    { bytesBefore: 0, bytesAfter: 0, refs: 0, cyclesKept: 0, diagnostics: 0 },
  );
  const toolWord = summaries.length === 1 ? 'tool' : 'tools';
  // Line the arrows up: pad "before" and "after" each to their own widest value.
  const beforeWidth = String(total.bytesBefore).length;
  const afterWidth = String(total.bytesAfter).length;
  const bytes = (before: number, after: number): string =>
    `${String(before).padStart(beforeWidth)} → ${String(after).padStart(afterWidth)}`;
  const rows: string[][] = [
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
  // With a profile, one more column: whether the provider accepts each tool.
  const profile = summaries.find((row) => row.profile !== undefined)?.profile?.name;
  if (profile !== undefined) {
    const refused = summaries.filter((row) => row.profile?.accepted === false).length;
    rows[0]!.push(profile);
    summaries.forEach((row, index) => {
      const violations = row.profile?.violations.length ?? 0;
      rows[index + 1]!.push(violations === 0 ? 'accepted' : `refused (${violations})`);
    });
    rows.at(-1)!.push(refused === 0 ? 'all accepted' : `${refused} refused`);
  }
  const widths = rows[0]!.map((_, column) =>
    rows.reduce((widest, row) => Math.max(widest, [...row[column]!].length), 0),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => {
          const pad = ' '.repeat(widths[column]! - [...cell].length);
          // The name column reads left to right; the numeric columns line up on the right.
          return column === 0 ? cell + pad : pad + cell;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
