import { fitsDraft202012 } from '../providerRules/draft202012Shape.ts';

type SchemaObject = Record<string, unknown>;

/** Annotations draft 2020-12 types as booleans (meta-data vocabulary). */
const BOOLEAN_ANNOTATIONS = ['deprecated', 'readOnly', 'writeOnly'] as const;

/** Annotations draft 2020-12 types as strings (meta-data and core vocabularies). */
const STRING_ANNOTATIONS = ['title', 'description', '$comment'] as const;

/** The annotations {@link writeAnnotationShapes} rewrites where they misfit draft 2020-12. */
const REWRITTEN_ANNOTATIONS: ReadonlySet<string> = new Set([
  ...BOOLEAN_ANNOTATIONS,
  ...STRING_ANNOTATIONS,
  'examples',
]);

/**
 * Whether a keyword is an annotation whose value is not in its draft 2020-12 shape (what
 * {@link writeAnnotationShapes} rewrites): one test per key, so a walk scanning a node's keys
 * once can tell whether the node needs it.
 *
 * @param keyword A key of a schema object.
 * @param value Its value.
 * @returns Whether the annotation needs rewriting.
 */
export function isMisshapenAnnotation(keyword: string, value: unknown): boolean {
  return REWRITTEN_ANNOTATIONS.has(keyword) && !fitsDraft202012(keyword, value);
}

/**
 * Writes annotations in the shape the draft 2020-12 meta-schema gives them, in place, for
 * providers that validate every tool schema against it (Anthropic refuses the whole request
 * otherwise). Real schemas write a deprecation note as `deprecated: "Use x instead."` (Nx) or a
 * lone example as `examples: "x"`: the note becomes `deprecated: true` and a line of the
 * description, a lone example a list of one, and a value that has no 2020-12 reading is dropped.
 * Annotations never decide what an instance is, so the accepted arguments stay the same.
 *
 * @param node A schema object (written in place).
 */
export function writeAnnotationShapes(node: SchemaObject): void {
  for (const keyword of BOOLEAN_ANNOTATIONS) {
    const value = node[keyword];
    if (value === undefined || !isMisshapenAnnotation(keyword, value)) continue;
    delete node[keyword];
    if (keyword === 'deprecated' && typeof value === 'string' && value.trim() !== '') {
      node.deprecated = true;
      const note = `Deprecated: ${value.trim()}`;
      node.description =
        typeof node.description === 'string' && node.description !== ''
          ? `${node.description}\n\n${note}`
          : note;
    }
  }
  for (const keyword of STRING_ANNOTATIONS) {
    if (node[keyword] !== undefined && isMisshapenAnnotation(keyword, node[keyword]))
      delete node[keyword];
  }
  if (node.examples !== undefined && isMisshapenAnnotation('examples', node.examples))
    node.examples = [node.examples];
}
