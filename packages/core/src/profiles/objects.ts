import type { CodecNode } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { SCANNED_KEYS } from '../utils/keyLists.ts';
import { escapePointerToken } from '../utils/pointer.ts';
import type { Depth, Place, RewriteContext, Rewritten } from './context.ts';
import { countEnum, report, takeBack, tooDeep } from './context.ts';
import { appendDescription, describeRefused } from './describe.ts';
import { jsonString } from './jsonString.ts';
import { applicableKeywords } from './keywords.ts';
import { makeNullable } from './nullable.ts';
import { presenceMayMatter } from './presence.ts';
import { refusesKey } from './propertyNames.ts';
import { renamePrefix } from './relocate.ts';
import { leafWireAt } from './scalarLeaf.ts';
import { typedWire } from './typedWire.ts';

type SchemaObject = Record<string, unknown>;

/** Object keywords the rewrite handles itself (the others go through the keyword filter). */
export const OBJECT_STRUCTURE = new Set([
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
]);

/** The placeholder property of an object root without properties, where the provider needs one. */
const NO_PARAMETERS = 'no_parameters';

/**
 * Rewrites an object schema. Under a closing recipe: every object closed, records and open
 * objects sent as `[{ key, value }]` (at the root, or beside listed properties, under one extra
 * property), and, with `allRequired`, optional properties made required and nullable (`null`
 * decoded as absent). Under `'keep'`, only the subschemas are rewritten.
 *
 * @param place The position: original schema, wire annotations, pointer, depth, state.
 * @returns The rewritten position (before the keyword filter).
 */
