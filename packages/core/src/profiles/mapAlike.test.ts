import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArguments } from '../decodeArguments/index.ts';
import { encodeArguments } from '../encodeArguments/index.ts';
import type { Codec, CodecNode, JsonValue } from '../types/index.ts';
import { mapAlike, mapsNothing } from './mapAlike.ts';

/** Keys the generated codecs list and the generated values hold. */
const KEYS = ['a', 'b', 'c'] as const;

/** A codec that maps a value, one that only marks a container, and the identity. */
const leafCodec = fc.constantFrom<CodecNode>(
  null,
  { kind: 'json' },
  { kind: 'array', items: null },
);

/** Object codecs as `rewriteObject` writes them: beside entries or `rest`, every key listed. */
const objectCodec: fc.Arbitrary<CodecNode> = fc
  .record({
    listed: fc.subarray([...KEYS]),
    codecs: fc.array(leafCodec, { minLength: KEYS.length, maxLength: KEYS.length }),
    nullMeansAbsent: fc.subarray([...KEYS]),
    others: fc.constantFrom('none', 'extra', 'rest'),
    value: leafCodec,
  })
  .map(({ listed, codecs, nullMeansAbsent, others, value }) => {
    const node: Extract<CodecNode, { kind: 'object' }> = { kind: 'object' };
    if (listed.length > 0 || others !== 'none')
      node.properties = Object.fromEntries(listed.map((key, index) => [key, codecs[index]!]));
    if (nullMeansAbsent.length > 0) node.nullMeansAbsent = nullMeansAbsent;
    if (others === 'extra') node.extra = { property: 'otherProperties', value };
    if (others === 'rest') node.rest = value;
    return node;
  });

/** Values shaped like those codecs' originals and wires: the listed keys, entries, JSON text. */
const objectValue: fc.Arbitrary<JsonValue> = fc.dictionary(
  fc.constantFrom(...KEYS, 'd', 'otherProperties'),
  fc.constantFrom<JsonValue>(
    null,
    1,
    '{"x":1}',
    'text',
    [1],
    { x: 1 },
    [{ key: 'd', value: '2' }],
    [{ key: 'a', value: '[1]' }],
  ),
  { maxKeys: 4 },
);

describe('mapsNothing', () => {
  it('holds for null and for containers that only mark where they stand', () => {
    const marks: CodecNode[] = [
      null,
      { kind: 'array', items: null },
      { kind: 'array', items: { kind: 'object' } },
      { kind: 'tuple', prefix: [null, { kind: 'object' }], items: null },
      { kind: 'object', properties: { a: { kind: 'array', items: null } }, strayNull: ['b'] },
      { kind: 'object', unrepaired: ['a'], nullMeansAbsent: [] },
    ];
    expect(marks.map(mapsNothing)).toStrictEqual(marks.map(() => true));
  });

  it('fails wherever a value would change, however deep', () => {
    const deep = (node: CodecNode, levels: number): CodecNode => {
      let wrapped = node;
      for (let level = 0; level < levels; level++) wrapped = { kind: 'array', items: wrapped };
      return wrapped;
    };
    const mapping: CodecNode[] = [
      { kind: 'json' },
      { kind: 'enum', pairs: [['a', 1]] },
      { kind: 'entries', value: null },
      { kind: 'wrap', property: 'value', value: null },
      { kind: 'object', nullMeansAbsent: ['a'] },
      { kind: 'object', absentSentAsNull: ['a'] },
      { kind: 'object', ignored: ['a'] },
      { kind: 'object', extra: { property: 'other', value: null } },
      { kind: 'object', rest: { kind: 'json' } },
      { kind: 'tuple', prefix: [null, { kind: 'json' }], items: null },
      { kind: 'union', branches: [{ wire: {}, original: {}, codec: null }] },
      deep({ kind: 'json' }, 100_000),
    ];
    expect(mapping.map(mapsNothing)).toStrictEqual(mapping.map(() => false));
  });
});

