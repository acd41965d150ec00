import type { Diagnostic, DiagnosticCode } from '../../src/index.ts';

/**
 * The diagnostic codes that mean the output may accept other instances than the input (a
 * documented degrade path). Where one of them was emitted, semantic equality is not asserted.
 */
export const DEGRADE_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'ref-external',
  'ref-unresolved',
  'ref-dynamic',
  'budget-ref-kept',
  'cycle-unrolled',
  'schema-invalid',
  'value-too-deep',
]);

/**
 * Returns the diagnostics whose code is a degrade code.
 *
 * @param diagnostics The diagnostics of one `dereference` call.
 * @returns Only those that mean the output's meaning may differ from the input's.
 */
export function degradeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((diagnostic) => DEGRADE_CODES.has(diagnostic.code));
}

/** Keywords whose value is one subschema. */
const SINGLE_SCHEMA_KEYWORDS = [
  'additionalProperties',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
] as const;

/** Keywords whose value is an array of subschemas. */
const ARRAY_SCHEMA_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** Keywords whose value is an object whose values are subschemas. */
const MAP_SCHEMA_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;

/** A reference found in a schema position. */
export interface FoundRef {
  /** RFC 6901 pointer to the schema object that holds the keyword. */
  pointer: string;
  /** The keyword: `$ref`, `$dynamicRef` or `$recursiveRef`. */
  keyword: '$ref' | '$dynamicRef' | '$recursiveRef';
  /** The keyword's value, whatever its type. */
  value: unknown;
}

/**
 * Escapes one JSON Pointer segment (RFC 6901).
 *
 * @param segment The raw key.
 * @returns The escaped segment.
 */
function escapeSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Tells whether a value is a plain (non-array) object.
 *
 * @param value Any value.
 * @returns True for objects that are not arrays and not null.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Visits every schema in the schema positions of a document, iteratively (so deep documents do
 * not overflow the stack). Values of data keywords (`const`, `enum`, `default`, `examples`,
 * unknown keywords) are not entered.
 *
 * @param schema The schema document.
 * @param visit Called with each schema object or boolean and its RFC 6901 pointer.
 * @param maxSteps A bound on visited schemas, so a shared or cyclic graph cannot hang the test.
 */
export function walkSchemas(
  schema: unknown,
  visit: (node: unknown, pointer: string) => void,
  maxSteps = 5_000_000,
): void {
  const stack: Array<{ node: unknown; pointer: string }> = [{ node: schema, pointer: '' }];
  let steps = 0;
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    steps += 1;
    if (steps > maxSteps) {
      throw new Error(`walkSchemas: more than ${maxSteps} schemas (shared or cyclic objects?)`);
    }
    visit(node, pointer);
    if (!isObject(node)) continue;
    const push = (child: unknown, ...segments: string[]): void => {
      stack.push({ node: child, pointer: `${pointer}/${segments.map(escapeSegment).join('/')}` });
    };
    for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
      if (Object.hasOwn(node, keyword)) push(node[keyword], keyword);
    }
    for (const keyword of ARRAY_SCHEMA_KEYWORDS) {
      const value = node[keyword];
      if (Object.hasOwn(node, keyword) && Array.isArray(value)) {
        value.forEach((child, index) => {
          push(child, keyword, String(index));
        });
      }
    }
    if (Object.hasOwn(node, 'items')) {
      const items = node.items;
      if (Array.isArray(items)) {
        items.forEach((child, index) => {
          push(child, 'items', String(index));
        });
      } else {
        push(items, 'items');
      }
    }
    for (const keyword of MAP_SCHEMA_KEYWORDS) {
      const map = node[keyword];
      if (Object.hasOwn(node, keyword) && isObject(map)) {
        for (const key of Object.keys(map)) push(map[key], keyword, key);
      }
    }
    const dependencies = node.dependencies;
    if (Object.hasOwn(node, 'dependencies') && isObject(dependencies)) {
      for (const key of Object.keys(dependencies)) {
        // The array form lists property names; only the object form is a schema.
        if (!Array.isArray(dependencies[key])) push(dependencies[key], 'dependencies', key);
      }
    }
  }
}

