/**
 * Settings every test project shares.
 *
 * Tests bound work, never time: a hostile input must end in a bounded number of steps, and that is
 * what they assert. The timeout only stops a test that truly hangs, so it is far above what any
 * test needs even on a busy 2-core CI machine, where vitest's 5 s default failed tests that were
 * merely slow.
 */
export const sharedTestOptions = {
  testTimeout: 300_000,
  hookTimeout: 300_000,
} as const;
