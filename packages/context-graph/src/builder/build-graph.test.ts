import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveJoins } from '@guided-retrieval/join-inference';
import { joinEdgeId } from '@guided-retrieval/join-inference/internal';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBuildError } from '../errors.js';
import { buildGraph } from './build-graph.js';

// A shop with no declared foreign key: customer_id says the join, the dictionary what `amt` means.
let dir: string;
let db: string;
let dictionary: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guided-build-graph-'));
  db = join(dir, 'shop.sqlite');
  const sqlite = new Database(db);
  sqlite.exec(`
    CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, amt REAL);
    CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, buyer INTEGER, note TEXT);
  `);
  const cities = ['Paris', 'Lyon', 'Oslo', 'Lima'];
  for (let i = 1; i <= 40; i++) sqlite.prepare('INSERT INTO customer VALUES (?, ?, ?)').run(i, `Customer ${i}`, cities[i % cities.length]);
  for (let i = 1; i <= 200; i++) sqlite.prepare('INSERT INTO orders VALUES (?, ?, ?)').run(i, 1 + (i % 40), i * 1.5);
  // `buyer` holds customer ids, but its name says nothing: a weak candidate, kept only at a low min-confidence.
  for (let i = 1; i <= 100; i++) sqlite.prepare('INSERT INTO visit VALUES (?, ?, ?)').run(500 + i, 1 + (i % 40), 'walked in');
  sqlite.close();
  dictionary = join(dir, 'dictionary.csv');
  writeFileSync(
    dictionary,
    'table,column,description\norders,amt,the amount paid in euros\ncustomer,,people who buy\nnowhere,,a table that is not there\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('buildGraph', () => {
  it('builds a SQLite file with a dictionary in one call: profile, inferred joins, descriptions', async () => {
    const said: string[] = [];
    const before = readdirSync(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs]);
    const graph = await buildGraph(db, { dictionary, onProgress: (m) => said.push(m) });
    expect(graph.database).toBe('shop');
    expect(graph.tables.map((t) => t.name).sort()).toEqual(['customer', 'orders', 'visit']);
    expect(graph.table('orders')?.columns.find((c) => c.name === 'amt')?.description).toBe('the amount paid in euros');
    expect(graph.table('customer')?.description).toBe('people who buy');
    expect(graph.edges.map((e) => e.id)).toEqual(['orders(customer_id)->customer(customer_id)']);
    expect(said).toContain('the schema declares no foreign keys: inferred them (pass --joins FILE to give your own)');
    expect(said.some((m) => m.startsWith('warning:') && m.includes('no table "nowhere"'))).toBe(true);
    expect(said.at(-1)).toMatch(/^built the context graph: 3 tables, 1 join edge in \d+ ms$/);
    // read-only: nothing written beside the database, the database untouched
    expect(readdirSync(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs])).toEqual(before);
  });

  it('names the graph, and drops inferred edges below min-confidence', async () => {
    const all = await buildGraph(db, { name: 'shop2', joins: { kind: 'infer' }, minConfidence: 0 });
    expect(all.database).toBe('shop2');
    const weak = all.edges.find((e) => e.fromTable === 'visit');
    expect(weak).toMatchObject({ id: 'visit(buyer)->customer(customer_id)', origin: 'inferred' });
    const strong = await buildGraph(db, { joins: { kind: 'infer' }, minConfidence: weak!.confidence + 0.01 });
    expect(strong.edges.map((e) => e.id)).toEqual(['orders(customer_id)->customer(customer_id)']);
  });

  it('takes a joins file beside the declared keys', async () => {
    const joins = join(dir, 'joins.json');
    const ends = { fromTable: 'orders', fromColumns: ['order_id'], toTable: 'customer', toColumns: ['customer_id'] };
    const edge = { id: joinEdgeId(ends.fromTable, ends.fromColumns, ends.toTable, ends.toColumns), ...ends };
    await saveJoins(joins, { database: 'shop', edges: [{ ...edge, origin: 'inferred', confidence: 0.9, evidence: [] }], keys: [] });
    const graph = await buildGraph(db, { joins: { kind: 'file', path: joins } });
    expect(graph.edges.map((e) => e.id)).toEqual(['orders(order_id)->customer(customer_id)']);
    await expect(buildGraph(db, { joins: { kind: 'file', path: joins }, minConfidence: 0.5 })).rejects.toThrow(
      '--min-confidence applies to inferred joins, not to --joins FILE',
    );
  });

  it('fails in one line naming the source or the option', async () => {
    const missing = join(dir, 'missing.sqlite');
    await expect(buildGraph(missing)).rejects.toThrow(new GraphBuildError(`database file not found: ${missing}`));
    await expect(buildGraph(db, { schema: 'public' })).rejects.toThrow(`--schema applies to PostgreSQL only, not to ${db}`);
    const notADictionary = join(dir, 'notes.txt');
    writeFileSync(notADictionary, 'just some words\n');
    const error = await buildGraph(db, { dictionary: notADictionary }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphBuildError);
    expect((error as Error).message).toMatch(new RegExp(`^${notADictionary.replace(/[.]/g, '\\.')} is not a data dictionary: `));
    expect((error as Error).message).not.toContain('\n');
  });
});
