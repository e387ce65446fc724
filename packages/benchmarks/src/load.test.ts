import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphFromSchema, type SchemaColumnSpec, type SchemaSpec, type SchemaTableSpec } from '@guided-retrieval/context-graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchmarkDataError, loadBenchmark, loadBenchmarkWithStats } from './load.js';
import { inferredTypeOf } from './spider-format.js';
import type { Benchmark } from './types.js';

// Tiny fixture folders in the benchmarks' formats, written to a temp dir (the tests never read
// the real benchmark data).

/** BIRD-format schemas of two databases. Column index 0 is always `*`. */
const BIRD_TABLES = [
  {
    db_id: 'shop',
    table_names_original: ['customers', 'orders', 'order_items'],
    table_names: ['customers', 'orders', 'order items'],
    column_names_original: [
      [-1, '*'],
      [0, 'CustomerID'], // 1
      [0, 'Segment'], // 2
      [0, 'Joined'], // 3
      [1, 'OrderID'], // 4
      [1, 'CustomerID'], // 5
      [1, 'Amount'], // 6
      [2, 'OrderID'], // 7
      [2, 'Line_No'], // 8
      [2, 'Qty'], // 9
    ],
    column_names: [
      [-1, '*'],
      [0, 'Customer ID'],
      [0, 'client segment'],
      [0, 'joined'],
      [1, 'order id'],
      [1, 'customer id'],
      [1, 'Amount'],
      [2, 'order id'],
      [2, 'line no'],
      [2, 'quantity'],
    ],
    column_types: ['text', 'integer', 'text', 'datetime', 'integer', 'integer', 'real', 'integer', 'integer', 'number'],
    primary_keys: [1, 4, [7, 8]],
    // orders.CustomerID -> customers.CustomerID, order_items.OrderID -> orders.OrderID, then two
    // malformed ones (out of range, and the * pseudo-column).
    foreign_keys: [
      [5, 1],
      [7, 4],
      [99, 1],
      [0, 4],
    ],
  },
  {
    db_id: 'forum',
    table_names_original: ['posts', 'users'],
    table_names: ['posts', 'users'],
    column_names_original: [
      [-1, '*'],
      [0, 'Id'],
      [0, 'ParentId'],
      [0, 'OwnerUserId'],
      [1, 'Id'],
      [1, 'DisplayName'],
    ],
    column_names: [
      [-1, '*'],
      [0, 'id'],
      [0, 'parent id'],
      [0, 'owner user id'],
      [1, 'id'],
      [1, 'display name'],
    ],
    column_types: ['text', 'integer', 'integer', 'integer', 'integer', 'text'],
    primary_keys: [1, 4],
    // A self-reference within posts, then posts.OwnerUserId -> users.Id.
    foreign_keys: [
      [2, 1],
      [3, 4],
    ],
  },
  {
    db_id: 'unused',
    table_names_original: ['t'],
    table_names: ['t'],
    column_names_original: [
      [-1, '*'],
      [0, 'x'],
    ],
    column_names: [
      [-1, '*'],
      [0, 'x'],
    ],
    column_types: ['text', 'text'],
    primary_keys: [],
    foreign_keys: [],
  },
];

/** The cleaned description file; names in other cases than dev_tables.json on purpose. */
const BIRD_DESCRIPTIONS = [
  {
    name: 'shop',
    tables: [
      {
        name: 'CUSTOMERS',
        columns: [
          {
            name: 'customerid',
            original_name: null,
            type: 'integer',
            description: 'identification of the customer',
            value_description: null,
            sample_values: [3, 5, 6],
          },
          {
            name: 'segment',
            original_name: 'client segment',
            type: 'text',
            description: 'client segment',
            value_description: 'KAM: key account; SME: small business',
            sample_values: ['SME', 'KAM', null, ''],
          },
          { name: 'Joined', original_name: 'date joined', type: 'datetime', description: null, value_description: null, sample_values: [] },
          {
            name: 'Ghost',
            original_name: null,
            type: 'text',
            description: 'not in dev_tables.json',
            value_description: null,
            sample_values: ['boo'],
          },
        ],
      },
      {
        name: 'order_items',
        columns: [
          {
            name: 'qty',
            original_name: 'quantity',
            type: 'integer',
            description: '  ',
            value_description: 'pieces',
            sample_values: [1, 2, 10],
          },
        ],
      },
    ],
  },
];

