import { describe, expect, it } from 'vitest';
import { refusesKey, refusesPropertyName } from './propertyNames.ts';

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

describe('refusesKey', () => {
  it('refuses a key only where every object holding it is refused', () => {
    const properties = { a: { type: 'string' }, never: false };
    const cases: Array<[Record<string, unknown>, string, boolean]> = [
      [{ properties }, 'a', false],
      [{ properties }, 'never', true],
      [{ properties }, 'other', false],
      [{ properties, additionalProperties: false }, 'other', true],
      // A pattern may take the key instead (patterns are not run).
      [
        { properties, additionalProperties: false, patternProperties: { '^z': {} } },
        'other',
        false,
      ],
      [{ properties, propertyNames: { maxLength: 1 } }, 'never', true],
      [{ properties, propertyNames: { maxLength: 1 } }, 'ab', true],
      [{ properties, propertyNames: { maxLength: 1 } }, 'a', false],
    ];
    for (const [object, name, refused] of cases) {
      expect([object, name, refusesKey(object, name)]).toStrictEqual([object, name, refused]);
    }
  });
});
