import { describe, expect, it } from 'vitest';
import { refusesPropertyName } from './propertyNames.ts';

describe('refusesPropertyName', () => {
  it('refuses a key only where the schema surely does', () => {
    const cases: Array<[unknown, string, boolean]> = [
      [undefined, 'a', false],
      [true, 'a', false],
      [false, 'a', true],
      [{}, 'a', false],
      [{ maxLength: 2 }, 'ab', false],
      [{ maxLength: 2 }, 'abc', true],
      [{ minLength: 3 }, 'ab', true],
      // Code points, not UTF-16 units: one emoji is one character.
      [{ maxLength: 1 }, '😀', false],
      [{ enum: ['a', 'b'] }, 'c', true],
      [{ const: 'a' }, 'a', false],
      [{ type: 'number' }, 'a', true],
      [{ type: 'string' }, 'a', false],
      // Not run: a pattern may refuse, but the key may be taken.
      [{ pattern: '^z' }, 'a', false],
      [{ $ref: '#/$defs/Key' }, 'a', false],
    ];
    for (const [propertyNames, name, refused] of cases) {
      expect([propertyNames, name, refusesPropertyName(propertyNames, name)]).toStrictEqual([
        propertyNames,
        name,
        refused,
      ]);
    }
  });
});