const BIRD_QUESTIONS = [
  {
    question_id: 7,
    db_id: 'shop',
    question: 'Which KAM customers ordered most?',
    evidence: 'KAM refers to Segment = "KAM"',
    SQL: 'SELECT 1 FROM customers',
    difficulty: 'simple',
  },
  { question_id: 8, db_id: 'shop', question: 'How many orders?', evidence: '', SQL: 'SELECT COUNT(*) FROM orders', difficulty: 'simple' },
  {
    question_id: 9,
    db_id: 'forum',
    question: 'Who wrote the most replies?',
    evidence: '   ',
    SQL: 'SELECT DisplayName FROM users',
    difficulty: 'moderate',
  },
];

const SPIDER_TABLES = [
  {
    db_id: 'not_in_dev',
    table_names_original: ['a'],
    table_names: ['a'],
    column_names_original: [
      [-1, '*'],
      [0, 'id'],
    ],
    column_names: [
      [-1, '*'],
      [0, 'id'],
    ],
    column_types: ['text', 'number'],
    primary_keys: [1],
    foreign_keys: [],
  },
  {
    db_id: 'concert_singer',
    table_names_original: ['stadium', 'singer', 'singer_in_concert'],
    table_names: ['stadium', 'singer', 'singer in concert'],
    column_names_original: [
      [-1, '*'],
      [0, 'Stadium_ID'], // 1
      [0, 'Capacity'], // 2
      [1, 'Singer_ID'], // 3
      [1, 'Name'], // 4
      [1, 'Is_male'], // 5
      [1, 'Since'], // 6
      [2, 'concert_ID'], // 7
      [2, 'Singer_ID'], // 8
      [2, 'Stadium_ID'], // 9
      [2, 'notes'], // 10
    ],
    column_names: [
      [-1, '*'],
      [0, 'stadium id'],
      [0, 'capacity'],
      [1, 'singer id'],
      [1, 'name'],
      [1, 'is male'],
      [1, 'since year'],
      [2, 'concert id'],
      [2, 'singer id'],
      [2, 'stadium id'],
      [2, 'notes'],
    ],
    column_types: ['text', 'number', 'number', 'number', 'text', 'boolean', 'time', 'number', 'number', 'number', 'others'],
    primary_keys: [1, 3, 7],
    // singer_in_concert.Singer_ID -> singer.Singer_ID (listed twice), its Stadium_ID -> stadium.
    foreign_keys: [
      [8, 3],
      [9, 1],
      [8, 3],
    ],
  },
  {
    db_id: 'pets_1',
    table_names_original: ['Student', 'Pets'],
    table_names: ['student', 'pets'],
    column_names_original: [
      [-1, '*'],
      [0, 'StuID'],
      [1, 'PetID'],
    ],
    column_names: [
      [-1, '*'],
      [0, 'student id'],
      [1, 'pet id'],
    ],
    column_types: ['text', 'number', 'number'],
    primary_keys: [1, 2],
    foreign_keys: [],
  },
];

const SPIDER_QUESTIONS = [
  { db_id: 'concert_singer', query: 'SELECT count(*) FROM singer', question: 'How many singers do we have?', sql: {} },
  { db_id: 'pets_1', query: 'SELECT count(*) FROM pets', question: 'How many pets are there?', sql: {} },
  { db_id: 'concert_singer', query: 'SELECT max(capacity) FROM stadium', question: 'What is the largest capacity?', sql: {} },
];

let root = '';
let birdDir = '';
let spiderDir = '';

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 1));
}

function folder(name: string, files: Record<string, unknown>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, value] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeJson(join(dir, file), value);
  }
  return dir;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bench-load-'));
  birdDir = folder('bird', {
    'dev.json': BIRD_QUESTIONS,
    'dev_tables.json': BIRD_TABLES,
    'database_description_derived/dev_tables_cleaned.json': BIRD_DESCRIPTIONS,
  });
  spiderDir = folder('spider', { 'dev.json': SPIDER_QUESTIONS, 'tables.json': SPIDER_TABLES });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function schemaOf(bench: Benchmark, db: string): SchemaSpec {
  const found = bench.databases.find((d) => d.name === db);
  if (!found) throw new Error(`no database ${db}`);
  return found.schema;
}

function tableOf(schema: SchemaSpec, name: string): SchemaTableSpec {
  const table = schema.tables.find((t) => t.name === name);
  if (!table) throw new Error(`no table ${name}`);
  return table;
}

function columnOf(schema: SchemaSpec, table: string, name: string): SchemaColumnSpec {
  const column = tableOf(schema, table).columns.find((c) => typeof c !== 'string' && c.name === name);
  if (!column || typeof column === 'string') throw new Error(`no column ${table}.${name}`);
  return column;
}

const columnNames = (table: SchemaTableSpec) => table.columns.map((c) => (typeof c === 'string' ? c : c.name));

