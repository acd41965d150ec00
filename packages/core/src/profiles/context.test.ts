import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types/index.ts';
import { type RewriteContext, report, takeBack } from './context.ts';

/** The state `report` and `takeBack` read, the rest of a walk's state left out. */
function reportingContext(diagnostics: Diagnostic[]): RewriteContext {
  return {
    diagnostics,
    firstReport: diagnostics.length,
    reported: undefined,
    summarized: 0,
  } as Partial<RewriteContext> as RewriteContext;
}

const placesOf = (diagnostics: Diagnostic[]) => diagnostics.map(({ pointer }) => pointer);

describe('report and takeBack', () => {
  for (const count of [3, 40]) {
    it(`reports a place taken back again, and no other twice (${count} reports: ${count > 16 ? 'indexed' : 'compared one by one'})`, () => {
      const before: Diagnostic = { code: 'ref-unresolved', pointer: '/x', message: 'pass' };
      const context = reportingContext([before]);
      for (let index = 0; index < count; index++) {
        report(context, 'profile-object-closed', `/p${index}`, 'closed');
      }
      const reports = context.diagnostics.length;
      context.summarized = 7;
      report(context, 'profile-object-closed', '/inside', 'closed');
      report(context, 'profile-entries', '/inside', 'entries');
      context.summarized = 99;
      takeBack(context, reports, 7);
      expect(context.summarized).toBe(7);
      expect(context.diagnostics).toHaveLength(reports);
      // The places taken back are reported again; the others stay reported once.
      report(context, 'profile-object-closed', '/inside', 'closed');
      report(context, 'profile-object-closed', '/p0', 'closed');
      report(context, 'profile-entries', '/inside', 'entries');
      expect(placesOf(context.diagnostics)).toStrictEqual([
        '/x',
        ...Array.from({ length: count }, (_, index) => `/p${index}`),
        '/inside',
        '/inside',
      ]);
      expect(context.diagnostics[0]).toBe(before);
    });
  }
});
