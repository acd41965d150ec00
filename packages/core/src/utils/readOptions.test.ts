import { toolSchemaError } from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import { readOptions } from './readOptions.ts';

/** Options of a made-up function, as the callers type theirs. */
interface TestOptions {
  a?: number;
  b?: number;
  d?: number;
}

/** Reads any value as `TestOptions`: JavaScript callers pass what the types refuse. */
function read(value: unknown, what = 'test', keys: readonly (keyof TestOptions)[] = ['a', 'b']) {
  return readOptions(value as TestOptions, keys, what);
}

describe('readOptions', () => {
  it('reads undefined and null as no options', () => {
    expect(read(undefined)).toStrictEqual({});
    expect(read(null)).toStrictEqual({});
  });

  it('reads the named keys once, inherited ones too, and leaves out those that are undefined', () => {
    let reads = 0;
    const options = Object.create(
      { b: 2 },
      {
        a: {
          enumerable: true,
          get: () => {
            reads++;
            return 1;
          },
        },
      },
    );
    options.c = 3;
    options.d = undefined;
    expect(read(options, 'test', ['a', 'b', 'd'])).toStrictEqual({ a: 1, b: 2 });
    expect(reads).toBe(1);
  });

  it('refuses a value that is not an object, naming whose options', () => {
    for (const value of ['x', 1, true, Symbol('s'), 10n]) {
      const error = toolSchemaError(() => read(value, 'dereference'));
      expect(error.code).toBe('invalid-option');
      expect(error.message).toBe(`The dereference options must be an object, got ${typeof value}.`);
    }
  });

  it('turns a throwing getter or a revoked Proxy into invalid-option, the error as its cause', () => {
    const thrown = new Error('no');
    const getter = Object.defineProperty({}, 'b', {
      get() {
        throw thrown;
      },
    });
    const error = toolSchemaError(() => read(getter, 'budget'));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toBe('Reading the budget option b threw: no');
    expect(error.cause).toBe(thrown);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(toolSchemaError(() => read(proxy)).code).toBe('invalid-option');
  });
});