/**
 * Returns every `$ref`, `$dynamicRef` and `$recursiveRef` that stands in a schema position.
 *
 * @param schema The schema document.
 * @returns The references with the pointers of the schemas that hold them.
 */
export function listRefs(schema: unknown): FoundRef[] {
  const found: FoundRef[] = [];
  walkSchemas(schema, (node, pointer) => {
    if (!isObject(node)) return;
    for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef'] as const) {
      if (Object.hasOwn(node, keyword)) found.push({ pointer, keyword, value: node[keyword] });
    }
  });
  return found;
}

/**
 * Tells whether a key named `$ref`, `$dynamicRef` or `$recursiveRef` occurs anywhere in a JSON
 * value, data positions included. A coarse classification: a group that has one is verified with
 * Ajv, one that has none must come back deep-equal.
 *
 * @param value Any JSON value.
 * @returns True when such a key occurs at any depth.
 */
export function containsRefKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
    } else if (isObject(node)) {
      for (const key of Object.keys(node)) {
        if (key === '$ref' || key === '$dynamicRef' || key === '$recursiveRef') return true;
        stack.push(node[key]);
      }
    }
  }
  return false;
}

/**
 * Decodes a URI fragment that holds a JSON Pointer: percent-decoding first (RFC 3986), then
 * `~1` and `~0` (RFC 6901).
 *
 * @param ref A reference such as `#/$defs/a%20b~1c`.
 * @returns The pointer's segments, or undefined when the ref is not a local pointer.
 */
