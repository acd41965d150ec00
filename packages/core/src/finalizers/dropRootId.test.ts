import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { dereference } from '../dereference/index.ts';

/** Two tools that share one `$id`, as schemas written from one template often do. */
const ID = 'https://example.com/tool.json';
const first = {
  $id: ID,
  type: 'object',
  properties: { name: { $ref: '#/$defs/Name' } },
  required: ['name'],
  $defs: { Name: { type: 'string' } },
};
const second = {
  $id: ID,
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
};

describe('rootId', () => {
  it("keeps the root's $id by default", () => {
    expect(dereference(first).schema).toStrictEqual({
      $id: ID,
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
  });

  it("drops it with 'drop', where every reference left is a fragment of the document", () => {
    expect(dereference(first, { rootId: 'drop' }).schema).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    // A kept cycle points into the document's own `$defs`, found the same without a base URI.
    const tree = {
      $id: ID,
      type: 'object',
      properties: { kids: { type: 'array', items: { $ref: '#' } } },
    };
    expect(dereference(tree, { rootId: 'drop' })).toStrictEqual({
      schema: {
        type: 'object',
        properties: { kids: { type: 'array', items: { $ref: '#/$defs/Root' } } },
        $defs: {
          Root: {
            type: 'object',
            properties: { kids: { type: 'array', items: { $ref: '#/$defs/Root' } } },
          },
        },
      },
      diagnostics: [],
    });
  });

  it('lets one Ajv judge two tools that shared an $id, each by its own schema', () => {
    // What a client that caches validators by `$id` meets (the MCP SDK's `getValidator`).
    const compileOnce = (ajv: Ajv2020, schema: Record<string, unknown>) =>
      typeof schema.$id === 'string'
        ? (ajv.getSchema(schema.$id) ?? ajv.compile(schema))
        : ajv.compile(schema);
    const kept = new Ajv2020();
    compileOnce(kept, dereference(first).schema as Record<string, unknown>);
    const wrong = compileOnce(kept, dereference(second).schema as Record<string, unknown>);
    expect(wrong({ count: 1 })).toBe(false);
    expect(() => kept.compile(dereference(second).schema as Record<string, unknown>)).toThrow(
      /already exists/,
    );

    const dropped = new Ajv2020();
    compileOnce(dropped, dereference(first, { rootId: 'drop' }).schema as Record<string, unknown>);
    const own = compileOnce(
      dropped,
      dereference(second, { rootId: 'drop' }).schema as Record<string, unknown>,
    );
    expect(own({ count: 1 })).toBe(true);
    expect(own({ name: 'x' })).toBe(false);
  });

  it('keeps it where a reference left resolves against it', () => {
    // Kept as written (`unresolved: 'keep'`): another document, relative to the root's `$id`.
    const external = {
      $id: ID,
      type: 'object',
      properties: { a: { $ref: 'other.json#/$defs/A' } },
    };
    expect(dereference(external, { rootId: 'drop', unresolved: 'keep' }).schema).toStrictEqual(
      external,
    );
    // A dynamic reference resolves by URI too: the document is kept whole.
    const dynamic = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: ID,
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { next: { $dynamicRef: `${ID}#node` } },
    };
    expect(dereference(dynamic, { rootId: 'drop' }).schema).toHaveProperty('$id', ID);
  });

  it("drops a draft-04 root's id, and leaves a 2020-12 root's unknown id keyword", () => {
    const draft04 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: ID,
      type: 'object',
      properties: { a: { $ref: '#/definitions/A' } },
      definitions: { A: { type: 'string' } },
    };
    expect(dereference(draft04, { rootId: 'drop' }).schema).toStrictEqual({
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    const unknownId = { id: 'not-an-identifier-here', type: 'object' };
    expect(dereference(unknownId, { rootId: 'drop' }).schema).toStrictEqual(unknownId);
  });

  it('refuses a value it does not know', () => {
    expect(() => dereference({}, { rootId: 'remove' as 'drop' })).toThrow(
      "rootId must be 'keep' or 'drop'.",
    );
  });
});