describe('BIRD loader', () => {
  it('loads the questions, with evidence null when empty, and the gold SQL untouched', () => {
    const bench = loadBenchmark('bird-dev', birdDir);
    expect(bench.name).toBe('bird-dev');
    expect(bench.questions).toEqual([
      {
        id: '7',
        db: 'shop',
        question: 'Which KAM customers ordered most?',
        evidence: 'KAM refers to Segment = "KAM"',
        sql: 'SELECT 1 FROM customers',
      },
      { id: '8', db: 'shop', question: 'How many orders?', evidence: null, sql: 'SELECT COUNT(*) FROM orders' },
      { id: '9', db: 'forum', question: 'Who wrote the most replies?', evidence: null, sql: 'SELECT DisplayName FROM users' },
    ]);
  });

  it('loads only the databases the questions use, with their tables and columns in order', () => {
    const bench = loadBenchmark('bird-dev', birdDir);
    expect(bench.databases.map((d) => d.name)).toEqual(['shop', 'forum']);
    const shop = schemaOf(bench, 'shop');
    expect(shop.database).toBe('shop');
    expect(shop.tables.map((t) => t.name)).toEqual(['customers', 'orders', 'order_items']);
    expect(columnNames(tableOf(shop, 'customers'))).toEqual(['CustomerID', 'Segment', 'Joined']);
    expect(columnNames(tableOf(shop, 'order_items'))).toEqual(['OrderID', 'Line_No', 'Qty']);
  });

  it('keeps primary keys, composite ones included', () => {
    const shop = schemaOf(loadBenchmark('bird-dev', birdDir), 'shop');
    expect(tableOf(shop, 'customers').primaryKey).toEqual(['CustomerID']);
    expect(tableOf(shop, 'orders').primaryKey).toEqual(['OrderID']);
    expect(tableOf(shop, 'order_items').primaryKey).toEqual(['OrderID', 'Line_No']);
  });

  it('keeps foreign keys in their direction (the first column references the second), skipping malformed ones', () => {
    const { benchmark, stats } = loadBenchmarkWithStats('bird-dev', birdDir);
    expect(schemaOf(benchmark, 'shop').foreignKeys).toEqual([
      { fromTable: 'orders', fromColumns: ['CustomerID'], toTable: 'customers', toColumns: ['CustomerID'] },
      { fromTable: 'order_items', fromColumns: ['OrderID'], toTable: 'orders', toColumns: ['OrderID'] },
    ]);
    // A key within one table is still an edge.
    expect(schemaOf(benchmark, 'forum').foreignKeys).toEqual([
      { fromTable: 'posts', fromColumns: ['ParentId'], toTable: 'posts', toColumns: ['Id'] },
      { fromTable: 'posts', fromColumns: ['OwnerUserId'], toTable: 'users', toColumns: ['Id'] },
    ]);
    expect(stats.foreignKeys).toBe(4);
    expect(stats.skippedForeignKeys).toHaveLength(2);
    expect(stats.skippedForeignKeys[0]).toMatch(/shop: \[99,1\]: column index 99 is out of range/);
    expect(stats.skippedForeignKeys[1]).toMatch(/shop: \[0,4\]: column index 0 is the \* pseudo-column/);

    const graph = graphFromSchema(schemaOf(benchmark, 'shop'));
    expect(graph.outEdges('orders').map((e) => e.toTable)).toEqual(['customers']);
    expect(graph.outEdges('customers')).toEqual([]);
    expect([...graph.reachable('order_items')].sort()).toEqual(['customers', 'orders']);
  });

  it('takes descriptions, value descriptions, aliases and samples from the cleaned file, case-insensitively', () => {
    const { benchmark, stats } = loadBenchmarkWithStats('bird-dev', birdDir);
    const shop = schemaOf(benchmark, 'shop');
    expect(columnOf(shop, 'customers', 'CustomerID')).toEqual({
      name: 'CustomerID',
      type: 'integer',
      inferredType: 'integer',
      description: 'identification of the customer',
      aliases: ['Customer ID'],
      sample: [3, 5, 6],
    });
    expect(columnOf(shop, 'customers', 'Segment')).toEqual({
      name: 'Segment',
      type: 'text',
      inferredType: 'text',
      description: 'client segment\nKAM: key account; SME: small business',
      aliases: ['client segment'],
      sample: ['SME', 'KAM'],
    });
    // original_name as an alias; no description or sample when the file has none.
    expect(columnOf(shop, 'customers', 'Joined')).toEqual({
      name: 'Joined',
      type: 'datetime',
      inferredType: 'date',
      aliases: ['date joined'],
    });
    // A blank description with a value description: the value description alone. `number` with
    // integral samples is an integer; `quantity` is both column_names and original_name, once.
    expect(columnOf(shop, 'order_items', 'Qty')).toEqual({
      name: 'Qty',
      type: 'number',
      inferredType: 'integer',
      description: 'pieces',
      aliases: ['quantity'],
      sample: [1, 2, 10],
    });
    // column_names equal to the name but for case and underscores: no alias.
    expect(columnOf(shop, 'order_items', 'Line_No').aliases).toBeUndefined();
    expect(tableOf(shop, 'order_items').aliases).toBeUndefined();
    // Columns the file doesn't describe get no description.
    expect(columnOf(shop, 'orders', 'Amount')).toEqual({ name: 'Amount', type: 'real', inferredType: 'real' });

    expect(stats.describedColumns).toBe(3);
    expect(stats.sampledColumns).toBe(3);
    expect(stats.unmatchedDescriptions).toEqual(['shop.CUSTOMERS.Ghost']);
    expect(stats.descriptionFile).toBe(join(birdDir, 'database_description_derived', 'dev_tables_cleaned.json'));
    expect(stats).toMatchObject({ databases: 2, questions: 3, tables: 5, columns: 14 });
  });

  it('works without the description file', () => {
    const dir = folder('bird-bare', { 'dev.json': BIRD_QUESTIONS, 'dev_tables.json': BIRD_TABLES });
    const { benchmark, stats } = loadBenchmarkWithStats('bird-dev', dir);
    expect(stats.descriptionFile).toBeNull();
    expect(stats.describedColumns).toBe(0);
    expect(columnOf(schemaOf(benchmark, 'shop'), 'customers', 'Segment')).toEqual({
      name: 'Segment',
      type: 'text',
      inferredType: 'text',
      aliases: ['client segment'],
    });
  });

  it('gives graphs that graphFromSchema accepts', () => {
    for (const db of loadBenchmark('bird-dev', birdDir).databases) expect(() => graphFromSchema(db.schema)).not.toThrow();
  });
});

