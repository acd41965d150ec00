import { describe, expect, it } from 'vitest';
import { indexDocument } from '../analysis/indexDocument.ts';
import { resolveReference } from '../analysis/resolveReference.ts';
import type { Dialect } from '../types/index.ts';
import { parsePointer } from '../utils/pointer.ts';
import { followSchemaPointer } from './followSchemaPointer.ts';

type SchemaObject = Record<string, unknown>;

/** What the index's resolver finds for `#<pointer>` from the root: an object, a boolean or nothing. */
function indexTarget(root: SchemaObject, pointer: string, dialect: Dialect): unknown {
  const probe = { $ref: `#${pointer}` };
  // The probe stands in a keyword the documents below do not use.
  const document = { ...root, anyOf: [probe] };
  const index = indexDocument(document, dialect);
  const unit = index.units.find((each) => each.source === probe)!;
  const found = resolveReference(index, unit);
  if (found.kind === 'object') return found.value;
  if (found.kind === 'unit') return index.units[found.unit]!.source;
  if (found.kind === 'boolean') return found.value;
  return undefined;
}

const documents: { dialect: Dialect; root: SchemaObject; pointers: string[] }[] = [
  {
    dialect: '2020-12',
    root: {
      properties: { a: { type: 'string' }, bad: 5, t: true, 'x/y': { const: 1 } },
      items: { minimum: 1 },
      prefixItems: [{}, false, 'invalid'],
      not: 'invalid',
      allOf: { asData: { type: 'null' } },
      dependencies: { d: ['a'], e: { required: ['a'] } },
      default: { nested: { type: 'object' } },
      $defs: {
        A: { anyOf: [{ type: 'string' }, { $id: 'inner.json', type: 'number' }] },
        B: false,
      },
      definitions: { C: { properties: { deep: { items: { const: 2 } } } } },
      components: { schemas: { X: { type: 'boolean' }, N: 3 } },
    },
    pointers: [
      '/properties/a',
      '/properties/bad',
      '/properties/t',
      '/properties/x~1y',
      '/properties',
      '/properties/missing',
      '/items',
      '/prefixItems/0',
      '/prefixItems/1',
      '/prefixItems/2',
      '/prefixItems/01',
      '/prefixItems/9',
      '/not',
      '/allOf/asData',
      '/dependencies/d',
      '/dependencies/e',
      '/default/nested',
      '/$defs/A',
      '/$defs/A/anyOf/0',
      '/$defs/A/anyOf/1',
      '/$defs/B',
      '/definitions/C/properties/deep/items',
      '/components/schemas/X',
      '/components/schemas/N',
      '/components/nothing',
    ],
  },
  {
    dialect: 'draft-07',
    root: {
      $ref: '#/definitions/A',
      properties: { hidden: { type: 'string' } },
      definitions: {
        A: { $ref: '#/definitions/B', items: { type: 'string' } },
        B: { type: 'integer' },
      },
    },
    pointers: ['/definitions/A', '/definitions/B', '/definitions/A/items', '/properties/hidden'],
  },
];

/** Pointers that lead somewhere, but where only the index can say how (another resource...). */
const INDEX_DECIDES = ['/$defs/A/anyOf/1', '/properties/hidden', '/definitions/A/items'];

describe('followSchemaPointer', () => {
  for (const { dialect, root, pointers } of documents) {
    for (const pointer of pointers) {
      it(`${dialect} #${pointer}: what the index finds, or nothing`, () => {
        const found = followSchemaPointer(root, parsePointer(pointer)!, dialect);
        const expected = indexTarget(root, pointer, dialect);
        if (found === undefined) {
          // Nothing there for the index either, or a place where the index must decide (the
          // walk then hands the document over to it).
          expect(expected === undefined || INDEX_DECIDES.includes(pointer)).toBe(true);
        } else {
          expect(found.value).toBe(expected);
        }
      });
    }
  }

  it('answers for the pointers the walk relies on', () => {
    const root = documents[0]!.root;
    const answered = documents[0]!.pointers.filter(
      (pointer) => followSchemaPointer(root, parsePointer(pointer)!, '2020-12') !== undefined,
    );
    expect(answered).toStrictEqual([
      '/properties/a',
      '/properties/t',
      '/properties/x~1y',
      '/properties',
      '/items',
      '/prefixItems/0',
      '/prefixItems/1',
      '/allOf/asData',
      '/dependencies/e',
      '/default/nested',
      '/$defs/A',
      '/$defs/A/anyOf/0',
      '/$defs/B',
      '/definitions/C/properties/deep/items',
      '/components/schemas/X',
    ]);
  });

  it('marks root definitions, and only them', () => {
    const root = documents[0]!.root;
    const definition = (pointer: string) =>
      followSchemaPointer(root, parsePointer(pointer)!, '2020-12')?.definition;
    expect(definition('/$defs/A')).toBe(true);
    expect(definition('/$defs/A/anyOf/0')).toBe(false);
    expect(definition('/components/schemas/X')).toBe(false);
    expect(definition('/properties/a')).toBe(false);
  });

  it('leaves other resources and draft-07 $ref siblings to the index', () => {
    const [first, second] = documents;
    expect(
      followSchemaPointer(first!.root, parsePointer('/$defs/A/anyOf/1')!, '2020-12'),
    ).toBeUndefined();
    expect(
      followSchemaPointer(second!.root, parsePointer('/properties/hidden')!, 'draft-07'),
    ).toBeUndefined();
    expect(
      followSchemaPointer(second!.root, parsePointer('/definitions/A/items')!, 'draft-07'),
    ).toBeUndefined();
    expect(
      followSchemaPointer({ $id: 'root.json', $defs: { A: {} } }, ['$defs', 'A'], '2020-12'),
    ).toStrictEqual({
      value: {},
      definition: true,
    });
  });
});
