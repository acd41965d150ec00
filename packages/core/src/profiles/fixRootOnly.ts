import { isType } from '../providerRules/draft202012Shape.ts';
import type { Codec, Diagnostic } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { writeNumericBounds } from '../utils/exclusiveBounds.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { unicodePattern } from '../utils/unicodePattern.ts';
import {
  forEachSubschema,
  forEachSubschemaUnder,
  type SubschemaPlace,
  subschemaPointer,
  walkSchemas,
} from '../visitSchemas/index.ts';
import { KeywordKind, keywordKind } from '../vocabulary/index.ts';
import { writeAnnotationShapes } from './annotationShapes.ts';
import { appendDescription, refusesPattern } from './describe.ts';
import { mergeAllOf } from './mergeAllOf.ts';
import { OlderShape, olderDataShape, olderSubschemaShape } from './olderShapes.ts';
import type { Recipe } from './recipe.ts';
import { relocateIntoMembers, relocateIntoRootBranches } from './relocate.ts';
import { isPlainObjectRoot, mergeRootUnion, wrapRoot } from './rootObject.ts';

type SchemaObject = Record<string, unknown>;

/**
 * The rewrite of the lenient profiles (`openai`, `anthropic`), which accept the self-contained
 * schema but for its root: `$schema` removed, a root union merged into one object (or the root
 * wrapped), a root `allOf` merged, and draft-07 tuples, draft-04 bounds, `dependencies` and
 * annotations written in 2020-12 (Anthropic validates every schema against the 2020-12
 * meta-schema), draft-04's `id` left out (Ajv refuses to compile it), patterns
 * written for other regex engines in the form ECMA-262 validators compile, where they have one,
 * OpenAPI's `nullable` left out where no `type` stands beside it (it asserts nothing there), and
 * a `type` that names no JSON type moved into the description.
 *
 * @param root The self-contained schema (owned; rewritten in place).
 * @param recipe The profile's rules.
 * @param diagnostics Where the root fix is reported.
 * @param olderShapes The older shapes ({@link OlderShape}) the pass's output may hold: where it
 *   surely holds none (0), the walk writing them the 2020-12 way is skipped (the root fixes make
 *   none).
 * @returns The wire schema, the codec (the identity, or the unwrapping of the root) and the root
 *   properties a merge narrowed.
 */
export function fixRootOnly(
  root: SchemaObject,
  recipe: Recipe,
  diagnostics: Diagnostic[],
  olderShapes: number,
): { schema: SchemaObject; codec: Codec; narrowed: readonly string[] } {
  // Definitions stay at the root whatever the merges below do with the rest, and so does the
  // root's $id: a kept `#/$defs/X` resolves against the nearest $id, so an $id moved with a
  // wrapped root into `value` would point it there, where there is no $defs.
  const { $defs, definitions, $id } = root;
  // Most roots hold none of those keys: then the root, this call's own, is the rest (no copy).
  let schema = holdsSetAside(root) ? restOf(root) : root;
  const { schema: mergedRoot, narrowed, branches, origins } = mergeRootUnion(schema, diagnostics);
  // Where the root was merged, what the walk below reports points back into its parts.
  const unionRoot = branches.length > 0 ? schema : undefined;
  let allOfRoot: { rest: SchemaObject; allOf: unknown[] } | undefined;
  schema = mergedRoot;
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const merged = mergeAllOf([rest, ...allOf]);
    // Only a merge that gives a plain object root is worth its copies: a merge that distributed
    // a union copies the rest into every branch, and the root is wrapped under `value` anyway.
    if (
      merged !== undefined &&
      merged.schema !== false &&
      merged.described.length === 0 &&
      isPlainObjectRoot(merged.schema)
    ) {
      schema = merged.schema;
      allOfRoot = { rest, allOf };
    }
  }
  const wrapped = !isPlainObjectRoot(schema);
  const result = wrapped
    ? wrapRoot(schema, { version: 1, root: null }, recipe, diagnostics)
    : { schema, codec: { version: 1 as const, root: null } };
  const id = idWithoutFragment($id);
  if (id !== undefined) result.schema = { $id: id, ...result.schema };
  if ($defs !== undefined) result.schema.$defs = $defs;
  if (definitions !== undefined) result.schema.definitions = definitions;
  if (olderShapes !== 0) {
    const found = modernize(result.schema);
    const from = diagnostics.length;
    if (found & OlderShape.ForeignType || (found & OlderShape.Lookaround && recipe.regex !== 'any'))
      describeRefused(result.schema, wrapped, recipe, diagnostics);
    if (unionRoot !== undefined) relocateIntoRootBranches(diagnostics, from, unionRoot, origins);
    else if (allOfRoot !== undefined)
      relocateIntoMembers(diagnostics, from, '', allOfRoot.rest, allOfRoot.allOf);
  }
  return { schema: result.schema, codec: result.codec, narrowed };
}

