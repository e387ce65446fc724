import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listedGoldTables, loadBenchmark, scoreQuestion } from '@guided-retrieval/benchmarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsMarkdown } from '../report.js';
import { questionGold, runEvaluation } from '../run.js';
import { sliceResults } from '../slices.js';
import { benchGraph } from './graph.js';

// A Spider 2.0-lite folder in miniature: BIRD's layout, no keys, every number typed `real`,
// gold tables listed per question, the gold SQL in a dialect no parser here reads.
const TABLES = [
  {
    db_id: 'SHOP',
    table_names_original: ['USERS', 'ORDERS', 'EVENTS_*'],
    table_names: ['USERS', 'ORDERS', 'EVENTS_*'],
    column_names_original: [
      [-1, '*'],
      [0, 'id'],
      [0, 'email'],
      [1, 'order_id'],
      [1, 'user_id'],
      [1, 'amount'],
      [2, 'user_id'],
      [2, 'event_name'],
    ],
    column_names: [
      [-1, '*'],
      [0, 'id'],
      [0, 'email'],
      [1, 'order id'],
      [1, 'user id'],
      [1, 'amount'],
      [2, 'user id'],
      [2, 'event name'],
    ],
    column_types: ['text', 'real', 'text', 'real', 'real', 'real', 'real', 'text'],
    primary_keys: [],
    foreign_keys: [],
  },
  {
    db_id: 'one_table',
    table_names_original: ['trees'],
    table_names: ['trees'],
    column_names_original: [
      [-1, '*'],
      [0, 'species'],
    ],
    column_names: [
      [-1, '*'],
      [0, 'species'],
    ],
    column_types: ['text', 'text'],
    primary_keys: [],
    foreign_keys: [],
  },
];
const DESCRIPTIONS = [
  {
    name: 'SHOP',
    tables: [
      {
        name: 'USERS',
        columns: [
          { name: 'id', description: 'User identifier', sample_values: [11, 12, 13] },
          { name: 'email', sample_values: ['a@x.org'] },
        ],
      },
      {
        name: 'ORDERS',
        columns: [
          { name: 'order_id', sample_values: [1, 2] },
          { name: 'user_id', sample_values: [11, 12] },
          { name: 'amount', sample_values: [9.5, 3] },
        ],
      },
    ],
  },
];
const QUESTIONS = [
  {
    question_id: 'sf_1',
    db_id: 'SHOP',
    question: 'How much did each user spend on orders?',
    evidence: '',
    SQL: 'SELECT … FROM "SHOP"."SHOP"."ORDERS" o JOIN "SHOP"."SHOP"."USERS" u ON o."user_id" = u."id"',
    gold_tables: ['ORDERS', 'users'],
    backend: 'snowflake',
  },
  {
    question_id: 'bq_2',
    db_id: 'one_table',
    question: 'Which species are there?',
    evidence: '',
    SQL: 'SELECT DISTINCT species FROM `x.y.trees`',
    gold_tables: ['trees'],
    backend: 'bigquery',
  },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spider2-'));
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(QUESTIONS));
  writeFileSync(join(dir, 'dev_tables.json'), JSON.stringify(TABLES));
  const derived = join(dir, 'database_description_derived');
  mkdirSync(derived);
  writeFileSync(join(derived, 'dev_tables_cleaned.json'), JSON.stringify(DESCRIPTIONS));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Spider 2.0-lite loader', () => {
  it('keeps each question’s listed gold tables and backend', () => {
    const bench = loadBenchmark('spider2-lite', dir);
    expect(bench.name).toBe('spider2-lite');
    expect(bench.questions.map((q) => [q.id, q.goldTables, q.backend])).toEqual([
      ['sf_1', ['ORDERS', 'users'], 'snowflake'],
      ['bq_2', ['trees'], 'bigquery'],
    ]);
  });

  it('reads `real` as a number whose sample decides, and unknown without a sample', () => {
    const shop = loadBenchmark('spider2-lite', dir).databases.find((d) => d.name === 'SHOP')!;
    const type = (table: string, column: string) =>
      shop.schema.tables.find((t) => t.name === table)!.columns.find((c) => typeof c !== 'string' && c.name === column);
    expect(type('USERS', 'id')).toMatchObject({ type: 'real', inferredType: 'integer' });
    expect(type('ORDERS', 'amount')).toMatchObject({ inferredType: 'real' });
    expect(type('EVENTS_*', 'user_id')).toMatchObject({ inferredType: 'unknown' });
  });

  it('scores against the listed tables, spelled as the schema spells them, never the SQL', () => {
    const bench = loadBenchmark('spider2-lite', dir);
    const shop = bench.databases.find((d) => d.name === 'SHOP')!;
    expect(
      questionGold(
        bench.questions[0]!,
        shop.schema.tables.map((t) => t.name),
      ),
    ).toEqual({ ok: true, tables: ['ORDERS', 'USERS'] });
    expect(listedGoldTables(['nope'], ['USERS'])).toEqual({ ok: false, error: 'gold table nope is not in the schema' });
    expect(listedGoldTables([], ['USERS']).ok).toBe(false);
  });

  it('infers the join edges of a schema that declares none, as guided build does', async () => {
    const shop = loadBenchmark('spider2-lite', dir).databases.find((d) => d.name === 'SHOP')!;
    const { graph, inference } = await benchGraph(shop);
    expect(inference).not.toBeNull();
    expect(graph.edges.map((e) => e.id)).toEqual(expect.arrayContaining(['ORDERS(user_id)->USERS(id)']));
    const tree = await benchGraph(loadBenchmark('spider2-lite', dir).databases.find((d) => d.name === 'one_table')!);
    expect(tree.inference).toBeNull();
  });

  it('scores the inferred edges against the joins the gold SQL shows', async () => {
    const { results } = await runEvaluation({ bench: 'spider2-lite', dataDir: dir, baselines: false });
    expect(results.goldJoins).toEqual({
      databases: 1,
      goldPairs: 1,
      pairsWithEdge: 1,
      edgesOnGoldPairs: 1,
      edgesMatchingColumns: 1,
      perDatabase: { SHOP: { goldPairs: 1, pairsWithEdge: 1, edgesOnGoldPairs: 1, edgesMatchingColumns: 1 } },
    });
    expect(resultsMarkdown(results)).toContain('precision where the gold shows the join 1.000');
  });
});

describe('sliceResults', () => {
  it('cuts scored questions by gold size, schema size and backend, baselines beside', () => {
    const outcome = (db: string, gold: string[], retrieved: string[], backend: string) => ({
      db,
      gold,
      metrics: scoreQuestion(retrieved, gold),
      baselines: { bm25: gold.slice(0, 1) },
      backend,
    });
    const slices = sliceResults(
      [
        outcome('big', ['a', 'b'], ['a', 'b'], 'snowflake'),
        outcome('small', ['t'], ['u'], 'bigquery'),
        { db: 'small', gold: null, metrics: null, baselines: {} },
      ],
      (db) => (db === 'big' ? 150 : 1),
    );
    expect(slices['gold ≥ 2 tables']).toMatchObject({ questions: 1, guided: { f1: 1 }, baselines: { bm25: { recall: 0.5 } } });
    expect(slices['tables > 100']?.questions).toBe(1);
    expect(slices['databases of 2+ tables']?.questions).toBe(1);
    expect(slices['backend bigquery']).toMatchObject({ questions: 1, guided: { f1: 0 }, baselines: { bm25: { f1: 1 } } });
    expect(slices['tables 21–100']).toBeUndefined();
  });
});
