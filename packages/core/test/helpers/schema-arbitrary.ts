import fc from 'fast-check';
import { isObject, walkSchemas } from './schema-refs.ts';

/** The dialect a generated document is written in. */
export type GeneratedDialect = '2020-12' | 'draft-07';

/**
 * Definition names, chosen to need escaping in a JSON Pointer (`~`, `/`), in a URI fragment
 * (`%`, space, non-ASCII), or to collide with `Object.prototype` (`__proto__`, `constructor`).
 */
export const DEFINITION_NAMES = [
  'A',
  'B',
  'Node',
  'a~b',
  'x/y',
  'p%q',
  'with space',
  'ü',
  '0',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '$ref',
] as const;

/** Property names used by generated schemas and generated instances alike. */
export const PROPERTY_NAMES = [
  'a',
  'b',
  'c',
  'x/y',
  'a~b',
  'sp ace',
  '__proto__',
  'constructor',
  '$ref',
  '$defs',
] as const;

/** A `$ref`-looking data value, used inside `const`, `enum`, `default` and as an instance. */
export const REF_LOOKING_VALUE = { $ref: '#/$defs/A' } as const;

/** What a generated document is, plus what the test needs to know about it. */
export interface GeneratedSchema {
  /** The document. `__proto__` keys are own data properties. */
  schema: Record<string, unknown>;
  /** True when a local `$ref` that points at nothing was placed in a schema position. */
  hasDanglingRef: boolean;
}

/** Where in the document a subschema is being generated. */
interface Position {
  /**
   * Index of the definition being generated (-1 for the root). A `$ref` in a position that does
   * not consume the instance may only point at a definition with a higher index, so every cycle
   * passes through `properties` or `items` and terminates on finite instances.
   */
  definitionIndex: number;
  /** True below `properties`/`items`/... of the current definition or root. */
  consumed: boolean;
}

/** The parts of a definition that nested pointers may point at. */
interface Skeleton {
  /** Property names it declares (`#/$defs/A/properties/x`). */
  properties: readonly string[];
  /** Whether it has a two-element `anyOf` (`#/$defs/A/anyOf/1`). */
  anyOf: boolean;
  /** Whether it has its own `$defs` with an entry `In` (`#/$defs/A/$defs/In`). */
  inner: boolean;
  /** Whether it declares `$anchor: "anc<i>"` (`#anc<i>`, 2020-12 only). */
  anchor: boolean;
}

/** State shared while one document is generated. */
interface Context {
  g: fc.GeneratorValue;
  dialect: GeneratedDialect;
  definitionsKeyword: '$defs' | 'definitions';
  names: readonly string[];
  /** What definition `i` is guaranteed to hold, so nested pointers into it resolve. */
  skeletons: readonly Skeleton[];
  hasDanglingRef: boolean;
  /** No cycle at all: a `$ref` only points into definitions with a higher index, no anchors. */
  acyclic: boolean;
}

/**
 * Creates an object from entries with `CreateDataProperty` semantics, so a `__proto__` key becomes
 * an own data property (as `JSON.parse` makes it) instead of setting the prototype.
 *
 * @param entries The entries.
 * @returns The object.
 */
function objectFrom(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(entries);
}

/**
 * Builds the URI fragment of a JSON Pointer, escaping `~` and `/` (RFC 6901) and then
 * percent-encoding (RFC 3986): minimally (only what a fragment cannot hold) or fully.
 *
 * @param segments The raw segments.
 * @param encodeFully Whether to percent-encode every segment with `encodeURIComponent`.
 * @returns The reference, e.g. `#/$defs/with%20space`.
 */
