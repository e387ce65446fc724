/**
 * DuckDB's own types profile (nested, UNION, UUID, HUGEINT, INTERVAL, TIMETZ, BLOB, ENUM, JSON,
 * NaN and ±inf), views are listed with their kind, and comments become descriptions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileDuckdb } from './duckdb.js';
import type { ColumnProfile, DatabaseProfile } from './types.js';

let dir: string;
let profile: DatabaseProfile;
let profiledViews: DatabaseProfile;
const warnings: string[] = [];

const SQL = [
  "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
  `CREATE TABLE kinds (id INTEGER PRIMARY KEY, tags VARCHAR[], nums INTEGER[], point STRUCT(x INTEGER, y INTEGER), attrs MAP(VARCHAR, INTEGER),
     either UNION(num INTEGER, str VARCHAR), uid UUID, huge HUGEINT, wait INTERVAL, alarm TIME WITH TIME ZONE, raw BLOB, feeling mood,
     doc JSON, measure DOUBLE)`,
  `INSERT INTO kinds VALUES
     (1, ['red', 'green'], [1, 2], {'x': 1, 'y': 2}, MAP {'a': 1}, 7::UNION(num INTEGER, str VARCHAR), '0b9e6c54-1a1f-4b47-8d5e-6a7f0e2f6d7a',
      170141183460469231731687303715884105727, INTERVAL 1 DAY, '10:30:00+02', '\\x01'::BLOB, 'happy', '{"city": "Berlin"}', 'NaN'),
     (2, ['blue'], [3], {'x': 3, 'y': 4}, MAP {'b': 2}, 'seven'::UNION(num INTEGER, str VARCHAR), '1c9e6c54-1a1f-4b47-8d5e-6a7f0e2f6d7b',
      5, INTERVAL 3 HOUR, '23:59:00-05', NULL, 'sad', '{"city": "Rome"}', 'inf'),
     (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'ok', NULL, '-inf'),
     (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1.5)`,
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR, city VARCHAR)',
  "INSERT INTO customers VALUES (1, 'Ada', 'Oslo'), (2, 'Bo', 'Rome')",
  "COMMENT ON TABLE customers IS 'People who buy from us'",
  "COMMENT ON COLUMN customers.city IS 'Where the customer lives'",
  "CREATE VIEW oslo_customers AS SELECT id, name FROM customers WHERE city = 'Oslo'",
  "COMMENT ON VIEW oslo_customers IS 'Customers in Oslo'",
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pgtypes-duckdb-'));
  const file = join(dir, 'kinds.duckdb');
  const instance = await DuckDBInstance.create(file);
  const c = await instance.connect();
  for (const sql of SQL) await c.run(sql);
  c.closeSync();
  instance.closeSync();
  profile = await profileDuckdb(file, { views: 'list', onWarning: (m) => warnings.push(m) });
  profiledViews = await profileDuckdb(file, { views: 'profile', tables: ['oslo_customers'] });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const column = (c: string, t = 'kinds'): ColumnProfile => {
  const found = profile.tables.find((x) => x.name === t)?.columns.find((x) => x.name === c);
  if (!found) throw new Error(`no column ${t}.${c} in the profile`);
  return found;
};

describe('DuckDB types', () => {
  it('profiles every column, none skipped', () => {
    expect(warnings).toEqual([]);
    expect(profile.tables.find((t) => t.name === 'kinds')?.columns).toHaveLength(14);
  });

  it.each([
    ['tags', 'unknown', 2],
    ['nums', 'unknown', 2],
    ['point', 'unknown', 2],
    ['attrs', 'unknown', 2],
    ['either', 'unknown', 2],
    ['uid', 'text', 2],
    ['huge', 'integer', 2],
    ['wait', 'unknown', 2],
    ['alarm', 'unknown', 2],
    ['raw', 'blob', 1],
    ['feeling', 'text', 3],
    ['doc', 'unknown', 2],
    ['measure', 'real', 4],
  ] as const)('%s is %s with %i values counted', (name, inferredType, count) => {
    expect(column(name)).toMatchObject({ inferredType, count });
  });

  it('reads nested values as their text, HUGEINT beyond 2^53 as a decimal string', () => {
    expect(column('tags').sample.map((s) => s.value)).toEqual(['[blue]', '[red, green]']);
    expect(column('point').min).toBe("{'x': 1, 'y': 2}");
    expect(column('huge')).toMatchObject({ min: 5, max: '170141183460469231731687303715884105727' });
    expect(column('feeling').values).toEqual({ complete: true, distinct: 3, list: ['happy', 'ok', 'sad'] });
    expect(column('doc').values).toBeUndefined();
    expect(column('tags').values).toBeUndefined();
  });

  it('keeps NaN and ±inf as strings in the sample and in min and max', () => {
    const measure = column('measure');
    expect(measure.sample.map((s) => String(s.value)).sort()).toEqual(['-Infinity', '1.5', 'Infinity', 'NaN']);
    expect(measure.min).toBe('-Infinity');
    expect(measure.max).toBe('NaN'); // DuckDB orders NaN above every number
  });

  it('lists views with their kind, reads comments as descriptions', () => {
    const view = profile.tables.find((t) => t.name === 'oslo_customers');
    expect(view).toMatchObject({ kind: 'view', rowCount: 0, description: 'Customers in Oslo' });
    expect(view?.columns.map((c) => c.name)).toEqual(['id', 'name']);
    const customers = profile.tables.find((t) => t.name === 'customers');
    expect(customers?.description).toBe('People who buy from us');
    expect(customers?.kind).toBeUndefined();
    expect(column('city', 'customers').description).toBe('Where the customer lives');
    expect(column('name', 'customers').description).toBeUndefined();
    expect(profiledViews.tables.map((t) => [t.name, t.kind, t.rowCount])).toEqual([['oslo_customers', 'view', 1]]);
  });
});
