import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { failure } from './bench.js';

// Through the built CLI, as a user (and the parent run, for each child) calls it.
const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scale-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

/**
 * Preloaded into each schema's child process (`--only`; children inherit NODE_OPTIONS): it blocks
 * for good before the child does anything, so only the budget can end it, whatever the machine's
 * speed. (What a child cut short midway reports is summarizeCase's, tested in run-case.test.ts.)
 */
const STALL_CHILD = "if (process.argv.includes('--only')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);";
const stallingEnv = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=data:text/javascript,${encodeURIComponent(STALL_CHILD)}`.trim(),
};

describe('guided-eval --bench scale', () => {
  it('runs each schema in a child process and writes results.json and results.md', () => {
    const out = join(dir, 'ok');
    const r = run('--bench', 'scale', '--shapes', 'snowflake,layered', '--sizes', '50', '--questions', '3', '--out', out);
    expect(r.stderr).toMatch(/scale snowflake:50: 50 tables, \d+ edges; .*; ok/);
    expect(r.status).toBe(0);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(results.rows.map((row: { case: string }) => row.case)).toEqual(['snowflake:50', 'layered:4x12', 'layered:4x24']);
    for (const row of results.rows) {
      expect(row.status).toBe('ok');
      expect(row.peakRssMb).toBeGreaterThan(10);
      expect(row.questionsDone).toBe(3);
    }
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toMatch(/\| layered:4x24 \| 4 × 24 \| 331,776 \|/);
  });

  it('kills a schema that outlives its budget and says how far it got', () => {
    // The child never gets anywhere (it is stalled from the start): the 0.3 s budget must kill it.
    const out = join(dir, 'budget');
    const args = ['--bench', 'scale', '--shapes', 'warehouse', '--sizes', '1000', '--questions', '3', '--budget-s', '0.3', '--out', out];
    const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: stallingEnv });
    expect(r.status).toBe(0);
    const [row] = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).rows;
    expect(row.status).toBe('timeout');
    expect(row.statusText).toBe('timed out after 0.3 s (0 of 0 questions done, stopped in schema generation)');
  });

  it('prints one schema as JSON lines with --only', () => {
    const r = run('--bench', 'scale', '--only', 'layered:2x2', '--questions', '1');
    expect(r.status).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events[0]).toMatchObject({ type: 'setup', facts: { tables: 6, edges: 8, questions: 1 } });
    expect(events.at(-1).type).toBe('done');
  });

  it('needs --data for the other benches, refuses scale flags elsewhere and bad lists', () => {
    const noData = run('--bench', 'spider-dev');
    expect(noData.status).toBe(1);
    expect(noData.stderr).toMatch(/--bench spider-dev needs --data <dir>/);
    expect(run('--bench', 'spider-dev', '--data', dir, '--sizes', '50').stderr).toMatch(/--sizes only applies to --bench scale/);
    expect(run('--bench', 'scale', '--data', dir).stderr).toMatch(/--data does not apply to --bench scale/);
    expect(run('--bench', 'scale', '--shapes', 'star').stderr).toMatch(/must be among snowflake, warehouse, layered/);
    expect(run('--bench', 'scale', '--sizes', '50,x').stderr).toMatch(/must be table counts/);
    expect(run('--bench', 'scale', '--budget-s', '0').stderr).toMatch(/must be a number of seconds > 0/);
  });
});

describe('failure', () => {
  it('finds the line of a child’s stderr that says what went wrong', () => {
    expect(
      failure(
        '<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n 1: 0xb8 node::Abort()\n',
        null,
        'SIGABRT',
      ),
    ).toBe('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory (killed by SIGABRT)');
    expect(failure('guided-eval: error: boom\n', 1, null)).toBe('boom (exit code 1)');
    expect(failure('', 3, null)).toBe('exit code 3');
  });
});
