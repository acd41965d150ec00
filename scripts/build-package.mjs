// Builds the package in the current directory through tsdown's API, with its tsdown.config.ts.
// Why not the `tsdown` command: on Node 20 it prints a deprecation notice about tsdown itself (the
// packages it builds support Node 20.19 and later), and a build should print only its warnings.
import { build } from 'tsdown';

await build({ logLevel: 'warn' });
