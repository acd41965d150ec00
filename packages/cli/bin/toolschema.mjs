#!/usr/bin/env node
// The package's command. It exists before any build, so that installing the workspace can link it
// (a bin pointing into dist/ fails to link in a fresh clone); the command itself is built to dist/.
import '../dist/cli.mjs';