export function rewriteObject(place: Place): Rewritten {
  const { schema, annotations, context, pointer, depth } = place;
  const { recipe } = context;
  const inner: Depth = { schemas: depth.schemas + 1, objects: depth.objects + 1 };
  const reports = context.diagnostics.length;
  const summarized = context.summarized;
  const declared = isPlainObject(schema.properties) ? schema.properties : {};
  const required = requiredNames(schema.required);
  const names = Object.keys(declared);
  // The listed values in the names' order, read at once rather than asked by name.
  const values = Object.values(declared);
  const listedCount = names.length;
  const requiredCount =
    required instanceof Set ? required.size : (required as readonly string[]).length;
  // Required names that name a listed property, counted as the loop meets them: where that is
  // every required name (nearly always), no name is asked of `properties` once more.
  let requiredListed = 0;
  const additional = schema.additionalProperties;
  const patterns = isPlainObject(schema.patternProperties) ? schema.patternProperties : NO_PATTERNS;
  const patternNames = patterns === NO_PATTERNS ? NO_NAMES : Object.keys(patterns);

  const wireProperties: SchemaObject = {};
  const codecProperties: { [key: string]: CodecNode } = {};
  // What the two objects above hold, counted as they are written rather than listed to be counted.
  let wireCount = 0;
  let codecCount = 0;
  const wireRequired: string[] = [];
  const nullMeansAbsent: string[] = [];
  const absentSentAsNull: string[] = [];
  let propertiesPassive = true;
  // Under `'keep'` the wire keeps `propertyNames` itself.
  const namesChecked = recipe.objects !== 'keep' && schema.propertyNames !== undefined;
  for (let index = 0; ; index++) {
    // Past the listed names come the required names no property lists (once, in `required`'s order).
    if (index === listedCount && requiredListed < requiredCount)
      addUnlisted(names, required, declared);
    if (index >= names.length) break;
    const name = names[index]!;
    // A required key that is not listed is an additional property, under that schema.
    const value = index < listedCount ? values[index] : (additional ?? true);
    const isRequired = isListed(required, name);
    if (isRequired) requiredListed += 1;
    // An optional key the object's `propertyNames` refuses can never be sent: the wire (which
    // only describes `propertyNames`) leaves it out, rather than send its absence as a `null`
    // the original then refuses with the key (FUZZ_SEED=211). A required one stays, described:
    // the object accepts no value, and the wire is wider, as `profile-keyword-described` says.
    if (namesChecked && !isRequired && refusesKey(schema, name)) continue;
    // Most properties are leaves, whose rewrite needs no pointer (it is built where one is
    // needed) and is their wire alone: no codec, and `null` refused.
    let wire = leafWireAt(value, inner, context);
    let codec: CodecNode = null;
    let acceptsNull = false;
    if (wire === undefined) {
      // An unlisted required key's schema is the object's `additionalProperties` (if any).
      const at =
        index < listedCount
          ? propertyPointer(pointer, name)
          : additional === undefined
            ? pointer
            : `${pointer}/additionalProperties`;
      const before = context.diagnostics.length;
      const summarizedBefore = context.summarized;
      let result = context.rewrite(value, at, inner);
      if (
        result.acceptsNull &&
        !isRequired &&
        recipe.allRequired &&
        !spellsNull(result.codec) &&
        presenceMayMatter(schema, name, listedCount)
      ) {
        // Merged with absent, its `null` would come back where the call left it out, and the
        // object's keywords may refuse it there (`maxProperties`, a dependency it triggers, a
        // `not` naming it): inside a JSON string its `null` is `"null"`, apart from absent.
        takeBack(context, before, summarizedBefore);
        result = jsonString(
          value,
          wireTexts(result.wire),
          `The optional property "${name}" accepts null, and the object's keywords may tell it absent from null`,
          context,
          at,
        );
      }
      if (result.never === true) {
        // A required key that no value can fill: the object accepts no value (a union then
        // leaves it out). Not where its type was only inferred: the schema as written accepts
        // every value that is not an object.
        if (isRequired && schema.type === 'object') {
          takeBack(context, reports, summarized);
          return context.rewrite(false, pointer, inner);
        }
        // An optional one is left out of the wire, which refuses it as the original does: what
        // was reported on the way (its JSON string) is not on the wire.
        if (!isRequired && recipe.objects !== 'keep') {
          takeBack(context, before, summarizedBefore);
          continue;
        }
      }
      propertiesPassive &&= result.passive;
      wire = result.wire;
      codec = result.codec;
      acceptsNull = result.acceptsNull;
    }
    if (!isRequired && recipe.allRequired) {
      if (acceptsNull && !spellsNull(codec)) {
        absentSentAsNull.push(name);
        report(
          context,
          'profile-absent-null-merged',
          propertyPointer(pointer, name),
          `The optional property "${name}" accepts null: absent and null are one wire value, decoded as null.`,
        );
      } else {
        nullMeansAbsent.push(name);
        wire = makeNullable(wire, recipe);
      }
    }
    if (isRequired || recipe.allRequired) wireRequired.push(name);
    setOwn(wireProperties, name, wire);
    wireCount += 1;
    if (codec !== null) {
      setOwn(codecProperties, name, codec);
      codecCount += 1;
    }
  }

  const wire = typedWire('object', annotations);
  const codec: Extract<CodecNode, { kind: 'object' }> = { kind: 'object' };
  if (recipe.objects === 'keep') {
    wire.properties = wireProperties;
    if (wireRequired.length > 0) wire.required = wireRequired;
    if (additional !== undefined) {
      const rest = context.rewrite(additional, `${pointer}/additionalProperties`, inner);
      wire.additionalProperties = additional === false ? false : rest.wire;
      if (!rest.passive) codec.rest = rest.codec;
    }
    if (patternNames.length > 0) {
      const wirePatterns: SchemaObject = {};
      let mapped = codec.rest !== undefined;
      for (const name of patternNames) {
        const at = `${pointer}/patternProperties/${escapePointerToken(name)}`;
        const result = context.rewrite(patterns[name], at, inner);
        mapped ||= !result.passive;
        setOwn(wirePatterns, name, result.wire);
      }
      // The codec does not match keys against patterns: such an object travels whole.
      if (mapped) {
        const why = 'The values of this object map by key pattern, which the codec does not follow';
        takeBack(context, reports, summarized);
        return jsonString(schema, annotations, why, context, pointer);
      }
      wire.patternProperties = wirePatterns;
    }
    if (schema.propertyNames !== undefined) wire.propertyNames = schema.propertyNames;
  } else {
    // A root that lists its properties, even none, is a parameter list, not a record: the MCP
    // SDKs list a tool without parameters as `{ type: "object", properties: {} }`.
    const noParameters =
      depth.objects === 0 && names.length === 0 && isPlainObject(schema.properties);
    const open =
      (additional !== undefined && additional !== false) ||
      patternNames.length > 0 ||
      (additional === undefined && names.length === 0 && !noParameters);
    // Without `additionalProperties`, keys the object neither lists nor matches by a pattern may
    // hold any value; the wire sends only the listed and pattern keys, as the tool most likely means.
    if (additional === undefined && (names.length > 0 || patternNames.length > 0 || noParameters)) {
      report(
        context,
        'profile-object-closed',
        pointer,
        patternNames.length > 0
          ? 'This object allowed keys matching none of its patterns by default; only its listed properties and keys matching a pattern can be sent.'
          : noParameters
            ? 'This tool lists no parameters and allowed unknown ones by default; it is sent as taking none.'
            : 'This object allowed unknown properties by default; only its listed properties can be sent.',
      );
    }
    const depthLimit = context.objectDepthLimit;
    if (open && depthLimit !== undefined && inner.objects >= depthLimit) {
      // Its { key, value } entries would nest one object past the provider's limit.
      const why = tooDeep(context, 'The entries of this object would nest', '');
      takeBack(context, reports, summarized);
      return jsonString(schema, annotations, why, context, pointer);
    }
    if (open) {
      const entries = rewriteEntries(
        schema,
        patternNames,
        patterns,
        additional,
        context,
        pointer,
        inner,
      );
      if (names.length === 0 && depth.objects > 0) return entries;
      const property = freeName(wireProperties);
      setOwn(wireProperties, property, entries.wire);
      wireCount += 1;
      if (recipe.allRequired) wireRequired.push(property);
      codec.extra = { property, value: (entries.codec as { value: CodecNode }).value };
    }
    if (wireCount === 0 && recipe.noEmptyProperties && depth.objects > 0) {
      // The provider refuses an object without properties: the one value `{}` as a string enum.
      const values = ['{}'];
      countEnum(context, values);
      const wire = { type: 'string', ...annotations, enum: values };
      const asserted = applicableKeywords('object').filter((keyword) =>
        Object.hasOwn(schema, keyword),
      );
      describeRefused(
        wire,
        asserted.map((keyword) => [keyword, schema[keyword]]),
        context,
        pointer,
      );
      return {
        wire,
        codec: { kind: 'enum', pairs: [['{}', {}]] },
        passive: false,
        acceptsNull: false,
        original: schema,
      };
    }
    if (wireCount === 0 && recipe.noEmptyProperties) {
      // A tool without parameters: Gemini refuses an object root without properties (and
      // documents leaving `parameters` out, which a wire schema cannot say). One optional
      // property stands in; decoding drops it, so the arguments are `{}` whatever it holds.
      setOwn(wireProperties, NO_PARAMETERS, {
        type: 'boolean',
        description: 'This tool takes no parameters: leave this out.',
      });
      codec.ignored = [NO_PARAMETERS];
    }
    wire.properties = wireProperties;
    wire.required = wireRequired;
    if (recipe.objects === 'closed') wire.additionalProperties = false;
    else if (additional === false) {
      report(
        context,
        'profile-object-open',
        pointer,
        `${recipe.profile} has no additionalProperties: the wire schema does not refuse unknown keys here (the validator does).`,
      );
    }
  }
  if (codec.extra !== undefined || codec.rest !== undefined) {
    // Encoding must tell listed keys from the others: every listed property has an entry.
    for (const name of names) {
      if (Object.hasOwn(codecProperties, name)) continue;
      setOwn(codecProperties, name, null);
      codecCount += 1;
    }
  }
  if (codecCount > 0) codec.properties = codecProperties;
  if (nullMeansAbsent.length > 0) codec.nullMeansAbsent = nullMeansAbsent;
  if (absentSentAsNull.length > 0) codec.absentSentAsNull = absentSentAsNull;
  // Passive: no key handled apart and every property's codec passive.
  const passive =
    propertiesPassive &&
    nullMeansAbsent.length === 0 &&
    absentSentAsNull.length === 0 &&
    codec.extra === undefined &&
    codec.rest === undefined &&
    codec.ignored === undefined;
  const result: Rewritten = { wire, codec, passive, acceptsNull: false, original: schema };
  // The entries of an open object carry `propertyNames` in their key's description, and one that
  // asserts nothing can go. A closed object sends its listed names, which it may refuse (a
  // required one makes it accept no object): the keyword filter describes it with the object's
  // other refused keywords, in one sentence and one diagnostic.
  if (
    recipe.objects !== 'keep' &&
    schema.propertyNames !== undefined &&
    (codec.extra !== undefined || !assertsSomething(schema.propertyNames))
  )
    result.carried = PROPERTY_NAMES;
  // Its unknown keys travel as entries under one property: the wire value has fewer keys than
  // the original (and one the original has not, where no key is unknown), so the wire cannot
  // count them (`maxProperties: 0` would refuse the entries' own property).
  if (codec.extra !== undefined) result.miscounted = PROPERTY_COUNTS;
  return result;
}

