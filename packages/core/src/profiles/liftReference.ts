import { isPlainObject } from '../utils/isPlainObject.ts';

type SchemaObject = Record<string, unknown>;

/** Members of nested `allOf`s {@link liftReference} reads before it gives up (a bound on its work). */
const MAX_MEMBERS_READ = 256;

/** What {@link liftReference} gives: the `$ref`, and the `allOf` with it taken out of its member. */
export interface LiftedReference {
  /** The `$ref` one member held. */
  ref: string;
  /** The same members, that one without its `$ref` (each keeps its index, at every level). */
  allOf: unknown[];
}

/**
 * Takes the one `$ref` an `allOf` holds out of its member, to stand beside the `allOf`:
 * `allOf: [M, { $ref, S }]` accepts what `{ $ref, allOf: [M, S] }` accepts, every part applying
 * to the same value, and so does an `allOf` nested in a member (`allOf: [{ allOf: [{ $ref }, B]
 * }, C]`, how an OpenAPI description derives a schema from one that derives from another). Only
 * `allOf` members are read: a `$ref` under a union or a `not` applies to no such whole.
 *
 * @param allOf The members of an `allOf` (not mutated).
 * @returns The `$ref` and the members without it, or `undefined` unless exactly one member (at
 *   any depth of nested `allOf`s, within {@link MAX_MEMBERS_READ} members) holds a string `$ref`.
 */
export function liftReference(allOf: readonly unknown[]): LiftedReference | undefined {
  let found: { path: number[]; holder: SchemaObject } | undefined;
  let read = 0;
  const stack: Array<{ members: readonly unknown[]; path: number[] }> = [
    { members: allOf, path: [] },
  ];
  while (stack.length > 0) {
    const { members, path } = stack.pop()!;
    for (let index = 0; index < members.length; index++) {
      if (++read > MAX_MEMBERS_READ) return undefined;
      const member = members[index];
      if (!isPlainObject(member)) continue;
      if (typeof member.$ref === 'string' && Object.hasOwn(member, '$ref')) {
        if (found !== undefined) return undefined;
        found = { path: [...path, index], holder: member };
      }
      if (Array.isArray(member.allOf))
        stack.push({ members: member.allOf, path: [...path, index] });
    }
  }
  if (found === undefined) return undefined;
  const { $ref, ...siblings } = found.holder;
  return { ref: $ref as string, allOf: replaced(allOf, found.path, 0, siblings) };
}

/** The members with the one at `path` (indexes through nested `allOf`s) replaced, copied on the way. */
function replaced(
  members: readonly unknown[],
  path: readonly number[],
  level: number,
  replacement: SchemaObject,
): unknown[] {
  const copy = members.slice();
  const index = path[level]!;
  if (level === path.length - 1) {
    copy[index] = replacement;
  } else {
    const member = members[index] as SchemaObject;
    copy[index] = {
      ...member,
      allOf: replaced(member.allOf as unknown[], path, level + 1, replacement),
    };
  }
  return copy;
}