export function decodeLocalPointer(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * Resolves a local JSON Pointer reference against a document, following own properties only.
 *
 * @param root The document.
 * @param ref The reference, e.g. `#/$defs/A`.
 * @returns `{ found: true, value }` when the pointer lands on a value, else `{ found: false }`.
 */
export function resolveLocalRef(
  root: unknown,
  ref: string,
): { found: true; value: unknown } | { found: false } {
  const segments = decodeLocalPointer(ref);
  if (segments === undefined) return { found: false };
  let node: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment) || Number(segment) >= node.length) {
        return { found: false };
      }
      node = node[Number(segment)];
    } else if (isObject(node) && Object.hasOwn(node, segment)) {
      node = node[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

/**
 * Returns the references in a dereferenced output that do not resolve inside it. A reference
 * resolves when it is a string `#/$defs/...` or `#/definitions/...` pointer that lands on an
 * object or boolean schema in the output. `$dynamicRef`/`$recursiveRef` are reported too.
 *
 * @param output The output schema of `dereference`.
 * @returns The offending references (empty when every reference resolves).
 */
export function danglingRefs(output: unknown): FoundRef[] {
  return listRefs(output).filter((found) => {
    if (found.keyword !== '$ref' || typeof found.value !== 'string') return true;
    if (!found.value.startsWith('#/$defs/') && !found.value.startsWith('#/definitions/')) {
      return true;
    }
    const target = resolveLocalRef(output, found.value);
    return !(target.found && (isObject(target.value) || typeof target.value === 'boolean'));
  });
}

/**
 * Writes a short preview of a value for a failure message. Bounded in length and depth, so a value
 * that shares subtrees (or is very deep) cannot make a failure report explode.
 *
 * @param value Any value.
 * @param limit The maximum length of the preview.
 * @returns A JSON-like text of at most about `limit` characters.
 */
export function preview(value: unknown, limit = 400): string {
  let out = '';
  const write = (node: unknown, depth: number): void => {
    if (out.length > limit) return;
    if (typeof node !== 'object' || node === null) {
      out += JSON.stringify(node) ?? String(node);
    } else if (depth > 12) {
      out += Array.isArray(node) ? '[…]' : '{…}';
    } else if (Array.isArray(node)) {
      out += '[';
      node.forEach((child, index) => {
        if (index > 0) out += ',';
        write(child, depth + 1);
      });
      out += ']';
    } else {
      out += '{';
      Object.keys(node).forEach((key, index) => {
        if (index > 0) out += ',';
        out += `${JSON.stringify(key)}:`;
        write((node as Record<string, unknown>)[key], depth + 1);
      });
      out += '}';
    }
  };
  write(value, 0);
  return out.length > limit ? `${out.slice(0, limit)}…` : out;
}

/**
 * Compares two JSON values structurally, own enumerable keys only, key order ignored, and returns
 * where they first differ. Iterative, so very deep values do not overflow the stack. (Vitest's
 * `toStrictEqual` compares `.constructor`, which is data in a schema whose property is named
 * `constructor`, so it cannot compare such schemas.)
 *
 * @param actual The value under test.
 * @param expected The value it should equal.
 * @returns Undefined when equal, else the pointer of the first difference and both values there.
 */
export function firstJsonDifference(
  actual: unknown,
  expected: unknown,
): { pointer: string; actual: string; expected: string } | undefined {
  const stack: Array<{ a: unknown; e: unknown; pointer: string }> = [
    { a: actual, e: expected, pointer: '' },
  ];
  while (stack.length > 0) {
    const { a, e, pointer } = stack.pop()!;
    const differ = { pointer, actual: preview(a), expected: preview(e) };
    if (Array.isArray(a) || Array.isArray(e)) {
      if (!Array.isArray(a) || !Array.isArray(e) || a.length !== e.length) return differ;
      for (let index = 0; index < a.length; index += 1) {
        stack.push({ a: a[index], e: e[index], pointer: `${pointer}/${index}` });
      }
    } else if (isObject(a) || isObject(e)) {
      if (!isObject(a) || !isObject(e)) return differ;
      const actualKeys = Object.keys(a);
      const expectedKeys = Object.keys(e);
      if (
        actualKeys.length !== expectedKeys.length ||
        !actualKeys.every((key) => Object.hasOwn(e, key))
      ) {
        return {
          pointer,
          actual: `keys ${preview(actualKeys.sort())}`,
          expected: `keys ${preview(expectedKeys.sort())}`,
        };
      }
      for (const key of actualKeys) {
        stack.push({ a: a[key], e: e[key], pointer: `${pointer}/${escapeSegment(key)}` });
      }
    } else if (a !== e) {
      return differ;
    }
  }
  return undefined;
}

/**
 * Counts the objects and arrays that two JSON values share by identity (the output of
 * `dereference` must share none with its input).
 *
 * @param first One value.
 * @param second Another value.
 * @returns How many objects reachable from `second` are also reachable from `first`.
 */
export function countSharedObjects(first: unknown, second: unknown): number {
  const collect = (root: unknown): Set<object> => {
    const seen = new Set<object>();
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      stack.push(...Object.values(node));
    }
    return seen;
  };
  const firstObjects = collect(first);
  let shared = 0;
  for (const node of collect(second)) if (firstObjects.has(node)) shared += 1;
  return shared;
}

/** How a description quoting the schema a JSON-encoded string must match begins. */
const QUOTE_PREFIX = 'A JSON-encoded value matching this JSON Schema: ';

/**
 * The references that name nothing within the schema a JSON-encoded string's description quotes,
 * in every such description of a wire schema (a quote cut at its length limit is not read): a
 * quote must be readable alone, its `$ref` pointers naming what it holds (`#` itself, or the
 * definitions it carries).
 *
 * @param wire A wire schema.
 * @returns Each such reference, as `<pointer of the quote> <reference>`.
 */
export function unresolvedQuoteRefs(wire: unknown): string[] {
  const unresolved: string[] = [];
  walkSchemas(wire, (node, pointer) => {
    if (!isObject(node) || typeof node.description !== 'string') return;
    const start = node.description.indexOf(QUOTE_PREFIX);
    if (start < 0 || node.description.endsWith('…')) return;
    let quote: unknown;
    try {
      quote = JSON.parse(node.description.slice(start + QUOTE_PREFIX.length));
    } catch {
      // Text after the quote (a described keyword): the quote is not read alone.
      return;
    }
    for (const found of listRefs(quote)) {
      // A pointer (`#/...`), as the pass writes them; a URI or an anchor reads against the `$id`
      // the quote holds itself.
      if (found.keyword !== '$ref' || typeof found.value !== 'string') continue;
      if (!found.value.startsWith('#/') || resolveLocalRef(quote, found.value).found) continue;
      unresolved.push(`${pointer} ${String(found.value)}`);
    }
  });
  return unresolved;
}