/**
 * Whether a property's codec writes `null` as another wire value: a string enum of mixed values
 * spells it `"null"`, and so does a union none of whose wire branches takes `null` itself, one of
 * them such an enum (`[true, null]` beside an array). The wire's own `null` is then free to stand
 * for the property left out, as it is beside a JSON string, so absent and `null` need not be
 * merged into one wire value; and it must be made free, since the wire takes no `null` there.
 */
function spellsNull(codec: CodecNode): boolean {
  if (codec?.kind === 'enum') return codec.pairs.some(([, value]) => value === null);
  if (codec?.kind !== 'union') return false;
  if (codec.branches.some(({ wire }) => wire.types?.includes('null') === true)) return false;
  return codec.branches.some((branch) => spellsNull(branch.codec));
}

/** The keyword an open object carries in its entries (see {@link Rewritten.carried}). */
const PROPERTY_NAMES: ReadonlySet<string> = new Set(['propertyNames']);

/** The keywords that count an object's keys (see {@link Rewritten.miscounted}). */
const PROPERTY_COUNTS: ReadonlySet<string> = new Set(['minProperties', 'maxProperties']);

/** Whether a subschema may refuse a value: present, and not `true` or `{}`. */
function assertsSomething(subschema: unknown): boolean {
  if (subschema === undefined || subschema === true) return false;
  return !isPlainObject(subschema) || Object.keys(subschema).length > 0;
}