/** The root keys that stay at the root whatever the merges do, or leave the wire (`$schema`). */
const SET_ASIDE = ['$defs', 'definitions', '$schema', '$id'];

/** Whether a root has one of the keys {@link SET_ASIDE} as its own. */
function holdsSetAside(root: SchemaObject): boolean {
  // One scan of the root's few keys (four own-key lookups by name took more of a CPU profile).
  for (const key in root) if (SET_ASIDE.includes(key) && Object.hasOwn(root, key)) return true;
  return false;
}

/** A root without the keys {@link SET_ASIDE} (a new object). */
function restOf(root: SchemaObject): SchemaObject {
  const { $defs: _defs, definitions: _definitions, $schema: _schema, $id: _id, ...rest } = root;
  return rest;
}

/**
 * The root `$id` as 2020-12 takes it: without a fragment (draft-07 allowed one; the 2020-12
 * meta-schema refuses it, and a fragment never takes part in resolving a `$ref` against the base).
 * An `$id` that is only a fragment, a draft-07 anchor, names nothing the wire refers to.
 *
 * @param id The root's `$id`, if any.
 * @returns The `$id` to write, or `undefined` for none.
 */
function idWithoutFragment(id: unknown): unknown {
  if (typeof id !== 'string') return id;
  const hash = id.indexOf('#');
  const base = hash === -1 ? id : id.slice(0, hash);
  return base === '' ? undefined : base;
}

/**
 * Which of the older shapes ({@link OlderShape}) a node holds, from one scan of its few keys,
 * which also pushes its subschemas onto the walk's stack (those `forEachSubschema` lists): nearly
 * every node holds none, and asking each of the ten keywords by name on nodes of many shapes cost
 * more than the scan. The pass leaves no typeless `nullable` and no foreign pattern that has a
 * `u` form, but a document kept whole (`$dynamicRef`) comes back as it came.
 */
function olderShapesOf(node: SchemaObject, push: SubschemaPlace): number {
  let found = 0;
  for (const key in node) {
    const kind = keywordKind(key);
    if (kind === KeywordKind.Data) {
      const value = node[key];
      const shape = olderDataShape(key, value);
      // `for...in` also meets inherited keys: an inherited `id` is none of the node's.
      if (shape !== OlderShape.Draft04Id || Object.hasOwn(node, key)) found |= shape;
      if (key === 'pattern' && isForeignPattern(value)) found |= OlderShape.ForeignPattern;
      else if (key === 'nullable') found |= OlderShape.Nullable;
      continue;
    }
    // `for...in` also meets inherited keys; only own ones hold subschemas.
    if (!Object.hasOwn(node, key)) continue;
    found |= olderSubschemaShape(kind, node[key]);
    forEachSubschemaUnder(node, key, kind, push);
  }
  return found;
}

/**
 * Writes draft-07 tuples, draft-04 exclusive bounds, `dependencies`, annotations and patterns the
 * 2020-12 way, and leaves out a `nullable` without a `type` and draft-04's `id`, in place,
 * on every schema object `visitSchemas` would visit. The scan that finds a node's older shapes
 * also lists its subschemas: it runs over every node of each lenient conversion, where
 * `visitSchemas` (a node's keys listed once more, each kind asked again) cost most of what the
 * profile adds to the pass. A rewrite only moves subschemas between keys (a tuple's `items` to
 * `prefixItems`, `additionalItems` to `items`), so those listed before it are the node's.
 */
function modernize(schema: SchemaObject): number {
  let all = 0;
  walkSchemas(schema, (node, push) => {
    const found = olderShapesOf(node, push);
    if (found !== 0) writeOlderShapes(node, found);
    all |= found;
  });
  return all;
}

/**
 * Moves each `type` that names no JSON type (`"application/json"`, `"file"`, `"any"`) into its
 * schema's description, reported as `profile-keyword-described`: the 2020-12 meta-schema refuses
 * it (Anthropic validates every tool against it, and Ajv refuses to compile it), and it asserts
 * nothing a validator could judge. So does each `pattern` the profile refuses (a lookaround under
 * `openai`), which the validator still enforces. Run only where {@link modernize} met one, as the
 * one walk of the wire that follows pointers. A wrapped root's pointers are given without its
 * `value` wrapper.
 *
 * @param wire The wire schema (written in place).
 * @param wrapped Whether the root was wrapped under `value`.
 * @param recipe The profile's rules.
 * @param diagnostics Where each place is reported.
 */
