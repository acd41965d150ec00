// Generators of adversarial schemas: inputs whose naive inlining explodes in size or depth.
// All are built without recursion, so the deepest one can be made at all.

/**
 * Exponential reuse: `levels` definitions, each an object whose `width` properties all point to
 * the next definition. Fully inlined it has width^levels leaves (8×8: 16.7 million).
 *
 * @param levels Number of chained definitions.
 * @param width Properties per definition (uses of the next one).
 * @returns The schema.
 */
export function exponentialReuse(levels, width) {
  const $defs = {};
  for (let level = 0; level < levels; level++) {
    const properties = {};
    for (let index = 0; index < width; index++) {
      properties[`p${index}`] =
        level + 1 < levels ? { $ref: `#/$defs/L${level + 1}` } : { type: 'string', maxLength: 64 };
    }
    $defs[`L${level}`] = { type: 'object', properties, required: ['p0'] };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/L0' } }, $defs };
}

/**
 * Many definitions: `count` object definitions, each used once from the root, each using one
 * shared leaf definition. Fully inlined this is linear in `count`.
 *
 * @param count Number of definitions.
 * @returns The schema.
 */
export function manyDefinitions(count) {
  const $defs = {
    Tag: { type: 'string', enum: ['alpha', 'beta', 'gamma'], description: 'A shared tag.' },
  };
  const properties = {};
  for (let index = 0; index < count; index++) {
    $defs[`Def${index}`] = {
      type: 'object',
      description: `Definition number ${index}.`,
      properties: {
        id: { type: 'integer', minimum: 0 },
        name: { type: 'string', minLength: 1, maxLength: 80 },
        enabled: { type: 'boolean', default: true },
        tag: { $ref: '#/$defs/Tag' },
      },
      required: ['id', 'name'],
      additionalProperties: false,
    };
    properties[`field${index}`] = { $ref: `#/$defs/Def${index}` };
  }
  return { type: 'object', properties, $defs };
}

/**
 * A long chain: definition i points to definition i+1 (`length` of them). Fully inlined the output
 * nests two levels per definition, far past what `JSON.stringify` can serialize.
 *
 * @param length Number of definitions in the chain.
 * @returns The schema.
 */
export function definitionChain(length) {
  const $defs = {};
  for (let index = 0; index < length; index++) {
    const properties = { value: { type: 'string' } };
    if (index + 1 < length) properties.next = { $ref: `#/$defs/C${index + 1}` };
    $defs[`C${index}`] = { type: 'object', properties };
  }
  return { type: 'object', properties: { head: { $ref: '#/$defs/C0' } }, $defs };
}

/**
 * Plain nesting without any `$ref`: `depth` nested object schemas (`properties.child`), two
 * JSON levels each. Built iteratively; `JSON.stringify` overflows the stack on it.
 *
 * @param depth Number of nested schemas.
 * @returns The schema.
 */
export function plainNesting(depth) {
  const root = { type: 'object' };
  let current = root;
  for (let level = 1; level < depth; level++) {
    const child = { type: 'object' };
    current.properties = { child };
    current = child;
  }
  current.properties = { leaf: { type: 'string' } };
  return root;
}

/**
 * The scaling family: `modules` copies of a ten-definition module whose definitions reuse each
 * other (definition j uses j+1 and j+2), and two uses of each module from the root. Definitions
 * and uses grow together, so the output grows linearly with `modules`.
 *
 * @param modules Number of modules (the scale factor times a base).
 * @returns The schema.
 */
export function scalingFamily(modules) {
  const $defs = {};
  const properties = {};
  const perModule = 10;
  for (let module = 0; module < modules; module++) {
    for (let index = 0; index < perModule; index++) {
      const own = {
        id: { type: 'string', format: 'uuid' },
        label: { type: 'string', maxLength: 120, description: `Label of M${module}D${index}.` },
        weight: { type: 'number', minimum: 0 },
      };
      if (index + 1 < perModule) own.first = { $ref: `#/$defs/M${module}D${index + 1}` };
      if (index + 2 < perModule) own.second = { $ref: `#/$defs/M${module}D${index + 2}` };
      $defs[`M${module}D${index}`] = { type: 'object', properties: own, required: ['id'] };
    }
    properties[`m${module}a`] = { $ref: `#/$defs/M${module}D0` };
    properties[`m${module}b`] = { $ref: `#/$defs/M${module}D3`, description: 'Second use.' };
  }
  return { type: 'object', properties, $defs };
}

/**
 * A wide DAG: `count` object definitions, each with five properties that point to later
 * definitions (the next five, the last ones to a string leaf). Fully inlined it explodes like
 * exponential reuse, but over thousands of definitions: the budget plan must keep many of them as
 * `$ref`, and its cost must stay near-linear in the input (it was quadratic: 244 s at 16,000).
 *
 * @param count Number of definitions.
 * @returns The schema.
 */
export function referenceDag(count) {
  const $defs = {};
  for (let index = 0; index < count; index++) {
    const properties = {};
    for (let step = 1; step <= 5; step++) {
      properties[`p${step}`] =
        index + step < count ? { $ref: `#/$defs/D${index + step}` } : { type: 'string' };
    }
    $defs[`D${index}`] = { type: 'object', properties };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/D0' } }, $defs };
}
