import type { GroundingMatch, TableEvidence } from '@guided-retrieval/grounding';
import { describe, expect, it } from 'vitest';
import { shop } from '../test-support/shop.js';
import { possibleTables, possibleWhy } from './possible.js';

const match = (table: string, column: string | null, word: number, score: number): GroundingMatch => ({
  token: `w${word}`,
  span: [word, word + 1],
  variant: `w${word}`,
  variantKind: 'exact',
  table,
  column,
  kind: column === null ? 'table' : 'column',
  coverage: 1,
  score,
});
const evidence = (table: string, words: [number, number][]): TableEvidence => ({
  table,
  best: Math.max(...words.map(([, s]) => s)),
  words: words.map(([word, score]) => ({ word, score, match: match(table, 'x', word, score) })),
});
const words = ['which', 'orders', 'hold', 'lamps', 'items'];

describe('the possibly needed tables', () => {
  it('are the tables matched before settling or held by a candidate tree, beyond the result, each joined to it by one key edge', () => {
    const found = possibleTables({
      graph: shop,
      tables: ['orders'],
      evidence: [evidence('orders', [[1, 1]]), evidence('order_item', [[4, 0.6]]), evidence('product', [[3, 0.8]])],
      candidates: [
        { tables: ['orders'], score: 2 },
        { tables: ['orders', 'customer'], score: 1.5 },
      ],
      words,
      matches: [match('orders', null, 1, 1)],
    });
    // product joins orders only through order_item: two edges away, not offered.
    expect(found.map((p) => p.table)).toEqual(['order_item', 'customer']);
    expect(found[0]).toMatchObject({ joins: 'orders', on: [{ column: 'order_id', to: 'id' }], evidence: 0.6, words: ['items'], gap: null });
    // customer is referenced by orders: the edge is walked backwards.
    expect(found[1]).toMatchObject({ joins: 'orders', on: [{ column: 'id', to: 'customer_id' }], evidence: 0, words: [], gap: 0.5 });
    expect(possibleWhy(found[0]!)).toBe(`the question's "items" matched it (0.60)`);
    expect(possibleWhy(found[1]!)).toBe('a candidate tree holds it, 0.50 below the chosen one');
  });

  it('count the words only they explain: those no settled match on a result table covers', () => {
    const [item] = possibleTables({
      graph: shop,
      tables: ['orders'],
      evidence: [
        evidence('order_item', [
          [1, 0.5],
          [4, 0.6],
        ]),
      ],
      words,
      matches: [match('orders', null, 1, 1), match('order_item', 'quantity', 4, 0.6)],
    });
    expect(item?.explains).toBe(1);
  });
});