function describeRefused(
  wire: SchemaObject,
  wrapped: boolean,
  recipe: Recipe,
  diagnostics: Diagnostic[],
): void {
  const pending: [unknown, string][] = [[wire, '']];
  while (pending.length > 0) {
    const [node, pointer] = pending.pop()!;
    if (!isPlainObject(node)) continue;
    const prefix = '/properties/value';
    const at = wrapped && pointer.startsWith(prefix) ? pointer.slice(prefix.length) : pointer;
    if (Object.hasOwn(node, 'type') && !isType(node.type)) {
      const value = node.type;
      delete node.type;
      // Without a `type`, `nullable` asserts nothing, and Ajv refuses it (as in modernize).
      delete node.nullable;
      appendDescription(node, `Constraints: type: ${JSON.stringify(value)}.`);
      diagnostics.push({
        code: 'profile-keyword-described',
        pointer: at,
        message: `${recipe.profile} does not accept this \`type\`, which names no JSON type; moved into the description.`,
      });
    }
    if (typeof node.pattern === 'string' && refusesPattern(recipe, node.pattern)) {
      const value = node.pattern;
      delete node.pattern;
      appendDescription(node, `Constraints: pattern: ${JSON.stringify(value)}.`);
      diagnostics.push({
        code: 'profile-keyword-described',
        pointer: at,
        message: `${recipe.profile} does not accept this \`pattern\` (a lookaround); moved into the description.`,
      });
    }
    // Children pushed last first, so that places are reported in document order.
    const children: [unknown, string][] = [];
    forEachSubschema(node, (container, key, keyword) => {
      const at = subschemaPointer(pointer, node, container, key, keyword);
      children.push([(container as SchemaObject)[key as string], at]);
    });
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
  }
}

/** Rewrites the older shapes {@link olderShapesOf} found in a node, in place. */
function writeOlderShapes(node: SchemaObject, found: number): void {
  if (found & OlderShape.Tuple) {
    node.prefixItems = node.items;
    if (node.additionalItems !== undefined) node.items = node.additionalItems;
    else delete node.items;
    delete node.additionalItems;
  }
  if (found & OlderShape.BooleanBound) writeNumericBounds(node);
  if (found & OlderShape.MisshapenAnnotation) writeAnnotationShapes(node);
  if (found & OlderShape.ForeignPattern) node.pattern = unicodePattern(node.pattern as string);
  // OpenAPI's `nullable` without a `type` beside it asserts nothing (OpenAPI 3.0.3), and Ajv
  // refuses to compile a schema that has it: left out, the wire means what it meant.
  if (found & OlderShape.Nullable && !Object.hasOwn(node, 'type')) delete node.nullable;
  // Draft-04's `id` names a resource the pass has already resolved every `$ref` into (and in later
  // drafts it is no keyword at all), while every Ajv 8 build refuses to compile a schema that
  // holds it ("NOT SUPPORTED: keyword id"): left out, the wire means what it meant.
  if (found & OlderShape.Draft04Id) delete node.id;
  if (found & OlderShape.Dependencies) splitDependencies(node);
}

/**
 * Writes draft-04 to draft-07's `dependencies` as 2020-12 does: a list of names under
 * `dependentRequired`, a schema under `dependentSchemas` (2020-12 defines no `dependencies`, so a
 * validator reading the wire as 2020-12 may ignore it). Names already there keep both: the lists
 * joined, the schemas under `allOf`.
 */
function splitDependencies(node: SchemaObject): void {
  const dependencies = node.dependencies as SchemaObject;
  const required = isPlainObject(node.dependentRequired) ? { ...node.dependentRequired } : {};
  const schemas = isPlainObject(node.dependentSchemas) ? { ...node.dependentSchemas } : {};
  let hasRequired = isPlainObject(node.dependentRequired);
  let hasSchemas = isPlainObject(node.dependentSchemas);
  for (const name of Object.keys(dependencies)) {
    const value = dependencies[name];
    if (Array.isArray(value)) {
      const known = Object.hasOwn(required, name) ? required[name] : undefined;
      setOwn(required, name, Array.isArray(known) ? [...new Set([...known, ...value])] : value);
      hasRequired = true;
    } else {
      const known = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
      setOwn(schemas, name, known === undefined ? value : { allOf: [known, value] });
      hasSchemas = true;
    }
  }
  delete node.dependencies;
  if (hasRequired) node.dependentRequired = required;
  if (hasSchemas) node.dependentSchemas = schemas;
}

/**
 * Whether a `pattern` is written for an engine without ECMA-262's `u` flag and has a form that
 * compiles with it (see `unicodePattern`; one with none stays as the author wrote it).
 */
function isForeignPattern(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const pattern = unicodePattern(value);
  return pattern !== undefined && pattern !== value;
}
