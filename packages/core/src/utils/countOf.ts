/**
 * Writes a count with its noun, singular for one: `countOf(1, 'level')` is `1 level`,
 * `countOf(3, 'level')` is `3 levels`. Messages say counts this way, never `1 levels`.
 *
 * @param count How many.
 * @param noun The singular noun; its plural adds `s`.
 * @returns The count and the noun.
 */
export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
