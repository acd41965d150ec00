import type { ToolReport } from '@toolschema/mcp';
import { formatDiagnostic } from '../io/index.ts';

/**
 * Formats what the pass said about one tool as stderr lines: each diagnostic with the tool and
 * schema it is about, then each error with what happened to the schema that threw.
 *
 * @param report The tool's report.
 * @param kept What the command did with a schema the pass refused (`left unchanged`...).
 * @returns The lines, without line ends.
 */
export function formatToolReport(report: ToolReport, kept: string): string[] {
  return [
    ...report.diagnostics.map((diagnostic) =>
      formatDiagnostic(diagnostic, `${report.name}: ${diagnostic.schema}`),
    ),
    ...report.errors.map((error) => `toolschema: ${report.name}: ${error} (schema ${kept})`),
  ];
}
