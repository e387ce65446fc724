import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMiniSpider, writeMiniSpiderSyn } from '../test-support/mini-spider.js';
import type { AllSummary, RanRow } from './summary.js';

// A --data folder holding only spider-dev and spider-syn (tiny fixtures) and an empty defog: the
// other benchmarks are skipped, each named; Defog is skipped for want of a PostgreSQL URL.
const data = mkdtempSync(join(tmpdir(), 'bench-all-'));
mkdirSync(join(data, 'defog'));
for (const [name, dir] of [
  ['spider-dev', writeMiniSpider()],
  ['spider-syn', writeMiniSpiderSyn()],
] as const) {
  cpSync(dir, join(data, name), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
}
afterAll(() => rmSync(data, { recursive: true, force: true }));

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const { GUIDED_TEST_POSTGRES_URL: _url, ...env } = process.env;
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env });

describe('guided-eval --bench all', () => {
  const out = join(data, 'out');
  const first = run('--bench', 'all', '--data', data, '--out', out);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as AllSummary;
  const row = (name: string) => summary.rows.find((r) => r.name === name)!;

  it('runs what it finds, skips the rest naming each, and exits 0', () => {
    expect(first.status).toBe(0);
    expect(summary.rows.map((r) => `${r.name} ${r.status}`)).toEqual([
      'bird-dev skipped',
      'bird-dev-union skipped',
      'spider-dev ok',
      'spider-dev-union ok',
      'spider-syn ok',
      'spider2-lite skipped',
      'defog skipped',
      'sample-questions (SQLite) skipped',
      'sample-questions (PostgreSQL) skipped',
    ]);
    expect(first.stderr).toContain(`[1/9] bird-dev: skipped: ${join(data, 'bird-dev')} not found`);
    expect(first.stderr).toMatch(/\[7\/9\] defog: skipped: no PostgreSQL server/);
    expect(first.stderr).toContain(`[8/9] sample-questions (SQLite): skipped: ${join(data, 'sample-dbs')} not found`);
    expect(first.stderr).toMatch(/\[5\/9\] spider-syn: guided-eval --bench spider-syn --data \S+spider-syn/);
    expect(first.stderr).toMatch(/\[4\/9\] spider-dev-union: guided-eval --bench spider-dev .*--union/);
  });

  it('prints one summary table on stdout and writes it, each benchmark reports in its own folder', () => {
    expect(first.stdout).toBe(readFileSync(join(out, 'summary.md'), 'utf8'));
    expect(first.stdout.split('\n').filter((l) => l.startsWith('| benchmark |'))).toHaveLength(1);
    expect(first.stdout).toMatch(/\| spider-syn \| 5 \(4 scored\) \|/);
    const syn = JSON.parse(readFileSync(join(out, 'spider-syn', 'results.json'), 'utf8'));
    expect(syn).toMatchObject({ bench: 'spider-syn', union: false, scored: 4 });
    expect(readFileSync(join(out, 'spider-syn', 'questions.jsonl'), 'utf8')).not.toContain('ORIGINAL:');
    expect(JSON.parse(readFileSync(join(out, 'spider-dev-union', 'results.json'), 'utf8')).union).toBe(true);
    expect((row('spider-syn') as RanRow).f1).toBe(syn.overall.f1);
    expect(existsSync(join(out, 'bird-dev'))).toBe(false);
  });

  it('compares with a baseline summary: a ΔF1 column and the verdict line, exit code 0 on a loss', () => {
    const better = { ...summary, rows: summary.rows.map((r) => (r.name === 'spider-syn' ? { ...r, f1: (r as RanRow).f1 + 0.1 } : r)) };
    const baseline = join(data, 'baseline.json');
    writeFileSync(baseline, JSON.stringify(better));
    const second = run('--bench', 'all', '--data', data, '--out', join(data, 'out2'), '--baseline', baseline);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/\| wall s \| ΔF1 \|/);
    expect(second.stdout).toMatch(/\| spider-dev \|.*\| \+0\.000 \|/);
    expect(second.stdout).toMatch(/\| spider-syn \|.*\| -0\.100 \|/);
    expect(second.stdout).toMatch(/^loss: spider-syn dropped by 0\.1000 F1$/m);
    expect(second.stderr).toMatch(/^loss: spider-syn dropped by 0\.1000 F1$/m);
  });

  it('marks a benchmark that fails, keeps going, and then exits 1', () => {
    const broken = join(data, 'broken');
    cpSync(join(data, 'spider-syn'), join(broken, 'spider-syn'), { recursive: true });
    writeFileSync(join(broken, 'spider-syn', 'dev.json'), '[{"db_id": "shop"');
    cpSync(join(data, 'spider-dev'), join(broken, 'spider-dev'), { recursive: true });
    const r = run('--bench', 'all', '--data', broken, '--out', join(broken, 'out'));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/\| spider-syn \| error: Spider-Syn dev data is not valid JSON: \S+dev\.json/);
    expect(r.stdout).toMatch(/\| spider-dev-union \| 5 \(4 scored\) \|/);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('guided-eval: error: 1 benchmark failed: spider-syn (see above)');
    const rows = (JSON.parse(readFileSync(join(broken, 'out', 'summary.json'), 'utf8')) as AllSummary).rows;
    expect(rows.map((x) => x.status)).toEqual(['skipped', 'skipped', 'ok', 'ok', 'error', 'skipped', 'skipped', 'skipped', 'skipped']);
  });

  it('refuses bad input in one line', () => {
    const missing = run('--bench', 'all', '--data', join(data, 'nope'), '--out', join(data, 'out3'));
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toEqual([expect.stringContaining(`${join(data, 'nope')} is not a folder`)]);
    expect(run('--bench', 'all', '--out', join(data, 'out3')).stderr).toMatch(/--bench all needs --data <dir>/);
    expect(run('--bench', 'all', '--data', data, '--union').stderr).toMatch(/--union does not apply to --bench all/);
    expect(run('--bench', 'spider-dev', '--data', data, '--baseline', 'x.json').stderr).toMatch(/--baseline only applies to --bench all/);
    expect(run('--bench', 'all', '--data', data, '--baseline', join(out, 'spider-syn', 'results.json')).stderr).toMatch(
      /is not a summary\.json of --bench all: it has no rows/,
    );
  });
});
