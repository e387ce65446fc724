/**
 * Every kind of PostgreSQL column a real schema uses profiles (or is skipped with a warning
 * naming the table, column and type): arrays, enums, domains, documents, ranges, composites,
 * network and geometric types, money, bit strings, times, generated columns, NaN and ±Infinity;
 * a partitioned table is one table, views and materialized views are listed as such, a table
 * outside `public` carries its schema, and comments become descriptions. Against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from './connector.js';
import { openPostgres, profilePostgres } from './postgres.js';
import { profileDatabase } from './profile.js';
import { postgresUrl, scratchDatabase } from './test-support/postgres.js';
import type { ColumnProfile, DatabaseProfile } from './types.js';

let admin: string | undefined;
try {
  admin = postgresUrl();
} catch {
  admin = undefined; // postgres.test.ts fails with the set-up hint; no need to say it twice
}

const NAME = `pgtypes_helper_types_${process.pid}`;

/** The fixture: one table per family of types, a partitioned table, views, a second schema, comments. */
const TYPES_SQL = [
  "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
  'CREATE DOMAIN year AS integer CHECK (VALUE BETWEEN 1901 AND 2155)',
  'CREATE DOMAIN code AS text',
  'CREATE TYPE address AS (street text, city text)',
  `CREATE TABLE kinds (
     id integer PRIMARY KEY,
     tags text[], names varchar(20)[], counts int[],
     feeling mood, made year, label code,
     doc_search tsvector, doc json, docb jsonb, uid uuid,
     span int4range, period tstzrange, ratio numrange,
     home address, raw bytea,
     ip inet, net cidr, mac macaddr,
     pt point, ln line, bx box, poly polygon, circ circle,
     price money, flags bit(3), vflags bit varying(8), page xml,
     wait interval, alarm time with time zone, seen timestamptz,
     measure double precision,
     doubled integer GENERATED ALWAYS AS (id * 2) STORED
   )`,
  `INSERT INTO kinds (id, tags, names, counts, feeling, made, label, doc_search, doc, docb, uid, span, period, ratio, home, raw,
                      ip, net, mac, pt, ln, bx, poly, circ, price, flags, vflags, page, wait, alarm, seen, measure) VALUES
   (1, '{red,green}', '{Anna,Bob}', '{1,2}', 'happy', 2006, 'A1', to_tsvector('english', 'the quick brown fox'),
    '{"city": "Berlin"}', '{"city": "Berlin"}', '0b9e6c54-1a1f-4b47-8d5e-6a7f0e2f6d7a', '[1,5)', '[2024-01-01,2024-02-01)', '[0.5,1.5]',
    ROW('Main St', 'Paris'), '\\x0102', '10.0.0.1', '10.0.0.0/8', '08:00:2b:01:02:03', '(1,2)', '{1,-1,0}', '((0,0),(1,1))',
    '((0,0),(1,0),(1,1))', '<(0,0),1>', 12.34, B'101', B'1', '<a>x</a>', '1 day 02:00', '10:30:00+02', '2024-01-02 03:04:05+00', 'NaN'),
   (2, '{blue}', '{Cleo}', '{3}', 'sad', 1999, 'B2', to_tsvector('english', 'lazy dogs'),
    '{"city": "Rome"}', '{"city": "Rome"}', '1c9e6c54-1a1f-4b47-8d5e-6a7f0e2f6d7b', '[2,9)', '[2024-03-01,2024-04-01)', '[2,3]',
    ROW('High St', 'Oslo'), NULL, '10.0.0.2', '192.168.0.0/16', '08:00:2b:01:02:04', '(3,4)', '{1,1,0}', '((0,0),(2,2))',
    '((0,0),(2,0),(2,2))', '<(1,1),2>', 5.00, B'011', B'10', '<b>y</b>', '3 hours', '23:59:00-05', '2024-05-06 07:08:09+00', 'Infinity'),
   (3, NULL, NULL, NULL, 'ok', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '-Infinity'),
   (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1.5)`,
  `CREATE TABLE measurements (id integer, city text, taken date NOT NULL, reading double precision) PARTITION BY RANGE (taken)`,
  `CREATE TABLE measurements_2023 PARTITION OF measurements FOR VALUES FROM ('2023-01-01') TO ('2024-01-01')`,
  `CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')`,
  `INSERT INTO measurements VALUES (1, 'Oslo', '2023-06-01', 1.5), (2, 'Rome', '2024-06-01', 2.5), (3, 'Oslo', '2024-07-01', 3.5)`,
  // The older way: children by table inheritance (Sakila's payment_p2007_*), one logical table with the parent.
  'CREATE TABLE events (id integer, at date)',
  'CREATE TABLE events_2024 (CHECK (at >= DATE $$2024-01-01$$)) INHERITS (events)',
  "INSERT INTO events VALUES (1, '2023-05-05')",
  "INSERT INTO events_2024 VALUES (2, '2024-05-05')",
  'CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL, city text)',
  "INSERT INTO customers VALUES (1, 'Ada', 'Oslo'), (2, 'Bo', 'Rome')",
  "COMMENT ON TABLE customers IS 'People who buy from us'",
  "COMMENT ON COLUMN customers.city IS 'Where the customer lives'",
  'CREATE SCHEMA billing',
  'CREATE TABLE billing.invoices (id integer PRIMARY KEY, customer_id integer REFERENCES customers, total numeric(10,2))',
  'INSERT INTO billing.invoices VALUES (10, 1, 99.50), (11, 2, 10.00), (12, 1, 5.25)',
  "COMMENT ON TABLE billing.invoices IS 'One row per invoice sent'",
  "COMMENT ON COLUMN billing.invoices.total IS 'Amount due, in euros'",
  'CREATE VIEW oslo_customers AS SELECT id, name FROM customers WHERE city = $$Oslo$$',
  'CREATE MATERIALIZED VIEW city_counts AS SELECT city, count(*) AS customers FROM customers GROUP BY city',
  'ANALYZE',
];

