import type { CodecGuard, CodecNode, Diagnostic, JsonValue } from '../types/index.ts';
import { quoteNames } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { localReferenceResolver } from '../utils/pointer.ts';
import { encoderOf } from './encoder.ts';
import { propertySchema } from './exclusiveNull.ts';
import { mayAcceptNull } from './guards.ts';
import { presenceMayMatter } from './presence.ts';

type SchemaObject = Record<string, unknown>;
type ObjectNode = Extract<CodecNode, { kind: 'object' }>;

/** How one branch reads a `null` sent for an optional property of the merged root. */
type NullRule = 'absent' | 'null';

/**
 * A merged root union sends every optional property, `null` when absent, and reads that `null`
 * the way the merged object does: as absent where no branch takes `null` there, as `null` where
 * one does. A branch that refuses `null` (or does not list the property and is closed) then gets
 * a `null` it must refuse: `{ action: "create" }` arrives as `{ action: "create", parent: null }`
 * because `update` takes a `null` parent. Where the branches carry a discriminator (a property
 * every branch requires, held to values no other branch takes), the wire says which branch the
 * arguments are for, and the root codec becomes a union of the merged object's codec with each
 * branch's own reading of `null`, picked by the discriminator (then the merged codec, for
 * arguments whose discriminator names no branch). Where nothing tells them apart, one reading
 * serves every branch ({@link readLostAsAbsent}).
 *
 * @param node The merged root's codec (marks included).
 * @param wire The wire schema of the merged root.
 * @param branches The root union's object branches, as merged.
 * @param document The self-contained schema (where a branch's `$ref` resolves).
 * @param report The merge's diagnostic: where the branches read `null` differently and nothing
 *   tells them apart, it says how those properties read `null` ({@link readLostAsAbsent}).
 * @param diagnostics The call's diagnostics (a `profile-absent-null-merged` that no longer holds
 *   goes).
 * @returns The root codec: the node as it came where every branch reads `null` its way; else a
 *   union by the discriminator, or, without one, the merged node with one reading for all.
 */
