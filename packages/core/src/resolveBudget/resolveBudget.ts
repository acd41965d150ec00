import type { Budget } from '../planOutput/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { BudgetOptions } from '../types/index.ts';

/** Default output size floor: 128 KiB (an 8 × 8 reuse fan-out stays well under 256 KB). */
export const DEFAULT_MIN_BYTES = 128 * 1024;
/** Default growth allowed over the input: a big API inlines fully (real tools reach 5×). */
export const DEFAULT_FACTOR = 20;
/** Default hard cap on output size: 16 MiB. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** Default maximum nesting of the output; `JSON.stringify` overflows at about 2,500 in Node 20. */
export const DEFAULT_MAX_DEPTH = 512;

/**
 * Resolves the bound on the output for an input of a given size:
 * `min(maxBytes, max(minBytes, factor × inputBytes))` bytes and `maxDepth` levels.
 *
 * @param options The user's budget options.
 * @param inputBytes Compact-JSON bytes of the input.
 * @returns The budget.
 */
export function resolveBudget(options: BudgetOptions | undefined, inputBytes: number): Budget {
  const minBytes = positive('minBytes', options?.minBytes, DEFAULT_MIN_BYTES);
  const factor = positive('factor', options?.factor, DEFAULT_FACTOR);
  const maxBytes = positive('maxBytes', options?.maxBytes, DEFAULT_MAX_BYTES);
  const depth = positive('maxDepth', options?.maxDepth, DEFAULT_MAX_DEPTH);
  return { bytes: Math.min(maxBytes, Math.max(minBytes, factor * inputBytes)), depth };
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0)) {
    throw new ToolSchemaError(
      'invalid-option',
      `budget.${name} must be a positive number, got ${String(value)}.`,
    );
  }
  return value;
}