describe('Spider loader', () => {
  it('loads questions with their index as id, no evidence, and the query as gold SQL', () => {
    const bench = loadBenchmark('spider-dev', spiderDir);
    expect(bench.name).toBe('spider-dev');
    expect(bench.questions).toEqual([
      { id: '0', db: 'concert_singer', question: 'How many singers do we have?', evidence: null, sql: 'SELECT count(*) FROM singer' },
      { id: '1', db: 'pets_1', question: 'How many pets are there?', evidence: null, sql: 'SELECT count(*) FROM pets' },
      {
        id: '2',
        db: 'concert_singer',
        question: 'What is the largest capacity?',
        evidence: null,
        sql: 'SELECT max(capacity) FROM stadium',
      },
    ]);
  });

  it('loads only the databases dev.json uses, in tables.json order', () => {
    const { benchmark, stats } = loadBenchmarkWithStats('spider-dev', spiderDir);
    expect(benchmark.databases.map((d) => d.name)).toEqual(['concert_singer', 'pets_1']);
    expect(stats).toMatchObject({
      databases: 2,
      questions: 3,
      tables: 5,
      columns: 12,
      foreignKeys: 2,
      describedColumns: 0,
      sampledColumns: 0,
    });
  });

  it('maps the schema: columns, types, keys, aliases; duplicate foreign keys kept once', () => {
    const { benchmark, stats } = loadBenchmarkWithStats('spider-dev', spiderDir);
    const schema = schemaOf(benchmark, 'concert_singer');
    expect(columnNames(tableOf(schema, 'singer'))).toEqual(['Singer_ID', 'Name', 'Is_male', 'Since']);
    expect(tableOf(schema, 'singer_in_concert').primaryKey).toEqual(['concert_ID']);
    expect(columnOf(schema, 'stadium', 'Capacity')).toEqual({ name: 'Capacity', type: 'number', inferredType: 'real' });
    expect(columnOf(schema, 'singer', 'Is_male').inferredType).toBe('boolean');
    expect(columnOf(schema, 'singer', 'Since')).toEqual({ name: 'Since', type: 'time', inferredType: 'date', aliases: ['since year'] });
    expect(columnOf(schema, 'singer_in_concert', 'notes').inferredType).toBe('unknown');
    expect(schema.foreignKeys).toEqual([
      { fromTable: 'singer_in_concert', fromColumns: ['Singer_ID'], toTable: 'singer', toColumns: ['Singer_ID'] },
      { fromTable: 'singer_in_concert', fromColumns: ['Stadium_ID'], toTable: 'stadium', toColumns: ['Stadium_ID'] },
    ]);
    expect(stats.duplicateForeignKeys).toEqual(['concert_singer: singer_in_concert.Singer_ID -> singer.Singer_ID']);
    expect(stats.skippedForeignKeys).toEqual([]);
    const pets = schemaOf(benchmark, 'pets_1');
    expect(columnOf(pets, 'Student', 'StuID').aliases).toEqual(['student id']);
    for (const db of benchmark.databases) expect(() => graphFromSchema(db.schema)).not.toThrow();
  });
});

