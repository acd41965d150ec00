import type { Diagnostic } from '../types/index.ts';
import {
  escapePointerToken,
  parsePointer,
  resolvedPrefixLength,
  resolvePointer,
} from '../utils/pointer.ts';
import { describedKeywords, describedMessage } from './describe.ts';

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
 * Gives the diagnostics reported since `from` under the branches of a union the rewrite made up
 * of the schema at `target`, one branch per type (each the schema with one `type`), the pointer
 * under `target`: what lies under `/anyOf/i` lies there (`/x/anyOf/1/items` → `/x/items`).
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param union The pointer of the made-up union.
 * @param target Where each of its branches stands (default: at the union's position).
 */
export function foldTypeBranches(
  diagnostics: Diagnostic[],
  from: number,
  union: string,
  target = union,
): void {
  const branches = `${union}/anyOf`;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, branches);
    if (rest === undefined) continue;
    // `/<index>` and what follows it.
    const slash = rest.indexOf('/', 1);
    diagnostics[index] = {
      ...diagnostic,
      pointer: target + (slash === -1 ? '' : rest.slice(slash)),
    };
  }
  // Each branch reported the same keyword at what is now one place.
  dropRepeats(diagnostics, from);
}

/**
 * Gives the diagnostics reported since `from` under an `allOf` the rewrite made up of parts that
 * all stand at the position (a type list beside an `anyOf`, a `oneOf` beside one) the pointer
 * under the position itself: `/x/allOf/1/items` → `/x/items`. One walk over those diagnostics.
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param pointer The position's pointer.
 */
export function foldMadeUpAllOf(diagnostics: Diagnostic[], from: number, pointer: string): void {
  const made = `${pointer}/allOf`;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, made);
    if (rest === undefined) continue;
    // `/<i>` and what follows it.
    const slash = rest.indexOf('/', 1);
    const place = pointer + (rest === '' || slash === -1 ? '' : rest.slice(slash));
    diagnostics[index] = { ...diagnostic, pointer: place };
  }
}

/**
 * Gives the diagnostics reported since `from` under a union whose keywords beside `anyOf` were
 * read into each branch (`allOf: [siblings, branch]`) the pointers of where each part stands: the
 * siblings at the union's position (`/x/anyOf/1/allOf/0/required` → `/x/required`), the branch
 * at its own (`/x/anyOf/1/allOf/1/items` → `/x/anyOf/1/items`). One walk over those diagnostics.
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param pointer The union's position.
 */
export function foldSiblingBranches(
  diagnostics: Diagnostic[],
  from: number,
  pointer: string,
): void {
  const union = `${pointer}/anyOf`;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, union);
    if (rest === undefined || rest === '') continue;
    // `/<i>` then, where the merge named a member, `/allOf/<0|1>`.
    const end = rest.indexOf('/', 1);
    const branch = `${union}${end === -1 ? rest : rest.slice(0, end)}`;
    const inner = end === -1 ? '' : rest.slice(end);
    const member = restUnder(inner, '/allOf');
    if (member === undefined) continue;
    const memberEnd = member.indexOf('/', 1);
    const which = memberEnd === -1 ? member : member.slice(0, memberEnd);
    const tail = memberEnd === -1 ? '' : member.slice(memberEnd);
    const place = which === '/0' ? pointer + tail : which === '/1' ? branch + tail : branch;
    diagnostics[index] = { ...diagnostic, pointer: place };
  }
  // Each branch reported the siblings it merged at what is now one place.
  dropRepeats(diagnostics, from);
}

/** Past this many diagnostics, {@link dropRepeats} indexes them instead of comparing pairs. */
const COMPARED_PAIRS = 16;

/**
 * Removes the diagnostics since `from` that repeat an earlier one since `from` (same code,
 * pointer and message): where the rewrite read one part as several (a branch per type), each
 * reported what now names one place; and where a definition unrolled n levels reported at each
 * level what a relocation then moved to one place of it (a keyword described inside an `allOf`),
 * each report was made at a pointer the earlier ones no longer had. Two that differ in their
 * message (two keywords described) both stay. The first of each stays, in order.
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position (or the profile) began.
 */
