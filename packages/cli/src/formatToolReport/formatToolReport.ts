import type { Profile } from '@toolschema/core';
import type { ToolReport } from '@toolschema/mcp';
import { formatDiagnostic, stderrLine } from '../io/index.ts';

/**
 * Formats what the pass said about one tool as stderr lines: each diagnostic with the tool and
 * schema it is about, then each error with what happened to the schema that threw.
 *
 * @param report The tool's report.
 * @param kept What the command did with a schema the pass refused (`left unchanged`...).
 * @returns The lines, without line ends.
 */
export function formatToolReport(
  report: Pick<ToolReport, 'name' | 'diagnostics' | 'errors'>,
  kept: string,
): string[] {
  return [
    ...report.diagnostics.map((diagnostic) =>
      formatDiagnostic(diagnostic, `${report.name}: ${diagnostic.schema}`),
    ),
    ...report.errors.map((error) =>
      stderrLine(`toolschema: ${report.name}: ${error} (schema ${kept})`),
    ),
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
export function formatOmittedTool(report: ToolReport, profile: Profile | undefined): string {
  const [first] = report.violations;
  const more = report.violations.length - 1;
  const why =
    first === undefined
      ? ''
      : `: ${first.rule} at ${first.pointer === '' ? '(root)' : first.pointer}: ${first.message}${more > 0 ? ` (and ${more} more)` : ''}`;
  return stderrLine(
    `toolschema: ${report.name}: left out of tools/list, ${profile ?? 'the profile'} still refuses it${why}`,
  );
}
