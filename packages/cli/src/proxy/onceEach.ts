/** Lines the proxy remembers having said, at most; past it, it forgets them all. */
export const MAX_REMEMBERED_LINES = 10_000;
/** Characters of those lines, at most (4,096 a line: 40 MB at worst without it). */
export const MAX_REMEMBERED_CHARS = 4_000_000;

/**
 * Says each distinct line once, remembering what it said within a bound: a server that lists
 * new tools under new names at every `tools/list` would otherwise grow the proxy's memory for as
 * long as it runs. Past the bound everything is forgotten, so a line may be said once more.
 *
 * @param say Writes one line.
 * @returns What to call with each line.
 */
export function onceEach(say: (line: string) => void): (line: string) => void {
  let said = new Set<string>();
  let chars = 0;
  return (line) => {
    if (said.has(line)) return;
    if (said.size >= MAX_REMEMBERED_LINES || chars + line.length > MAX_REMEMBERED_CHARS) {
      said = new Set();
      chars = 0;
    }
    said.add(line);
    chars += line.length;
    say(line);
  };
}