export function dropRepeats(diagnostics: Diagnostic[], from: number): void {
  const count = diagnostics.length - from;
  if (count < 2) return;
  // Past a few, the kept diagnostics by pointer, code and message compared within (by a key of
  // both past a few at one pointer): a key joining all three was a new long string to copy and
  // hash per diagnostic, at every union the diagnostic is folded through.
  const seen = count > COMPARED_PAIRS ? new Map<string, Diagnostic[] | Set<string>>() : undefined;
  let kept = from;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    let repeated = false;
    if (seen !== undefined) repeated = seenBefore(seen, diagnostic);
    else {
      for (let earlier = from; earlier < kept && !repeated; earlier++) {
        const known = diagnostics[earlier]!;
        repeated =
          known.code === diagnostic.code &&
          known.pointer === diagnostic.pointer &&
          known.message === diagnostic.message;
      }
    }
    if (!repeated) diagnostics[kept++] = diagnostic;
  }
  diagnostics.length = kept;
}

/**
 * Whether a diagnostic repeats one met before at its pointer (see {@link dropRepeats}), which it
 * joins otherwise.
 */
function seenBefore(
  seen: Map<string, Diagnostic[] | Set<string>>,
  diagnostic: Diagnostic,
): boolean {
  const { code, pointer, message } = diagnostic;
  const known = seen.get(pointer);
  if (known === undefined) {
    seen.set(pointer, [diagnostic]);
    return false;
  }
  if (Array.isArray(known)) {
    if (known.some((each) => each.code === code && each.message === message)) return true;
    if (known.length < COMPARED_PAIRS) {
      known.push(diagnostic);
      return false;
    }
    // Many at one place: by key, as a list they would be compared in pairs.
    const keys = new Set(known.map((each) => `${each.code}\u0000${each.message}`));
    keys.add(`${code}\u0000${message}`);
    seen.set(pointer, keys);
    return false;
  }
  const key = `${code}\u0000${message}`;
  if (known.has(key)) return true;
  known.add(key);
  return false;
}

/**
 * Gives the diagnostics reported since `from` under a merged `allOf` (or a root union merged into
 * one object) the pointer of the part they came from: where a pointer under the position names
 * nothing in the position's own keywords but names something in a member, it goes under that
 * member (`/x/properties/a` → `/x/allOf/1/properties/a`), the first that has it. A part no single
 * member holds as it stands (merged from several) is named by the deepest place one of them
 * holds on its way (a pointer that names something, if less precisely).
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param pointer The position's pointer.
 * @param own The position's schema without its members.
 * @param members The members.
 * @param keyword The keyword that holds them.
 * @param skip Diagnostics already placed (by index).
 */
export function relocateIntoMembers(
  diagnostics: Diagnostic[],
  from: number,
  pointer: string,
  own: unknown,
  members: readonly unknown[],
  keyword: 'allOf' | 'anyOf' | 'oneOf' = 'allOf',
  skip?: ReadonlySet<number>,
): void {
  // Bounded: a union of 10⁴ branches, each with something reported, must not cost 10⁸ reads.
  let budget = RELOCATION_BUDGET;
  for (let index = from; index < diagnostics.length && budget > 0; index++) {
    if (skip?.has(index)) continue;
    const diagnostic = diagnostics[index]!;
    const rest = restUnder(diagnostic.pointer, pointer);
    if (rest === undefined || rest === '') continue;
    const tokens = parsePointer(rest);
    if (tokens === undefined) continue;
    // The deepest place the position's own keywords or one member holds, the own ones first.
    let best = resolvedPrefixLength(own, tokens);
    let prefix = pointer;
    for (let at = 0; at < members.length && best < tokens.length && budget > 0; at++) {
      budget--;
      const length = resolvedPrefixLength(members[at], tokens);
      if (length > best) {
        best = length;
        prefix = `${pointer}/${keyword}/${at}`;
      }
    }
    if (best === tokens.length && prefix === pointer) continue;
    diagnostics[index] = { ...diagnostic, pointer: prefix + leadingTokens(rest, tokens, best) };
  }
}

