import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic, Dialect } from '../types/index.ts';
import { cloneJson, setOwn, setOwnAt } from '../utils/cloneJson.ts';
import { copyMeasured, createCopyMeasure } from '../utils/copyMeasured.ts';
import { annotationRefDropped, previewValue } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { BOOLEAN_SCHEMA_BYTES, containerBytes, keyBytes, scalarBytes } from '../utils/jsonBytes.ts';
import {
  describeNonJson,
  inputError,
  isAbsentInJson,
  isJsonObject,
  nonJsonError,
} from '../utils/jsonValue.ts';
import { MAX_DEPTH, MAX_UNITS } from '../utils/limits.ts';
import { arrayTooLong, MAX_ARRAY_ITEMS, measureJson } from '../utils/measureJson.ts';
import { escapePointerToken } from '../utils/pointer.ts';
import { DEFAULT_BASE_URI, resolveUri } from '../utils/uri.ts';
import {
  needsValidatorRewrite,
  validatorKeywordFlag,
  writeKeywordsValidatorsCompile,
} from '../utils/validatorKeywords.ts';
import {
  carriedReference,
  idKeyword as idKeywordOf,
  isAnnotation,
  KeywordKind,
  keywordKind,
  refHasSiblings,
} from '../vocabulary/index.ts';
import { resolveReference } from './resolveReference.ts';
import {
  type DocumentIndex,
  type Entry,
  MAX_DATA_BYTES,
  type ReferenceTarget,
  type Resource,
  type Slot,
  type Unit,
} from './types.ts';

/**
 * Indexes a JSON Schema document without recursion: every schema object in a schema position,
 * every resource (`$id`) and anchor, every `$ref` with its resolved target. Targets outside schema
 * positions (`#/components/schemas/X`) are indexed as schemas when a `$ref` reaches them.
 *
 * @param root The document (an object; boolean roots need no index).
 * @param dialect The dialect in force.
 * @param maxDataDepth The deepest data value (`const`, `default`, ...) the output may hold: a
 *   deeper one is left out with a `value-too-deep` diagnostic, so that every output stays within
 *   the depth budget (and `JSON.stringify` can write it).
 * @param foreignPatterns What to do with a `pattern` that has no ECMA-262 `u` form.
 * @returns The index.
 */
