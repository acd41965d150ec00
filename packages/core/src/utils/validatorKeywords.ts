import type { DiagnosticCode, Dialect } from '../types/index.ts';
import { previewValue } from './diagnostics.ts';
import { hasBooleanBounds, writeNumericBounds } from './exclusiveBounds.ts';
import { unicodePattern } from './unicodePattern.ts';

/** What {@link writeKeywordsValidatorsCompile} did to one keyword, for a diagnostic. */
export interface KeywordFinding {
  /** The diagnostic's code. */
  code: Extract<DiagnosticCode, 'bounds-draft-04' | 'pattern-not-unicode' | 'pattern-dropped'>;
  /** The keyword it is about, under the schema object. */
  keyword: string;
  /** A sentence for humans. */
  message: string;
}

/** {@link validatorKeywordFlag}: a keyword the rewrite always reads (`pattern`, a boolean bound). */
const REWRITE = 1;
/** {@link validatorKeywordFlag}: `nullable`, which needs the rewrite only without `type`, or when `false`. */
const NULLABLE = 2;
/** {@link validatorKeywordFlag}: `type`. */
const TYPED = 4;

/**
 * What one scalar keyword of a schema object tells about whether the object needs
 * {@link writeKeywordsValidatorsCompile}: a cheap test on every key the pass copies, its flags
 * or-ed together for {@link needsValidatorRewrite}, so that only the few objects that need it
 * pay for the rewrite (`nullable` beside a `type`, which OpenAPI writes on every other property,
 * does not).
 *
 * @param key A key of a schema object.
 * @param value Its value (a JSON scalar).
 * @returns A flag, or 0 for a keyword the rewrite does not read.
 */
export function validatorKeywordFlag(key: string, value: unknown): number {
  if (key === 'type') return TYPED;
  if (key === 'enum') return Array.isArray(value) && value.length === 0 ? REWRITE : 0;
  if (key === 'nullable') return NULLABLE;
  if (key === 'pattern') return REWRITE;
  return typeof value === 'boolean' && (key === 'exclusiveMinimum' || key === 'exclusiveMaximum')
    ? REWRITE
    : 0;
}

/**
 * Tells whether a schema object needs {@link writeKeywordsValidatorsCompile}, from the flags of
 * its keywords.
 *
 * @param flags The {@link validatorKeywordFlag}s of its keywords, or-ed together.
 * @param node The schema object.
 * @returns Whether to run the rewrite on it.
 */
export function needsValidatorRewrite(flags: number, node: Record<string, unknown>): boolean {
  if ((flags & REWRITE) !== 0) return true;
  return (flags & NULLABLE) !== 0 && ((flags & TYPED) === 0 || node.nullable === false);
}

/**
 * Writes, in place, the keywords of one schema object that mean one plain thing but that the
 * validators clients run refuse to compile, in the form they compile; Ajv (and so every MCP SDK
 * client, which compiles each tool's `outputSchema` inside `listTools`) refuses the whole schema
 * over one of them, and a client then loses every tool of the server:
 * - OpenAPI 3.0's `nullable` without a `type` beside it asserts nothing (JSON Schema does not
 *   define it; OpenAPI 3.0.3: it adds `"null"` "only if `type` is explicitly defined"), and Ajv
 *   refuses it: it is left out, unreported (no instance changes verdict). So is `nullable: false`
 *   beside a `type` that lists `"null"`.
 *   Left where it stands, a later merge (a `$ref`'s target, with its `type`) would also set it
 *   beside a type it never stood beside, which Ajv reads as "or null".
 * - draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` in a document of a later dialect
 *   (where the keyword must be a number) is read as draft-04 reads it and written as a number.
 * - An empty `enum` (no value allowed, as ArkType lists `never`) is written `not: {}`.
 * - A `pattern` written for a regex engine without ECMA-262's `u` flag is written in the form
 *   that compiles with it and matches the same strings (`unicodePattern`); one without such a form
 *   stays as written or is left out (`foreignPatterns`), reported either way.
 *
 * @param node The schema object, a copy the pass owns (written in place).
 * @param dialect The dialect in force.
 * @param foreignPatterns What to do with a pattern that has no `u` form.
 * @returns What it did that a diagnostic should say, or `undefined` when nothing.
 */
export function writeKeywordsValidatorsCompile(
  node: Record<string, unknown>,
  dialect: Dialect,
  foreignPatterns: 'keep' | 'drop',
): KeywordFinding[] | undefined {
  const findings: KeywordFinding[] = [];
  if (Object.hasOwn(node, 'nullable')) {
    const { type } = node;
    if (type === undefined) {
      // Changes no verdict, so nothing is reported: where an OpenAPI generator meant "or null",
      // the input refused null all the same.
      delete node.nullable;
    } else if (
      node.nullable === false &&
      (type === 'null' || (Array.isArray(type) && type.includes('null')))
    ) {
      // Asserts nothing in every reading, and Ajv refuses it beside a type that lists null.
      delete node.nullable;
    }
  }
  if (Array.isArray(node.enum) && node.enum.length === 0 && !Object.hasOwn(node, 'not')) {
    // No value is one of none: the schema accepts nothing, which Ajv compiles as `not: {}`
    // ("enum must have non-empty array"). ArkType lists a `never` property so.
    delete node.enum;
    node.not = {};
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
    if (pattern !== undefined) node.pattern = pattern;
    else if (foreignPatterns === 'drop') {
      findings.push({
        code: 'pattern-dropped',
        keyword: 'pattern',
        message: `The pattern ${previewValue(node.pattern)} does not compile as an ECMA-262 regular expression with the u flag, and has no sure form that does; it was left out (foreignPatterns: 'drop'), so this schema accepts strings it refused.`,
      });
      delete node.pattern;
    } else
      findings.push({
        code: 'pattern-not-unicode',
        keyword: 'pattern',
        message: `The pattern ${previewValue(node.pattern)} does not compile as an ECMA-262 regular expression with the u flag, and has no sure form that does; it is kept as written, and validators that compile patterns with u (Ajv, as MCP clients use it) refuse this schema.`,
      });
  }
  return findings.length > 0 ? findings : undefined;
}
