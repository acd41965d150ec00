import type { Violation } from '../types/index.ts';
import {
  describeValue,
  keywordPointer,
  objectRule,
  type SchemaRule,
  schemaAt,
} from './SchemaRule.ts';
import { describesObject, type SchemaNode, typesOf } from './schemaDocument.ts';

// The shapes of rule several providers document, each written once. The provider files give each
// its name, severity and source.

type Severity = Violation['severity'];

/**
 * The root must be an object schema declaring `type: "object"`.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @param anyCase Whether `OBJECT` counts too (Gemini's OpenAPI types).
 * @returns The rule.
 */
export function rootTypeObject(name: string, provider: string, anyCase = false): SchemaRule {
  return {
    name,
    severity: 'error',
    node(node, report) {
      if (node.parent !== undefined) return;
      const schema = schemaAt(node);
      const type = schema?.type;
      if (
        type === 'object' ||
        (anyCase && typeof type === 'string' && type.toLowerCase() === 'object')
      ) {
        return;
      }
      const found =
        schema === undefined
          ? describeValue(node.value)
          : `type ${type === undefined ? 'none' : describeValue(type)}`;
      report(
        node.pointer,
        `${provider} requires the root to declare type "object"; found ${found}.`,
      );
    },
  };
}

/**
 * The root may not carry these keywords (a union or a negation at the top level).
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @param keywords The keywords refused at the root.
 * @returns The rule.
 */
export function rootKeywords(
  name: string,
  provider: string,
  keywords: readonly string[],
): SchemaRule {
  return objectRule(name, 'error', (schema, node, report) => {
    if (node.parent !== undefined) return;
    for (const keyword of keywords.filter((keyword) => Object.hasOwn(schema, keyword))) {
      report(keywordPointer(node, keyword), `${provider} refuses \`${keyword}\` at the root.`);
    }
  });
}

/**
 * Keywords a provider refuses (or ignores) anywhere.
 *
 * @param name The rule name.
 * @param severity The severity.
 * @param provider The provider's name, for the message.
 * @param keywords The keywords.
 * @param verb What the provider does with them (`refuses`, `ignores`).
 * @returns The rule.
 */
export function listedKeywords(
  name: string,
  severity: Severity,
  provider: string,
  keywords: ReadonlySet<string>,
  verb: string,
): SchemaRule {
  return objectRule(name, severity, (schema, node, report) => {
    for (const keyword of Object.keys(schema)) {
      if (keywords.has(keyword)) {
        report(keywordPointer(node, keyword), `${provider} ${verb} \`${keyword}\`.`);
      }
    }
  });
}

/**
 * Keywords outside a provider's list: everything that is neither `allowed` nor in `otherwise`
 * (the keywords other rules of the same provider already report).
 *
 * @param name The rule name.
 * @param severity The severity.
 * @param provider The provider's name, for the message.
 * @param allowed The keywords the provider lists.
 * @param otherwise Keywords left to other rules.
 * @param verb What the provider does with the rest.
 * @returns The rule.
 */
export function unlistedKeywords(
  name: string,
  severity: Severity,
  provider: string,
  allowed: ReadonlySet<string>,
  otherwise: ReadonlySet<string>,
  verb: string,
): SchemaRule {
  return objectRule(name, severity, (schema, node, report) => {
    for (const keyword of Object.keys(schema)) {
      if (!allowed.has(keyword) && !otherwise.has(keyword)) {
        report(keywordPointer(node, keyword), `${provider} ${verb} \`${keyword}\`.`);
      }
    }
  });
}

/**
 * A `$ref` may carry only the listed sibling keywords.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @param allowed The sibling keywords allowed beside `$ref` (besides `$ref` itself).
 * @returns The rule.
 */
export function referenceSiblings(
  name: string,
  provider: string,
  allowed: (keyword: string) => boolean,
): SchemaRule {
  return objectRule(name, 'error', (schema, node, report) => {
    if (!Object.hasOwn(schema, '$ref')) return;
    // Root definitions sit beside a root `$ref` without being its siblings in the providers' sense.
    const siblings = Object.keys(schema).filter(
      (keyword) =>
        keyword !== '$ref' &&
        !allowed(keyword) &&
        !(node.parent === undefined && (keyword === '$defs' || keyword === 'definitions')),
    );
    if (siblings.length > 0) {
      const list = siblings.map((keyword) => `\`${keyword}\``).join(', ');
      report(node.pointer, `${provider} refuses keywords beside \`$ref\`: ${list}.`);
    }
  });
}

/**
 * A `$ref` must resolve inside the schema. With `rootDefinitions`, it must point at a definition
 * of the root (`#/$defs/<name>`, or `#/definitions/<name>` when `legacy`), or at the root itself
 * when `root`.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @param options Which targets are allowed.
 * @returns The rule.
 */
