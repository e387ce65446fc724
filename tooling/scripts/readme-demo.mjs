#!/usr/bin/env node
// `node tooling/scripts/readme-demo.mjs` (after a build): writes what `guided demo` prints into
// the README's "What the demo prints" block, so that the README shows the product's own output.
// apps/demo/src/cli.test.ts fails when the two differ (timings aside) and names this script.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = join(root, 'README.md');
const COMMAND = '$ npx -y pnpm@12.4.2 demo "Which Indian suppliers are shipping the most to China?"';

const run = spawnSync(process.execPath, [join(root, 'apps', 'demo', 'bin', 'guided.mjs'), 'demo', '--quiet'], { encoding: 'utf8' });
if (run.status !== 0) {
  process.stderr.write(`${run.stderr}readme-demo: guided demo failed (above)\n`);
  process.exit(1);
}
const text = readFileSync(readme, 'utf8');
const block = /(## What the demo prints\n\n```\n)[\s\S]*?(\n```)/;
if (!block.test(text)) {
  process.stderr.write('readme-demo: README.md has no ``` block under "## What the demo prints"\n');
  process.exit(1);
}
writeFileSync(
  readme,
  text.replace(block, (_, open, close) => `${open}${COMMAND}\n${run.stdout.trimEnd()}${close}`),
);
process.stderr.write('readme-demo: wrote the demo output into README.md\n');
