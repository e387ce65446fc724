import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { History } from '@guided-retrieval/history';
import { afterAll, describe, expect, it } from 'vitest';
import type { EdgeRef } from '../joins/score.js';
import { runEvaluation } from '../run.js';
import { writeMiniSpider } from '../test-support/mini-spider.js';
import { joinEdge, withLog } from './joins-from-sql.js';
import { HISTORY_SHARES, nearestTables, runHistoryBench, splitHalves } from './run.js';

// A folder holding spider-dev/ (the mini benchmark: two databases, one broken gold query).
const data = mkdtempSync(join(tmpdir(), 'history-bench-'));
renameSync(writeMiniSpider({ secondDatabase: true }), join(data, 'spider-dev'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

describe('splitHalves', () => {
  it('splits into two disjoint halves covering everything, the same for the same seed and label, another for another', () => {
    const items = Array.from({ length: 21 }, (_, i) => i);
    const [a, b] = splitHalves(items, 52, 'spider-dev/shop');
    expect(a).toHaveLength(11);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(items);
    expect(splitHalves(items, 52, 'spider-dev/shop')).toEqual([a, b]);
    expect(splitHalves(items, 53, 'spider-dev/shop')[0]).not.toEqual(a);
  });
});

describe('nearestTables', () => {
  it('answers with the nearest past question’s tables, and the union of the nearest few', () => {
    const history = History.of([
      { question: 'customers in each city', tables: ['customer'], joins: [], fingerprint: 'a' },
      { question: 'orders of customers in each city', tables: ['customer', 'orders'], joins: [], fingerprint: 'b' },
      { question: 'product prices', tables: ['product'], joins: [], fingerprint: 'c' },
    ]);
    expect(nearestTables(history, 'How many customers live in each city?', 2, 3)).toEqual({
      nearest: ['customer'],
      union: ['customer', 'orders'],
      vote: ['customer'],
    });
    expect(nearestTables(history, 'weather', 2, 3)).toEqual({ nearest: [], union: [], vote: [] });
  });
});

describe('join edges from SQL', () => {
  const profile = {
    formatVersion: 1,
    engine: 'sqlite',
    database: 'd',
    tables: [
      { name: 'orders', rowCount: 10, primaryKey: ['id'], foreignKeys: [], columns: [] },
      { name: 'customer', rowCount: 5, primaryKey: ['id'], foreignKeys: [], columns: [] },
    ],
  } as never;
  const e = (from: string, fc: string, to: string, tc: string): EdgeRef => ({
    id: `${from}.${fc}->${to}.${tc}`,
    fromTable: from,
    fromColumns: [fc],
    toTable: to,
    toColumns: [tc],
  });

  it('points a join at the side that is a key, and reads no foreign key in a join of two keys or of none', () => {
    expect(joinEdge({ fromTable: 'customer', fromColumns: ['id'], toTable: 'orders', toColumns: ['customer_id'] }, profile)).toMatchObject({
      fromTable: 'orders',
      toTable: 'customer',
    });
    expect(joinEdge({ fromTable: 'customer', fromColumns: ['id'], toTable: 'orders', toColumns: ['id'] }, profile)).toBeNull();
    expect(joinEdge({ fromTable: 'customer', fromColumns: ['city'], toTable: 'orders', toColumns: ['city'] }, profile)).toBeNull();
  });

  it('drops an inferred edge whose columns the log joins elsewhere only, and adds what the log shows that inference lacks', () => {
    const inferred = [
      e('orders', 'customer_id', 'customer', 'id'),
      e('orders', 'ship_to', 'nation', 'id'),
      e('orders', 'bill_to', 'nation', 'id'),
    ];
    const logged = [
      e('orders', 'ship_to', 'address', 'id'),
      e('orders', 'bill_to', 'nation', 'id'),
      e('lineitem', 'order_id', 'orders', 'id'),
    ];
    expect(withLog(inferred, logged).map((x) => x.id)).toEqual([
      'orders.customer_id->customer.id',
      'orders.bill_to->nation.id',
      'orders.ship_to->address.id',
      'lineitem.order_id->orders.id',
    ]);
  });
});

describe('runHistoryBench', () => {
  it('draws the learning curve: nothing from history at 0 %, the retriever at 0 % as the plain benchmark, join edges from the gold SQL', async () => {
    const results = await runHistoryBench({ dataDir: data, sets: ['spider-dev'] });
    const [spider] = results.sets;
    expect(spider).toMatchObject({ set: 'spider-dev', questions: 7, scored: 6 });
    expect(spider!.points.map((p) => p.share)).toEqual([...HISTORY_SHARES]);
    const [none, , , half] = spider!.points;
    expect(none).toMatchObject({ learned: 0, nearest: { accuracy: 0, f1: 0 } });
    // Each database's half learned in each fold: all 6 scored questions once at 50 %.
    expect(half!.learned).toBe(6);
    const plain = await runEvaluation({ bench: 'spider-dev', dataDir: join(data, 'spider-dev'), baselines: false });
    expect(none!.retriever!.accuracy).toBeCloseTo(plain.results.overall.accuracy, 9);
    expect(none!.retriever!.f1).toBeCloseTo(plain.results.overall.f1, 9);
    // The gold SQL joins both declared keys of each database, on the sides the keys say.
    expect(spider!.joins.sql).toMatchObject({ truth: 4, correct: 4, predicted: 4 });
    expect(await runHistoryBench({ dataDir: data, sets: ['spider-dev'], retrieval: false })).toMatchObject({
      sets: [{ points: spider!.points.map((p) => ({ nearest: p.nearest, retriever: null })) }],
    });
  });
});
