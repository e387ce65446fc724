import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeHistory } from './file.js';
import { History } from './history.js';
import { learnInto } from './learn.js';
import type { HistoryEntry, HistoryItem, HistorySchema } from './types.js';

const SCHEMA: HistorySchema = {
  tables: [
    { name: 'orders', columns: [{ name: 'id' }, { name: 'customer_id' }, { name: 'total' }, { name: 'ordered_at' }] },
    { name: 'customer', columns: [{ name: 'id' }, { name: 'nation_id' }, { name: 'name' }] },
    { name: 'nation', columns: [{ name: 'id' }, { name: 'name' }] },
    { name: 'product', columns: [{ name: 'id' }, { name: 'title' }] },
    { name: 'order_item', columns: [{ name: 'order_id' }, { name: 'product_id' }] },
  ],
};

const entry = (question: string | undefined, tables: string[], fingerprint: string, joins: HistoryEntry['joins'] = []): HistoryEntry => ({
  ...(question === undefined ? {} : { question }),
  tables,
  joins,
  fingerprint,
});

describe('History.similar', () => {
  const history = History.of([
    entry('Which customers ordered the most?', ['customer', 'orders'], 'a'),
    entry('How many orders were placed in 2023?', ['orders'], 'b'),
    entry('Which nations have the most customers?', ['customer', 'nation'], 'c'),
    entry('List every product title', ['product'], 'd'),
    entry(undefined, ['orders', 'order_item'], 'e'),
  ]);

  it('ranks by shared words weighted by rarity, 1 for the same words, and finds plural and tense variants', () => {
    const same = history.similar('Which customers ordered the most?', 2);
    expect(same[0]).toMatchObject({ question: 'Which customers ordered the most?', similarity: 1 });
    const variant = history.similar('the customer who orders most', 3).map((s) => s.question);
    expect(variant[0]).toBe('Which customers ordered the most?');
    // "nation" is rarer than "customer": the nation question outranks a customer-only one.
    const nations = history.similar('customers of each nation by region', 3);
    expect(nations.map((s) => s.question)).toEqual(['Which nations have the most customers?', 'Which customers ordered the most?']);
    for (const s of nations) expect(s.similarity).toBeGreaterThan(0);
    expect(nations[0]!.similarity).toBeLessThan(1);
    expect(nations[0]!.similarity).toBeGreaterThan(nations[1]!.similarity);
  });

  it('gives nothing for no shared word, at most k, and never a statement without a question', () => {
    expect(history.similar('weather tomorrow', 5)).toEqual([]);
    expect(history.similar('orders', 1)).toHaveLength(1);
    expect(history.similar('orders order item', 10).every((s) => s.question !== '')).toBe(true);
    expect(History.empty().similar('orders', 3)).toEqual([]);
  });
});

describe('History.similarTrees', () => {
  it('sums the similarity of the near questions that read each tree, so agreement outranks one nearer question', () => {
    const history = History.of([
      entry('total sales by store', ['sales', 'store'], 'a'),
      entry('sales by store and region', ['region', 'sales', 'store'], 'b'),
      entry('total sales of each store in 2023', ['sales', 'store'], 'c'),
      entry('store opening hours', ['store'], 'd'),
    ]);
    const trees = history.similarTrees('total sales by store and region', 4);
    expect(trees.map((t) => t.tables)).toEqual([['sales', 'store'], ['region', 'sales', 'store'], ['store']]);
    const [agreed, single] = trees;
    expect(agreed!.questions.map((q) => q.question)).toEqual(['total sales by store', 'total sales of each store in 2023']);
    expect(single!.questions[0]!.similarity).toBeGreaterThan(agreed!.questions[0]!.similarity);
    expect(agreed!.score).toBeCloseTo(agreed!.questions[0]!.similarity + agreed!.questions[1]!.similarity, 9);
  });
});

