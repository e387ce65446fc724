import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Reporter } from 'vitest/reporters';

/**
 * The vitest config of one package (each package's tests run in that package: `turbo run test`).
 * When VITEST_REPORT is set (`.ci/run` sets it), each package also writes a JSON report beside
 * itself, so that CI can print one `N passed, N failed` line for the whole repo. Time limits are
 * generous: a test asserts behaviour and must pass on a busy machine (speed is measured by the
 * benchmarks), so a limit only stops a test that hangs.
 */
export function packageTestConfig(name: string, testTimeoutMs = 180_000) {
  return defineConfig({
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: testTimeoutMs,
      hookTimeout: 300_000,
      // The compact word-vector file grounding derives once (10 s, 1 GB): one per machine for every test process and
      // CLI child, whatever GUIDED_CACHE_DIR a test gives them.
      env: { GUIDED_WORD_VECTORS_DIR: process.env.GUIDED_WORD_VECTORS_DIR ?? join(tmpdir(), 'guided-retrieval-word-vectors') },
      reporters: process.env.VITEST_REPORT
        ? ['default', ['json', { outputFile: '.vitest-report.json' }], unhandledErrorsReporter('.vitest-errors.json')]
        : ['default'],
    },
  });
}

/**
 * Vitest fails a run on an error thrown outside any test (an unhandled rejection, a worker that
 * died), but its JSON report counts tests only: such a run reads "all passed". This writes those
 * errors beside the report, for CI's summary line to count and name.
 */
function unhandledErrorsReporter(outputFile: string): Reporter {
  return {
    onTestRunEnd(_modules, unhandledErrors, reason) {
      const errors = unhandledErrors.map((e) => {
        const error = e as { name?: string; message?: string; stack?: string; type?: string };
        return { type: error.type, name: error.name, message: error.message ?? String(e), stack: error.stack };
      });
      writeFileSync(outputFile, `${JSON.stringify({ reason, unhandledErrors: errors }, null, 2)}\n`);
    },
  };
}
