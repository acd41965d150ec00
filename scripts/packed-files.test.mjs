import { describe, expect, it } from 'vitest';
import { publishedManifestProblems, relativeLinks } from './packed-files.mjs';

describe('publishedManifestProblems', () => {
  const privateNames = new Set(['@toolschema/test-support']);

  it('accepts a manifest with registry ranges only', () => {
    const manifest = {
      name: '@toolschema/zod',
      dependencies: { '@toolschema/core': '^0.0.0' },
      peerDependencies: { zod: '^4.0.0' },
    };
    expect(publishedManifestProblems(manifest, privateNames)).toStrictEqual([]);
  });

  it('names scripts, dev dependencies, private packages and workspace ranges', () => {
    const manifest = {
      name: '@toolschema/zod',
      scripts: { build: 'node ../../scripts/build-package.mjs', typecheck: 'tsc' },
      dependencies: { '@toolschema/core': 'workspace:^', '@toolschema/test-support': '0.0.0' },
      devDependencies: { '@toolschema/test-support': 'workspace:*', zod: 'catalog:' },
      peerDependencies: { zod: 'catalog:' },
      optionalDependencies: { local: 'file:../local' },
    };
    expect(publishedManifestProblems(manifest, privateNames)).toStrictEqual([
      'has scripts (build, typecheck)',
      'has devDependencies (@toolschema/test-support, zod)',
      'dependencies.@toolschema/core is "workspace:^", a range only the workspace resolves',
      'dependencies names the private package @toolschema/test-support',
      'peerDependencies.zod is "catalog:", a range only the workspace resolves',
      'optionalDependencies.local is "file:../local", a range only the workspace resolves',
    ]);
  });
});

describe('relativeLinks', () => {
  it('keeps absolute URLs, mail links and anchors', () => {
    const markdown = [
      'See [core](https://github.com/toolschema/toolschema/tree/main/packages/core),',
      '[mail](mailto:a@b.c), [below](#options) and ![logo](http://example.com/a.png "Logo").',
      '',
      '[spec]: https://json-schema.org/draft/2020-12',
      '<a href="https://example.com">x</a>',
    ].join('\n');
    expect(relativeLinks(markdown)).toStrictEqual([]);
  });

  it('finds relative inline links, images, definitions and HTML attributes', () => {
    const markdown = [
      'The [root README](../../README.md) and [the\ncore](../core/README.md "Core").',
      '![diagram](./docs/pass.svg) and [example](<../../examples/sdk-v1-server>)',
      '',
      '  [guide]: docs/guide.md',
      '<img src="docs/logo.png"> <a href=\'../mcp\'>mcp</a>',
    ].join('\n');
    expect(relativeLinks(markdown)).toStrictEqual([
      '../../README.md',
      '../core/README.md',
      './docs/pass.svg',
      '../../examples/sdk-v1-server',
      'docs/guide.md',
      'docs/logo.png',
      '../mcp',
    ]);
  });

  it('leaves out code blocks and code spans', () => {
    const markdown = [
      'Call `f[0](x)` here.',
      '```ts',
      'const link = items[0](next);',
      '```',
      '~~~',
      '[a](b)',
      '~~~',
      'and [one](../one.md).',
    ].join('\n');
    expect(relativeLinks(markdown)).toStrictEqual(['../one.md']);
  });
});
