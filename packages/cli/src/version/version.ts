import packageJson from '../../package.json' with { type: 'json' };

/** The version of the `toolschema` package, inlined from its package.json at build time. */
export const VERSION: string = packageJson.version;