export function readNullPerBranch(
  node: CodecNode,
  wire: SchemaObject,
  branches: readonly SchemaObject[],
  document: unknown,
  report: Diagnostic | undefined,
  diagnostics: Diagnostic[],
): CodecNode {
  if (node === null || node.kind !== 'object' || branches.length < 2) return node;
  const nullMeansAbsent = node.nullMeansAbsent ?? [];
  const absentSentAsNull = node.absentSentAsNull ?? [];
  if (nullMeansAbsent.length + absentSentAsNull.length === 0) return node;
  const merged = new Map<string, NullRule>();
  for (const name of nullMeansAbsent) merged.set(name, 'absent');
  for (const name of absentSentAsNull) merged.set(name, 'null');
  // The merged wire's order, which both lists follow.
  const order = Object.keys(isPlainObject(wire.properties) ? wire.properties : {}).filter((name) =>
    merged.has(name),
  );
  const resolve = localReferenceResolver(document);
  // Each branch lists every merged optional property: past this many entries in all, the merged
  // reading stays (a root of 10⁴ branches and as many names would write 10⁸), and every property
  // some branch takes `null` for may be one another cannot leave out.
  if (branches.length * order.length > MAX_SPLIT_ENTRIES) {
    const names = order.filter((name) => merged.get(name) === 'null');
    if (report !== undefined && names.length > 0) report.message += describeUnsplit(names, false);
    return node;
  }
  // Read once per branch: a branch may require thousands of names.
  const required = branches.map(
    (branch) => new Set(Array.isArray(branch.required) ? branch.required : []),
  );
  // Where the merged object reads `null` as absent, the wire sends no other `null` there (a
  // value that is `null` travels in another spelling, a JSON string say): every branch reads it
  // so. Only where it reads `null` as `null` may a branch read it as absent.
  /** The names where a branch refuses the `null` the merged object reads as `null`. */
  const lost = new Set<string>();
  /** The names where a branch that takes `null` reads it as absent, its keys being counted. */
  const apart = new Set<string>();
  /** Whether some branch reads a `null` otherwise than the merged object. */
  let differs = false;
  const rules = branches.map((branch, index) => {
    const reads = branchReading(branch, required[index] as ReadonlySet<unknown>, resolve);
    return order.map((name) => {
      if (merged.get(name) === 'absent') return 'absent';
      const reading = reads(name);
      if (reading === 'null') return 'null';
      differs = true;
      if (reading === 'refused' || reading === 'apart') lost.add(name);
      if (reading === 'apart') apart.add(name);
      return 'absent';
    });
  });
  if (!differs) return node;
  const discriminator = findDiscriminator(branches, required);
  const wireTags =
    discriminator === undefined
      ? undefined
      : wireValues(node, discriminator.name, discriminator.values);
  if (discriminator === undefined || wireTags === undefined)
    return readLostAsAbsent(node, order, lost, branches, required, resolve, report, diagnostics);
  // Told apart, each branch reads `null` its way; where a branch that takes `null` reads it as
  // absent, the `null` it means is lost, which the merge's diagnostic says (the property's
  // `profile-absent-null-merged` stays: the other branches still read it as `null`).
  const apartNames = order.filter((name) => apart.has(name));
  if (report !== undefined && apartNames.length > 0)
    report.message += ` Some branches take null for ${quoteNames(apartNames)} but may refuse the key it adds (maxProperties, a dependency, a not naming it): there a null sent is read as absent (a null such a branch means there is lost: narrower).`;
  const name = discriminator.name;
  return {
    kind: 'union',
    branches: [
      ...branches.map((_, index) => ({
        wire: tagGuard(name, wireTags[index] as JsonValue[]),
        original: tagGuard(name, discriminator.values[index] as JsonValue[]),
        codec: withNullRules(node, order, rules[index] as NullRule[]),
      })),
      // Last, the merged codec: any object (so `repair` still reads the root as one).
      { wire: { types: ['object'] }, original: { types: ['object'] }, codec: node },
    ],
  };
}

/**
 * Where nothing tells the branches apart, one reading of `null` serves them all. Read as `null`,
 * a property some branch refuses `null` for is one that branch cannot leave out: a closed branch
 * becomes uncallable, and a union validator may take the call as another branch's. Read as
 * absent, every branch that takes `null` there accepts the call too, unless it requires the
 * property: so each such property is read as absent where no branch requires it, and the
 * merge's diagnostic says so (the `profile-absent-null-merged` of such a property, which said
 * "decoded as null", goes); the others stay `null`, and the diagnostic names them.
 */
function readLostAsAbsent(
  node: ObjectNode,
  order: readonly string[],
  lost: ReadonlySet<string>,
  branches: readonly SchemaObject[],
  required: readonly ReadonlySet<unknown>[],
  resolve: (ref: string) => unknown,
  report: Diagnostic | undefined,
  diagnostics: Diagnostic[],
): CodecNode {
  const lostNames = order.filter((name) => lost.has(name));
  const needsNull = (name: string) =>
    branches.some(
      (branch, index) =>
        required[index]?.has(name) === true && mayAcceptNull(propertySchema(branch, name), resolve),
    );
  const kept = lostNames.filter(needsNull);
  const absent = new Set(lostNames.filter((name) => !kept.includes(name)));
  if (report !== undefined) {
    if (absent.size > 0) report.message += describeReadAsAbsent([...absent]);
    if (kept.length > 0) report.message += describeUnsplit(kept, true);
  }
  if (absent.size === 0) return node;
  // Their `profile-absent-null-merged` said "decoded as null": no longer so.
  for (let index = diagnostics.length - 1; index >= 0; index--) {
    const diagnostic = diagnostics[index] as Diagnostic;
    if (diagnostic.code !== 'profile-absent-null-merged') continue;
    const name = rootPropertyOf(diagnostic.pointer);
    if (name !== undefined && absent.has(name)) diagnostics.splice(index, 1);
  }
  const rules = order.map(
    (name): NullRule =>
      absent.has(name) || node.nullMeansAbsent?.includes(name) === true ? 'absent' : 'null',
  );
  return withNullRules(node, order, rules);
}

