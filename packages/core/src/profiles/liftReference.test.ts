import { describe, expect, it } from 'vitest';
import { liftReference } from './liftReference.ts';

/** A deep copy, frozen at every level: a write into it throws. */
function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (each: unknown): void => {
    if (typeof each !== 'object' || each === null) return;
    Object.freeze(each);
    for (const inner of Object.values(each)) freeze(inner);
  };
  freeze(copy);
  return copy;
}

describe('liftReference', () => {
  it("takes a member's `$ref` out, leaving its siblings at its index", () => {
    expect(
      liftReference(frozen([{ $ref: '#/$defs/a', description: 'The a.' }, { minProperties: 1 }])),
    ).toStrictEqual({ ref: '#/$defs/a', allOf: [{ description: 'The a.' }, { minProperties: 1 }] });
  });

  it('finds it in an `allOf` nested in a member, copying only the way to it', () => {
    const allOf = frozen([
      { title: 'user', allOf: [{ properties: { id: {} } }, { $ref: '#/$defs/entity' }] },
      { required: ['name'] },
    ]);
    const lifted = liftReference(allOf);
    expect(lifted).toStrictEqual({
      ref: '#/$defs/entity',
      allOf: [{ title: 'user', allOf: [{ properties: { id: {} } }, {}] }, { required: ['name'] }],
    });
    expect(lifted?.allOf[1]).toBe(allOf[1]);
  });

  it('lifts nothing where no member, or more than one, holds a `$ref`', () => {
    expect(liftReference([{ type: 'object' }, true])).toBe(undefined);
    expect(liftReference([{ $ref: '#/$defs/a' }, { allOf: [{ $ref: '#/$defs/b' }] }])).toBe(
      undefined,
    );
    // A `$ref` under a union or a `not` applies to no such whole.
    expect(liftReference([{ anyOf: [{ $ref: '#/$defs/a' }, { type: 'null' }] }])).toBe(undefined);
    expect(liftReference([{ not: { $ref: '#/$defs/a' } }])).toBe(undefined);
    // Nor a `$ref` that is no string.
    expect(liftReference([{ $ref: 1 }])).toBe(undefined);
  });

  it('reads a bounded number of members', () => {
    let deepest: Record<string, unknown> = { $ref: '#/$defs/a' };
    for (let level = 0; level < 300; level++) deepest = { allOf: [deepest] };
    expect(liftReference([deepest])).toBe(undefined);
    let shallow: Record<string, unknown> = { $ref: '#/$defs/a' };
    for (let level = 0; level < 10; level++) shallow = { allOf: [shallow] };
    expect(liftReference([shallow])?.ref).toBe('#/$defs/a');
  });
});