export function pointerRef(segments: readonly string[], encodeFully: boolean): string {
  const encoded = segments.map((segment, index) => {
    const escaped = segment.replaceAll('~', '~0').replaceAll('/', '~1');
    // Keyword segments (`$defs`, `properties`, at even indices) stay as they are; names get encoded.
    if (index % 2 === 0) return escaped;
    return encodeFully
      ? encodeURIComponent(escaped)
      : escaped.replace(/[%\s"<>\\^`{|}]|[^\x20-\x7e]/gu, (char) => encodeURIComponent(char));
  });
  return `#/${encoded.join('/')}`;
}

/**
 * Draws a small JSON value for `const`, `enum` and `default`, sometimes one that looks like a
 * reference.
 *
 * @param ctx The generation context.
 * @returns The value.
 */
function dataValue(ctx: Context): unknown {
  return ctx.g(
    fc.constantFrom,
    0,
    1,
    'a',
    null,
    true,
    { ...REF_LOOKING_VALUE },
    { $ref: '#/$defs/Nope' },
    ['a', 1],
    objectFrom([['a', 1]]),
  );
}

/**
 * Generates a subschema without references (the leaves of the document).
 *
 * @param ctx The generation context.
 * @returns A boolean schema or a small object schema.
 */
function leafSchema(ctx: Context): unknown {
  const kind = ctx.g(
    fc.constantFrom,
    'true',
    'false',
    'type',
    'type',
    'minimum',
    'const',
    'enum',
    'default',
    'empty',
  );
  switch (kind) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'type':
      return {
        type: ctx.g(fc.constantFrom, 'string', 'number', 'integer', 'boolean', 'null', 'object'),
      };
    case 'minimum':
      return { minimum: ctx.g(fc.integer, { min: -2, max: 2 }) };
    case 'const':
      return { const: dataValue(ctx) };
    case 'enum':
      return { enum: [dataValue(ctx), dataValue(ctx)] };
    case 'default':
      return { type: 'string', default: dataValue(ctx) };
    default:
      return {};
  }
}

/**
 * Lists the references a `$ref` at a position may carry without creating a cycle that consumes no
 * instance.
 *
 * @param ctx The generation context.
 * @param position Where the `$ref` stands.
 * @returns Candidate reference strings.
 */
function refTargets(ctx: Context, position: Position): string[] {
  const encodeFully = ctx.g(fc.boolean);
  const targets: string[] = [];
  ctx.names.forEach((name, index) => {
    const allowed = ctx.acyclic
      ? index > position.definitionIndex
      : position.consumed || index > position.definitionIndex;
    if (allowed) {
      targets.push(pointerRef([ctx.definitionsKeyword, name], encodeFully));
      if (ctx.skeletons[index]!.anchor) targets.push(`#anc${index}`);
    }
  });
  if (position.consumed || ctx.acyclic) {
    if (!ctx.acyclic) targets.push('#');
    ctx.skeletons.forEach((skeleton, index) => {
      if (ctx.acyclic && index <= position.definitionIndex) return;
      const base = [ctx.definitionsKeyword, ctx.names[index]!];
      for (const property of skeleton.properties) {
        targets.push(pointerRef([...base, 'properties', property], encodeFully));
      }
      if (skeleton.anyOf) targets.push(pointerRef([...base, 'anyOf', '1'], encodeFully));
      if (skeleton.inner) {
        targets.push(pointerRef([...base, ctx.definitionsKeyword, 'In'], encodeFully));
      }
    });
  }
  return targets;
}

/**
 * Generates a `$ref` node, sometimes with keywords beside it.
 *
 * @param ctx The generation context.
 * @param depth The current depth.
 * @param position Where it stands.
 * @returns The node, or a leaf when no reference may stand here.
 */
function refSchema(ctx: Context, depth: number, position: Position): unknown {
  const dangling = ctx.g(fc.integer, { min: 0, max: 99 }) === 0;
  let ref: string;
  if (dangling) {
    ref = `#/${ctx.definitionsKeyword}/Nope`;
    ctx.hasDanglingRef = true;
  } else {
    const targets = refTargets(ctx, position);
    if (targets.length === 0) return leafSchema(ctx);
    ref = ctx.g(fc.constantFrom, ...targets);
  }
  const entries: Array<[string, unknown]> = [['$ref', ref]];
  const siblingCount = ctx.g(fc.integer, { min: 0, max: 2 });
  const consumedBelow: Position = { definitionIndex: position.definitionIndex, consumed: true };
  const siblingKinds =
    ctx.dialect === '2020-12'
      ? ([
          'properties',
          'required',
          'type',
          'minimum',
          'additionalProperties',
          'items',
          'unevaluatedProperties',
          'allOf',
          'description',
          'patternProperties',
          'prefixItems',
          'unevaluatedItems',
          'dependentSchemas',
          'propertyNames',
          'not',
          'if',
        ] as const)
      : ([
          'patternProperties',
          'propertyNames',
          'not',
          'properties',
          'required',
          'type',
          'minimum',
          'additionalProperties',
          'items',
          'allOf',
          'description',
        ] as const);
  const used = new Set<string>();
  for (let index = 0; index < siblingCount; index += 1) {
    const kind = ctx.g(fc.constantFrom, ...siblingKinds);
    if (used.has(kind)) continue;
    used.add(kind);
    switch (kind) {
      case 'properties':
        entries.push([
          'properties',
          objectFrom([
            [ctx.g(fc.constantFrom, ...PROPERTY_NAMES), schemaNode(ctx, depth + 1, consumedBelow)],
          ]),
        ]);
        break;
      case 'required':
        entries.push(['required', [ctx.g(fc.constantFrom, ...PROPERTY_NAMES)]]);
        break;
      case 'type':
        entries.push(['type', ctx.g(fc.constantFrom, 'object', 'array', 'string', 'number')]);
        break;
      case 'minimum':
        entries.push(['minimum', ctx.g(fc.integer, { min: -2, max: 2 })]);
        break;
      case 'additionalProperties':
        entries.push([
          'additionalProperties',
          ctx.g(fc.boolean) ? false : schemaNode(ctx, depth + 1, consumedBelow),
        ]);
        break;
      case 'items':
        entries.push(['items', schemaNode(ctx, depth + 1, consumedBelow)]);
        break;
      case 'unevaluatedProperties':
        entries.push(['unevaluatedProperties', false]);
        break;
      case 'allOf':
        entries.push(['allOf', [schemaNode(ctx, depth + 1, position)]]);
        break;
      case 'patternProperties':
        entries.push(['patternProperties', { '^a': schemaNode(ctx, depth + 1, consumedBelow) }]);
        break;
      case 'prefixItems':
        entries.push(['prefixItems', [schemaNode(ctx, depth + 1, consumedBelow)]]);
        break;
      case 'unevaluatedItems':
        entries.push(['unevaluatedItems', false]);
        break;
      case 'dependentSchemas':
        entries.push([
          'dependentSchemas',
          objectFrom([
            [ctx.g(fc.constantFrom, ...PROPERTY_NAMES), schemaNode(ctx, depth + 1, position)],
          ]),
        ]);
        break;
      case 'propertyNames':
        entries.push(['propertyNames', { maxLength: ctx.g(fc.integer, { min: 1, max: 3 }) }]);
        break;
      case 'not':
        entries.push(['not', schemaNode(ctx, depth + 1, position)]);
        break;
      case 'if':
        entries.push(['if', schemaNode(ctx, depth + 1, position)]);
        entries.push(['then', schemaNode(ctx, depth + 1, position)]);
        break;
      default:
        entries.push(['description', 'use site']);
    }
  }
  return objectFrom(entries);
}

/**
 * Generates an object schema with `properties` (whose subschemas consume the instance).
 *
 * @param ctx The generation context.
 * @param depth The current depth.
 * @param position Where it stands.
 * @param declared Property names that must be declared (a definition's skeleton).
 * @returns The schema.
 */
function objectSchema(
  ctx: Context,
  depth: number,
  position: Position,
  declared: readonly string[] = [],
): Record<string, unknown> {
  const consumedBelow: Position = { definitionIndex: position.definitionIndex, consumed: true };
  const names = new Set<string>(declared);
  const extra = ctx.g(fc.integer, { min: declared.length === 0 ? 1 : 0, max: 2 });
  for (let index = 0; index < extra; index += 1)
    names.add(ctx.g(fc.constantFrom, ...PROPERTY_NAMES));
  const entries: Array<[string, unknown]> = [];
  if (ctx.g(fc.boolean)) entries.push(['type', 'object']);
  // A declared property can also be reached directly by a nested pointer, which consumes nothing,
  // so it is generated under the rules of the definition's top level.
  const declaredPosition: Position = { definitionIndex: position.definitionIndex, consumed: false };
  entries.push([
    'properties',
    objectFrom(
      [...names].map((name) => [
        name,
        schemaNode(ctx, depth + 1, declared.includes(name) ? declaredPosition : consumedBelow),
      ]),
    ),
  ]);
  if (ctx.g(fc.boolean)) entries.push(['required', [[...names][0]!]]);
  const closing = ctx.g(
    fc.constantFrom,
    'none',
    'none',
    'additionalFalse',
    'additionalSchema',
    'unevaluatedFalse',
  );
  if (closing === 'additionalFalse') entries.push(['additionalProperties', false]);
  if (closing === 'additionalSchema') {
    entries.push(['additionalProperties', schemaNode(ctx, depth + 1, consumedBelow)]);
  }
  if (closing === 'unevaluatedFalse' && ctx.dialect === '2020-12') {
    entries.push(['unevaluatedProperties', false]);
  }
  return objectFrom(entries);
}

/**
 * Generates any subschema.
 *
 * @param ctx The generation context.
 * @param depth The current depth (leaves and refs only past 3).
 * @param position Where it stands.
 * @returns The subschema.
 */
function schemaNode(ctx: Context, depth: number, position: Position): unknown {
  const consumedBelow: Position = { definitionIndex: position.definitionIndex, consumed: true };
  const kind =
    depth >= 3
      ? ctx.g(fc.constantFrom, 'leaf', 'ref')
      : ctx.g(
          fc.constantFrom,
          'leaf',
          'leaf',
          'ref',
          'ref',
          'ref',
          'object',
          'object',
          'array',
          'allOf',
          'anyOf',
          'oneOf',
          'not',
          'if',
        );
  switch (kind) {
    case 'ref':
      return refSchema(ctx, depth, position);
    case 'object':
      return objectSchema(ctx, depth, position);
    case 'array':
      return { type: 'array', items: schemaNode(ctx, depth + 1, consumedBelow) };
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
      return objectFrom([
        [kind, [schemaNode(ctx, depth + 1, position), schemaNode(ctx, depth + 1, position)]],
      ]);
    case 'not':
      return { not: schemaNode(ctx, depth + 1, position) };
    case 'if':
      // Built from entries: an object literal with a `then` key reads like a thenable to linters.
      return objectFrom([
        ['if', schemaNode(ctx, depth + 1, position)],
        ['then', schemaNode(ctx, depth + 1, position)],
        ['else', schemaNode(ctx, depth + 1, position)],
      ]);
    default:
      return leafSchema(ctx);
  }
}

/**
 * Arbitrary of schema documents with definitions: references to definitions and to nested
 * pointers, escaped names, keywords beside `$ref`, self and mutual cycles (through `properties`
 * or `items` only, so validation terminates), boolean schemas, and `$ref`-looking data.
 *
 * @param dialect `'2020-12'` (`$defs`) or `'draft-07'` (`definitions`, `$schema` set).
 * @param options `acyclic`: no cycle at all (every `$ref` points into a later definition, no
 *   anchors), the documents `dereference` answers with its single walk.
 * @returns The arbitrary.
 */
export function schemaDocument(
  dialect: GeneratedDialect,
  { acyclic = false }: { acyclic?: boolean } = {},
): fc.Arbitrary<GeneratedSchema> {
  return fc.gen().map((g) => {
    const names: string[] = g(() =>
      fc.uniqueArray(fc.constantFrom<string>(...DEFINITION_NAMES), { minLength: 1, maxLength: 4 }),
    );
    const skeletons = names.map(
      (): Skeleton => ({
        properties: g(fc.boolean)
          ? g(() => fc.uniqueArray(fc.constantFrom<string>(...PROPERTY_NAMES), { maxLength: 2 }))
          : [],
        anyOf: g(fc.integer, { min: 0, max: 4 }) === 0,
        inner: g(fc.integer, { min: 0, max: 4 }) === 0,
        anchor: !acyclic && dialect === '2020-12' && g(fc.integer, { min: 0, max: 4 }) === 0,
      }),
    );
    const ctx: Context = {
      g,
      dialect,
      definitionsKeyword: dialect === '2020-12' ? '$defs' : 'definitions',
      names,
      skeletons,
      hasDanglingRef: false,
      acyclic,
    };
    const definitions = names.map((name, index): [string, unknown] => {
      const position: Position = { definitionIndex: index, consumed: false };
      const skeleton = skeletons[index]!;
      const plain = skeleton.properties.length === 0 && !skeleton.anyOf && !skeleton.inner;
      if (plain && !skeleton.anchor) return [name, schemaNode(ctx, 1, position)];
      // Parts that nested pointers reach directly (consuming nothing) follow the rules of the
      // definition's top level.
      const body = plain ? {} : objectSchema(ctx, 1, position, skeleton.properties);
      const entries: Array<[string, unknown]> = Object.entries(body);
      if (skeleton.anyOf) {
        entries.push(['anyOf', [schemaNode(ctx, 2, position), schemaNode(ctx, 2, position)]]);
      }
      if (skeleton.inner) {
        entries.push([ctx.definitionsKeyword, objectFrom([['In', schemaNode(ctx, 2, position)]])]);
      }
      if (skeleton.anchor) entries.push(['$anchor', `anc${index}`]);
      return [name, objectFrom(entries)];
    });
    const rootPosition: Position = { definitionIndex: -1, consumed: false };
    const rootKind = g(fc.constantFrom, 'object', 'object', 'ref', 'any');
    let root: unknown =
      rootKind === 'object'
        ? objectSchema(ctx, 0, rootPosition)
        : rootKind === 'ref'
          ? refSchema(ctx, 0, rootPosition)
          : schemaNode(ctx, 0, rootPosition);
    if (root === true || root === undefined) root = {};
    if (root === false) root = { not: {} };
    const entries: Array<[string, unknown]> = [];
    if (dialect === 'draft-07')
      entries.push(['$schema', 'http://json-schema.org/draft-07/schema#']);
    else if (g(fc.boolean))
      entries.push(['$schema', 'https://json-schema.org/draft/2020-12/schema']);
    entries.push(...Object.entries(root as Record<string, unknown>));
    entries.push([ctx.definitionsKeyword, objectFrom(definitions)]);
    return { schema: objectFrom(entries), hasDanglingRef: ctx.hasDanglingRef };
  });
}

/**
 * Arbitrary of JSON instances: objects keyed by the property names the schemas use, arrays,
 * numbers, strings, null, booleans and a `$ref`-looking object, nested a few levels.
 *
 * @returns The arbitrary.
 */
export function instanceValue(): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      fc.constantFrom(null, true, false, 0, 1, -1, 2, 0.5, '', 'a', 'ab'),
      fc.constant(REF_LOOKING_VALUE),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...PROPERTY_NAMES), tie('value'), {
        maxKeys: 4,
        noNullPrototype: true,
      }),
    ),
  }));
  return value;
}

/** The keyword no dialect defines that {@link withRefHolders} adds to every schema object. */
export const REF_HOLDER = 'x-see';

/**
 * Adds a keyword no dialect defines, holding a `$ref` two levels down, to every schema object of
 * a generated document (a copy): `dereference` leaves it out with `annotation-ref-dropped`.
 *
 * @param generated The generated document.
 * @returns The document with the keyword, and the pointers where it was added.
 */
export function withRefHolders(generated: GeneratedSchema): {
  generated: GeneratedSchema;
  pointers: Set<string>;
} {
  const schema = structuredClone(generated.schema);
  const pointers = new Set<string>();
  walkSchemas(schema, (node, pointer) => {
    if (!isObject(node)) return;
    node[REF_HOLDER] = { see: [{ $ref: '#/$defs/Gone' }] };
    pointers.add(`${pointer}/${REF_HOLDER}`);
  });
  return { generated: { ...generated, schema }, pointers };
}
