import type { Diagnostic } from '../types/index.ts';
import { escapePointerToken, parsePointer, resolvePointer } from '../utils/pointer.ts';

// The rewrite reads some positions in another shape first (a `oneOf` as `anyOf`, a type list as
// one branch per type, an `allOf` merged into one schema) and rewrites that shape: what it reports
// inside then points into the shape, not into the self-contained schema the diagnostics promise.
// These helpers move such pointers back, over the few diagnostics reported while that position
// was rewritten (the common positions pay nothing).

/**
 * Gives the diagnostics reported since `from` whose pointer lies under `shapePrefix` the
 * pointer under `schemaPrefix` instead (`/x/anyOf/2/items` → `/x/oneOf/2/items`).
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param shapePrefix The pointer of the part in the shape read instead (`/x/anyOf`).
 * @param schemaPrefix Its pointer in the self-contained schema (`/x/oneOf`).
 */
export function renamePrefix(
  diagnostics: Diagnostic[],
  from: number,
  shapePrefix: string,
  schemaPrefix: string,
): void {
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, shapePrefix);
    if (rest !== undefined) diagnostics[index] = { ...diagnostic, pointer: schemaPrefix + rest };
  }
}

/**
 * Gives the diagnostics reported since `from` under a position whose branches were one per type
 * the pointer of the position itself: each branch is the position's schema with one `type`, so
 * what lies under `/anyOf/i` lies under the position (`/x/anyOf/1/items` → `/x/items`).
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param pointer The position's pointer.
 */
export function foldTypeBranches(diagnostics: Diagnostic[], from: number, pointer: string): void {
  const branches = `${pointer}/anyOf`;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, branches);
    if (rest === undefined) continue;
    // `/<index>` and what follows it.
    const slash = rest.indexOf('/', 1);
    diagnostics[index] = {
      ...diagnostic,
      pointer: pointer + (slash === -1 ? '' : rest.slice(slash)),
    };
  }
}

/**
 * Gives the diagnostics reported since `from` under a merged `allOf` (or a root union merged into
 * one object) the pointer of the part they came from: where a pointer under the position names
 * nothing in the position's own keywords but names something in a member, it goes under that
 * member (`/x/properties/a` → `/x/allOf/1/properties/a`), the first that has it. A part no single
 * member holds as it stands (merged from several) keeps the merged pointer.
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param pointer The position's pointer.
 * @param own The position's schema without its members.
 * @param members The members.
 * @param keyword The keyword that holds them.
 */
export function relocateIntoMembers(
  diagnostics: Diagnostic[],
  from: number,
  pointer: string,
  own: unknown,
  members: readonly unknown[],
  keyword: 'allOf' | 'anyOf' | 'oneOf' = 'allOf',
): void {
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, pointer);
    if (rest === undefined || rest === '') continue;
    const tokens = parsePointer(rest);
    if (tokens === undefined || resolvePointer(own, tokens).found) continue;
    const member = members.findIndex((each) => resolvePointer(each, tokens).found);
    if (member !== -1)
      diagnostics[index] = { ...diagnostic, pointer: `${pointer}/${keyword}/${member}${rest}` };
  }
}

/** What follows `prefix` in `pointer` (`''` or `/...`), or `undefined` when it is not under it. */
function restUnder(pointer: string, prefix: string): string | undefined {
  if (!pointer.startsWith(prefix)) return undefined;
  const rest = pointer.slice(prefix.length);
  return rest === '' || rest.charCodeAt(0) === 47 /* / */ ? rest : undefined;
}

/**
 * Gives the diagnostics reported since `from` inside a root union merged into one object
 * (`mergeRootUnion`) the pointer of the branch each part came from: a property one branch's
 * schema gives, under that branch (`/properties/a/x` → `/anyOf/1/properties/a/x`); a property
 * several branches give differently, merged as an `anyOf` of their schemas, under the branch of
 * the schema named (`/properties/a/anyOf/1/x` → `/anyOf/2/properties/a/x`). A pointer that would
 * name nothing there (a part the merge joined with the root's own keywords) is read as in
 * {@link relocateIntoMembers}.
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the merged root's rewrite began.
 * @param root The self-contained root, with its union.
 * @param origins Per merged property, the branch of each of its schemas (`mergeRootUnion`).
 */
export function relocateIntoRootBranches(
  diagnostics: Diagnostic[],
  from: number,
  root: Record<string, unknown>,
  origins: ReadonlyMap<string, readonly number[]>,
): void {
  const keyword = Array.isArray(root.anyOf) ? 'anyOf' : 'oneOf';
  const { [keyword]: members, ...own } = root;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const tokens = parsePointer(diagnostic.pointer);
    if (tokens === undefined || tokens[0] !== 'properties' || tokens.length < 2) continue;
    const branchesOf = origins.get(tokens[1]!);
    if (branchesOf === undefined) continue;
    let moved: string[] | undefined;
    if (branchesOf.length === 1) moved = [keyword, String(branchesOf[0]), ...tokens];
    else if (tokens[2] === 'anyOf' && tokens.length >= 4) {
      const branch = branchesOf[Number(tokens[3])];
      if (branch !== undefined)
        moved = [keyword, String(branch), 'properties', tokens[1]!, ...tokens.slice(4)];
    }
    if (moved !== undefined && resolvePointer(root, moved).found)
      diagnostics[index] = {
        ...diagnostic,
        pointer: moved
          .map(escapePointerToken)
          .map((token) => `/${token}`)
          .join(''),
      };
  }
  relocateIntoMembers(diagnostics, from, '', own, members as unknown[], keyword);
}
