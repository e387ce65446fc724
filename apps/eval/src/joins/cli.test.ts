/** The built CLI (dist/cli.js) on `--bench joins`: a tiny SQLite database made here, and TPC-H. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'joins-cli-'));
const data = join(root, 'dbs');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, GUIDED_CACHE_DIR: join(root, 'cache') };
  delete env.GUIDED_DEBUG;
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, cwd: root, timeout: 120_000 });
};

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`${cli} does not exist: build the eval first`);
  mkdirSync(join(data, 'shop'), { recursive: true });
  mkdirSync(join(data, 'notes'));
  writeFileSync(join(data, 'notes', 'README.md'), 'no database here\n');
  const db = new Database(join(data, 'shop', 'shop.sqlite'));
  db.pragma('foreign_keys = OFF'); // orders.ghost_id references a table that does not exist
  db.exec(`
    CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      customer_id INTEGER NOT NULL REFERENCES customer (id),
      ghost_id INTEGER REFERENCES ghost (id),
      amount REAL
    );`);
  const customer = db.prepare('INSERT INTO customer VALUES (?, ?)');
  const order = db.prepare('INSERT INTO orders VALUES (?, ?, NULL, ?)');
  for (let i = 1; i <= 40; i++) customer.run(i, `Customer ${i}`);
  for (let i = 1; i <= 200; i++) order.run(1000 + i, 1 + ((i * 7) % 40), i * 1.5);
  db.close();
});

describe('guided-eval --bench joins', () => {
  it('scores inference on every database under --data and writes results.json and results.md', () => {
    const out = join(root, 'out');
    const r = run('--bench', 'joins', '--data', data, '--no-tpch', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^shop: precision \d\.\d{3} recall \d\.\d{3} F1/m);
    expect(r.stderr).toMatch(/^joins overall: precision/m);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(Object.keys(results.perDatabase)).toEqual(['shop']);
    const shop = results.perDatabase.shop;
    expect(Object.keys(shop)).toEqual(
      expect.arrayContaining(['precision', 'recall', 'f1', 'truth', 'predicted', 'correct', 'falsePositives', 'falseNegatives', 'ms']),
    );
    // the key to the table that does not exist is not in the truth set
    expect(shop.truth).toBe(1);
    expect(results.skippedTruth).toEqual(['shop: orders(ghost_id) references missing table ghost']);
    expect(shop.falsePositives).toHaveLength(shop.predicted - shop.correct);
    expect(shop.falseNegatives).toHaveLength(shop.truth - shop.correct);
    expect(results.overall).toEqual({
      precision: shop.precision,
      recall: shop.recall,
      f1: shop.f1,
      truth: 1,
      predicted: shop.predicted,
      correct: shop.correct,
    });
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('| shop |');
  });

  it('hides a seeded half of the declared keys with --hide-declared 0.5 and reports the seed and the hidden-key recall', () => {
    const out = join(root, 'out-half');
    const r = run('--bench', 'joins', '--data', data, '--no-tpch', '--hide-declared', '0.5', '--hide-seed', '11', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^joins overall, 0\.5 of the declared keys hidden \(seed 11\): hidden-key recall/m);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(results.inference).toEqual({ declared: 'partial', minConfidence: null, hidden: { fraction: 0.5, seed: 11 } });
    // one real key: round(0.5) hides it
    expect(results.partial).toMatchObject({ kept: 0, hidden: 1 });
    expect(results.perDatabase.shop.truth).toBe(1);
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('## Hidden keys');
    const plain = run('--bench', 'joins', '--data', data, '--no-tpch', '--out', join(root, 'out-plain'));
    expect(plain.status, plain.stderr).toBe(0);
    const md = readFileSync(join(root, 'out-plain', 'results.md'), 'utf8');
    expect(md).not.toContain('Hidden keys');
    expect(JSON.parse(readFileSync(join(root, 'out-plain', 'results.json'), 'utf8'))).not.toHaveProperty('partial');
  });

  it('generates TPC-H into the cache dir and scores it with the rest', () => {
    const cache = join(root, 'tpch-cache');
    const out = join(root, 'out-tpch');
    const r = run('--bench', 'joins', '--data', data, '--db', 'tpch', '--tpch-scale-factor', '0.001', '--cache-dir', cache, '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(cache, 'tpch-sf0.001-seed20260101.sqlite'))).toBe(true);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(Object.keys(results.perDatabase)).toEqual(['tpch']);
    expect(results.perDatabase.tpch.truth).toBe(10); // nine single-column keys and LINEITEM(L_PARTKEY,L_SUPPKEY)->PARTSUPP
  });

  it('scores each set of a benchmarks folder apart (sample-dbs, train-dbs), with the edges into non-unique targets', () => {
    const bench = join(root, 'benchmarks');
    for (const set of ['sample-dbs', 'train-dbs']) {
      mkdirSync(join(bench, set, 'shop'), { recursive: true });
      writeFileSync(join(bench, set, 'shop', 'shop.sqlite'), readFileSync(join(data, 'shop', 'shop.sqlite')));
    }
    const out = join(root, 'out-sets');
    const r = run('--bench', 'joins', '--data', bench, '--no-tpch', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^joins sample: precision .*, 0 into a non-unique target$/m);
    expect(r.stderr).toMatch(/^joins train: precision .*, 0 into a non-unique target$/m);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(Object.keys(results.groups)).toEqual(['sample', 'train']);
    expect(results.groups.train).toMatchObject({ truth: 1, nonUniqueTargets: 0 });
    expect(Object.keys(results.perDatabase)).toEqual(['sample/shop', 'train/shop']);
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('| **train (micro)** |');
  });

  it('says in one line what is wrong', () => {
    const oneLine = (r: ReturnType<typeof run>, text: string | RegExp) => {
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(text);
    };
    oneLine(run('--bench', 'joins', '--data', join(data, 'notes'), '--no-tpch'), `no *.sqlite database in ${join(data, 'notes')}`);
    oneLine(run('--bench', 'joins', '--data', join(root, 'missing')), `${join(root, 'missing')} is not a directory`);
    oneLine(run('--bench', 'joins', '--data', data, '--no-tpch', '--db', 'nope'), /unknown database nope in .*; it has shop/);
    oneLine(run('--bench', 'joins', '--data', data, '--limit', '3'), '--limit does not apply to --bench joins');
    const bad = run('--bench', 'joins', '--data', data, '--min-confidence', '2');
    expect(bad.status).toBe(1);
    expect(bad.stderr.split('\n')[0]).toContain("--min-confidence <x>' argument '2' is invalid. must be a number in [0, 1], got \"2\"");
    oneLine(run('--bench', 'spider-dev', '--data', data, '--no-tpch'), '--no-tpch only apply to the joins benches');
    oneLine(
      run('--bench', 'spider-dev', '--data', data, '--hide-declared', '0.5'),
      '--hide-declared and --hide-seed only apply to the joins benches',
    );
    oneLine(run('--bench', 'joins', '--data', data, '--no-tpch', '--hide-seed', '3'), '--hide-seed only applies with --hide-declared');
  });

  it('documents the joins benches in --help', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    for (const text of [
      'joins-bird',
      'joins-spider',
      '--min-confidence',
      '--no-tpch',
      '--tpch-scale-factor',
      '--cache-dir',
      '--no-retrieval',
      '--hide-declared',
      '--hide-seed',
    ])
      expect(help.stdout).toContain(text);
  });
});
