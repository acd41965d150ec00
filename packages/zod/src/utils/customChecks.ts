import type { ConversionDiagnostic } from '@toolschema/core/adapter';
import type { $ZodType } from 'zod/v4/core';
import { toPointer } from './toPointer.ts';

/** What Zod's `toJSONSchema` passes to its `override` hook that the tracker reads. */
export interface OverrideContext {
  readonly zodSchema: $ZodType;
  readonly path: readonly (string | number)[];
}

/** Collects the custom checks of a conversion, then reports where they were left out. */
export interface CustomChecks {
  /** The `override` hook to hand to `toJSONSchema`: Zod calls it once per schema it converted. */
  override(context: OverrideContext): void;
  /** Reports one `constraint-dropped` per place with custom checks, in document order. */
  report(report: (diagnostic: ConversionDiagnostic) => void): void;
}

/**
 * Tracks the custom checks Zod's `toJSONSchema` leaves out without a word: `.refine()`,
 * `.superRefine()` and `.check(fn)` add a check of kind `custom` to a schema's `_zod.def.checks`,
 * which no JSON Schema keyword can express, so the listed schema accepts values Zod then refuses.
 * A schema used in several places is converted once: its checks are reported at its first use.
 *
 * @returns The hook and the reporter of one conversion.
 */
export function trackCustomChecks(): CustomChecks {
  // Per pointer, the checks found there: a schema and its `.describe()` copy share them.
  const sites = new Map<string, Set<unknown>>();
  return {
    override({ zodSchema, path }) {
      for (const check of zodSchema._zod.def.checks ?? []) {
        if (check._zod.def.check !== 'custom') continue;
        const pointer = toPointer(path);
        const checks = sites.get(pointer) ?? new Set();
        sites.set(pointer, checks.add(check));
      }
    },
    report(report) {
      // Zod calls `override` in reverse document order.
      for (const [pointer, checks] of [...sites].reverse()) {
        const what = checks.size === 1 ? 'A custom check' : `${checks.size} custom checks`;
        const left = checks.size === 1 ? 'it was' : 'they were';
        const message = `${what} (.refine, .superRefine or .check) cannot be expressed in JSON Schema; ${left} left out.`;
        report({ code: 'constraint-dropped', pointer, message });
      }
    },
  };
}