describe.skipIf(admin === undefined)('PostgreSQL types, partitions, views, schemas and comments', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let profile: DatabaseProfile;
  let profiled: DatabaseProfile;
  let unlisted: DatabaseProfile;
  const warnings: string[] = [];

  beforeAll(async () => {
    db = await scratchDatabase(admin ?? '', NAME, TYPES_SQL);
    profile = await profilePostgres(db.url, { views: 'list', onWarning: (m) => warnings.push(m) });
    unlisted = await profilePostgres(db.url, { tables: ['customers'] });
    profiled = await profilePostgres(db.url, { views: 'profile', tables: ['city_counts', 'oslo_customers'] });
  }, 60_000);

  afterAll(async () => {
    await db?.drop();
  });

  const column = (c: string, t = 'kinds'): ColumnProfile => {
    const found = profile.tables.find((x) => x.name === t)?.columns.find((x) => x.name === c);
    if (!found) throw new Error(`no column ${t}.${c} in the profile`);
    return found;
  };

  it('profiles every column of every type: none skipped, no warning', () => {
    expect(warnings).toEqual([]);
    const kinds = profile.tables.find((t) => t.name === 'kinds');
    expect(kinds?.columns).toHaveLength(33);
    expect(kinds?.rowCount).toBe(4);
  });

  it.each([
    ['tags', 'unknown', 2],
    ['names', 'unknown', 2],
    ['counts', 'unknown', 2],
    ['feeling', 'text', 3],
    ['made', 'integer', 2],
    ['label', 'text', 2],
    ['doc_search', 'unknown', 2],
    ['doc', 'unknown', 2],
    ['docb', 'unknown', 2],
    ['uid', 'text', 2],
    ['span', 'unknown', 2],
    ['period', 'unknown', 2],
    ['ratio', 'unknown', 2],
    ['home', 'unknown', 2], // a composite type: structured
    ['raw', 'blob', 1],
    ['ip', 'text', 2],
    ['net', 'text', 2],
    ['mac', 'text', 2],
    ['pt', 'unknown', 2],
    ['ln', 'unknown', 2],
    ['bx', 'unknown', 2],
    ['poly', 'unknown', 2],
    ['circ', 'unknown', 2],
    ['price', 'real', 2],
    ['flags', 'unknown', 2],
    ['vflags', 'unknown', 2],
    ['page', 'text', 2],
    ['wait', 'unknown', 2],
    ['alarm', 'unknown', 2],
    ['seen', 'date', 2],
    ['measure', 'real', 4],
    ['doubled', 'integer', 4],
  ] as const)('%s is %s with %i values counted', (name, inferredType, count) => {
    expect(column(name)).toMatchObject({ inferredType, count, distinct: count });
  });

  it('reads values of structured types as their text, domains and money as their base type', () => {
    expect(column('tags').sample.map((s) => s.value)).toEqual(['{blue}', '{red,green}']);
    expect(column('counts')).toMatchObject({ min: '{1,2}', max: '{3}' });
    expect(column('made')).toMatchObject({ declaredType: 'year', min: 1999, max: 2006 });
    expect(column('label')).toMatchObject({ declaredType: 'code', length: { min: 2, max: 2, mean: 2 } });
    expect(column('feeling')).toMatchObject({ declaredType: 'mood', min: 'happy', max: 'sad' });
    expect(column('price')).toMatchObject({ declaredType: 'money', min: 5, max: 12.34 });
    expect(column('span').sample.map((s) => s.value)).toEqual(['[1,5)', '[2,9)']);
    expect(column('pt')).toMatchObject({ min: '(1,2)', max: '(3,4)' });
    expect(
      column('wait')
        .sample.map((s) => s.value)
        .sort(),
    ).toEqual(['03:00:00', '1 day 02:00:00']);
    expect(
      column('alarm')
        .sample.map((s) => s.value)
        .sort(),
    ).toEqual(['10:30:00+02', '23:59:00-05']);
    expect(column('doubled')).toMatchObject({ min: 2, max: 8 });
  });

  it('keeps NaN and ±Infinity as PostgreSQL spells them, in the sample and in min and max', () => {
    const measure = column('measure');
    expect(measure.sample.map((s) => String(s.value)).sort()).toEqual(['-Infinity', '1.5', 'Infinity', 'NaN']);
    expect(measure.sample.find((s) => s.value === 1.5)).toBeDefined(); // a finite value stays a number
    expect(measure.min).toBe('-Infinity');
    expect(measure.max).toBe('NaN'); // PostgreSQL orders NaN above every number
  });

  it('lists no values for structured columns (JSON, arrays): they name nothing, whatever their text', () => {
    for (const name of ['doc', 'docb', 'tags', 'names', 'home', 'span']) expect(column(name).values).toBeUndefined();
    expect(column('feeling').values).toEqual({ complete: true, distinct: 3, list: ['happy', 'ok', 'sad'] });
  });

  it('profiles a partitioned (or inheritance-partitioned) table as one table, its partitions not at all', () => {
    const names = profile.tables.map((t) => t.name);
    expect(names).toContain('measurements');
    expect(names.filter((n) => n.startsWith('measurements_'))).toEqual([]);
    expect(profile.tables.find((t) => t.name === 'measurements')).toMatchObject({ rowCount: 3 });
    expect(column('city', 'measurements')).toMatchObject({ distinct: 2, min: 'Oslo', max: 'Rome' });
    expect(names).not.toContain('events_2024');
    expect(profile.tables.find((t) => t.name === 'events')).toMatchObject({ rowCount: 2 });
  });

  it('leaves views out by default', async () => {
    expect(unlisted.tables.map((t) => t.name)).toEqual(['customers']);
    await expect(profilePostgres(db.url, { tables: ['oslo_customers'] })).rejects.toThrow(/unknown table "oslo_customers"/);
  });

  it("lists views and materialized views with their kind and columns with views: 'list', reading none of their rows", () => {
    const view = profile.tables.find((t) => t.name === 'oslo_customers');
    const mat = profile.tables.find((t) => t.name === 'city_counts');
    expect(view).toMatchObject({ kind: 'view', rowCount: 0, sampleMethod: 'not read' });
    expect(view?.columns.map((c) => [c.name, c.inferredType])).toEqual([
      ['id', 'integer'],
      ['name', 'text'],
    ]);
    expect(mat).toMatchObject({ kind: 'materialized view', rowCount: 0 });
    expect(profile.tables.find((t) => t.name === 'customers')?.kind).toBeUndefined();
  });

  it("profiles views like tables with views: 'profile'", () => {
    expect(profiled.tables.map((t) => [t.name, t.kind, t.rowCount])).toEqual([
      ['city_counts', 'materialized view', 2],
      ['oslo_customers', 'view', 1],
    ]);
  });

  it('skips a column whose SQL the engine refuses with one warning naming table, column and type, and profiles the rest', async () => {
    // The dialect as it was before text arrays were told apart from text: char_length(text[]).
    const connector = await openPostgres(db.url);
    const broken: Connector = {
      engine: connector.engine,
      database: connector.database,
      listTables: () => connector.listTables(),
      describeTable: (t) => connector.describeTable(t),
      sampleSource: (t, n, s) => connector.sampleSource(t, n, s),
      query: (sql) => connector.query(sql),
      isolate: (work) => connector.isolate?.(work) ?? work(),
      close: () => connector.close(),
      dialect: {
        ...connector.dialect,
        column: (c: string, type: string) => {
          const sql = connector.dialect.column(c, type);
          return type === 'text[]' ? { ...sql, length: `char_length(${c})` } : sql;
        },
      },
    };
    const seen: string[] = [];
    try {
      const p = await profileDatabase(broken, { tables: ['kinds'], onWarning: (m) => seen.push(m) });
      expect(seen).toEqual(['table "kinds": column "tags" (text[]) skipped: PostgreSQL: function char_length(text[]) does not exist']);
      const kinds = p.tables[0];
      expect(kinds?.columns.map((c) => c.name)).not.toContain('tags');
      expect(kinds?.columns).toHaveLength(32);
      expect(kinds?.columns.find((c) => c.name === 'names')?.count).toBe(2);
    } finally {
      await connector.close();
    }
  });

  it('sets the schema of a table outside public, and reads comments as descriptions', () => {
    const invoices = profile.tables.find((t) => t.name === 'invoices');
    expect(invoices).toMatchObject({ schema: 'billing', description: 'One row per invoice sent' });
    expect(invoices?.columns.find((c) => c.name === 'total')?.description).toBe('Amount due, in euros');
    expect(invoices?.foreignKeys).toEqual([{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }]);
    const customers = profile.tables.find((t) => t.name === 'customers');
    expect(customers?.schema).toBeUndefined();
    expect(customers?.description).toBe('People who buy from us');
    expect(column('city', 'customers').description).toBe('Where the customer lives');
    expect(column('name', 'customers').description).toBeUndefined();
  });
});
