import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColumnSetPlanner, columnSetProfile, hashTuple } from './column-sets.js';
import { profileDuckdb } from './duckdb.js';
import { profilePostgres } from './postgres.js';
import { readBloom } from './sketch.js';
import { profileSqlite } from './sqlite.js';
import { postgresUrl, scratchDatabase } from './test-support/postgres.js';
import type { DatabaseProfile } from './types.js';

/**
 * Teams keyed by (year, team); a per-stint batting table whose (player, year) repeats (a player
 * traded mid-season plays two stints); awards whose (player, year) pairs each lie inside batting's
 * columns one by one — but not as pairs.
 */
const SQL = [
  'CREATE TABLE teams (year INTEGER, team TEXT, wins INTEGER, PRIMARY KEY (year, team))',
  'CREATE TABLE batting (player TEXT, year INTEGER, stint INTEGER, team TEXT, hits INTEGER)',
  'CREATE TABLE series (year INTEGER, team_winner TEXT, team_loser TEXT, note TEXT)',
  `INSERT INTO teams VALUES (2000, 'BOS', 85), (2000, 'NYA', 87), (2001, 'BOS', 82), (2001, 'NYA', 95), (2002, 'BOS', 93)`,
  `INSERT INTO batting VALUES ('ruth', 2000, 1, 'BOS', 10), ('ruth', 2000, 2, 'NYA', 12), ('gehrig', 2001, 1, 'NYA', 30),
     ('gehrig', 2002, 1, 'BOS', 31), ('cobb', 2001, 1, 'BOS', 5)`,
  `INSERT INTO series VALUES (2000, 'NYA', 'BOS', NULL), (2001, 'NYA', 'BOS', 'x'), (2002, 'BOS', NULL, 'y')`,
];

const planner: ColumnSetPlanner = () => [
  { table: 'teams', columns: ['year', 'team'] },
  { table: 'batting', columns: ['player', 'year'] },
  { table: 'series', columns: ['year', 'team_winner'] },
  { table: 'series', columns: ['year', 'team_loser'] },
  { table: 'series', columns: ['year', 'team_loser'] }, // twice: once
  { table: 'series', columns: ['year'] }, // one column: ignored
  { table: 'series', columns: ['year', 'nope'] }, // no such column: ignored
  { table: 'nope', columns: ['a', 'b'] },
];

const set = (p: DatabaseProfile, table: string, columns: string[]) =>
  p.tables.find((t) => t.name === table)?.columnSets?.find((s) => s.columns.join() === columns.join());

let dir: string;
let sqlite: DatabaseProfile;
let path: string;
let written: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'profiler-sets-'));
  path = join(dir, 'league.db');
  const db = new Database(path);
  for (const sql of SQL) db.exec(sql);
  db.close();
  written = statSync(path).mtimeMs;
  sqlite = await profileSqlite(path, { columnSets: planner });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('column sets profiled together', () => {
  it('counts rows holding every column and distinct tuples, exactly when the sample is the whole table', () => {
    expect(set(sqlite, 'teams', ['year', 'team'])).toMatchObject({ count: 5, distinct: 5, distinctExact: true });
    expect(set(sqlite, 'batting', ['player', 'year'])).toMatchObject({ count: 5, distinct: 4, distinctExact: true });
    expect(set(sqlite, 'series', ['year', 'team_loser'])).toMatchObject({ count: 2, distinct: 2 });
    expect(sqlite.tables.find((t) => t.name === 'series')?.columnSets).toHaveLength(2);
  });

  it('sketches the tuples: a unique set gets a Bloom filter, and a tuple hashes alike in every table', () => {
    const teams = set(sqlite, 'teams', ['year', 'team'])!;
    const bloom = readBloom(teams.sketch!.bloom!);
    expect(bloom.has(hashTuple([2001, 'NYA']))).toBe(true);
    expect(bloom.has(hashTuple(['2001', 'NYA']))).toBe(true); // a number and its text are one value
    expect(set(sqlite, 'batting', ['player', 'year'])?.sketch?.bloom).toBeUndefined();
    const winners = set(sqlite, 'series', ['year', 'team_winner'])!.sketch!.minHashes;
    expect(winners.every((h) => teams.sketch!.minHashes.includes(h))).toBe(true);
  });

  it('writes nothing to the database', () => {
    expect(statSync(path).mtimeMs).toBe(written);
  });

  it('estimates from a sample of a larger table', () => {
    const groups = Array.from({ length: 100 }, (_, i) => [i, i % 7, 1]);
    const estimated = columnSetProfile(['a', 'b'], groups, 1000, 100);
    expect(estimated).toMatchObject({ distinctExact: false, count: 1000 });
    expect(estimated.distinct).toBeGreaterThan(100);
    expect(estimated.sketch?.bloom).toBeDefined();
  });

  it('DuckDB gives the same statistics and sketches', async () => {
    const file = join(dir, 'league.duckdb');
    const instance = await DuckDBInstance.create(file);
    const c = await instance.connect();
    for (const sql of SQL) await c.run(sql);
    c.closeSync();
    instance.closeSync();
    const duck = await profileDuckdb(file, { columnSets: planner });
    for (const [table, columns] of [
      ['teams', ['year', 'team']],
      ['batting', ['player', 'year']],
      ['series', ['year', 'team_winner']],
    ] as const)
      expect(set(duck, table, [...columns])).toEqual(set(sqlite, table, [...columns]));
  });

  let admin: string | undefined;
  try {
    admin = postgresUrl();
  } catch {
    admin = undefined; // postgres.test.ts reports the missing set-up
  }
  it.skipIf(admin === undefined)('PostgreSQL gives the same statistics and sketches', async () => {
    const db = await scratchDatabase(admin ?? '', `guided_sets_test_${process.pid}`, SQL);
    try {
      const pg = await profilePostgres(db.url, { columnSets: planner });
      expect(set(pg, 'teams', ['year', 'team'])).toEqual(set(sqlite, 'teams', ['year', 'team']));
      expect(set(pg, 'series', ['year', 'team_loser'])).toEqual(set(sqlite, 'series', ['year', 'team_loser']));
    } finally {
      await db.drop();
    }
  });
});
