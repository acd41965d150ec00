import type { JsonSchema } from '../../src/types/index.ts';

/**
 * FUZZ_SEED=61, reduced: a union of an open branch that requires `k` (`null` allowed) and a
 * closed one that requires `a` and takes `k` only as `null`. As a `oneOf`, `{ v: { a: "x" } }`
 * is the closed branch's alone, and `{ v: { a: "x", k: null } }` is refused (both take it).
 *
 * @param keyword The union's keyword.
 * @returns The tool schema.
 */
export function unionSharingNull(keyword: 'oneOf' | 'anyOf'): JsonSchema {
  return {
    type: 'object',
    properties: {
      v: {
        [keyword]: [
          { type: 'object', properties: { k: { type: ['string', 'null'] } }, required: ['k'] },
          {
            type: 'object',
            properties: { a: { type: 'string' }, k: { type: 'null' } },
            required: ['a'],
            additionalProperties: false,
          },
        ],
      },
    },
    required: ['v'],
    additionalProperties: false,
  };
}

/**
 * FUZZ_SEED=201, reduced: a `oneOf` whose second branch requires `id` and takes `null` there, but
 * is closed and lists no `a`, which the first requires: no object of the first is one of the
 * second, so the first branch's `id: null` is its own.
 *
 * @returns The tool schema.
 */
export function closedBranchSharingNull(): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      v: {
        oneOf: [
          {
            type: 'object',
            properties: { a: { type: 'string' }, id: { type: ['string', 'null'] } },
            required: ['a'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { id: { enum: ['fixed', null] } },
            required: ['id'],
            additionalProperties: false,
          },
        ],
      },
    },
    required: ['v'],
  };
}

/** Sets an own data property (a `__proto__` key included, which `=` would not create). */
export function putOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