export function indexDocument(
  root: Record<string, unknown>,
  dialect: Dialect,
  maxDataDepth: number = MAX_DEPTH,
  foreignPatterns: 'keep' | 'drop' = 'keep',
): DocumentIndex {
  const siblingsApply = refHasSiblings(dialect);
  const idKeyword = idKeywordOf(dialect);
  const index: DocumentIndex = {
    dialect,
    units: [],
    targets: new Map(),
    resources: new Map(),
    hasDynamicRefs: false,
    inputBytes: 0,
    diagnostics: [],
    diagnosticUnits: [],
    rootRefHolders: [],
  };
  const rootResource = newResource(DEFAULT_BASE_URI, 0, '');
  index.resources.set(DEFAULT_BASE_URI, rootResource);
  const pending: Unit[] = [];
  /** Bytes of boolean and invalid subschemas of the unit being filled. */
  let slotBytes = 0;
  const withRefs: Unit[] = [];
  /** The measure of the last {@link copyData}, and the bytes of all data copied so far. */
  const dataMeasure = createCopyMeasure();
  let dataBytes = 0;
  const resolvedRefs = new Map<string, ReferenceTarget>();
  /** The key {@link fill} is reading, and the name in its map, for the pointer of an error. */
  let readingKey: string | undefined;
  let readingName: string | undefined;

  discover(root, undefined, '', 0, rootResource);
  let resolved = 0;
  while (pending.length > 0 || resolved < withRefs.length) {
    while (pending.length > 0) fill(pending.pop()!);
    // Resolving may discover new units (targets outside schema positions): loop until stable.
    while (resolved < withRefs.length) {
      const unit = withRefs[resolved++]!;
      // The same `$ref` string in the same resource resolves the same way: an API reuses a
      // handful of definitions many times.
      const cacheKey =
        unit.resource.uri === DEFAULT_BASE_URI
          ? unit.ref!.value
          : `${unit.resource.uri} ${unit.ref!.value}`;
      const known = resolvedRefs.get(cacheKey);
      if (known !== undefined) {
        unit.ref!.target = known;
        continue;
      }
      let found: ReturnType<typeof resolveReference>;
      try {
        found = resolveReference(index, unit);
      } catch (error) {
        // The pointer is followed through the input: a getter there may throw.
        throw inputError(error, `${unit.pointer}/$ref`);
      }
      if (found.kind === 'object') {
        const key = `${found.resource.uri}#${found.pointer}`;
        let target = index.targets.get(key);
        if (target === undefined) {
          target = discover(
            found.value,
            undefined,
            found.pointer,
            found.pointer.split('/').length - 1,
            found.resource,
          );
          index.targets.set(key, target);
        }
        unit.ref!.target = { kind: 'unit', unit: target };
      } else {
        unit.ref!.target = found;
      }
      resolvedRefs.set(cacheKey, unit.ref!.target);
    }
  }
  return index;

  function newResource(uri: string, unit: number, pointer: string): Resource {
    return { uri, root: unit, rootPointer: pointer, anchors: new Map() };
  }

  function discover(
    object: object,
    parent: Unit | undefined,
    tail: string,
    tokens: number,
    resource: Resource,
    holder?: Record<string, unknown> | unknown[],
    slotKey: string | number = '',
  ): number {
    // Units are locations, not objects: no identity map over the input (hashing every input
    // object costs more than the rest of the index). A JavaScript object that contains itself
    // would be found forever, so depth and count are bounded far above any JSON document.
    if (
      index.units.length >= MAX_UNITS ||
      (parent !== undefined && parent.schemaDepth >= MAX_DEPTH)
    ) {
      throw new ToolSchemaError(
        'invalid-schema',
        `The schema nests more than ${MAX_DEPTH} levels or holds more than ${MAX_UNITS} subschemas (or a JavaScript object that contains itself).`,
        parent?.pointer ?? '',
      );
    }
    if (!isJsonObject(object)) {
      throw nonJsonError(
        describeNonJson(object)!,
        parent === undefined ? tail : parent.pointer + tail,
      );
    }
    // A JavaScript object that contains itself repeats along some parent chain: found within
    // about twice the length of the loop plus its start, not at the depth bound.
    if (parent !== undefined && parent.checkpoint === object) {
      throw new ToolSchemaError(
        'invalid-schema',
        'The schema contains a reference cycle between JavaScript objects, which JSON cannot hold.',
        parent.pointer + tail,
      );
    }
    const schemaDepth = parent === undefined ? 0 : parent.schemaDepth + 1;
    const unit: Unit = {
      id: index.units.length,
      source: object as Record<string, unknown>,
      pointer: parent === undefined ? tail : parent.pointer + tail,
      parent: parent === undefined ? -1 : parent.id,
      tail,
      depth: (parent === undefined ? 0 : parent.depth) + tokens,
      schemaDepth,
      checkpoint:
        parent === undefined || (schemaDepth & (schemaDepth - 1)) === 0
          ? object
          : parent.checkpoint,
      resource,
      body: {},
      holder,
      slotKey,
      entries: NO_ENTRIES,
      ref: undefined,
      children: NO_NUMBERS,
      childDepth: NO_NUMBERS,
      ownBytes: 2,
      dataDepth: 0,
    };
    index.units.push(unit);
    pending.push(unit);
    return unit.id;
  }

  function diagnose(unit: Unit, code: Diagnostic['code'], pointer: string, message: string): void {
    index.diagnostics.push({ code, pointer, message });
    index.diagnosticUnits.push(unit.id);
  }

  /**
   * Fills a unit; whatever reading its object throws (a value JSON cannot hold, a getter that
   * throws, a revoked Proxy) becomes a `ToolSchemaError` with the pointer of the key being read.
   */
  function fill(unit: Unit): void {
    readingKey = undefined;
    try {
      fillUnit(unit);
    } catch (error) {
      let at = readingKey === undefined ? '' : `/${escapePointerToken(readingKey)}`;
      if (readingName !== undefined) at += `/${escapePointerToken(readingName)}`;
      throw inputError(error, unit.pointer + at);
    }
  }

  function fillUnit(unit: Unit): void {
    const source = unit.source;
    // A subschema belongs to its parent's resource as it stands after the parent's own `$id`.
    if (unit.parent !== -1) unit.resource = index.units[unit.parent]!.resource;
    // draft-07 and earlier: `$ref` replaces the whole object, siblings and `$id` included.
    const isRef = !siblingsApply && typeof source.$ref === 'string';
    const emitsSiblings = !isRef;
    let identity = false;
    const dropped: string[] = [];
    const body = unit.body;
    let emitted = 0;
    let bytes = 0;
    /** Whether {@link writeKeywordsValidatorsCompile} may have to write a keyword anew. */
    let validatorFlags = 0;
    slotBytes = 0;
    for (const key of Object.keys(source)) {
      readingKey = key;
      readingName = undefined;
      const value = source[key];
      // What `JSON.stringify` leaves out is not in the document: the output stays JSON.
      if (isAbsentInJson(value)) continue;
      const kind = keywordKind(key);
      // Fast path: most keywords are data with a scalar value (type, description, format...).
      if (
        kind === KeywordKind.Data &&
        emitsSiblings &&
        key.charCodeAt(0) !== 36 /* $ */ &&
        key !== idKeyword
      ) {
        const type = typeof value;
        if (type === 'string' || type === 'number' || type === 'boolean' || value === null) {
          const size = scalarBytes(value);
          // `NaN` and infinities go on to the copy, which refuses them.
          if (size >= 0) {
            bytes += keyBytes(key) + size;
            if (key === '__proto__') setOwn(body, key, value);
            else body[key] = value;
            validatorFlags |= validatorKeywordFlag(key, value);
            emitted++;
            continue;
          }
        }
      }
      const tail = `/${escapePointerToken(key)}`;
      if (key === '$ref' && typeof value === 'string') {
        unit.ref = { value, target: { kind: 'unresolved', reason: 'not resolved yet' } };
        withRefs.push(unit);
        index.inputBytes += value.length + 9;
        continue;
      }
      if (key === '$ref') {
        // Not a string: no validator can follow it, and left in place it makes clients that
        // check schemas reject the tool. Dropped, which is what a permissive target means.
        diagnose(
          unit,
          'ref-unresolved',
          unit.pointer + tail,
          `$ref ${previewValue(value)} is not a string; it was dropped.`,
        );
        continue;
      }
      if (kind === KeywordKind.Definitions) {
        if (isPlainObject(value)) hiddenEntry(unit, key, value, KeywordKind.SchemaMap, tail);
        else if (value !== undefined) index.inputBytes += measureJson(value).bytes;
        continue;
      }
      if (key === idKeyword || key === '$anchor' || key === '$dynamicAnchor') identity = true;
      if (key === idKeyword && typeof value === 'string') continue;
      if (key === '$schema' || key === '$anchor') continue;
      if (!emitsSiblings && !isAnnotation(key)) {
        // draft-07 and earlier: `$ref` replaces the whole object; index subschemas for pointers.
        dropped.push(key);
        hiddenEntry(unit, key, value, kind, tail);
        continue;
      }
      if (key === '$dynamicRef' || key === '$recursiveRef') {
        index.hasDynamicRefs = true;
        diagnose(
          unit,
          'ref-dynamic',
          unit.pointer + tail,
          `${key} ${previewValue(value)} is kept, and the document with it: inlining would change its dynamic scope.`,
        );
      }
      // Dynamic anchors matter only to `$dynamicRef`, and documents with one are kept whole.
      if (key === '$dynamicAnchor' || key === '$recursiveAnchor') continue;
      if (
        kind === KeywordKind.Schema ||
        (kind === KeywordKind.SchemaOrArray && !Array.isArray(value))
      ) {
        const entry = schemaEntry(key, KeywordKind.Schema);
        entry.slots = [slot(unit, value, tail, 1, body, key)];
        addEntry(unit, entry);
      } else if (
        (kind === KeywordKind.SchemaArray || kind === KeywordKind.SchemaOrArray) &&
        Array.isArray(value)
      ) {
        if (value.length > MAX_ARRAY_ITEMS) throw arrayTooLong(value.length);
        const entry = schemaEntry(key, KeywordKind.SchemaArray);
        const items = new Array(value.length);
        if (key === '__proto__') setOwn(body, key, items);
        else body[key] = items;
        entry.slots = new Array(value.length);
        bytes += containerBytes(value.length);
        for (let item = 0; item < value.length; item++) {
          // A hole, `undefined` or a function reads as JSON's `null` (not a schema).
          const each: unknown = value[item];
          const read = isAbsentInJson(each) ? null : each;
          entry.slots[item] = slot(unit, read, `${tail}/${item}`, 2, items, item);
        }
        addEntry(unit, entry);
      } else if (
        (kind === KeywordKind.SchemaMap || kind === KeywordKind.SchemaOrDataMap) &&
        isPlainObject(value)
      ) {
        const entry = schemaEntry(key, KeywordKind.SchemaMap);
        const map: Record<string, unknown> = {};
        if (key === '__proto__') setOwn(body, key, map);
        else body[key] = map;
        for (const name of Object.keys(value)) {
          readingName = name;
          const item = value[name];
          if (isAbsentInJson(item)) continue;
          bytes += keyBytes(name);
          entry.names.push(name);
          if (kind === KeywordKind.SchemaOrDataMap && Array.isArray(item)) {
            const copy = copyData(item);
            setOwn(map, name, copy === TOO_DEEP ? [] : copy);
            if (copy === TOO_DEEP)
              tooDeep(unit, `${unit.pointer}${tail}/${escapePointerToken(name)}`);
            entry.slots.push({ invalid: item });
            slotBytes += dataMeasure.bytes;
          } else {
            entry.slots.push(slot(unit, item, `${tail}/${escapePointerToken(name)}`, 2, map, name));
          }
        }
        readingName = undefined;
        bytes += containerBytes(entry.names.length);
        addEntry(unit, entry);
      } else {
        const copy = copyData(value);
        if (copy === TOO_DEEP) {
          tooDeep(unit, unit.pointer + tail);
          continue;
        }
        // Measured as if emitted either way: the budget decisions stay those of the input.
        bytes += dataMeasure.bytes;
        if (dataMeasure.depth > unit.dataDepth) unit.dataDepth = dataMeasure.depth;
        const carried = carriedReference(key, copy, dataMeasure.ref);
        if (carried === undefined) {
          setOwn(body, key, copy);
          validatorFlags |= validatorKeywordFlag(key, copy);
        } else {
          const diagnostic = refDropped(unit, key, unit.pointer + tail, carried);
          if (unit.id === 0) {
            // Perhaps a container of definitions: `analyseDocument` decides.
            index.rootRefHolders.push({ key, diagnostic });
            setOwn(body, key, copy);
          }
        }
      }
      bytes += keyBytes(key);
      emitted++;
    }
    bytes += slotBytes + containerBytes(emitted);
    if (validatorFlags !== 0 && needsValidatorRewrite(validatorFlags, body)) {
      const findings = writeKeywordsValidatorsCompile(body, dialect, foreignPatterns);
      for (const { code, keyword, message } of findings ?? [])
        diagnose(unit, code, `${unit.pointer}/${keyword}`, message);
    }
    // After the loop: children take the resource at their own fill, and an `$anchor` belongs to
    // the resource its object's `$id` opens, whatever the key order.
    if (identity) takeIdentity(unit, isRef);
    if (dropped.length > 0) {
      diagnose(
        unit,
        'ref-siblings-ignored',
        unit.pointer,
        `In ${index.dialect}, keywords beside $ref are ignored; dropped: ${dropped.join(', ')}.`,
      );
    }
    unit.ownBytes = bytes;
    index.inputBytes += bytes;
  }

  /** Places one subschema in its container: a boolean as is, an object as a new unit's body. */
  function slot(
    unit: Unit,
    value: unknown,
    tail: string,
    depth: number,
    holder: Record<string, unknown> | unknown[],
    key: string | number,
  ): Slot {
    if (typeof value === 'boolean') {
      slotBytes += BOOLEAN_SCHEMA_BYTES;
      setOwnAt(holder, key, value);
      return value;
    }
    if (isPlainObject(value)) {
      const child = discover(value, unit, tail, depth, unit.resource, holder, key);
      setOwnAt(holder, key, index.units[child]!.body);
      if (unit.children === NO_NUMBERS) {
        unit.children = [];
        unit.childDepth = [];
      }
      unit.children.push(child);
      unit.childDepth.push(depth);
      return child;
    }
    const copy = copyData(value);
    if (copy === TOO_DEEP) {
      // Not a schema, and too deep to copy: the permissive schema it was treated as.
      tooDeep(unit, unit.pointer + tail);
      setOwnAt(holder, key, {});
      return { invalid: {} };
    }
    setOwnAt(holder, key, copy);
    diagnose(
      unit,
      'schema-invalid',
      unit.pointer + tail,
      'This value stands where a schema belongs but is neither an object nor a boolean; it is copied as it is.',
    );
    slotBytes += dataMeasure.bytes;
    if (dataMeasure.depth + 1 > unit.dataDepth) unit.dataDepth = dataMeasure.depth + 1;
    return { invalid: value };
  }

  /**
   * Copies a data value and measures it, in one walk for plain JSON. Anything else (a value JSON
   * cannot hold, a JavaScript cycle) takes `cloneJson`'s rules: dropped, or a ToolSchemaError.
   * The measure lands in `dataMeasure`.
   */
  function copyData(value: unknown): unknown {
    let copy = copyMeasured(value, maxDataDepth, dataMeasure);
    if (copy === undefined) {
      const measure = measureJson(value);
      if (measure.depth > maxDataDepth) return TOO_DEEP;
      copy = cloneJson(value);
      // Plain JSON now, within the depth: copied again for what it holds (a `$ref`).
      dataMeasure.ref = undefined;
      copy = copyMeasured(copy, maxDataDepth, dataMeasure) ?? copy;
      dataMeasure.bytes = measure.bytes;
      dataMeasure.depth = measure.depth;
    }
    // Each value is bounded on its own; many uses of one large shared value are bounded here.
    dataBytes += dataMeasure.bytes;
    if (dataBytes > MAX_DATA_BYTES) {
      throw new ToolSchemaError(
        'invalid-schema',
        `The values of the schema add up to more than ${MAX_DATA_BYTES} bytes of JSON (JavaScript objects shared many times).`,
      );
    }
    return copy;
  }

  /** Reports a data value left out because it nests deeper than the output may. */
  function tooDeep(unit: Unit, pointer: string): void {
    diagnose(
      unit,
      'value-too-deep',
      pointer,
      `This value nests deeper than ${maxDataDepth} levels, more than the output's depth budget allows (JSON.stringify overflows on such values); it was left out, and the output accepts more than the input if it was a validation keyword.`,
    );
  }

  /**
   * Reports a keyword no dialect defines whose value holds a `$ref`: it asserts nothing, and the
   * definitions its `$ref` names are not in the output, where it would dangle.
   */
  function refDropped(unit: Unit, key: string, pointer: string, ref: string): Diagnostic {
    const diagnostic = annotationRefDropped(key, pointer, ref);
    index.diagnostics.push(diagnostic);
    index.diagnosticUnits.push(unit.id);
    return diagnostic;
  }

  /** Indexes subschemas that are never emitted but that a `$ref` may point into. */
  function hiddenEntry(
    unit: Unit,
    key: string,
    value: unknown,
    kind: KeywordKind,
    tail: string,
  ): void {
    if (kind === KeywordKind.Data) return;
    const entry = schemaEntry(key, KeywordKind.Schema);
    entry.hidden = true;
    const hide = (item: unknown, itemTail: string, tokens: number): Slot =>
      typeof item === 'boolean'
        ? item
        : isPlainObject(item)
          ? discover(item, unit, itemTail, tokens, unit.resource)
          : { invalid: item };
    if (Array.isArray(value)) {
      entry.kind = KeywordKind.SchemaArray;
      entry.slots = value.map((item, position) => hide(item, `${tail}/${position}`, 2));
    } else if (!isPlainObject(value)) {
      return;
    } else if (kind === KeywordKind.Schema || kind === KeywordKind.SchemaOrArray) {
      entry.kind = KeywordKind.Schema;
      entry.slots = [hide(value, tail, 1)];
    } else {
      entry.kind = KeywordKind.SchemaMap;
      entry.names = Object.keys(value);
      entry.slots = entry.names.map((name) =>
        hide(value[name], `${tail}/${escapePointerToken(name)}`, 2),
      );
    }
    addEntry(unit, entry);
  }

  function takeIdentity(unit: Unit, isRef: boolean): void {
    const source = unit.source;
    const id = isRef ? undefined : source[idKeyword];
    if (typeof id === 'string') {
      if (id.startsWith('#')) {
        if (id.length > 1) unit.resource.anchors.set(decodeFragment(id.slice(1)), unit.id);
      } else {
        const resolved = resolveUri(id, unit.resource.uri);
        if (resolved === undefined) {
          diagnose(
            unit,
            'schema-invalid',
            `${unit.pointer}/${idKeyword}`,
            `${idKeyword} ${previewValue(id)} is not a URI reference; ignored.`,
          );
        } else {
          const { uri, fragment } = resolved;
          const resource = newResource(uri, unit.id, unit.pointer);
          if (!index.resources.has(uri)) index.resources.set(uri, resource);
          unit.resource = resource;
          if (fragment !== '' && !fragment.startsWith('/'))
            resource.anchors.set(decodeFragment(fragment), unit.id);
        }
      }
    }
    if (siblingsApply) {
      addAnchor(unit, source.$anchor);
      addAnchor(unit, source.$dynamicAnchor);
    }
  }
}

function addAnchor(unit: Unit, name: unknown): void {
  if (typeof name === 'string' && !unit.resource.anchors.has(name)) {
    unit.resource.anchors.set(name, unit.id);
  }
}

/** What {@link indexDocument}'s data copy returns for a value deeper than the output may be. */
const TOO_DEEP = Symbol('too deep');

/**
 * Shared empty lists for units without subschemas (most units are leaves such as
 * `{ "type": "string" }`): replaced by their own list on the first push.
 */
const NO_ENTRIES = Object.freeze([]) as unknown as Entry[];
const NO_NUMBERS = Object.freeze([]) as unknown as number[];

function addEntry(unit: Unit, entry: Entry): void {
  if (unit.entries === NO_ENTRIES) unit.entries = [];
  unit.entries.push(entry);
}

function schemaEntry(key: string, kind: Entry['kind']): Entry {
  return { key, kind, slots: [], names: [], hidden: false };
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
