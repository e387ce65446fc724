#!/usr/bin/env node
// Sums the vitest JSON reports that each package writes when VITEST_REPORT is set and prints one
// line, `N passed, N failed`. A package with tests but no report counts as a failure: it crashed
// or never ran. An error vitest caught outside every test (an unhandled rejection, a dead worker:
// `.vitest-errors.json`, written by tooling/vitest.shared.ts) fails the run though every test
// passed, so it counts as a failure too, named on stderr. Exits 1 when anything failed or no test ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ['packages', 'apps', 'tooling']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    const pkg = join(dir, name);
    const manifest = join(pkg, 'package.json');
    if (!existsSync(manifest) || !JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test) continue;
    const report = join(pkg, '.vitest-report.json');
    if (!existsSync(report)) {
      console.error(`${group}/${name}: no test report (its tests did not run to the end)`);
      failed += 1;
      continue;
    }
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0) * (r.numFailedTests ? 0 : 1);
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    const errors = join(pkg, '.vitest-errors.json');
    if (existsSync(errors)) {
      const { reason, unhandledErrors = [] } = JSON.parse(readFileSync(errors, 'utf8'));
      for (const e of unhandledErrors) {
        const where = (e.stack ?? '')
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 6)
          .join('\n');
        console.error(
          `${group}/${name}: an error outside any test (${e.type ?? e.name ?? 'error'}): ${e.message}${where ? `\n${where}` : ''}`,
        );
        failed += 1;
      }
      if (unhandledErrors.length === 0 && reason === 'failed' && !r.numFailedTests && !r.numFailedTestSuites) {
        console.error(`${group}/${name}: vitest says the run failed, with no failed test and no error outside one`);
        failed += 1;
      }
    }
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
