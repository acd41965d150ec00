// What `scripts/check-packages.mjs` asserts on the files of a packed tarball, as pure functions so
// `packed-files.test.mjs` can show each check failing.

/** Ranges only this repository's pnpm resolves: a published manifest must not carry them. */
const WORKSPACE_RANGE = /^(?:workspace|catalog|link|file|portal):/;

/** Dependency fields a user's package manager reads. */
const INSTALLED_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * Lists what a packed package.json carries that only the workspace can use: `scripts` (they point
 * into the repository's `scripts/`), `devDependencies` (the private test kit, version aliases),
 * a dependency on a private workspace package, or a range in a workspace protocol.
 *
 * @param {Record<string, unknown>} manifest The package.json read from the tarball.
 * @param {ReadonlySet<string>} privateNames The names of the workspace's private packages.
 * @returns {string[]} One sentence per problem; empty when the manifest is clean.
 */
export function publishedManifestProblems(manifest, privateNames) {
  const problems = [];
  if (manifest.scripts !== undefined) {
    problems.push(`has scripts (${Object.keys(manifest.scripts).join(', ')})`);
  }
  if (manifest.devDependencies !== undefined) {
    problems.push(`has devDependencies (${Object.keys(manifest.devDependencies).join(', ')})`);
  }
  for (const field of INSTALLED_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (privateNames.has(name)) problems.push(`${field} names the private package ${name}`);
      if (WORKSPACE_RANGE.test(String(range))) {
        problems.push(`${field}.${name} is "${range}", a range only the workspace resolves`);
      }
    }
  }
  return problems;
}

/** Link targets that resolve wherever the README is shown (npmjs.com, an editor, GitHub). */
const ABSOLUTE_TARGET = /^(?:https?:\/\/|mailto:|#)/;

/**
 * Lists the link and image targets of a Markdown text that are relative (`../core`,
 * `./docs/x.md`): npmjs.com shows a package's README away from its repository folder, so such a
 * link points nowhere there. Reads inline links and images, reference definitions and HTML
 * `href`/`src` attributes; code blocks and code spans are left out, since they hold code, not
 * links.
 *
 * @param {string} markdown The README's text.
 * @returns {string[]} The relative targets: inline links first, then definitions, then HTML.
 */
export function relativeLinks(markdown) {
  const text = markdown
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)].map((match) => match[1]),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]),
    ...[...text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']*)["']/g)].map((match) => match[1]),
  ];
  return targets.filter((target) => !ABSOLUTE_TARGET.test(target));
}
