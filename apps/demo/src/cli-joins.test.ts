/**
 * End-to-end tests of the built `guided` CLI (dist/cli.js): `guided infer-joins` on a profile of a
 * small SQLite database made here, `guided build --joins` and `--infer-joins`, and their errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, graphData, requireBuiltCli, type Sandbox, sandbox, sha256 } from './test-support/cli.js';

interface Edge {
  id: string;
  origin: string;
}

let box: Sandbox;
let db: string;
let dbHash: string;

const file = (name: string) => join(box.work, name);
const json = <T>(name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as T;
const graphEdges = (name: string) => graphData(file(name)).edges as Edge[];

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('cli-joins');
  db = file('shop.sqlite');
  const conn = new Database(db);
  conn.exec(`
    CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
    CREATE TABLE product (product_id INTEGER PRIMARY KEY, title TEXT NOT NULL);
    CREATE TABLE orders (
      order_id INTEGER PRIMARY KEY,
      customer_id INTEGER NOT NULL REFERENCES customer (customer_id),
      product_id INTEGER NOT NULL, -- references product, undeclared
      quantity INTEGER NOT NULL
    );`);
  const cities = ['Paris', 'Lyon', 'Nice'];
  for (let i = 1; i <= 60; i++) conn.prepare('INSERT INTO customer VALUES (?, ?, ?)').run(i, `Customer ${i}`, cities[i % 3]);
  for (let i = 1; i <= 40; i++) conn.prepare('INSERT INTO product VALUES (?, ?)').run(i, `Product ${i}`);
  for (let i = 1; i <= 300; i++)
    conn.prepare('INSERT INTO orders VALUES (?, ?, ?, ?)').run(5000 + i, 1 + ((i * 7) % 60), 1 + ((i * 11) % 40), 1 + (i % 5));
  conn.close();
  dbHash = sha256(db);
  const profiled = box.run(['profile', db, '-o', 'shop.profile.json']);
  if (profiled.status !== 0) throw new Error(`guided profile failed: ${profiled.stderr}`);
});

afterAll(() => box?.remove());

describe('guided infer-joins', () => {
  it('writes a joins file and prints a short summary on stderr', () => {
    const run = box.run(['infer-joins', 'shop.profile.json', '-o', 'joins.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^shop\.sqlite: 3 tables, \d+ candidate pairs \(\d+ after pruning\), 1 declared \+ \d+ inferred edges, \d+ ms; wrote joins\.json$/m,
    );
    const joins = json<{ formatVersion: number; database: string; edges: Edge[]; keys: unknown[] }>('joins.json');
    expect(joins.formatVersion).toBe(1);
    expect(joins.edges).toContainEqual(expect.objectContaining({ id: 'orders(customer_id)->customer(customer_id)', origin: 'declared' }));
    expect(joins.keys.length).toBeGreaterThan(0);
  });

  it('writes the same file when run again', () => {
    const before = readFileSync(file('joins.json'), 'utf8');
    expect(box.run(['infer-joins', 'shop.profile.json', '-o', 'joins.json']).status).toBe(0);
    expect(readFileSync(file('joins.json'), 'utf8')).toBe(before);
  });

  it('--hide-declared --json: inference alone, the summary as JSON on stdout', () => {
    const run = box.run(['infer-joins', 'shop.profile.json', '-o', 'hidden.json', '--hide-declared', '--json', '--min-confidence', '0.5']);
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ tables: 3, declared: 0, output: file('hidden.json') });
    for (const key of ['candidatePairs', 'afterPruning', 'inferred', 'ms']) expect(summary[key]).toEqual(expect.any(Number));
    const edges = json<{ edges: Edge[] }>('hidden.json').edges;
    expect(edges.every((e) => e.origin === 'inferred')).toBe(true);
    expect(edges).toHaveLength(summary.inferred as number);
  });

  it('names a missing, non-JSON or other-version profile in one line', () => {
    expectOneLineError(
      box.run(['infer-joins', 'nope.json', '-o', 'x.json']),
      `cannot read profile file ${file('nope.json')}: no such file`,
    );
    writeFileSync(file('broken.json'), '{"formatVersion": 1,');
    expectOneLineError(box.run(['infer-joins', 'broken.json', '-o', 'x.json']), `${file('broken.json')} is not a profile: not valid JSON`);
    writeFileSync(file('v9.json'), JSON.stringify({ ...json<object>('shop.profile.json'), formatVersion: 9 }));
    expectOneLineError(
      box.run(['infer-joins', 'v9.json', '-o', 'x.json']),
      `${file('v9.json')} has profile format version 9`,
      'guided profile',
    );
    const bad = box.run(['infer-joins', 'shop.profile.json', '-o', 'x.json', '--min-confidence', '1.5']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.split('\n')[0]).toContain('must be a number in [0, 1], got "1.5"');
  });
});

describe('guided build with joins', () => {
  it("--joins: the declared edges and the joins file's, without writing to the database", () => {
    const run = box.run(['build', db, '-o', 'joined.graph.json', '--joins', 'hidden.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/join edges: 1 declared, \d+ more from .*hidden\.json/);
    const graph = { edges: graphEdges('joined.graph.json') };
    const inferred = json<{ edges: Edge[] }>('hidden.json').edges.map((e) => e.id);
    expect(graph.edges.map((e) => e.id)).toEqual(expect.arrayContaining(['orders(customer_id)->customer(customer_id)', ...inferred]));
    expect(graph.edges.find((e) => e.id === 'orders(customer_id)->customer(customer_id)')?.origin).toBe('declared');
    expect(sha256(db)).toBe(dbHash);
  });

  it('--infer-joins: declared keys kept, inferred edges added', () => {
    const run = box.run(['build', db, '-o', 'inferred.graph.json', '--infer-joins']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/inferred joins for shop: 3 tables, .*1 declared \+ \d+ inferred edges/);
    const edges = graphEdges('inferred.graph.json');
    expect(edges).toContainEqual(expect.objectContaining({ id: 'orders(customer_id)->customer(customer_id)', origin: 'declared' }));
    expect(edges).toEqual(json<{ edges: Edge[] }>('joins.json').edges);
  });

  it('infers the joins by itself when the schema declares no foreign key', () => {
    const bare = file('bare.sqlite');
    const conn = new Database(bare);
    conn.exec(`
      CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, quantity INTEGER NOT NULL);`);
    for (let i = 1; i <= 30; i++) conn.prepare('INSERT INTO customer VALUES (?, ?)').run(i, `Customer ${i}`);
    for (let i = 1; i <= 100; i++) conn.prepare('INSERT INTO orders VALUES (?, ?, ?)').run(i, 1 + ((i * 7) % 30), 1 + (i % 4));
    conn.close();
    const run = box.run(['build', bare, '-o', 'bare.graph.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('the schema declares no foreign keys: inferred them');
    const edges = graphEdges('bare.graph.json');
    expect(edges.map((e) => [e.id, e.origin])).toEqual([['orders(customer_id)->customer(customer_id)', 'inferred']]);
  });

  it('names a missing, non-JSON, other-version or mismatched joins file in one line', () => {
    expectOneLineError(
      box.run(['build', db, '-o', 'g.json', '--joins', 'nope.json']),
      `cannot read joins file ${file('nope.json')}: no such file`,
    );
    writeFileSync(file('broken-joins.json'), '[');
    expectOneLineError(
      box.run(['build', db, '-o', 'g.json', '--joins', 'broken-joins.json']),
      `${file('broken-joins.json')} is not a joins file: not valid JSON`,
    );
    writeFileSync(file('v2-joins.json'), JSON.stringify({ ...json<object>('joins.json'), formatVersion: 2 }));
    expectOneLineError(
      box.run(['build', db, '-o', 'g.json', '--joins', 'v2-joins.json']),
      'has joins format version 2; this version reads 1',
    );
    const joins = json<{ edges: Record<string, unknown>[] }>('joins.json');
    writeFileSync(file('ghost-joins.json'), JSON.stringify({ ...joins, edges: [{ ...joins.edges[0], toTable: 'ghost' }] }));
    const ghost = box.run(['build', db, '-o', 'g.json', '--joins', 'ghost-joins.json']);
    expect(ghost.status).toBe(1);
    expect(ghost.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^guided: error: .*ghost-joins\.json: edge .*: table ghost is not in database shop$/,
    );
    expectOneLineError(
      box.run(['build', db, '-o', 'g.json', '--joins', 'joins.json', '--infer-joins']),
      'pass --joins or --infer-joins, not both',
    );
  });
});