/**
 * Gives each keyword that a `profile-keyword-described` report since `from` names at a merged
 * position the place where that keyword stands: a report at `pointer` naming only keywords of
 * one member moves to that member's place; one naming keywords of several parts is split, one
 * report per place, the position's own first. A keyword the position holds itself, or no part
 * holds, stays at `pointer`. The rest of {@link relocateIntoMembers} cannot do this: what is
 * reported at the position itself names no path to follow.
 *
 * @param diagnostics The call's diagnostics (written in place).
 * @param from The length of the list when the position began.
 * @param pointer The merged position's pointer.
 * @param profile The profile the reports were made for.
 * @param own The position's schema without its members.
 * @param members The members (`allOf` at the position: the member `i` stands at `pointer/allOf/i`).
 */
export function relocateDescribed(
  diagnostics: Diagnostic[],
  from: number,
  pointer: string,
  profile: string,
  own: unknown,
  members: readonly unknown[],
): void {
  let placed: Diagnostic[] | undefined;
  for (let index = from; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index]!;
    const keywords =
      diagnostic.pointer === pointer ? describedKeywords(diagnostic, profile) : undefined;
    const parts = keywords === undefined ? undefined : placesOf(keywords, pointer, own, members);
    if (parts === undefined) {
      placed?.push(diagnostic);
      continue;
    }
    placed ??= diagnostics.slice(from, index);
    for (const [place, named] of parts)
      placed.push({ ...diagnostic, pointer: place, message: describedMessage(profile, named) });
  }
  if (placed === undefined) return;
  // Written back one by one: a list spread into a call's arguments overflows the stack when long.
  diagnostics.length = from;
  for (const diagnostic of placed) diagnostics.push(diagnostic);
}

/**
 * Where each keyword stands (its position's own first, then the members in order), grouped by
 * place; `undefined` when all stand at `pointer` (nothing to move).
 */
function placesOf(
  keywords: readonly string[],
  pointer: string,
  own: unknown,
  members: readonly unknown[],
): Map<string, string[]> | undefined {
  const places = new Map<string, string[]>([[pointer, []]]);
  let moved = false;
  for (const keyword of keywords) {
    let place = pointer;
    if (!holds(own, keyword)) {
      const member = members.findIndex((schema) => holds(schema, keyword));
      if (member >= 0) place = `${pointer}/allOf/${member}`;
    }
    if (place !== pointer) moved = true;
    const named = places.get(place);
    if (named === undefined) places.set(place, [keyword]);
    else named.push(keyword);
  }
  if (!moved) return undefined;
  if (places.get(pointer)!.length === 0) places.delete(pointer);
  return places;
}

/** Whether a schema holds a keyword of its own. */
function holds(schema: unknown, keyword: string): boolean {
  return typeof schema === 'object' && schema !== null && Object.hasOwn(schema, keyword);
}

/**
 * The first `count` tokens of a pointer, as a pointer: where it escapes nothing (no `~`), its
 * text up to the slash that follows them, read without escaping each token again.
 */
function leadingTokens(pointer: string, tokens: readonly string[], count: number): string {
  if (count === tokens.length && !pointer.includes('~')) return pointer;
  if (!pointer.includes('~')) {
    let end = 0;
    for (let token = 1; token <= count; token++) end = pointer.indexOf('/', end + 1);
    return pointer.slice(0, end);
  }
  let named = '';
  for (let token = 0; token < count; token++) named += `/${escapePointerToken(tokens[token]!)}`;
  return named;
}

/** How many member reads {@link relocateIntoMembers} makes per call, at most. */
const RELOCATION_BUDGET = 10_000;

/** What follows `prefix` in `pointer` (`''` or `/...`), or `undefined` when it is not under it. */
function restUnder(pointer: string, prefix: string): string | undefined {
  // `lastIndexOf` from 0 asks the same as `startsWith`, three to four times faster on Node 20 for
  // pointers built by concatenation (each relocation and fold makes new ones): `startsWith` was
  // most of the time of folding and relocating a wide union's diagnostics (GitHub's rulesets).
  if (pointer.lastIndexOf(prefix, 0) !== 0) return undefined;
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
  const done = new Set<number>();
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
    if (moved !== undefined && resolvePointer(root, moved).found) {
      diagnostics[index] = {
        ...diagnostic,
        pointer: moved.map((token) => `/${escapePointerToken(token)}`).join(''),
      };
      done.add(index);
    }
  }
  relocateIntoMembers(diagnostics, from, '', own, members as unknown[], keyword, done);
}
