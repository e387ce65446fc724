import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMiniSpider } from './test-support/mini-spider.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const dir = writeMiniSpider();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

describe('guided-eval CLI', () => {
  it('runs a benchmark folder and writes the reports', () => {
    const out = join(dir, 'cli-out');
    const r = run('--bench', 'spider-dev', '--data', dir, '--out', out);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/spider-dev: 4 questions scored, 1 gold queries unparsed/);
    expect(r.stderr).toMatch(/bm25-top5: accuracy/);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).scored).toBe(4);
    expect(existsSync(join(out, 'charts', 'shop.svg'))).toBe(true);
  });

  it('names a missing data folder in one line', () => {
    const r = run('--bench', 'bird-dev', '--data', join(dir, 'missing'));
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(join(dir, 'missing'));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('validates its options and has --help', () => {
    expect(run('--bench', 'tpcds', '--data', dir).stderr).toMatch(/Allowed choices are bird-dev, spider-dev/);
    expect(run('--bench', 'spider-dev', '--data', dir, '--limit', '0').stderr).toMatch(/must be a positive whole number, got "0"/);
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--evidence/);
    expect(help.stdout).toMatch(/--union/);
    expect(run('--bench', 'joins', '--data', dir, '--union').stderr).toMatch(
      /--union only applies to bird-dev, spider-dev, spider-syn and spider2-lite/,
    );
  });

  it('takes --build for sample-questions only, and says in one line what a postgres build lacks', () => {
    expect(run('--bench', 'spider-dev', '--data', dir, '--build', 'sqlite').stderr).toMatch(
      /--build only applies to --bench sample-questions/,
    );
    expect(run('--bench', 'sample-questions', '--data', dir, '--build', 'duckdb').stderr).toMatch(
      /Allowed choices are sqlite, postgres, both/,
    );
    expect(run('--bench', 'sample-questions', '--data', dir, '--union').stderr).toMatch(/--union.*do not apply to sample-questions/);
    const { GUIDED_TEST_POSTGRES_URL: _url, ...env } = process.env;
    const r = spawnSync(process.execPath, [cli, '--bench', 'sample-questions', '--data', dir, '--build', 'postgres'], {
      encoding: 'utf8',
      env,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /^guided-eval: error: sample-questions: the postgres build needs a PostgreSQL server: pass --postgres URL/,
    );
    const down = run(
      '--bench',
      'sample-questions',
      '--data',
      dir,
      '--build',
      'postgres',
      '--postgres',
      'postgres://u:secret@127.0.0.1:1/x',
    );
    expect(down.stderr.trim().split('\n')).toHaveLength(1);
    expect(down.stderr).toMatch(/sample-questions: no PostgreSQL reachable at postgres:\/\/u:\*+@127\.0\.0\.1:1\/x/);
  });
});
