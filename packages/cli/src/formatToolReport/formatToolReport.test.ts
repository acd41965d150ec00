import { describe, expect, it } from 'vitest';
import { formatToolReport } from './formatToolReport.ts';

describe('formatToolReport', () => {
  it('prints diagnostics with their tool and schema, then errors with what became of it', () => {
    expect(
      formatToolReport(
        {
          name: 'link',
          diagnostics: [
            {
              schema: 'inputSchema',
              code: 'ref-unresolved',
              pointer: '/properties/to/$ref',
              message: 'dangling',
            },
          ],
          errors: ['outputSchema: a cycle'],
        },
        'left unchanged',
      ),
    ).toStrictEqual([
      expect.stringContaining('link: inputSchema'),
      'toolschema: link: outputSchema: a cycle (schema left unchanged)',
    ]);
  });
});