/** The pointer of a listed property of the object at `pointer`. */
function propertyPointer(pointer: string, name: string): string {
  return `${pointer}/properties/${escapePointerToken(name)}`;
}

/** The patterns of an object without `patternProperties`, and their names (shared: never written). */
const NO_PATTERNS: SchemaObject = Object.freeze({});
const NO_NAMES: readonly string[] = Object.freeze([]);

/** The names a `required` keyword lists (strings, each once), built without an iterator. */
function requiredNames(required: unknown): readonly string[] | ReadonlySet<string> {
  if (!Array.isArray(required) || required.length === 0) return NO_NAMES;
  if (required.length > SCANNED_KEYS) {
    const names = new Set<string>();
    for (const key of required) if (typeof key === 'string') names.add(key);
    return names;
  }
  const names: string[] = [];
  for (const key of required) if (typeof key === 'string' && !names.includes(key)) names.push(key);
  return names;
}

/** Adds the names {@link requiredNames} lists that `properties` does not, in their order. */
function addUnlisted(
  names: string[],
  required: readonly string[] | ReadonlySet<string>,
  declared: SchemaObject,
): void {
  for (const name of required) if (!Object.hasOwn(declared, name)) names.push(name);
}

/** Whether {@link requiredNames} lists a name. */
function isListed(names: readonly string[] | ReadonlySet<string>, name: string): boolean {
  return names instanceof Set ? names.has(name) : (names as readonly string[]).includes(name);
}

