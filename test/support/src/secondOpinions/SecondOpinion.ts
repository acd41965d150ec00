/** What a provider's own client code does to a wire schema: throw, change it, or pass it as is. */
export interface SecondOpinion {
  /** The SDK and the function that judged, with its version. */
  readonly sdk: string;
  /** The message of what the SDK threw, or `undefined` when it did not throw. */
  readonly error: string | undefined;
  /** What the SDK would send (`undefined` when it threw). */
  readonly sent: unknown;
  /** RFC 6901 pointers where `sent` differs from the schema given (`[]`: sent unchanged). */
  readonly changes: readonly string[];
}

/** Stands for a key one side does not have (differs from every JSON value). */
const ABSENT = Symbol('absent');

/**
 * The pointers where two JSON values differ (a key added, removed or changed; an array of
 * another length counts at the array). Iterative; at most `limit` pointers.
 *
 * @param before The schema given.
 * @param after What the SDK would send.
 * @param limit The most pointers to report.
 * @returns The pointers, in document order of `before`.
 */
export function jsonChanges(before: unknown, after: unknown, limit = 100): string[] {
  const changes: string[] = [];
  const pending: [unknown, unknown, string][] = [[before, after, '']];
  while (pending.length > 0 && changes.length < limit) {
    const [left, right, pointer] = pending.pop()!;
    if (Object.is(left, right)) continue;
    const leftArray = Array.isArray(left);
    if (
      left === null ||
      right === null ||
      typeof left !== 'object' ||
      typeof right !== 'object' ||
      leftArray !== Array.isArray(right)
    ) {
      changes.push(pointer);
      continue;
    }
    if (leftArray && (left as unknown[]).length !== (right as unknown[]).length) {
      changes.push(pointer);
      continue;
    }
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].reverse();
    for (const key of keys) {
      const token = key.replace(/~/g, '~0').replace(/\//g, '~1');
      const side = (value: object) =>
        Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : ABSENT;
      pending.push([side(left), side(right), `${pointer}/${token}`]);
    }
  }
  return changes;
}

/**
 * Runs an SDK's synchronous schema transform and reports what it did.
 *
 * @param sdk The SDK and function, for the report.
 * @param schema The wire schema.
 * @param transform The SDK's function.
 * @returns The opinion.
 */
export function judge(
  sdk: string,
  schema: unknown,
  transform: (copy: unknown) => unknown,
): SecondOpinion {
  let sent: unknown;
  try {
    sent = transform(structuredClone(schema));
  } catch (error) {
    return threw(sdk, error);
  }
  return { sdk, error: undefined, sent, changes: jsonChanges(schema, sent) };
}

/**
 * The opinion of an SDK that threw.
 *
 * @param sdk The SDK and function.
 * @param error What it threw.
 * @returns The opinion, with the error's message.
 */
export function threw(sdk: string, error: unknown): SecondOpinion {
  return {
    sdk,
    error: error instanceof Error ? error.message : String(error),
    sent: undefined,
    changes: [],
  };
}
