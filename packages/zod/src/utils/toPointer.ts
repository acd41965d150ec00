/**
 * Turns a path Zod reports (`['properties', 'a/b']`) into an RFC 6901 JSON Pointer
 * (`/properties/a~1b`).
 *
 * @param path The path segments.
 * @returns The pointer; `''` for the root.
 */
export function toPointer(path: readonly (string | number)[]): string {
  return path
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}
