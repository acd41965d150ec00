import { describe, expect, it } from 'vitest';
import { indexDocument } from './indexDocument.ts';
import { planOutput } from './planOutput.ts';

const WIDE = { bytes: 1e9, depth: 512 };

function plan(schema: Record<string, unknown>, budget = WIDE) {
  const index = indexDocument(schema, '2020-12');
  const result = planOutput(index, budget, 'ref');
  const pointerOf = (unit: number) => index.units[unit]!.pointer;
  return { index, result, pointerOf };
}

describe('planOutput', () => {
  it('keeps no entry for an acyclic schema and orders units after what they inline', () => {
    const { index, result, pointerOf } = plan({
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { items: { type: 'string' } } },
    });
    expect(result.entries).toStrictEqual([]);
    const position = new Map(result.order.map((unit, at) => [pointerOf(unit), at]));
    expect(position.get('/$defs/A/items')!).toBeLessThan(position.get('/$defs/A')!);
    expect(position.get('/$defs/A')!).toBeLessThan(position.get('/properties/a')!);
    expect(position.get('/properties/a')!).toBeLessThan(position.get('')!);
    expect(result.order).toHaveLength(index.units.length);
  });

  it('cuts the refs inside a strongly connected component and names its entries', () => {
    const { result, pointerOf } = plan({
      properties: { start: { $ref: '#/$defs/A' } },
      $defs: {
        A: { properties: { b: { $ref: '#/$defs/B' } } },
        B: { properties: { a: { $ref: '#/$defs/A' } } },
      },
    });
    expect(result.entries.map(pointerOf)).toStrictEqual(['/$defs/A', '/$defs/B']);
    expect([...result.names.values()].sort()).toStrictEqual(['A', 'B']);
    const cut = [...result.cutRef.keys()].filter((unit) => result.cutRef[unit] === 1);
    expect(cut.map(pointerOf).sort()).toStrictEqual([
      '/$defs/A/properties/b',
      '/$defs/B/properties/a',
    ]);
  });

  it('counts every use of a unit so its last use can take the original', () => {
    const { result, pointerOf } = plan({
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'string' } },
    });
    const a = result.order.find((unit) => pointerOf(unit) === '/$defs/A')!;
    expect(result.uses[a]).toBe(2);
    expect(result.uses[0]).toBe(1);
  });

  it('keeps the units with the largest saving as refs to fit the byte budget', () => {
    const big = { type: 'object', description: 'x'.repeat(500) };
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) properties[`p${i}`] = { $ref: '#/$defs/Big' };
    const { result, pointerOf } = plan(
      { properties, $defs: { Big: big, Small: { type: 'string' } } },
      { bytes: 2000, depth: 512 },
    );
    expect(result.entries.map(pointerOf)).toStrictEqual(['/$defs/Big']);
    expect(result.bytes).toBeLessThanOrEqual(2000);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
      ['budget-ref-kept', '/$defs/Big'],
    ]);
  });

  it('cuts deep chains at definitions to fit the depth bound', () => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) {
      $defs[`D${i}`] = i === 39 ? { type: 'string' } : { items: { $ref: `#/$defs/D${i + 1}` } };
    }
    const { result, pointerOf } = plan({ $ref: '#/$defs/D0', $defs }, { bytes: 1e9, depth: 16 });
    expect(result.depth).toBeLessThanOrEqual(16);
    expect(result.entries.length).toBeGreaterThan(0);
    expect(result.entries.map(pointerOf).every((p) => /^\/\$defs\/D\d+$/.test(p))).toBe(true);
  });

  it("throws a ToolSchemaError with code 'cycle' when cycles are not allowed", () => {
    const index = indexDocument({ properties: { self: { $ref: '#' } } }, '2020-12');
    expect(() => planOutput(index, WIDE, 'throw')).toThrow(
      expect.objectContaining({ code: 'cycle', pointer: '' }),
    );
  });

  it('makes entry names unique and safe', () => {
    const { result } = plan({
      properties: { a: { $ref: '#/$defs/a b' }, b: { $ref: '#/$defs/a_b' } },
      $defs: {
        'a b': { properties: { x: { $ref: '#/$defs/a b' } } },
        a_b: { properties: { y: { $ref: '#/$defs/a_b' } } },
      },
    });
    expect([...result.names.values()].sort()).toStrictEqual(['a_b', 'a_b_2']);
  });
});

describe('planOutput size rounds', () => {
  /** `count` definitions, each an object with five properties pointing to the next five. */
  const referenceDag = (count: number): Record<string, unknown> => {
    const $defs: Record<string, unknown> = {};
    for (let index = 0; index < count; index++) {
      const properties: Record<string, unknown> = {};
      for (let step = 1; step <= 5; step++) {
        properties[`p${step}`] =
          index + step < count ? { $ref: `#/$defs/D${index + step}` } : { type: 'string' };
      }
      $defs[`D${index}`] = { type: 'object', properties };
    }
    return { type: 'object', properties: { root: { $ref: '#/$defs/D0' } }, $defs };
  };

  it('a DAG of thousands of reused definitions is planned in near-linear work', () => {
    const budget = { bytes: 64 * 1024, depth: 512 };
    const perUnit: number[] = [];
    for (const count of [250, 1000, 4000]) {
      const { result } = plan(referenceDag(count), budget);
      expect(result.kept.some((flag) => flag === 1)).toBe(true);
      perUnit.push(result.work / result.order.length);
    }
    // A bounded number of passes over the graph, whatever its size (it was one per kept unit:
    // thousands of passes at 4,000 definitions).
    for (const each of perUnit) expect(each).toBeLessThanOrEqual(130);
    expect(perUnit[2]!).toBeLessThanOrEqual(perUnit[0]! * 1.5);
  });

  it('stops when nothing is left to keep and the output is still over the budget', () => {
    const properties: Record<string, unknown> = {};
    const $defs: Record<string, unknown> = { Tag: { type: 'string', enum: ['alpha', 'beta'] } };
    for (let index = 0; index < 200; index++) {
      $defs[`Def${index}`] = {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 80 }, tag: { $ref: '#/$defs/Tag' } },
      };
      properties[`field${index}`] = { $ref: `#/$defs/Def${index}` };
    }
    const { result, pointerOf } = plan(
      { type: 'object', properties, $defs },
      {
        bytes: 4096,
        depth: 512,
      },
    );
    expect(result.entries.map(pointerOf)).toStrictEqual(['/$defs/Tag']);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'budget-ref-kept',
      'budget-exceeded',
    ]);
    // The size pass and two candidate rounds (keep Tag, find none), then one look for a larger unit:
    // not the dozen empty threshold passes it took before.
    expect(result.work / result.order.length).toBeLessThanOrEqual(8);
  });
});
