// Publish-time manifest rewriting (pnpm's `beforePacking` hook, pnpm 10.28 or later): what
// `pnpm pack` and `pnpm publish` put in a tarball's package.json. Scripts only run in this
// repository (they point into ../../scripts) and dev dependencies name the private
// @toolschema/test-support and version aliases a user never installs, so neither is published.
// `scripts/check-packages.mjs` checks every packed manifest.

/**
 * Removes what only the workspace uses from a manifest about to be packed.
 *
 * @param {Record<string, unknown>} manifest The manifest pnpm is about to write into the tarball.
 * @returns {Record<string, unknown>} The manifest without `scripts` and `devDependencies`.
 */
function beforePacking(manifest) {
  const { scripts: _scripts, devDependencies: _devDependencies, ...published } = manifest;
  return published;
}

module.exports = { hooks: { beforePacking } };
