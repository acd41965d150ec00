/**
 * Tells whether the fragment of a URI reference (without `#`) is meant as a JSON Pointer: empty
 * (the whole document) or starting with `/`. Any other fragment is an anchor name.
 *
 * @param fragment The fragment, without `#`.
 * @returns Whether it is read as a JSON Pointer.
 */
export function isPointerFragment(fragment: string): boolean {
  return fragment === '' || fragment.charCodeAt(0) === 47; /* / */
}

/**
 * Parses the fragment of a URI reference (without the leading `#`) into JSON Pointer tokens:
 * percent-decoded first (RFC 3986), then split on `/` and unescaped (`~1` → `/`, `~0` → `~`,
 * RFC 6901). The empty fragment is the whole document.
 *
 * @param fragment The fragment, without `#`.
 * @returns The reference tokens, or `undefined` when the fragment is not a valid JSON Pointer.
 */
export function parsePointerFragment(fragment: string): string[] | undefined {
  let decoded = fragment;
  if (fragment.includes('%')) {
    try {
      decoded = decodeURIComponent(fragment);
    } catch {
      return undefined;
    }
  }
  return parsePointer(decoded);
}

/**
 * Parses an RFC 6901 JSON Pointer (`""` or `/a/b~1c`) into its unescaped tokens.
 *
 * @param pointer The JSON Pointer.
 * @returns The tokens, or `undefined` when it is not a JSON Pointer.
 */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (pointer.charCodeAt(0) !== 47 /* / */) return undefined;
  // Cut at each slash by hand, and asked for `~` once: `slice(1).split('/')` and a `~` test per
  // token cost twice as much per pointer, and the relocation of a union's diagnostics parses
  // each diagnostic's pointer at every merged position it is reported under.
  const escaped = pointer.includes('~');
  const tokens: string[] = [];
  for (let start = 1; ; ) {
    const end = pointer.indexOf('/', start);
    const token = end === -1 ? pointer.slice(start) : pointer.slice(start, end);
    if (!escaped || !token.includes('~')) tokens.push(token);
    else if (/~(?![01])/.test(token)) return undefined;
    else tokens.push(token.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (end === -1) return tokens;
    start = end + 1;
  }
}

/**
 * Escapes one JSON Pointer reference token (`~` → `~0`, `/` → `~1`).
 *
 * @param token The raw token.
 * @returns The escaped token.
 */
export function escapePointerToken(token: string): string {
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Reads a pointer token as an array index: only the canonical form counts (`0`, `12`; not `01`,
 * `-1`, `1.0` or `+1`), as RFC 6901 says.
 *
 * @param token The unescaped token.
 * @returns The index, or -1 when the token is not one.
 */
export function arrayIndex(token: string): number {
  return /^(?:0|[1-9][0-9]*)$/.test(token) ? Number(token) : -1;
}

/**
 * Resolves JSON Pointer tokens against a JSON document. Only own properties are followed, so
 * `__proto__` or `constructor` never reach a prototype; array tokens must be canonical indices.
 *
 * @param document The document.
 * @param tokens The unescaped tokens (see {@link parsePointer}).
 * @returns `{ found: true, value }`, or `{ found: false }` when a token does not exist.
 */
export function resolvePointer(
  document: unknown,
  tokens: readonly string[],
): { found: true; value: unknown } | { found: false } {
  let current: unknown = document;
  for (const token of tokens) {
    current = step(current, token);
    if (current === MISSING) return { found: false };
  }
  return { found: true, value: current };
}

/**
 * How many of the tokens, from the first, name a place in a document: `tokens.length` where
 * {@link resolvePointer} finds the place, fewer where it stops on the way.
 *
 * @param document The document.
 * @param tokens The pointer's tokens.
 * @returns The number of tokens that resolve, from the first.
 */
export function resolvedPrefixLength(document: unknown, tokens: readonly string[]): number {
  let current: unknown = document;
  let length = 0;
  for (const token of tokens) {
    current = step(current, token);
    if (current === MISSING) break;
    length++;
  }
  return length;
}

/** What {@link step} gives for a token that names nothing. */
const MISSING: unique symbol = Symbol('missing');

/** One token of a pointer: the own property or array item it names, or {@link MISSING}. */
function step(current: unknown, token: string): unknown {
  if (Array.isArray(current)) {
    const index = arrayIndex(token);
    return index === -1 || index >= current.length ? MISSING : current[index];
  }
  if (current !== null && typeof current === 'object' && Object.hasOwn(current, token))
    return (current as Record<string, unknown>)[token];
  return MISSING;
}

/**
 * Resolves a reference into the same document: a `#` fragment that is a JSON Pointer (`#`,
 * `#/$defs/A`), percent-decoded, against the document's root; own properties only (see
 * {@link resolvePointer}).
 *
 * @param document The document.
 * @param ref The reference (`$ref`'s value).
 * @returns `{ found: true, value }`, or `{ found: false }` for any other reference or a pointer
 *   to nothing.
 */
export function resolveLocalReference(
  document: unknown,
  ref: string,
): { found: true; value: unknown } | { found: false } {
  const tokens = ref.startsWith('#') ? parsePointerFragment(ref.slice(1)) : undefined;
  return tokens === undefined ? { found: false } : resolvePointer(document, tokens);
}

/**
 * What the `#` references of one document point to, as a function: the value, or `undefined` where
 * a reference is not `#`-local or points to nothing ({@link resolveLocalReference}).
 *
 * @param document The document.
 * @returns The resolver.
 */
export function localReferenceResolver(document: unknown): (ref: string) => unknown {
  return (ref) => {
    const target = resolveLocalReference(document, ref);
    return target.found ? target.value : undefined;
  };
}
