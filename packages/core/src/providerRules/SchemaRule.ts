import type { Violation } from '../types/index.ts';
import { boundMessage, boundPointer } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { escapePointerToken } from '../utils/pointer.ts';
import type { SchemaDocument, SchemaNode } from './schemaDocument.ts';

/** Reports one violation of the rule being checked, at a pointer, with a sentence for humans. */
export type Report = (pointer: string, message: string) => void;

/**
 * One documented rule of a provider. A rule checks each schema position (`node`), the whole
 * schema once (`document`), or both; it never throws on any input.
 */
export interface SchemaRule {
  /** Stable name, `<profile>/<what>`: the profile whose provider documents it. */
  readonly name: string;
  /** `'error'`: the provider refuses the schema; `'warning'`: ignored or best effort. */
  readonly severity: Violation['severity'];
  /** Checks one schema position. */
  readonly node?: (node: SchemaNode, report: Report, document: SchemaDocument) => void;
  /** Checks the whole schema, after every position. */
  readonly document?: (document: SchemaDocument, report: Report) => void;
}

/**
 * Runs rules over a walked schema: position by position in document order (rules in their
 * order at each position), then the whole-schema rules.
 *
 * @param document The walked schema.
 * @param rules The rules, each at most once.
 * @returns The violations.
 */
export function runRules(document: SchemaDocument, rules: readonly SchemaRule[]): Violation[] {
  const violations: Violation[] = [];
  const reporter =
    (rule: SchemaRule): Report =>
    (pointer, message) => {
      // Bounded as diagnostics are: a keyword's pointer adds a segment to a bounded one.
      violations.push({
        rule: rule.name,
        pointer: boundPointer(pointer),
        message: boundMessage(message),
        severity: rule.severity,
      });
    };
  const nodeRules = rules.filter((rule) => rule.node !== undefined);
  const reporters = nodeRules.map(reporter);
  for (const node of document.nodes) {
    for (let index = 0; index < nodeRules.length; index++) {
      nodeRules[index]!.node!(node, reporters[index]!, document);
    }
  }
  for (const rule of rules) rule.document?.(document, reporter(rule));
  return violations;
}

/**
 * The schema object at a position, or `undefined` for a boolean or a malformed value (rules on
 * keywords have nothing to read there).
 *
 * @param node The position.
 * @returns The schema object.
 */
export function schemaAt(node: SchemaNode): Record<string, unknown> | undefined {
  return isPlainObject(node.value) ? node.value : undefined;
}

/**
 * The pointer of a keyword of a schema position.
 *
 * @param node The position.
 * @param keyword The keyword (escaped here).
 * @returns `node.pointer + '/' + keyword`.
 */
export function keywordPointer(node: SchemaNode, keyword: string): string {
  return `${node.pointer}/${escapePointerToken(keyword)}`;
}

/**
 * A short description of any value for a message: scalars as JSON (long strings cut), containers
 * by kind. Never throws, whatever the value holds.
 *
 * @param value The value.
 * @returns The description.
 */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}

/**
 * A rule that reads schema objects only (booleans and malformed values have no keyword to
 * break): `check` runs on every schema object.
 *
 * @param name The rule name.
 * @param severity The severity.
 * @param check Checks one schema object at its position.
 * @returns The rule.
 */
export function objectRule(
  name: string,
  severity: Violation['severity'],
  check: (
    schema: Record<string, unknown>,
    node: SchemaNode,
    report: Report,
    document: SchemaDocument,
  ) => void,
): SchemaRule {
  return {
    name,
    severity,
    node(node, report, document) {
      const schema = schemaAt(node);
      if (schema !== undefined) check(schema, node, report, document);
    },
  };
}