describe('History usage counts', () => {
  const j = { fromTable: 'customer', fromColumns: ['id'], toTable: 'orders', toColumns: ['customer_id'] };
  const history = History.of([
    entry('q1', ['customer', 'orders'], 'a', [j]),
    entry('q2', ['customer', 'orders'], 'b', [j]),
    entry(undefined, ['customer', 'nation', 'nation', 'orders'], 'c', [j]),
    entry('q1', ['customer', 'orders'], 'a', [j]),
  ]);

  it('holds each question and statement once', () => {
    expect(history.statements).toBe(3);
    expect(history.questions).toBe(2);
  });

  it('counts trees as sets of tables, co-used pairs, and joins in either direction', () => {
    expect(history.treeUsage(['Orders', 'customer'])).toBe(2);
    expect(history.treeUsage(['orders', 'customer', 'nation'])).toBe(1);
    expect(history.treeUsage(['orders'])).toBe(0);
    expect(history.tableCoUsage('orders', 'CUSTOMER')).toBe(3);
    expect(history.tableCoUsage('nation', 'orders')).toBe(1);
    expect(history.tableCoUsage('nation', 'nation')).toBe(1);
    expect(history.joinUsage({ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] })).toBe(3);
    expect(history.joinUsage({ fromTable: 'orders', fromColumns: ['id'], toTable: 'customer', toColumns: ['id'] })).toBe(0);
    expect(history.joins()).toEqual([{ join: j, count: 3 }]);
  });

  it('adds only what it lacks', () => {
    const more = history.with([entry('q2', ['customer', 'orders'], 'b', [j]), entry('q3', ['nation'], 'd')]);
    expect(more).toMatchObject({ added: 1, duplicates: 1 });
    expect(more.history.statements).toBe(4);
    expect(history.with([]).history).toBe(history);
  });
});

const POOL: HistoryItem[] = [
  { question: 'How many orders?', sql: 'SELECT COUNT(*) FROM orders', at: 'p:1' },
  {
    question: 'Orders per customer',
    sql: 'SELECT c.name, COUNT(*) FROM orders o JOIN customer c ON o.customer_id = c.id GROUP BY 1',
    at: 'p:2',
  },
  {
    question: 'Orders per customer',
    sql: 'SELECT c.name, COUNT(o.id) FROM customer c LEFT JOIN orders o ON c.id = o.customer_id GROUP BY c.name',
    at: 'p:3',
  },
  {
    question: 'Customers from France',
    sql: "SELECT * FROM customer c, nation n WHERE c.nation_id = n.id AND n.name = 'France'",
    at: 'p:4',
  },
  { question: 'Customers from Peru', sql: "SELECT * FROM customer c, nation n WHERE c.nation_id = n.id AND n.name = 'Peru'", at: 'p:5' },
  { sql: 'SELECT p.title FROM product p JOIN order_item i ON i.product_id = p.id', at: 'p:6' },
  { sql: 'SELECT p.title FROM product p JOIN order_item i ON i.product_id = p.id WHERE i.order_id = 7', at: 'p:7' },
  { sql: 'SELECT * FROM refunds', at: 'p:8' },
  { sql: 'SELEC nonsense', at: 'p:9' },
  { question: 'Big orders', sql: 'SELECT * FROM orders WHERE total > 100', at: 'p:10' },
];

describe('learning is order-independent in what it stores', () => {
  it('stores the same file whatever order and batches the statements come in (fast-check)', () => {
    const reference = serializeHistory(learnInto(History.empty(), SCHEMA, POOL).history, 'shop');
    fc.assert(
      fc.property(
        fc.shuffledSubarray(POOL, { minLength: POOL.length, maxLength: POOL.length }),
        fc.integer({ min: 0, max: POOL.length }),
        fc.boolean(),
        (items, cut, twice) => {
          let history = learnInto(History.empty(), SCHEMA, items.slice(0, cut)).history;
          history = learnInto(history, SCHEMA, items.slice(cut)).history;
          if (twice) history = learnInto(history, SCHEMA, items).history;
          expect(serializeHistory(history, 'shop')).toBe(reference);
        },
      ),
      { seed: 52, numRuns: 60 },
    );
  });
});
