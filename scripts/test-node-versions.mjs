// Runs the test suite (already built by `pnpm test`) on the Node.js majors users run besides the
// one installed: 22 and 24 by default, or the majors given as arguments. Node itself comes from the
// npm registry (`npx -y node@22`), so nothing is installed by hand. Exit code: the first failure's.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const majors = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['22', '24'];
const vitest = 'node_modules/vitest/vitest.mjs';

for (const major of majors) {
  console.log(`\n== Node.js ${major}: vitest run`);
  const run = spawnSync('npx', ['-y', `node@${major}`, vitest, 'run'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`Node.js ${major}: tests failed (exit ${run.status ?? run.signal}).`);
    process.exit(run.status ?? 1);
  }
}