/** The root property a pointer names (`/properties/<name>`), or `undefined`. */
function rootPropertyOf(pointer: string): string | undefined {
  const prefix = '/properties/';
  if (!pointer.startsWith(prefix)) return undefined;
  const token = pointer.slice(prefix.length);
  if (token.includes('/')) return undefined;
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The sentence the merge's diagnostic gains for properties read as absent where null is sent. */
function describeReadAsAbsent(names: readonly string[]): string {
  return ` Some branches take null for ${quoteNames(names)} and others refuse it, and no discriminator tells the branches apart: a null sent there is read as absent, which every branch accepts (a null a branch means there is lost: narrower).`;
}

/**
 * The sentence the merge's diagnostic gains where the merged reading of `null` stays though some
 * branch reads it as absent: that branch cannot leave those properties out.
 *
 * @param names The properties.
 * @param sure Whether a branch is known to refuse `null` there (else: the branches were too many
 *   to read, and some branch takes `null` there).
 */
function describeUnsplit(names: readonly string[], sure: boolean): string {
  const list = quoteNames(names);
  const lead = sure
    ? `Some branches take null for ${list} and others refuse it, and no discriminator tells the branches apart`
    : `The branches are too many to read null apart for ${list}`;
  return ` ${lead}: a null sent there stays null, so a branch that refuses it cannot leave it out (narrower).`;
}

/** Past this many (branch, property) pairs, a merged root is not split (see below). */
const MAX_SPLIT_ENTRIES = 10_000;

/**
 * How a branch reads a `null` sent for a merged optional property whose merged object reads it
 * as `null` (some branch takes `null` there): `'null'` where the branch requires the property
 * (it refuses it absent) or lists it as taking `null`; `'refused'` where it refuses `null` there
 * (its schema, or `additionalProperties` for a property it does not list) and takes it absent;
 * `'either'` where it takes both (a property an open branch does not list), read as absent, which
 * is what a model that sends `null` there means; `'apart'` where it takes `null` but its keywords
 * may refuse the key a `null` adds ({@link presenceMayMatter}: "not both", `maxProperties`...),
 * read as absent too, so that a call that leaves the property out is not refused, and the merge's
 * diagnostic says a `null` meant there is lost.
 */
function branchReading(
  branch: SchemaObject,
  required: ReadonlySet<unknown>,
  resolve: (ref: string) => unknown,
): (name: string) => 'null' | 'refused' | 'either' | 'apart' {
  const properties = isPlainObject(branch.properties) ? branch.properties : {};
  const listed = Object.keys(properties).length;
  return (name) => {
    if (required.has(name)) return 'null';
    const takesNull = mayAcceptNull(propertySchema(branch, name), resolve);
    if (takesNull && presenceMayMatter(branch, name, listed)) return 'apart';
    if (Object.hasOwn(properties, name)) return takesNull ? 'null' : 'refused';
    return takesNull ? 'either' : 'refused';
  };
}

/** The merged object's codec with one branch's reading of `null`, each list in wire order. */
function withNullRules(
  node: ObjectNode,
  order: readonly string[],
  rules: readonly NullRule[],
): ObjectNode {
  const { nullMeansAbsent, absentSentAsNull, ...rest } = node;
  const codec: ObjectNode = rest;
  const absent = order.filter((_, index) => rules[index] === 'absent');
  const sentAsNull = order.filter((_, index) => rules[index] === 'null');
  if (absent.length > 0) codec.nullMeansAbsent = absent;
  if (sentAsNull.length > 0) codec.absentSentAsNull = sentAsNull;
  return codec;
}

/** A guard on an object whose discriminator holds one of `values`. */
function tagGuard(name: string, values: JsonValue[]): CodecGuard {
  return { types: ['object'], required: [name], tags: [[name, values]] };
}

/**
 * A property every branch requires, whose values (`const`, `enum` or `type: "null"` scalars) no
 * two branches share.
 */
interface Discriminator {
  name: string;
  /** Per branch, the values it allows. */
  values: JsonValue[][];
}

/**
 * The first property (in the first branch's order) that every branch lists and requires, held
 * to scalar values ({@link tagValues}) that no two branches share.
 */
function findDiscriminator(
  branches: readonly SchemaObject[],
  required: readonly ReadonlySet<unknown>[],
): Discriminator | undefined {
  const first = branches[0] as SchemaObject;
  const names = Object.keys(isPlainObject(first.properties) ? first.properties : {});
  for (const name of names) {
    const values: JsonValue[][] = [];
    const seen = new Set<string>();
    let disjoint = true;
    // A name stops at the first branch that does not hold it so: the work is at most the
    // branches' own properties.
    for (const [index, branch] of branches.entries()) {
      if (!required[index]?.has(name)) {
        disjoint = false;
        break;
      }
      const allowed = tagValues(branch, name);
      if (allowed === undefined) {
        disjoint = false;
        break;
      }
      for (const value of allowed) {
        const key = scalarKey(value);
        if (seen.has(key)) disjoint = false;
        seen.add(key);
      }
      if (!disjoint) break;
      values.push(allowed);
    }
    if (disjoint) return { name, values };
  }
  return undefined;
}

/** The scalar values a branch holds a property to, or `undefined`. */
function tagValues(branch: SchemaObject, name: string): JsonValue[] | undefined {
  const properties = isPlainObject(branch.properties) ? branch.properties : {};
  const schema = Object.hasOwn(properties, name) ? properties[name] : undefined;
  if (!isPlainObject(schema)) return undefined;
  // `{ type: "null" }` is how some converters write a `null` literal (`z.null()`).
  const values = Object.hasOwn(schema, 'const')
    ? [schema.const]
    : Array.isArray(schema.enum)
      ? schema.enum
      : schema.type === 'null'
        ? [null]
        : undefined;
  if (values === undefined || values.length === 0 || !values.every(isScalar)) return undefined;
  return values as JsonValue[];
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** A key equal for equal scalars (`1` and `1.0` are one number; `"1"` is not `1`). */
function scalarKey(value: unknown): string {
  return `${typeof value}:${String(value)}`;
}

/**
 * Per branch, the wire values of its discriminator values, as the merged codec encodes them (the
 * same where it maps nothing; `"true"` where a profile sends `true` as a string enum); `undefined`
 * where one is no scalar or two branches' values are sent alike (nothing then tells them apart).
 */
function wireValues(
  node: ObjectNode,
  name: string,
  values: readonly JsonValue[][],
): JsonValue[][] | undefined {
  const codec =
    node.properties !== undefined && Object.hasOwn(node.properties, name)
      ? node.properties[name]
      : null;
  if (codec === null || codec === undefined) return values.map((each) => [...each]);
  const encode = encoderOf(codec);
  /** Per wire value, the branch that sends it. */
  const sentBy = new Map<string, number>();
  const wire: JsonValue[][] = [];
  for (const [index, each] of values.entries()) {
    const sent: JsonValue[] = [];
    for (const value of each) {
      const encoded = encode(value);
      if (!isScalar(encoded)) return undefined;
      const key = scalarKey(encoded);
      if ((sentBy.get(key) ?? index) !== index) return undefined;
      sentBy.set(key, index);
      sent.push(encoded as JsonValue);
    }
    wire.push(sent);
  }
  return wire;
}
