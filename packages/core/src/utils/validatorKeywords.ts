import type { DiagnosticCode, Dialect } from '../types/index.ts';
import { isAnnotation } from '../vocabulary/index.ts';
import { previewValue } from './diagnostics.ts';
import { hasBooleanBounds, writeNumericBounds } from './exclusiveBounds.ts';
import { unicodePattern } from './unicodePattern.ts';

/** What {@link writeKeywordsValidatorsCompile} did to one keyword, for a diagnostic. */
export interface KeywordFinding {
  /** The diagnostic's code. */
  code: Extract<DiagnosticCode, 'nullable-ignored' | 'bounds-draft-04' | 'pattern-not-unicode'>;
  /** The keyword it is about, under the schema object. */
  keyword: string;
  /** A sentence for humans. */
  message: string;
}

/**
 * Tells whether one scalar keyword of a schema object may need {@link writeKeywordsValidatorsCompile}:
 * a cheap test on every key the pass copies, so that only the few objects with such a keyword pay
 * for the rewrite.
 *
 * @param key A key of a schema object.
 * @param value Its value (a JSON scalar).
 * @returns Whether the object is worth handing to the rewrite.
 */
export function mayNeedValidatorRewrite(key: string, value: unknown): boolean {
  return (
    key === 'pattern' ||
    key === 'nullable' ||
    (typeof value === 'boolean' && (key === 'exclusiveMinimum' || key === 'exclusiveMaximum'))
  );
}

/** Whether a schema (or, without `type`, one of its union branches) lists `null` as its own. */
function listsNull(schema: unknown): boolean {
  if (schema === true) return true;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const { type, enum: values } = schema as Record<string, unknown>;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (Array.isArray(values) && values.includes(null)) return true;
  return Object.hasOwn(schema, 'const') && (schema as Record<string, unknown>).const === null;
}

/**
 * Whether a typeless schema object accepts `null` as far as its own keywords show: it asserts
 * nothing but annotations, or it lists `null` (`enum`, `const`, an `anyOf`/`oneOf` branch). Where
 * it does, a `nullable` beside it had nothing to add, and nothing is reported; the targets of its
 * `$ref`s are not read here (the diagnostic then says where `null` may be refused).
 *
 * @param source The schema object as the input writes it (its subschemas are not copied yet).
 */
function acceptsNullHere(source: Record<string, unknown>): boolean {
  if (Object.keys(source).every((key) => key === 'nullable' || isAnnotation(key))) return true;
  if (listsNull(source)) return true;
  return [source.anyOf, source.oneOf].some(
    (branches) => Array.isArray(branches) && branches.some(listsNull),
  );
}

/**
 * Writes, in place, the keywords of one schema object that mean one plain thing but that the
 * validators clients run refuse to compile, in the form they compile; Ajv (and so every MCP SDK
 * client, which compiles each tool's `outputSchema` inside `listTools`) refuses the whole schema
 * over one of them, and a client then loses every tool of the server:
 * - OpenAPI 3.0's `nullable` without a `type` beside it asserts nothing (JSON Schema does not
 *   define it; OpenAPI 3.0.3: it adds `"null"` "only if `type` is explicitly defined"), and Ajv
 *   refuses it: it is left out. So is `nullable: false` beside a `type` that lists `"null"`.
 *   Left where it stands, a later merge (a `$ref`'s target, with its `type`) would also set it
 *   beside a type it never stood beside, which Ajv reads as "or null".
 * - draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` in a document of a later dialect
 *   (where the keyword must be a number) is read as draft-04 reads it and written as a number.
 * - A `pattern` written for a regex engine without ECMA-262's `u` flag is written in the form
 *   that compiles with it and matches the same strings (`unicodePattern`); one without such a form
 *   stays as written, reported.
 *
 * @param node The schema object, a copy the pass owns (written in place).
 * @param dialect The dialect in force.
 * @param source The same object as the input writes it, which the pass copies into `node`.
 * @returns What it did that a diagnostic should say, or `undefined` when nothing.
 */
export function writeKeywordsValidatorsCompile(
  node: Record<string, unknown>,
  dialect: Dialect,
  source: Record<string, unknown>,
): KeywordFinding[] | undefined {
  const findings: KeywordFinding[] = [];
  if (Object.hasOwn(node, 'nullable')) {
    const { type } = node;
    if (type === undefined) {
      // Only `true` says "or null"; any other value says nothing, reported or not.
      const saysNull = node.nullable === true;
      delete node.nullable;
      if (saysNull && !acceptsNullHere(source))
        findings.push({
          code: 'nullable-ignored',
          keyword: 'nullable',
          message:
            '`nullable` without a `type` beside it asserts nothing (OpenAPI 3.0.3; Ajv refuses to compile it), so it was left out, and `null` is accepted only where the rest of this schema accepts it (this schema lists no `null` of its own); to accept `null`, write `anyOf: [schema, { type: "null" }]`, or `nullable: true` beside the `type`.',
        });
    } else if (
      node.nullable === false &&
      (type === 'null' || (Array.isArray(type) && type.includes('null')))
    ) {
      // Asserts nothing in every reading, and Ajv refuses it beside a type that lists null.
      delete node.nullable;
    }
  }
  if (dialect !== 'draft-04' && hasBooleanBounds(node)) {
    const keywords = ['exclusiveMinimum', 'exclusiveMaximum'].filter(
      (keyword) => typeof node[keyword] === 'boolean',
    );
    writeNumericBounds(node);
    for (const keyword of keywords)
      findings.push({
        code: 'bounds-draft-04',
        keyword,
        message: `${keyword} is a boolean, as in draft-04, where ${dialect} wants a number (Ajv refuses to compile it); it was read as draft-04 reads it: true makes the bound beside it exclusive, false asserts nothing.`,
      });
  }
  if (typeof node.pattern === 'string') {
    const pattern = unicodePattern(node.pattern);
    if (pattern === undefined)
      findings.push({
        code: 'pattern-not-unicode',
        keyword: 'pattern',
        message: `The pattern ${previewValue(node.pattern)} does not compile as an ECMA-262 regular expression with the u flag, and has no sure form that does; it is kept as written, and validators that compile patterns with u (Ajv, as MCP clients use it) refuse this schema.`,
      });
    else node.pattern = pattern;
  }
  return findings.length > 0 ? findings : undefined;
}
