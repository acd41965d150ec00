import type { DocumentIndex } from './types.ts';

/**
 * Names of the root `$defs` entries: readable, and the same bytes for the same schema whatever
 * else the validator defined before it (prompt caches see the same tool the same way). In order:
 *
 * 1. the definition's own name (`#/$defs/Node`, `#/components/schemas/Pet` → `Node`, `Pet`) when it
 *    is meaningful: not a counter such as `0`, `__schema0` or `intersection217`, which a validator
 *    numbers in creation order (it changes when unrelated types are defined first);
 * 2. its `title`;
 * 3. the property that first reaches it from the root, breadth first in input key order (`root`
 *    for `{ properties: { root: { $ref } } }`), else the keywords on that path (`anyOf_0`), else
 *    `Root` (the root itself, or what the root is an alias of).
 *
 * Names are restricted to characters every client accepts. Collisions get `_2`, `_3`...: own names
 * first, then in the order the walk first reaches them; never by input pointer (which holds the
 * counters) nor by map order. A second pass over the output finds its names as own names, so it
 * keeps them.
 */
export interface EntryNamer {
  /** The name a unit would get before collisions are told apart (its length sizes a `$ref`). */
  baseName(unit: number): string;
  /** The final names of the given entries, unique. */
  name(entries: readonly number[]): Map<number, string>;
}

/**
 * Creates the namer of a document. The walk that finds the first path to each unit runs once,
 * on the first question that needs it: a name from a path, or an order for colliding names
 * (most documents keep nothing and never ask; a definition kept for the budget has its own name).
 *
 * @param index The document index.
 * @returns The namer.
 */
export function createEntryNamer(index: DocumentIndex): EntryNamer {
  const units = index.units;
  const bases = new Map<number, { name: string; own: boolean }>();
  let rank: Int32Array | undefined;
  let label: string[] | undefined;

  return {
    baseName: (unit) => base(unit).name,
    name(entries) {
      const ordered = entries.map((unit) => ({ unit, ...base(unit) }));
      // The order only tells colliding names apart: without a collision every entry keeps its
      // base name, and the walk (a pass over the whole document) is not needed for the order.
      if (new Set(ordered.map((entry) => entry.name)).size < ordered.length) {
        walk();
        ordered.sort((a, b) => Number(b.own) - Number(a.own) || rank![a.unit]! - rank![b.unit]!);
      }
      const names = new Map<number, string>();
      const taken = new Set<string>();
      for (const { unit, name } of ordered) {
        let unique = name;
        for (let suffix = 2; taken.has(unique); suffix++) unique = `${name}_${suffix}`;
        taken.add(unique);
        names.set(unit, unique);
      }
      return names;
    },
  };

  function base(unit: number): { name: string; own: boolean } {
    let found = bases.get(unit);
    if (found === undefined) {
      found = chooseBase(unit);
      bases.set(unit, found);
    }
    return found;
  }

  function chooseBase(id: number): { name: string; own: boolean } {
    const unit = units[id]!;
    const own = ownName(index, id);
    if (own !== undefined) return { name: own, own: true };
    const title = unit.body.title;
    if (typeof title === 'string') {
      const name = clean(title);
      if (name !== '') return { name, own: false };
    }
    walk();
    return { name: clean(label![id]!) || 'Root', own: false };
  }

  /**
   * Breadth first from the root through the subschemas each unit emits and the target of its
   * `$ref` (which stands where the `$ref` was): each unit's first path, as the last property name
   * on it, else the keywords since the root (the last three tokens).
   */
  function walk(): void {
    if (rank !== undefined) return;
    rank = new Int32Array(units.length).fill(-1);
    label = new Array<string>(units.length);
    if (units.length === 0) return;
    /** Whether a unit's label is a property name (else keyword tokens). */
    const isProperty = new Uint8Array(units.length);
    const queue = new Int32Array(units.length);
    let head = 0;
    let tail = 0;
    const reach = (unit: number, name: string, property: boolean): void => {
      if (rank![unit] !== -1) return;
      rank![unit] = tail;
      queue[tail++] = unit;
      label![unit] = name;
      isProperty[unit] = property ? 1 : 0;
    };
    reach(0, '', false);
    while (head < tail) {
      const id = queue[head++]!;
      const unit = units[id]!;
      const name = label[id]!;
      const property = isProperty[id] === 1;
      for (const child of unit.children) {
        const { tail: childTail } = units[child]!;
        const tokens = childTail.split('/');
        if (tokens.length === 3 && tokens[1] === 'properties') {
          reach(child, unescapeToken(tokens[2]!), true);
        } else if (property) {
          reach(child, name, true);
        } else {
          const path = name === '' ? tokens.slice(1) : [...name.split('/'), ...tokens.slice(1)];
          reach(child, path.slice(-3).join('/'), false);
        }
      }
      const target = unit.ref?.target;
      if (target?.kind === 'unit') reach(target.unit, name, property);
    }
    // Labels of keyword tokens were joined with `/` to be split again; names use `_`.
    for (let id = 0; id < units.length; id++) {
      if (rank[id] === -1) {
        rank[id] = units.length + id;
        label[id] = '';
      } else if (isProperty[id] === 0) {
        label[id] = label[id]!.split('/').join('_');
      }
    }
  }
}

/**
 * A unit's own name: the last token of its pointer when it is a definition (an entry of `$defs`
 * or `definitions`, or a `$ref` target outside schema positions such as
 * `#/components/schemas/Pet`), unless that name is a counter.
 */
function ownName(index: DocumentIndex, id: number): string | undefined {
  const unit = index.units[id]!;
  if (id === 0) return undefined;
  const tokens = unit.tail.split('/');
  const isDefinition =
    unit.parent === -1 ||
    (tokens.length === 3 && (tokens[1] === '$defs' || tokens[1] === 'definitions'));
  if (!isDefinition || tokens.length < 2) return undefined;
  const name = clean(unescapeToken(tokens[tokens.length - 1]!));
  return name === '' || isCounter(name) ? undefined : name;
}

/**
 * Whether a name is a counter a validator made up (`0`, `__schema0`, `intersection217`): digits,
 * after at most underscores and a lowercase word. A name a person gave (`Node`, `Address2`,
 * `pet_v2`) does not look like that.
 */
export function isCounter(name: string): boolean {
  return /^_*[a-z]*[0-9]+$/.test(name);
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Keeps the characters every client accepts in a `$defs` key, at most 64. */
function clean(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 64);
}