describe('errors', () => {
  it('names a missing file and says where to point --data', () => {
    const dir = folder('bird-no-tables', { 'dev.json': BIRD_QUESTIONS });
    const load = () => loadBenchmark('bird-dev', dir);
    expect(load).toThrow(BenchmarkDataError);
    expect(load).toThrow(
      `BIRD dev data not found: ${join(dir, 'dev_tables.json')} (point --data at the folder that holds dev.json and dev_tables.json)`,
    );
    const spider = folder('spider-no-dev', { 'tables.json': SPIDER_TABLES });
    expect(() => loadBenchmark('spider-dev', spider)).toThrow(
      `Spider dev data not found: ${join(spider, 'dev.json')} (point --data at the folder that holds dev.json and tables.json)`,
    );
  });

  it('names a missing folder', () => {
    const dir = join(root, 'nowhere');
    expect(() => loadBenchmark('spider-dev', dir)).toThrow(`Spider dev data not found: ${dir} does not exist`);
  });

  it('reports malformed JSON in one line, naming the file', () => {
    const dir = folder('bird-broken', { 'dev_tables.json': BIRD_TABLES });
    writeFileSync(join(dir, 'dev.json'), '[{"question_id": 1,,}');
    let message = '';
    try {
      loadBenchmark('bird-dev', dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      new RegExp(`^BIRD dev data is not valid JSON: ${join(dir, 'dev.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `),
    );
    expect(message).not.toContain('\n');
  });

  it('reports a malformed description file rather than ignoring it', () => {
    const dir = folder('bird-bad-descriptions', { 'dev.json': BIRD_QUESTIONS, 'dev_tables.json': BIRD_TABLES });
    mkdirSync(join(dir, 'database_description_derived'));
    writeFileSync(join(dir, 'database_description_derived', 'dev_tables_cleaned.json'), '{oops');
    expect(() => loadBenchmark('bird-dev', dir)).toThrow(/BIRD dev data is not valid JSON: .*dev_tables_cleaned\.json: /);
  });

  it('rejects the wrong shape and questions about undescribed databases', () => {
    const notArray = folder('spider-shape', { 'dev.json': { questions: [] }, 'tables.json': SPIDER_TABLES });
    expect(() => loadBenchmark('spider-dev', notArray)).toThrow(
      `Spider dev data is malformed: ${join(notArray, 'dev.json')}: expected a JSON array of questions`,
    );
    const unknownDb = folder('spider-unknown-db', {
      'dev.json': [{ db_id: 'nope', question: 'q?', query: 'SELECT 1' }],
      'tables.json': SPIDER_TABLES,
    });
    expect(() => loadBenchmark('spider-dev', unknownDb)).toThrow(/question 0 names database nope, which tables\.json does not describe/);
    const badColumns = folder('bird-bad-columns', {
      'dev.json': BIRD_QUESTIONS,
      'dev_tables.json': [{ ...BIRD_TABLES[0], column_types: ['text'] }, ...BIRD_TABLES.slice(1)],
    });
    expect(() => loadBenchmark('bird-dev', badColumns)).toThrow(
      /schema 0 \(shop\): column_types must be an array of strings, one per entry/,
    );
  });
});

describe('inferredTypeOf', () => {
  it('maps the declared types, and numbers by their sample', () => {
    expect(inferredTypeOf('integer')).toBe('integer');
    expect(inferredTypeOf('REAL')).toBe('real');
    expect(inferredTypeOf('text')).toBe('text');
    expect(inferredTypeOf('date')).toBe('date');
    expect(inferredTypeOf('datetime')).toBe('date');
    expect(inferredTypeOf('time')).toBe('date');
    expect(inferredTypeOf('others')).toBe('unknown');
    expect(inferredTypeOf('number')).toBe('real');
    expect(inferredTypeOf('number', [1, '2', 30])).toBe('integer');
    expect(inferredTypeOf('number', [1, 2.5])).toBe('real');
    expect(inferredTypeOf('number', ['1.25', '3'])).toBe('real');
  });
});
