// Fails when the TypeScript sources of a package import each other in a cycle:
//   node scripts/check-import-cycles.mjs
// Every relative import counts, `import type` and `export … from` included: a cycle of types is
// still two modules that cannot be read apart. Run by `pnpm test` through
// scripts/check-import-cycles.test.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Relative module specifiers of `import … from`, `export … from` and `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Lists the relative imports of a module's source text, comments left out.
 *
 * @param text The source text.
 * @returns The specifiers, in order.
 */
export function relativeImports(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(SPECIFIER)].map((match) => match[1]);
}

/**
 * Finds the cycles of a directed graph: its strongly connected components with more than one
 * node, or one node with an edge to itself (iterative Tarjan, no recursion).
 *
 * @param graph Map from each node to the nodes it points to.
 * @returns Each cycle's nodes, sorted; cycles sorted by their first node.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (next === 0) {
        index.set(node, counter);
        low.set(node, counter);
        counter++;
        stack.push(node);
        onStack.add(node);
      }
      const targets = graph.get(node) ?? [];
      if (next < targets.length) {
        frame[1]++;
        const target = targets[next];
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function sourceFiles(directory) {
  const found = [];
  for (const name of readdirSync(directory)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(?:ts|mts|tsx)$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/**
 * Builds the import graph of every package's `src/` (relative imports only: a package reaches
 * another through its built entry point, never into its sources) and finds its cycles.
 *
 * @param root The repository root.
 * @returns The cycles, each a list of paths relative to `root`.
 */
export function findImportCycles(root = ROOT) {
  const graph = new Map();
  const packages = join(root, 'packages');
  for (const name of readdirSync(packages)) {
    const src = join(packages, name, 'src');
    if (!existsSync(src)) continue;
    for (const file of sourceFiles(src)) {
      const targets = relativeImports(readFileSync(file, 'utf8'))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((target) => existsSync(target));
      graph.set(file, targets);
    }
  }
  return findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findImportCycles();
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' ↔ ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('no import cycles');
}
