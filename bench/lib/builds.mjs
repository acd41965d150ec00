// What the side-by-side build comparisons (`compare-*.mjs`) share: their command line, the builds
// they load, and CPU time as their clock.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The profiles that rewrite the schema (the others fix the root only). */
export const REWRITING_PROFILES = [
  'portable',
  'openai-strict',
  'gemini',
  'gemini-json-schema',
  'anthropic-strict',
];

/**
 * Reads `[--profiles=a,b] [--rounds=n] <build>...` and imports each build as its own module
 * instance. Exits with the usage line when no build is given.
 *
 * @param {string} usage The usage line.
 * @param {number} defaultRounds Rounds when `--rounds` is absent.
 * @returns {Promise<{ builds: string[], cores: object[], profiles: string[], rounds: number }>}
 */
export async function loadBuilds(usage, defaultRounds) {
  const args = process.argv.slice(2);
  const options = Object.fromEntries(
    args.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=')),
  );
  const builds = args.filter((arg) => !arg.startsWith('--'));
  if (builds.length === 0) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const cores = [];
  for (const [index, build] of builds.entries()) {
    // A query string makes each build its own module instance, even for the same file.
    cores.push(await import(`${pathToFileURL(resolve(build)).href}?build=${index}`));
  }
  return {
    builds,
    cores,
    profiles: options.profiles?.split(',') ?? REWRITING_PROFILES,
    rounds: Number(options.rounds ?? defaultRounds),
    /** `--tools=a,b`: only these tools of a corpus, by name (all when absent). */
    tools: options.tools?.split(','),
  };
}

/**
 * CPU milliseconds (user + system) of `repeat` runs of `run`: a busy machine moves it less than
 * wall time.
 *
 * @param {() => void} run
 * @param {number} repeat
 */
export function cpuTime(run, repeat) {
  const start = process.cpuUsage();
  for (let index = 0; index < repeat; index++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
