import type { CodecNode, Diagnostic } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { escapePointerToken } from '../utils/pointer.ts';
import type { Rewritten } from './context.ts';
import { mayAcceptNull } from './guards.ts';
import { refusesKey } from './propertyNames.ts';

type SchemaObject = Record<string, unknown>;
type ObjectNode = Extract<CodecNode, { kind: 'object' }>;

/**
 * The schema a branch holds a property to: its own, or `additionalProperties` (default: any).
 *
 * @param branch An object branch of a union (original).
 * @param name The property.
 * @returns The schema a value of that property meets in the branch.
 */
export function propertySchema(branch: SchemaObject, name: string): unknown {
  const properties = isPlainObject(branch.properties) ? branch.properties : {};
  return Object.hasOwn(properties, name) ? properties[name] : (branch.additionalProperties ?? true);
}

/**
 * In a `oneOf`, reads as absent the `null` a branch sends for an optional property it takes
 * `null` for, where another branch requires that property and may take `null` there (and requires
 * nothing the first branch does not list, and may hold what the first requires). Read as `null`
 * (`absentSentAsNull`), the branch's call without the property would come back holding `null`,
 * which the other branch takes as well: the `oneOf` then refuses a call the branch alone
 * accepted, and that call could never be made. Read as absent, it comes back as sent; a `null` there is one the other branch takes too, which the
 * `oneOf` refuses, unless that branch refuses the call for a reason this syntactic check does
 * not see (then that `null` comes back absent). The wire is the same either way (the property is
 * sent, `null` allowed); the branch's `profile-absent-null-merged`, which said "decoded as null",
 * goes.
 *
 * @param results The union's branches as rewritten (not mutated; `null`-only branches left out).
 * @param branchPointers Each result's pointer (where its diagnostics stand).
 * @param resolve The schema a `$ref` points to, or `undefined`.
 * @param diagnostics The call's diagnostics (the merged ones that no longer hold are taken out).
 * @returns The results, a branch's codec replaced where its reading of `null` changed.
 */
export function readSharedNullAsAbsent(
  results: readonly Rewritten[],
  branchPointers: readonly string[],
  resolve: (ref: string) => unknown,
  diagnostics: Diagnostic[],
): Rewritten[] {
  return results.map((result, index) => {
    const { codec, original } = result;
    if (codec?.kind !== 'object' || !isPlainObject(original)) return result;
    const sentAsNull = codec.absentSentAsNull ?? [];
    const listed = isPlainObject(original.properties) ? Object.keys(original.properties) : [];
    const needed = Array.isArray(original.required) ? original.required : [];
    const shared = sentAsNull.filter((name) =>
      results.some(
        (other, at) =>
          at !== index && requiresWithNull(other.original, name, listed, needed, resolve),
      ),
    );
    if (shared.length === 0) return result;
    const pointer = branchPointers[index] as string;
    const stale = new Set(
      shared.map((name) => `${pointer}/properties/${escapePointerToken(name)}`),
    );
    for (let at = diagnostics.length - 1; at >= 0; at--) {
      const diagnostic = diagnostics[at] as Diagnostic;
      if (diagnostic.code === 'profile-absent-null-merged' && stale.has(diagnostic.pointer))
        diagnostics.splice(at, 1);
    }
    return { ...result, codec: withNullAsAbsent(codec, shared) };
  });
}

/**
 * Whether a branch surely needs `name` and may take `null` for it, and may take an object of the
 * other branch: it may be an object, requires `name`, requires nothing else but `listed`, and
 * may take every name the other branch requires (a closed branch that lists none of them takes
 * none of its objects: FUZZ_SEED=201).
 */
function requiresWithNull(
  branch: unknown,
  name: string,
  listed: readonly string[],
  needed: readonly unknown[],
  resolve: (ref: string) => unknown,
): boolean {
  if (!isPlainObject(branch) || !Array.isArray(branch.required)) return false;
  const { type } = branch;
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object')))
    return false;
  const required = branch.required;
  return (
    required.includes(name) &&
    required.every((key) => key === name || listed.includes(key as string)) &&
    !needed.some((key) => typeof key === 'string' && refusesKey(branch, key)) &&
    mayAcceptNull(propertySchema(branch, name), resolve)
  );
}

/** An object codec with `names` moved from `absentSentAsNull` to `nullMeansAbsent`. */
function withNullAsAbsent(node: ObjectNode, names: readonly string[]): ObjectNode {
  const { nullMeansAbsent, absentSentAsNull, ...rest } = node;
  const codec: ObjectNode = rest;
  const absent = [...(nullMeansAbsent ?? []), ...names];
  const sentAsNull = (absentSentAsNull ?? []).filter((name) => !names.includes(name));
  codec.nullMeansAbsent = absent;
  if (sentAsNull.length > 0) codec.absentSentAsNull = sentAsNull;
  return codec;
}
