/**
 * End-to-end tests of the built `guided` CLI (dist/cli.js): `--help` for the program and each
 * subcommand, and `guided tpch`. None of these may touch the demo cache.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, requireBuiltCli, type Sandbox, sandbox, sha256 } from './test-support/cli.js';

let box: Sandbox;

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('cli-commands');
});

afterAll(() => box?.remove());

const cacheIsUntouched = () => expect(existsSync(box.cache) ? readdirSync(box.cache) : []).toEqual([]);

describe('guided --help', () => {
  it('describes the program and lists every subcommand', () => {
    const run = box.run(['--help']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: guided /);
    for (const sub of ['demo', 'retrieve', 'build', 'tpch', 'profile', 'infer-joins', 'mcp'])
      expect(run.stdout).toMatch(new RegExp(`^\\s+${sub} `, 'm'));
    cacheIsUntouched();
  });

  const options: Record<string, string[]> = {
    demo: ['[question...]', '--json', '--database <source>', '--schema <names>', '--scale-factor <sf>'],
    retrieve: [
      '<question...>',
      '--graph <file>',
      '--json',
      '--format <format>',
      '--max-tokens <n>',
      '--prompt-mode <mode>',
      'the fitted choice',
    ],
    build: [
      '<database>',
      'a SQLite, DuckDB or Parquet file, a folder of Parquet',
      'postgres://user:password@host:port/database',
      '-o, --output <file>',
      '--schema <names>',
      '--joins <file>',
      '--infer-joins',
      '--views <mode>',
    ],
    serve: ['--graph <file>', '--database <source>', '--schema <names>', '--port <n>'],
    'infer-joins': ['<profile>', '-o, --output <file>', '--hide-declared', '--min-confidence <x>', '--llm <spec>', '--json'],
    tpch: ['-o, --output <file>', '--scale-factor <sf>', '--seed <n>', '--force'],
    mcp: [
      '--graph <file>',
      '--database <source>',
      '--schema <names>',
      '--http',
      '--port <n>',
      `"command":${JSON.stringify(process.execPath)}`,
      'http://127.0.0.1:8788/mcp',
    ],
  };
  for (const [sub, mentions] of Object.entries(options)) {
    it(`guided ${sub} --help shows its usage and options`, () => {
      const run = box.run([sub, '--help']);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: guided ${sub} `));
      for (const m of mentions) expect(run.stdout).toContain(m);
      // A default is said as what it is, not as the name of where it lives; the default disambiguator is the fitted choice.
      expect(run.stdout).not.toMatch(/defaultMaxTokens|the inference default|deterministic heuristic/);
      cacheIsUntouched();
    });
  }

  it('guided --version prints the version in package.json', () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = box.run([flag]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
    }
    cacheIsUntouched();
  });

  it('an unknown subcommand fails with exit 1 and names it', () => {
    const run = box.run(['frobnicate']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("unknown command 'frobnicate'");
  });
});

describe('guided tpch', () => {
  it('writes a TPC-H database at the given scale factor', () => {
    const run = box.run(['tpch', '-o', 'x.sqlite', '--scale-factor', '0.001']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    const file = join(box.work, 'x.sqlite');
    expect(run.stderr).toContain(`wrote ${file}`);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map(
        (r) => r.name,
      );
      expect(tables).toEqual(['CUSTOMER', 'LINEITEM', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER']);
      const count = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
      expect(count('NATION')).toBe(25);
      expect(count('REGION')).toBe(5);
      expect(count('SUPPLIER')).toBe(10); // 10 000 × 0.001
      expect(count('ORDERS')).toBe(1500); // 1 500 000 × 0.001
      expect(count('LINEITEM')).toBeGreaterThan(count('ORDERS'));
    } finally {
      db.close();
    }
    expect(readdirSync(box.work).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    cacheIsUntouched();
  });

  it('refuses to replace an existing file without --force, in one line naming the file', () => {
    const file = join(box.work, 'x.sqlite');
    const before = sha256(file);
    expectOneLineError(box.run(['tpch', '-o', 'x.sqlite', '--scale-factor', '0.001']), file, '--force');
    expect(sha256(file)).toBe(before);
  });

  it('replaces it with --force', () => {
    const run = box.run(['tpch', '-o', 'x.sqlite', '--scale-factor', '0.001', '--force', '--seed', '7']);
    expect(run.status, run.stderr).toBe(0);
    const db = new Database(join(box.work, 'x.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect((db.prepare('SELECT COUNT(*) AS n FROM SUPPLIER').get() as { n: number }).n).toBe(10);
    } finally {
      db.close();
    }
  });

  it('rejects a scale factor that is not a number, naming the value', () => {
    const run = box.run(['tpch', '-o', 'abc.sqlite', '--scale-factor', 'abc']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toContain('--scale-factor');
    expect(run.stderr.split('\n')[0]).toContain('"abc"');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(box.work, 'abc.sqlite'))).toBe(false);
  });

  it('rejects a scale factor out of range, naming the value', () => {
    const run = box.run(['tpch', '-o', 'big.sqlite', '--scale-factor', '-1']);
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')[0]).toContain('"-1"');
    expect(existsSync(join(box.work, 'big.sqlite'))).toBe(false);
  });

  it('rejects a seed that is not an integer, naming the value', () => {
    for (const bad of ['abc', '1.5', '12abc']) {
      const run = box.run(['tpch', '-o', 'seed.sqlite', '--seed', bad]);
      expect(run.status, bad).toBe(1);
      expect(run.stderr.split('\n')[0]).toContain('--seed');
      expect(run.stderr.split('\n')[0]).toContain(`"${bad}"`);
      expect(existsSync(join(box.work, 'seed.sqlite'))).toBe(false);
    }
  });

  it('requires --output', () => {
    const run = box.run(['tpch']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('--output');
    cacheIsUntouched();
  });
});

describe('an output folder that does not exist', () => {
  it('is one line naming it, before any work, for every command that writes a file', () => {
    const x = join(box.work, 'x.sqlite');
    const missing = join(box.work, 'no-such-folder');
    const commands = [
      ['build', x, '-o', join(missing, 'g.json')],
      ['profile', x, '-o', join(missing, 'p.json')],
      ['infer-joins', join(box.work, 'p.json'), '-o', join(missing, 'j.json')],
      ['tpch', '-o', join(missing, 't.sqlite'), '--scale-factor', '0.001'],
    ];
    for (const args of commands) {
      const line = expectOneLineError(box.run(args), `output folder does not exist: ${missing}`);
      expect(line, args[0]).not.toMatch(/profil/);
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('an output that is a folder is one line too', () => {
    expectOneLineError(box.run(['build', join(box.work, 'x.sqlite'), '-o', box.work]), 'output is a folder');
  });
});
