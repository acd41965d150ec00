/**
 * Makes an empty object whose prototype is `Object.prototype`, as `{}` does: `new PlainObject()`.
 * Nothing tells the two apart (same prototype, `constructor` is `Object`), but V8 gives the
 * objects a constructor makes a tree of shapes of their own. The objects decoding builds key by
 * key (copies, records, JSON texts) start there rather than from `{}`, whose tree every object
 * literal and `JSON.parse` result of the process grows: the stores that add their keys then
 * find their next shape faster (measured ~10% of `decodeArguments` on the validator tools).
 */
export const PlainObject = function PlainObject() {} as unknown as new () => Record<
  string,
  unknown
>;
PlainObject.prototype = Object.prototype;
