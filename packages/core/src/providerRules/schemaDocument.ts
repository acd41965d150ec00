import { stronglyConnectedComponents } from '../analysis/stronglyConnectedComponents.ts';
import { boundPointer, MAX_POINTER_CHARS } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { inputError } from '../utils/jsonValue.ts';
import { SCANNED_KEYS } from '../utils/keyLists.ts';
import { arrayTooLong, MAX_ARRAY_ITEMS } from '../utils/measureJson.ts';
import { escapePointerToken, resolveLocalReference } from '../utils/pointer.ts';
import { forEachSubschema } from '../visitSchemas/index.ts';

/** One schema position of the checked schema, as the provider rules see it. */
export interface SchemaNode {
  /** Its index in {@link SchemaDocument.nodes} (document order, the root first). */
  readonly id: number;
  /** What stands there: an object, a boolean, or any other value a schema position held. */
  readonly value: unknown;
  /** RFC 6901 pointer into the checked schema. */
  readonly pointer: string;
  /** The schema that holds it; `undefined` for the root. */
  readonly parent: SchemaNode | undefined;
  /** The keyword that holds it in its parent (`properties`, `items`, `anyOf`, `$defs`...); `''` at the root. */
  readonly keyword: string;
  /** Its key under that keyword: property or definition name, or array index; `undefined` for one-schema keywords. */
  readonly key: string | undefined;
  /** Whether it is a property its parent does not list in `required`. */
  readonly optional: boolean;
  /** Object schemas on the path from the root, this one included (nesting as OpenAI counts it). */
  readonly objectDepth: number;
}

/** A checked schema walked once: its schema positions and what the reference rules need. */
export interface SchemaDocument {
  /** The root, as given. */
  readonly root: unknown;
  /** Every schema position, in document order; shared objects are visited once. */
  readonly nodes: readonly SchemaNode[];
  /**
   * The node a local `$ref` points at, or `undefined` when it points at nothing this walk
   * visited (another document, an anchor, a data value, a missing definition).
   */
  target(reference: string): SchemaNode | undefined;
  /**
   * The `$ref` nodes that close a cycle of references. With `breakAtOptional`, a cycle that
   * passes through a property its object does not require does not count (Gemini unrolls those).
   */
  cyclicReferences(breakAtOptional: boolean): ReadonlySet<SchemaNode>;
  /** Whether a node lies on a cycle of references (a recursive definition or part of one). */
  recursive(node: SchemaNode): boolean;
}

/**
 * Tells whether a schema position describes an object: `type` names `object`, or it carries an
 * object keyword (the test `openai` applies before it closes an object, `lib/transform.ts`).
 *
 * @param schema The schema object.
 * @returns Whether it describes an object.
 */
export function describesObject(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return true;
  return OBJECT_KEYWORDS.some((keyword) => Object.hasOwn(schema, keyword));
}

const OBJECT_KEYWORDS = [
  'properties',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'required',
  'minProperties',
  'maxProperties',
];

/**
 * The types a schema's `type` names (`undefined` when it has none, `[]` when `type` is malformed).
 *
 * @param schema The schema object.
 * @returns The type names.
 */
export function typesOf(schema: Record<string, unknown>): string[] | undefined {
  const type = schema.type;
  if (type === undefined) return undefined;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type))
    return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

/**
 * Walks a schema once, without recursion, into the nodes every provider rule reads. Any value is
 * accepted; the work is linear in the input (an object reached twice is visited once).
 *
 * @param root The checked schema.
 * @returns The walked document.
 */
export function readSchemaDocument(root: unknown): SchemaDocument {
  const nodes: WalkedNode[] = [];
  // Each object is walked once; a `$ref` finds its target's node here.
  const walked = new Map<object, WalkedNode>();
  // A stack of pending positions, popped in reverse so nodes come out in document order.
  const pending: Pending[] = [{ value: root, parent: undefined, keyword: '', key: undefined }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const value = next.value;
    const isObject = isPlainObject(value);
    if (isObject && walked.has(value)) continue;
    const node = new WalkedNode(next, nodes.length, isObject && describesObject(value));
    nodes.push(node);
    if (!isObject) continue;
    walked.set(value, node);
    refuseLongArrays(value, node);
    const children: Pending[] = [];
    forEachSubschema(value, (container, key) => {
      const single = container === value;
      children.push({
        value: (container as Record<string, unknown>)[key as string],
        parent: node,
        keyword: single ? String(key) : keywordHolding(value, container),
        key: single ? undefined : String(key),
      });
    });
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
  }

  const target = (reference: string): SchemaNode | undefined => {
    const found = resolveLocalReference(root, reference);
    // Only a walked schema position counts: a data value (inside `default`, say) is no target.
    return found.found && isPlainObject(found.value) ? walked.get(found.value) : undefined;
  };
  const cycles = new Map<boolean, ReferenceCycles>();
  const cyclesOf = (breakAtOptional: boolean): ReferenceCycles => {
    let found = cycles.get(breakAtOptional);
    if (found === undefined) {
      found = findReferenceCycles(nodes, target, breakAtOptional);
      cycles.set(breakAtOptional, found);
    }
    return found;
  };
  return {
    root,
    nodes,
    target,
    cyclicReferences: (breakAtOptional) => cyclesOf(breakAtOptional).closing,
    recursive: (node) => cyclesOf(false).recursive.has(cyclesOf(false).component[node.id]!),
  };
}

/**
 * Refuses an array a schema holds past {@link MAX_ARRAY_ITEMS} items, before any rule walks it:
 * its keywords' arrays (`enum`, `required`, `anyOf`...) are the arrays the rules read, and a
 * JavaScript array may claim 2³² − 1 items while holding none, which a rule would walk hole by
 * hole. The same bound as the pass's.
 */
