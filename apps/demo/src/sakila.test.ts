/**
 * PostgreSQL's own sample database builds: the Sakila dump (`psql -f` schema, then data, from the
 * gzipped fixtures in test-support/sakila) into a scratch database, built through the product
 * path (`buildGraph`), and its trees compared with the SQLite Sakila build's (the same data) on
 * plain questions: the same tables and the same FROM clause, modulo quoting.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { type RetrievalResult, Retriever } from '@guided-retrieval/retrieval';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'test-support', 'sakila');
const url = process.env.GUIDED_TEST_POSTGRES_URL;
const psql = spawnSync('psql', ['--version'], { encoding: 'utf8' }).status === 0;
if (!url) process.stderr.write('sakila.test.ts: GUIDED_TEST_POSTGRES_URL is unset: skipping the PostgreSQL Sakila build\n');
else if (!psql) process.stderr.write('sakila.test.ts: no psql on PATH (Debian: postgresql-client): skipping the PostgreSQL Sakila build\n');

const QUESTIONS = [
  'Which films are rented the most?',
  'Revenue per store',
  'Customers in each city',
  'Which actors appear in the most films?',
  'Payments by staff member',
  'Films in each category',
];

/*
 * "Which films are rented the most?" once differed: semantic enrichment ranked film_actor by query
 * contexts that PostgreSQL's array and tsvector types change. The fitted choice weighs the count of
 * rentals ("the most" on the event table) instead, and both builds answer film ← inventory ← rental.
 */

/** A FROM clause as both engines would run it, quoting aside. */
const unquoted = (sql: string | null) => (sql ?? '').replaceAll('"', '');

describe.skipIf(!url || !psql)('Sakila: the PostgreSQL dump builds and answers as the SQLite build does', () => {
  const NAME = `pgtypes_helper_sakila_${process.pid}`;
  let dir: string;
  let admin: pg.Client;
  let postgres: ContextGraph;
  let sqlite: ContextGraph;
  let withViews: ContextGraph;
  let buildMs: number;
  const warnings: string[] = [];
  const answers = new Map<string, [RetrievalResult, RetrievalResult]>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'guided-sakila-'));
    for (const f of ['postgres-sakila-schema.sql', 'postgres-sakila-insert-data-using-copy.sql', 'sakila.sqlite'])
      writeFileSync(join(dir, f), gunzipSync(readFileSync(join(FIXTURES, `${f}.gz`))));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${NAME}`);
    const dbUrl = new URL(url ?? '');
    dbUrl.pathname = `/${NAME}`;
    for (const f of ['postgres-sakila-schema.sql', 'postgres-sakila-insert-data-using-copy.sql']) {
      const load = spawnSync('psql', [dbUrl.toString(), '-q', '-v', 'ON_ERROR_STOP=1', '-f', join(dir, f)], { encoding: 'utf8' });
      if (load.status !== 0) throw new Error(`psql -f ${f}: ${load.stderr.trim().split('\n')[0]}`);
    }
    const started = performance.now();
    postgres = await buildGraph(dbUrl.toString(), { name: 'sakila', onProgress: (m) => m.startsWith('warning') && warnings.push(m) });
    buildMs = performance.now() - started;
    sqlite = await buildGraph(join(dir, 'sakila.sqlite'), { name: 'sakila' });
    withViews = await buildGraph(dbUrl.toString(), { name: 'sakila', views: 'list' });
    const [pgRetriever, sqliteRetriever] = [await Retriever.create(postgres), await Retriever.create(sqlite)];
    for (const q of QUESTIONS) answers.set(q, [await pgRetriever.retrieve(q), await sqliteRetriever.retrieve(q)]);
  }, 300_000);

  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin?.end();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('builds every table (text[], the mpaa_rating enum, the year domain, tsvector), no column skipped', () => {
    process.stderr.write(`sakila.test.ts: PostgreSQL Sakila built in ${Math.round(buildMs)} ms\n`);
    expect(warnings).toEqual([]);
    const film = postgres.tables.find((t) => t.name === 'film');
    expect(film?.columns.map((c) => [c.name, c.declaredType, c.inferredType])).toEqual(
      expect.arrayContaining([
        ['special_features', 'text[]', 'unknown'],
        ['rating', 'mpaa_rating', 'text'],
        ['release_year', 'year', 'integer'],
        ['fulltext', 'tsvector', 'unknown'],
      ]),
    );
  });

  it('has the SQLite build’s 15 tables and 22 edges (the payment_p2007_* inheritance children are payment); its 7 views with --views list', () => {
    expect(postgres.tables.map((t) => t.name)).toEqual(sqlite.tables.map((t) => t.name));
    expect(withViews.tables.filter((t) => t.kind === undefined).map((t) => t.name)).toEqual(sqlite.tables.map((t) => t.name));
    expect(withViews.tables.filter((t) => t.kind === 'view').map((t) => t.name)).toEqual([
      'actor_info',
      'customer_list',
      'film_list',
      'nicer_but_slower_film_list',
      'sales_by_film_category',
      'sales_by_store',
      'staff_list',
    ]);
    expect(postgres.tables.find((t) => t.name === 'payment')?.rowCount).toBe(16_049);
    expect(postgres.edges.map((e) => e.id).sort()).toEqual(sqlite.edges.map((e) => e.id).sort());
  });

  it.each(QUESTIONS)('%s: the same tables and FROM clause as the SQLite build', (question) => {
    const [fromPostgres, fromSqlite] = answers.get(question) ?? [];
    expect(fromPostgres?.tables.length).toBeGreaterThan(0);
    expect([...(fromPostgres?.tables ?? [])].sort()).toEqual([...(fromSqlite?.tables ?? [])].sort());
    expect(unquoted(fromPostgres?.sql ?? null)).toBe(unquoted(fromSqlite?.sql ?? null));
  });
});
