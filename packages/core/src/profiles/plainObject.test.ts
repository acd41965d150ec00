import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PlainObject } from './plainObject.ts';

describe('PlainObject', () => {
  it('makes objects nothing tells apart from {}', () => {
    const made = new PlainObject();
    made.b = 1;
    made.a = [2];
    Object.defineProperty(made, '__proto__', {
      value: 3,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const literal: Record<string, unknown> = { b: 1, a: [2] };
    Object.defineProperty(literal, '__proto__', {
      value: 3,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect(made.constructor).toBe(Object);
    expect(Object.prototype.toString.call(made)).toBe('[object Object]');
    expect(Object.keys(made)).toStrictEqual(['b', 'a', '__proto__']);
    expect(JSON.stringify(made)).toBe(JSON.stringify(literal));
    expect(inspect(made)).toBe(inspect(literal));
    expect(made).toStrictEqual(literal);
    expect(new PlainObject()).not.toBe(new PlainObject());
  });
});
