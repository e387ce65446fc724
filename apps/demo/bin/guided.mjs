#!/usr/bin/env node
// `guided`: runs the built CLI (dist/cli.js) in this process. In a clone that was installed but
// not built yet, one line says how to build it instead of a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(cli)) await import(cli.href);
else {
  process.stderr.write(`guided: error: ${fileURLToPath(cli)} is not built yet: run \`npx -y pnpm@12.4.2 build\` first\n`);
  process.exitCode = 1;
}
