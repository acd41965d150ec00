/**
 * Keys that name `Object.prototype` members (`__proto__`, `constructor`, `toString`...) in every
 * place a schema or the arguments hold a key: as a keyword, as a property, pattern or definition
 * name, in `required`, as a key of an `enum` or `const` object, as a record key of the
 * arguments. The schemas are built with `JSON.parse`, so `__proto__` is an own key as a client
 * receives it. Each profile must treat such a key as any other unknown key: the output for the
 * hostile key is the output for a neutral key of the same position, the key renamed; no object of
 * any output gets another prototype, `Object.prototype` is never written, the input never mutated.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkProviderSchema } from '../src/checkProviderSchema/index.ts';
import { decodeArguments } from '../src/decodeArguments/index.ts';
import { encodeArguments } from '../src/encodeArguments/index.ts';
import { toProviderSchema } from '../src/toProviderSchema/index.ts';
import type { JsonSchema, Profile } from '../src/types/index.ts';

const PROFILES: readonly Profile[] = [
  'mcp',
  'portable',
  'openai',
  'openai-strict',
  'anthropic',
  'anthropic-strict',
  'gemini',
  'gemini-json-schema',
];

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** The neutral key standing for a hostile one: no keyword, no member of `Object.prototype`. */
function neutralOf(key: string): string {
  return `${key}_neutral`;
}

/** A schema with `K` in every position a key can take (`K` is replaced before parsing). */
const SCHEMA = `{
  "type": "object",
  "K": { "polluted": "keyword at the root" },
  "properties": {
    "K": { "type": "string", "K": { "polluted": "keyword" } },
    "plain": { "type": "integer", "minimum": 0, "K": { "polluted": "keyword" } },
    "choice": { "enum": [{ "K": { "polluted": "enum" } }, "b"] },
    "fixed": { "const": { "K": 1 } },
    "record": { "type": "object", "additionalProperties": { "type": "number" } },
    "patterned": { "type": "object", "patternProperties": { "K": { "type": "string" } } },
    "tree": { "$ref": "#/$defs/K", "K": { "polluted": "$ref sibling" } },
    "union": { "anyOf": [{ "type": "string", "K": { "polluted": "branch" } }, { "type": "null" }], "K": { "polluted": "union" } },
    "typeless": { "K": { "polluted": "typeless" } },
    "types": { "type": ["string", "number"], "K": { "polluted": "type list" } },
    "merged": { "allOf": [{ "type": "object", "properties": { "K": { "type": "string" } } }, { "required": ["K"], "K": { "polluted": "allOf" } }] },
    "valued": { "enum": ["a", "b"], "maxLength": 3, "K": { "polluted": "enum sibling" } }
  },
  "required": ["K", "plain"],
  "$defs": {
    "K": { "type": "object", "properties": { "K": { "$ref": "#/$defs/K" }, "name": { "type": "string" } } }
  }
}`;

/**
 * A root union, merged into one object by the profiles that keep the rest as it is. The keyword
 * beside it looks like a union: read through a prototype, it would add a property.
 */
const ROOT_UNION = `{
  "K": { "anyOf": [{ "properties": { "injected": { "type": "string" } } }] },
  "minProperties": 1,
  "anyOf": [
    { "type": "object", "properties": { "K": { "type": "string" } }, "required": ["K"] },
    { "type": "object", "properties": { "b": { "type": "number" } } }
  ]
}`;

/** Arguments for {@link SCHEMA} with `K` as a property, a record key, a key of nested values. */
const ARGUMENTS = `{
  "K": "text",
  "plain": 1,
  "choice": { "K": { "polluted": "enum" } },
  "fixed": { "K": 1 },
  "record": { "K": 2, "other": 3 },
  "patterned": { "K": "value" },
  "tree": { "K": { "K": {}, "name": "leaf" } },
  "union": null,
  "typeless": { "K": { "polluted": "data" } },
  "types": 4,
  "merged": { "K": "x" },
  "valued": "a"
}`;

function parseWith(text: string, key: string): unknown {
  return JSON.parse(text.replaceAll('"K"', JSON.stringify(key)));
}

/** JSON of a value with the neutral key written back as the hostile one. */
function renamed(value: unknown, key: string): string {
  return (JSON.stringify(value) ?? 'undefined').replaceAll(neutralOf(key), key);
}

/** Every object and array reachable from a value (without recursion). */
function containers(value: unknown): object[] {
  const found: object[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    found.push(node);
    for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
  }
  return found;
}

/** The containers of a value whose prototype is not the plain one of their kind. */
function strayPrototypes(value: unknown): object[] {
  return containers(value).filter(
    (node) =>
      Object.getPrototypeOf(node) !== (Array.isArray(node) ? Array.prototype : Object.prototype),
  );
}

/** Everything a profile makes of a schema and of arguments in the original shape. */
function runProfile(schemaText: string, argumentsText: string, key: string, profile: Profile) {
  const schema = parseWith(schemaText, key) as JsonSchema;
  const args = parseWith(argumentsText, key);
  const result = toProviderSchema(schema, profile);
  const violations = checkProviderSchema(result.schema, profile);
  const encoded = encodeArguments(result.codec, args);
  const decoded = decodeArguments(result.codec, encoded);
  return { schema, args, result, violations, encoded, decoded };
}

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
});

describe.each([
  ['every key position', SCHEMA],
  ['a root union', ROOT_UNION],
])('hostile keys in %s', (_, schemaText) => {
  describe.each(PROFILES)('%s', (profile) => {
    it.each(HOSTILE_KEYS)('%s is a plain own key, treated as any unknown key', (key) => {
      const hostile = runProfile(schemaText, ARGUMENTS, key, profile);
      const neutral = runProfile(schemaText, ARGUMENTS, neutralOf(key), profile);

      // The same output as for a neutral key in its place: kept where that one is kept,
      // described and reported where that one is.
      expect(JSON.stringify(hostile.result.schema)).toBe(renamed(neutral.result.schema, key));
      expect(JSON.stringify(hostile.result.codec)).toBe(renamed(neutral.result.codec, key));
      expect(JSON.stringify(hostile.result.diagnostics)).toBe(
        renamed(neutral.result.diagnostics, key),
      );
      expect(JSON.stringify(hostile.violations)).toBe(renamed(neutral.violations, key));
      expect(JSON.stringify(hostile.encoded)).toBe(renamed(neutral.encoded, key));
      expect(JSON.stringify(hostile.decoded)).toBe(renamed(neutral.decoded, key));
      // The arguments come back as they were, the hostile key included.
      expect(JSON.stringify(hostile.decoded)).toBe(JSON.stringify(hostile.args));

      // No object of any output has another prototype; the input is unchanged.
      for (const output of [hostile.result, hostile.violations, hostile.encoded, hostile.decoded]) {
        expect(strayPrototypes(output)).toStrictEqual([]);
      }
      expect(strayPrototypes(hostile.schema)).toStrictEqual([]);
      expect(JSON.stringify(hostile.schema)).toBe(JSON.stringify(parseWith(schemaText, key)));
      expect(JSON.stringify(hostile.args)).toBe(JSON.stringify(parseWith(ARGUMENTS, key)));
    });
  });
});
