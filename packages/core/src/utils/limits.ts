/**
 * Bounds both roads share. A JavaScript object that contains itself would be walked forever (the
 * pass finds schemas by location, not by identity), so depth and count are bounded far above any
 * JSON document.
 */

/** More subschemas than any JSON document this pass is meant for (about 100 MB of schema). */
export const MAX_UNITS = 2_000_000;
/** Deeper than any JSON document (schema objects, data containers): a 100,000-deep input is fine. */
export const MAX_DEPTH = 250_000;