export function referenceTargets(
  name: string,
  provider: string,
  options: { rootDefinitions: boolean; root: boolean; legacy: boolean },
): SchemaRule {
  return objectRule(name, 'error', (schema, node, report, document) => {
    if (!Object.hasOwn(schema, '$ref')) return;
    const reference = schema.$ref;
    const pointer = keywordPointer(node, '$ref');
    if (typeof reference !== 'string') {
      report(pointer, `${provider} requires \`$ref\` to be a string.`);
      return;
    }
    const target = document.target(reference);
    if (target === undefined) {
      report(pointer, `${provider} cannot resolve ${describeValue(reference)} inside the schema.`);
      return;
    }
    if (!options.rootDefinitions) return;
    const definition =
      target.parent !== undefined &&
      target.parent.parent === undefined &&
      (target.keyword === '$defs' || (options.legacy && target.keyword === 'definitions'));
    if (definition || (options.root && target.parent === undefined)) return;
    const where = options.legacy ? '`$defs` or `definitions`' : '`$defs`';
    report(
      pointer,
      `${provider} resolves \`$ref\` only to the root's ${where}${options.root ? ' or `#`' : ''}; found ${describeValue(reference)}.`,
    );
  });
}

/**
 * A `$ref` must not close a cycle (with `breakAtOptional`, a cycle through a property its object
 * does not require is allowed).
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @param breakAtOptional Whether an optional property breaks a cycle.
 * @returns The rule.
 */
export function cyclicReference(
  name: string,
  provider: string,
  breakAtOptional: boolean,
): SchemaRule {
  return {
    name,
    severity: 'error',
    node(node, report, document) {
      if (schemaAt(node)?.$ref === undefined) return;
      if (!document.cyclicReferences(breakAtOptional).has(node)) return;
      report(
        keywordPointer(node, '$ref'),
        breakAtOptional
          ? `${provider} allows a recursive reference only through a property that is not required.`
          : `${provider} refuses recursive schemas.`,
      );
    },
  };
}

/**
 * Every object schema sets `additionalProperties: false`.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @returns The rule.
 */
export function closedObjects(name: string, provider: string): SchemaRule {
  return objectRule(name, 'error', (schema, node, report) => {
    if (!describesObject(schema)) return;
    if (schema.additionalProperties === false) return;
    report(
      Object.hasOwn(schema, 'additionalProperties')
        ? keywordPointer(node, 'additionalProperties')
        : node.pointer,
      `${provider} requires every object to set \`additionalProperties: false\`.`,
    );
  });
}

/**
 * `format` takes one of the listed values on string schemas.
 *
 * @param name The rule name.
 * @param severity The severity.
 * @param provider The provider's name, for the message.
 * @param formats The formats the provider supports.
 * @returns The rule.
 */
export function formatAllowlist(
  name: string,
  severity: Severity,
  provider: string,
  formats: ReadonlySet<string>,
): SchemaRule {
  return objectRule(name, severity, (schema, node, report) => {
    if (!Object.hasOwn(schema, 'format')) return;
    const format = schema.format;
    if (typeof format === 'string' && formats.has(format)) return;
    report(
      keywordPointer(node, 'format'),
      `${provider} supports only the formats ${[...formats].join(', ')}; found ${describeValue(format)}.`,
    );
  });
}

/**
 * A schema position must be an object schema: a boolean schema (or anything else) is refused,
 * except under `additionalProperties`, where `false` closes an object.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @returns The rule.
 */
export function objectSchemasOnly(name: string, provider: string): SchemaRule {
  return {
    name,
    severity: 'error',
    node(node, report) {
      // `additionalProperties` is left to the rules on closing objects.
      if (schemaAt(node) !== undefined || node.keyword === 'additionalProperties') return;
      report(
        node.pointer,
        `${provider} requires a schema object here; found ${describeValue(node.value)}.`,
      );
    },
  };
}

/**
 * Every property `required` names is declared in `properties`.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @returns The rule.
 */
export function requiredDeclared(name: string, provider: string): SchemaRule {
  return objectRule(name, 'error', (schema, node, report) => {
    if (!Array.isArray(schema.required)) return;
    const properties = schema.properties;
    schema.required.forEach((key, index) => {
      const declared =
        typeof key === 'string' &&
        properties !== null &&
        typeof properties === 'object' &&
        Object.hasOwn(properties, key);
      if (!declared) {
        report(
          `${keywordPointer(node, 'required')}/${index}`,
          `${provider} refuses a required property that \`properties\` does not declare: ${describeValue(key)}.`,
        );
      }
    });
  });
}

/**
 * The types a node names, for the rules that need one (`undefined` when it has none).
 *
 * @param node The position.
 * @returns The type names.
 */
export function nodeTypes(node: SchemaNode): string[] | undefined {
  const schema = schemaAt(node);
  return schema === undefined ? undefined : typesOf(schema);
}

/**
 * A set of keywords written as one space-separated list (provider lists read as the docs print them).
 *
 * @param list The keywords, separated by white space.
 * @returns The set.
 */
export function keywordSet(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}