/**
 * The `[{ key, value }]` form of a record or of an object's other keys: the value schema is the
 * union of `additionalProperties` and every `patternProperties` schema.
 */
function rewriteEntries(
  schema: SchemaObject,
  patternNames: readonly string[],
  patterns: SchemaObject,
  additional: unknown,
  context: RewriteContext,
  pointer: string,
  inner: Depth,
): Rewritten {
  const options: unknown[] = patternNames.map((name) => patterns[name]);
  // Where each option stands in the schema: a pattern's schema, then `additionalProperties`.
  const places = patternNames.map(
    (name) => `${pointer}/patternProperties/${escapePointerToken(name)}`,
  );
  if (additional !== undefined && additional !== false) {
    options.push(additional);
    places.push(`${pointer}/additionalProperties`);
  }
  if (options.length === 0) {
    options.push(true);
    places.push(pointer);
  }
  const valueSchema = options.length === 1 ? options[0] : { anyOf: options };
  const at = options.length === 1 ? places[0]! : pointer;
  const from = context.diagnostics.length;
  // The entry is an object too: its value stands one object deeper.
  const value = context.rewrite(valueSchema, at, {
    schemas: inner.schemas,
    objects: inner.objects + 1,
  });
  // Read as `anyOf` of the options at the object: each branch is where its option stands.
  if (options.length > 1) {
    places.forEach((place, index) => {
      renamePrefix(context.diagnostics, from, `${pointer}/anyOf/${index}`, place);
    });
  }
  const key: SchemaObject = { type: 'string' };
  const rules: string[] = [];
  if (patternNames.length > 0) {
    rules.push(
      `keys matching ${patternNames.map((name) => JSON.stringify(name)).join(' or ')}${additional === false || additional === undefined ? '' : ', or any other key'}`,
    );
  }
  if (schema.propertyNames !== undefined)
    rules.push(`keys matching the JSON Schema ${JSON.stringify(schema.propertyNames)}`);
  if (rules.length > 0) appendDescription(key, `Allowed: ${rules.join('; ')}.`);
  const item: SchemaObject = {
    type: 'object',
    properties: { key, value: value.wire },
    required: ['key', 'value'],
  };
  if (context.recipe.objects === 'closed') item.additionalProperties = false;
  report(
    context,
    'profile-entries',
    pointer,
    'This record or open object travels as an array of { key, value } entries; keys and pattern-specific values are checked by the validator.',
  );
  return {
    wire: {
      type: 'array',
      items: item,
      description: 'Entries of an object, as { key, value } pairs; each key at most once.',
    },
    codec: { kind: 'entries', value: value.codec },
    passive: false,
    acceptsNull: false,
    original: schema,
  };
}

/** A wire property name for an object's other keys that no listed property uses. */
function freeName(properties: SchemaObject): string {
  let name = 'otherProperties';
  for (let suffix = 2; Object.hasOwn(properties, name); suffix++) name = `otherProperties${suffix}`;
  return name;
}

/** A wire's `title` and `description`, the annotations a JSON string of its value keeps. */
function wireTexts(wire: SchemaObject): SchemaObject {
  const texts: SchemaObject = {};
  for (const keyword of ['title', 'description']) {
    if (typeof wire[keyword] === 'string') texts[keyword] = wire[keyword];
  }
  return texts;
}