function refuseLongArrays(schema: Record<string, unknown>, node: WalkedNode): void {
  for (const keyword of Object.keys(schema)) {
    let length: number | undefined;
    try {
      const value = schema[keyword];
      if (Array.isArray(value)) length = value.length;
    } catch (error) {
      // A getter or a Proxy that throws: refused at the place it stands.
      throw inputError(error, `${node.pointer}/${escapePointerToken(keyword)}`);
    }
    if (length !== undefined && length > MAX_ARRAY_ITEMS) {
      throw inputError(arrayTooLong(length), `${node.pointer}/${escapePointerToken(keyword)}`);
    }
  }
}

/** A position found but not yet walked. */
interface Pending {
  readonly value: unknown;
  readonly parent: WalkedNode | undefined;
  readonly keyword: string;
  readonly key: string | undefined;
}

/**
 * A walked position; its pointer is built when a rule asks for it (a deep walk stays linear), and
 * bounded as a diagnostic's is (`boundPointer`).
 */
class WalkedNode implements SchemaNode {
  readonly id: number;
  readonly value: unknown;
  readonly parent: WalkedNode | undefined;
  readonly keyword: string;
  readonly key: string | undefined;
  readonly optional: boolean;
  readonly objectDepth: number;
  #pointer: string | undefined;
  /** A long `required` of this node, as a set (made when a property first asks). */
  #required: ReadonlySet<unknown> | undefined;

  constructor(pending: Pending, id: number, isObject: boolean) {
    const { value, parent, keyword, key } = pending;
    this.id = id;
    this.value = value;
    this.parent = parent;
    this.keyword = keyword;
    this.key = key;
    this.optional = keyword === 'properties' && !(parent?.requires(key) ?? false);
    this.objectDepth = (parent?.objectDepth ?? 0) + (isObject ? 1 : 0);
  }

  /**
   * Whether this node's `required` lists a name. A long list is made a set once, so that an
   * object of 10⁵ properties is not walked in quadratic time.
   */
  requires(key: string | undefined): boolean {
    const required = isPlainObject(this.value) ? this.value.required : undefined;
    if (!Array.isArray(required)) return false;
    if (required.length <= SCANNED_KEYS) return required.includes(key);
    this.#required ??= new Set(required);
    return this.#required.has(key);
  }

  get pointer(): string {
    if (this.#pointer === undefined) {
      // Built from the nearest ancestor that has one, without recursion.
      const segments: string[] = [];
      let node: WalkedNode | undefined = this;
      while (node !== undefined && node.#pointer === undefined) {
        segments.push(node.segment());
        node = node.parent;
      }
      let pointer = node === undefined ? '' : (node.#pointer ?? '');
      for (let index = segments.length - 1; index >= 0; index--) {
        pointer += segments[index];
        // Bounded as it grows (its first and last characters kept, as a diagnostic's are): the
        // last ones of a bounded prefix are those of the whole, so each step stays short, and a
        // schema 10⁵ levels deep gives violations linear in its size, not in its square.
        if (pointer.length > MAX_POINTER_CHARS) pointer = boundPointer(pointer);
      }
      this.#pointer = pointer;
    }
    return this.#pointer;
  }

  /** This node's part of the pointer, `''` for the root. */
  private segment(): string {
    if (this.parent === undefined) return '';
    const keyword = `/${escapePointerToken(this.keyword)}`;
    return this.key === undefined ? keyword : `${keyword}/${escapePointerToken(this.key)}`;
  }
}

/** The keyword of `schema` whose value is `container` (an array or map of subschemas). */
function keywordHolding(schema: Record<string, unknown>, container: unknown): string {
  for (const keyword of Object.keys(schema)) if (schema[keyword] === container) return keyword;
  return '';
}

/** The cycles of references of a schema. */
interface ReferenceCycles {
  /** The `$ref` nodes that close a cycle. */
  readonly closing: ReadonlySet<SchemaNode>;
  /** The component of each node. */
  readonly component: Int32Array;
  /** The components that hold a cycle. */
  readonly recursive: ReadonlySet<number>;
}

/**
 * The cycles of references: an edge from each node to the schemas it applies in place
 * (definitions are not applied where they stand), and from each `$ref` to its target.
 */
function findReferenceCycles(
  nodes: readonly SchemaNode[],
  target: (reference: string) => SchemaNode | undefined,
  breakAtOptional: boolean,
): ReferenceCycles {
  const successors: number[][] = nodes.map(() => []);
  const referenceTarget = new Map<SchemaNode, SchemaNode>();
  for (const node of nodes) {
    const parent = node.parent;
    const inPlace = node.keyword !== '$defs' && node.keyword !== 'definitions';
    if (parent !== undefined && inPlace && !(breakAtOptional && node.optional)) {
      successors[parent.id]!.push(node.id);
    }
    const reference = isPlainObject(node.value) ? node.value.$ref : undefined;
    if (typeof reference !== 'string') continue;
    const resolved = target(reference);
    if (resolved === undefined) continue;
    successors[node.id]!.push(resolved.id);
    referenceTarget.set(node, resolved);
  }
  const component = stronglyConnectedComponents(
    nodes.length,
    (id) => successors[id]!,
    nodes.map((node) => node.id),
  );
  const closing = new Set<SchemaNode>();
  const recursive = new Set<number>();
  for (const [node, resolved] of referenceTarget) {
    if (component[node.id] !== component[resolved.id]) continue;
    closing.add(node);
    recursive.add(component[node.id]!);
  }
  return { closing, component, recursive };
}
