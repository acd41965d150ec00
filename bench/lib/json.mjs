// JSON helpers of the benchmarks: the floor copies, an exact size count and a deep equality
// that ignores key order. The iterative versions never recurse, so they work on any depth.

/**
 * Copies a JSON value recursively: the fastest plain copy, used as the floor (the cost of just
 * writing the result). Recurses, so only for values of ordinary depth.
 *
 * @param value A JSON value.
 * @returns A deep copy sharing no object with `value`.
 */
export function copyJsonRecursive(value) {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const length = value.length;
    const copy = new Array(length);
    for (let index = 0; index < length; index++) copy[index] = copyJsonRecursive(value[index]);
    return copy;
  }
  const copy = {};
  for (const key of Object.keys(value)) {
    // An own `__proto__` key must stay data: plain assignment would set the prototype.
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: copyJsonRecursive(value[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      copy[key] = copyJsonRecursive(value[key]);
    }
  }
  return copy;
}

/**
 * Copies a JSON value with an explicit stack: the floor for inputs too deep to recurse into.
 *
 * @param value A JSON value.
 * @returns A deep copy sharing no object with `value`.
 */
export function copyJsonIterative(value) {
  if (typeof value !== 'object' || value === null) return value;
  const root = Array.isArray(value) ? new Array(value.length) : {};
  const sources = [value];
  const targets = [root];
  while (sources.length > 0) {
    const source = sources.pop();
    const target = targets.pop();
    if (Array.isArray(source)) {
      for (let index = 0; index < source.length; index++) {
        const item = source[index];
        if (typeof item === 'object' && item !== null) {
          const copy = Array.isArray(item) ? new Array(item.length) : {};
          target[index] = copy;
          sources.push(item);
          targets.push(copy);
        } else {
          target[index] = item;
        }
      }
    } else {
      for (const key of Object.keys(source)) {
        const item = source[key];
        let copy = item;
        if (typeof item === 'object' && item !== null) {
          copy = Array.isArray(item) ? new Array(item.length) : {};
          sources.push(item);
          targets.push(copy);
        }
        if (key === '__proto__') {
          Object.defineProperty(target, key, {
            value: copy,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else {
          target[key] = copy;
        }
      }
    }
  }
  return root;
}

function scalarJsonBytes(value) {
  if (typeof value === 'string') return Buffer.byteLength(JSON.stringify(value));
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  return 4; // null
}

/**
 * Counts the UTF-8 bytes of `JSON.stringify(value)` without building the string and without
 * recursion (JSON.stringify itself overflows the stack on very deep values).
 *
 * @param value A JSON value (no cycles).
 * @returns The size in bytes of its compact JSON text.
 */
export function jsonBytes(value) {
  let bytes = 0;
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) {
      bytes += scalarJsonBytes(current);
    } else if (Array.isArray(current)) {
      bytes += 2 + Math.max(0, current.length - 1);
      for (const item of current) {
        if (item === undefined || typeof item === 'function') bytes += 4;
        else stack.push(item);
      }
    } else {
      let members = 0;
      for (const key of Object.keys(current)) {
        const item = current[key];
        if (item === undefined || typeof item === 'function') continue;
        members++;
        bytes += Buffer.byteLength(JSON.stringify(key)) + 1;
        stack.push(item);
      }
      bytes += 2 + Math.max(0, members - 1);
    }
  }
  return bytes;
}

/**
 * Measures the nesting depth (objects and arrays) of a JSON value without recursion.
 *
 * @param value A JSON value (no cycles).
 * @returns The depth: 0 for a scalar, 1 for `{}`.
 */
export function jsonDepth(value) {
  let deepest = 0;
  const values = [value];
  const depths = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    for (const item of Array.isArray(current) ? current : Object.values(current)) {
      values.push(item);
      depths.push(depth + 1);
    }
  }
  return deepest;
}

function escapeToken(key) {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Compares two JSON values structurally, ignoring the order of object keys. Shared subtrees
 * (as json-schema-ref-parser produces) are fine; cycles are not (the caller skips those).
 *
 * @param left A JSON value.
 * @param right A JSON value.
 * @returns `undefined` when equal, else the JSON Pointer of the first difference and why.
 */
export function findJsonDifference(left, right) {
  const lefts = [left];
  const rights = [right];
  const pointers = [''];
  while (lefts.length > 0) {
    const a = lefts.pop();
    const b = rights.pop();
    const pointer = pointers.pop();
    if (a === b) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
      return {
        pointer,
        reason: `${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`,
      };
    }
    if (Array.isArray(a) !== Array.isArray(b)) return { pointer, reason: 'array vs object' };
    const aKeys = Object.keys(a);
    const bKeys = Object.keys(b);
    if (aKeys.length !== bKeys.length || aKeys.some((key) => !Object.hasOwn(b, key))) {
      const onlyLeft = aKeys.filter((key) => !Object.hasOwn(b, key));
      const onlyRight = bKeys.filter((key) => !Object.hasOwn(a, key));
      return { pointer, reason: `keys only left [${onlyLeft}] only right [${onlyRight}]` };
    }
    for (const key of aKeys) {
      lefts.push(a[key]);
      rights.push(b[key]);
      pointers.push(`${pointer}/${escapeToken(key)}`);
    }
  }
  return undefined;
}

/**
 * Tells whether an object graph has a cycle (json-schema-ref-parser turns circular `$ref`s into
 * JS cycles). Iterative depth-first search with an on-path marker.
 *
 * @param value A value.
 * @returns True when some object reaches itself.
 */
export function hasObjectCycle(value) {
  const onPath = new Set();
  const done = new Set();
  const stack = [[value, false]];
  while (stack.length > 0) {
    const [current, leaving] = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (leaving) {
      onPath.delete(current);
      done.add(current);
      continue;
    }
    if (onPath.has(current)) return true;
    if (done.has(current)) continue;
    onPath.add(current);
    stack.push([current, true]);
    for (const item of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof item === 'object' && item !== null) {
        if (onPath.has(item)) return true;
        if (!done.has(item)) stack.push([item, false]);
      }
    }
  }
  return false;
}