describe('mapAlike', () => {
  it('reads two codecs that differ only in marks as alike', () => {
    // GitHub's issues/set-labels: `labels` holds strings in one branch, objects in the other.
    const strings: CodecNode = {
      kind: 'object',
      properties: { labels: { kind: 'array', items: null } },
      nullMeansAbsent: ['labels'],
    };
    const objects: CodecNode = {
      kind: 'object',
      properties: { labels: { kind: 'array', items: { kind: 'object' } } },
      nullMeansAbsent: ['labels'],
    };
    expect(mapAlike(strings, objects)).toBe(true);
    expect(mapAlike({ kind: 'object', nullMeansAbsent: ['labels'] }, objects)).toBe(true);
    expect(mapAlike(null, { kind: 'tuple', prefix: [{ kind: 'object' }], items: null })).toBe(true);
  });

  it('tells apart codecs that map a value differently', () => {
    const base: CodecNode = { kind: 'object', nullMeansAbsent: ['a'] };
    const others: CodecNode[] = [
      null,
      { kind: 'object', nullMeansAbsent: ['b'] },
      { kind: 'object', nullMeansAbsent: ['a'], absentSentAsNull: ['b'] },
      { kind: 'object', nullMeansAbsent: ['a'], properties: { b: { kind: 'json' } } },
      { kind: 'object', nullMeansAbsent: ['a'], rest: { kind: 'json' } },
      { kind: 'array', items: null },
    ];
    expect(others.map((other) => mapAlike(base, other))).toStrictEqual(others.map(() => false));
    expect(others.map((other) => mapAlike(other, base))).toStrictEqual(others.map(() => false));
    expect(mapAlike({ kind: 'enum', pairs: [['a', 1]] }, { kind: 'enum', pairs: [['a', 2]] })).toBe(
      false,
    );
  });

  it('reads a key one side lists as the other side maps its unlisted keys', () => {
    // Notion's `parent`: open objects that list different keys send their other keys as
    // entries, so `page_id` stays a property through one and becomes an entry through the other.
    const extra = { property: 'otherProperties', value: { kind: 'json' } } as const;
    const pages: CodecNode = { kind: 'object', properties: { page_id: null }, extra };
    const databases: CodecNode = { kind: 'object', properties: { database_id: null }, extra };
    expect(mapAlike(pages, databases)).toBe(false);
    expect(mapAlike(databases, pages)).toBe(false);
    expect(mapAlike(pages, { kind: 'object', properties: { page_id: null }, extra })).toBe(true);
    // Where the wire keeps `additionalProperties`, an unlisted key's value maps through `rest`.
    const rest: CodecNode = { kind: 'object', properties: { a: null }, rest: { kind: 'json' } };
    const listed: CodecNode = {
      kind: 'object',
      properties: { a: null, b: null },
      rest: { kind: 'json' },
    };
    expect(mapAlike(rest, listed)).toBe(false);
    expect(mapAlike(listed, rest)).toBe(false);
    const both: CodecNode = {
      kind: 'object',
      properties: { a: null, b: { kind: 'json' } },
      rest: { kind: 'json' },
    };
    expect(mapAlike(rest, both)).toBe(true);
    expect(mapAlike(both, rest)).toBe(true);
  });
});

describe('mapAlike, against the codec it stands for', () => {
  it('holds only where encoding and decoding through either codec give the same value', () => {
    const codec = (root: CodecNode): Codec => ({ version: 1, root });
    fc.assert(
      fc.property(
        objectCodec,
        objectCodec,
        fc.array(objectValue, { maxLength: 6 }),
        (a, b, values) => {
          fc.pre(mapAlike(a, b));
          for (const value of values) {
            const encoded = encodeArguments(codec(a), value);
            expect(encodeArguments(codec(b), value)).toStrictEqual(encoded);
            for (const wire of [value, encoded])
              expect(decodeArguments(codec(b), wire)).toStrictEqual(
                decodeArguments(codec(a), wire),
              );
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('mapsNothing, against the codec it stands for', () => {
  /** Codec nodes of every kind, a few levels deep, mostly the containers that only mark. */
  const { node } = fc.letrec<{ node: CodecNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.constantFrom<CodecNode>({ kind: 'json' }, { kind: 'enum', pairs: [['a', 1]] }),
      fc.record({ kind: fc.constant('array' as const), items: tie('node') }),
      fc.record({
        kind: fc.constant('tuple' as const),
        prefix: fc.array(tie('node'), { maxLength: 2 }),
        items: tie('node'),
      }),
      fc.record(
        {
          kind: fc.constant('object' as const),
          properties: fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 2 }),
          strayNull: fc.subarray([...KEYS]),
          unrepaired: fc.subarray([...KEYS]),
          nullMeansAbsent: fc.subarray([...KEYS], { maxLength: 1 }),
          rest: tie('node'),
        },
        { requiredKeys: ['kind'] },
      ),
    ),
  }));
  const anyValue = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>;
  const shaped = fc.oneof(objectValue, fc.array(objectValue, { maxLength: 3 }), anyValue);

  it('holds only where every value goes through unchanged both ways', () => {
    let checked = 0;
    fc.assert(
      fc.property(node, fc.array(shaped, { maxLength: 8 }), (root, values) => {
        if (!mapsNothing(root)) return;
        checked += 1;
        const codec: Codec = { version: 1, root };
        // As JSON parses them: fast-check makes some objects without a prototype.
        for (const value of values.map((each) => JSON.parse(JSON.stringify(each)) as JsonValue)) {
          expect(encodeArguments(codec, value)).toStrictEqual(value);
          expect(decodeArguments(codec, value)).toStrictEqual(value);
        }
      }),
      { numRuns: 2_000 },
    );
    expect(checked).toBeGreaterThan(200);
  });
});
