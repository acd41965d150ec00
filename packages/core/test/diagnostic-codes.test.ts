/**
 * The README documents every diagnostic code, and nothing else: the codes of the `DiagnosticCode`
 * union (`src/types/types.ts`) are the rows of the README's two tables, "Diagnostics" (the
 * dereference pass) and "Profile diagnostics", and each code is written somewhere in the source
 * that reports it (a code no rewrite reports is a stale row).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageRoot = join(import.meta.dirname, '..');
const source = join(packageRoot, 'src');

/** The string literals of the `DiagnosticCode` union, in order. */
function unionCodes(): string[] {
  const types = readFileSync(join(source, 'types/types.ts'), 'utf8');
  // Up to the last member's `';`: the comments between members hold semicolons of their own.
  const body = /export type DiagnosticCode =([\s\S]*?');/.exec(types)?.[1];
  if (body === undefined) throw new Error('No DiagnosticCode union in src/types/types.ts');
  // Comments may quote other literals: only the union members, `| 'code'`, count.
  return [...body.matchAll(/^\s*\|\s*'([^']+)'/gm)].map((match) => match[1]!);
}

/**
 * The codes in the first column of the first table after a line of the README.
 *
 * @param readme The README's text.
 * @param heading A line that precedes the table.
 * @returns The backticked codes of its rows.
 */
function tableCodes(readme: string, heading: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`No line "${heading}" in the README`);
  const first = lines.findIndex((line, index) => index > start && line.startsWith('|'));
  const codes: string[] = [];
  for (let index = first; index < lines.length && lines[index]!.startsWith('|'); index++) {
    const code = /^\| `([^`]+)` \|/.exec(lines[index]!)?.[1];
    if (code !== undefined) codes.push(code);
  }
  return codes;
}

/** The text of every non-test source file but the union's own. */
function reportingSource(): string {
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('types.ts'),
  );
  return files.map((file) => readFileSync(join(source, file), 'utf8')).join('\n');
}

describe('diagnostic codes', () => {
  const codes = unionCodes();
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  const documented = [
    ...tableCodes(readme, '## Diagnostics'),
    ...tableCodes(
      readme,
      'Profile diagnostics (pointers into the self-contained schema, `""` is the root):',
    ),
  ];

  it('reads the union and both tables', () => {
    expect(codes.length).toBeGreaterThan(20);
    expect(codes).toContain('profile-nullable-ignored');
    expect(documented).toContain('ref-unresolved');
  });

  it('documents each code of the union once in the README, and no other', () => {
    expect([...documented].sort()).toStrictEqual([...codes].sort());
  });

  it('reports each code somewhere in the source', () => {
    const text = reportingSource();
    expect(codes.filter((code) => !text.includes(`'${code}'`))).toStrictEqual([]);
  });
});
