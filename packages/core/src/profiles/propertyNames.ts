import { isPlainObject } from '../utils/isPlainObject.ts';
import { guardOf, matchesGuard } from './guards.ts';

/**
 * Whether an object's `propertyNames` surely refuses a key: a `false` schema, a type or values
 * that leave the key out, or a `minLength`/`maxLength` its length (in code points, as JSON Schema
 * counts) falls outside. A `pattern` is not run (a hostile one could take exponential time on a
 * hostile key), nor is anything else: where it cannot tell, the key may be taken.
 *
 * @param propertyNames The object's `propertyNames`, or `undefined`.
 * @param name A key the object lists or requires.
 * @returns Whether no object holding the key is accepted.
 */
export function refusesPropertyName(propertyNames: unknown, name: string): boolean {
  if (propertyNames === undefined || propertyNames === true) return false;
  if (propertyNames === false) return true;
  if (!isPlainObject(propertyNames)) return false;
  if (!matchesGuard(guardOf(propertyNames), name)) return true;
  const { minLength, maxLength } = propertyNames;
  if (typeof minLength !== 'number' && typeof maxLength !== 'number') return false;
  const length = codePoints(name);
  return (
    (typeof minLength === 'number' && length < minLength) ||
    (typeof maxLength === 'number' && length > maxLength)
  );
}

/** The length of a string in code points (a surrogate pair counts once). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * Whether an object schema refuses every object that holds `name`: its schema there is `false`
 * (listed so, or left to a closed `additionalProperties` with no `patternProperties` that could
 * take the name instead), or its `propertyNames` refuses the name ({@link refusesPropertyName}).
 *
 * @param object An object schema.
 * @param name A key.
 * @returns Whether no object holding the key is accepted.
 */
export function refusesKey(object: Record<string, unknown>, name: string): boolean {
  if (refusesPropertyName(object.propertyNames, name)) return true;
  const properties = isPlainObject(object.properties) ? object.properties : {};
  if (Object.hasOwn(properties, name)) return properties[name] === false;
  const patterns = object.patternProperties;
  if (isPlainObject(patterns) && Object.keys(patterns).length > 0) return false;
  return object.additionalProperties === false;
}
