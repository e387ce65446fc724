import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { defaultHeuristicParams, Retriever } from './index.js';
import { lookAlikeTables, stepCost } from './weights.js';

const PARAMS = defaultHeuristicParams();

describe('look-alike tables', () => {
  it('are copies named after another table: history, backups, numbered versions', () => {
    const copies = lookAlikeTables([
      'customer',
      'customer_hist',
      'orders',
      'orders_1',
      'ORDERS_BAK',
      'transactions_1k',
      'product_category',
    ]);
    expect([...copies]).toEqual([
      ['customer_hist', 'customer'],
      ['orders_1', 'orders'],
      ['ORDERS_BAK', 'orders'],
    ]);
  });

  it('do not take the place of the table a question names', async () => {
    const graph = graphFromSchema({
      database: 'crm',
      tables: [
        { name: 'orders', columns: ['order_id', 'customer_id', 'total'] },
        { name: 'customer', primaryKey: ['customer_id'], columns: ['customer_id', 'name'] },
        { name: 'customer_hist', primaryKey: ['customer_id'], columns: ['customer_id', 'name'] },
      ],
      foreignKeys: [
        { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] },
        { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer_hist', toColumns: ['customer_id'] },
      ],
    });
    const result = await (await Retriever.create(graph)).retrieve('Total of orders per customer name');
    expect(result.tables).toEqual(['orders', 'customer']);
  });
});

describe('step costs', () => {
  const graph = graphFromSchema({
    database: 'dw',
    tables: [
      { name: 'sale', columns: ['sale_id', 'date_id', 'store_id'] },
      { name: 'calendar_date', primaryKey: ['date_id'], columns: ['date_id'] },
      { name: 'store', primaryKey: ['store_id'], columns: ['store_id'] },
      ...['a', 'b', 'c'].map((x) => ({ name: `fact_${x}`, columns: [`${x}_id`, 'date_id'] })),
    ],
    foreignKeys: [
      { fromTable: 'sale', fromColumns: ['date_id'], toTable: 'calendar_date', toColumns: ['date_id'] },
      { fromTable: 'sale', fromColumns: ['store_id'], toTable: 'store', toColumns: ['store_id'] },
      ...['a', 'b', 'c'].map((x) => ({
        fromTable: `fact_${x}`,
        fromColumns: ['date_id'],
        toTable: 'calendar_date',
        toColumns: ['date_id'],
      })),
    ],
  });
  const cost = stepCost(graph, { targets: new Set(['sale']), grounded: new Map(), lookAlikes: new Set(), params: PARAMS });

  it('make a hub a dearer bridge than a table few reference, and a target no bridge at all', () => {
    expect(cost('calendar_date', 'forward')).toBeCloseTo(1 + PARAMS.hubPenalty * Math.log2(5));
    expect(cost('store', 'forward')).toBeCloseTo(1 + PARAMS.hubPenalty);
    expect(cost('calendar_date', 'forward')).toBeGreaterThan(cost('store', 'forward'));
  });

  it('charge a step against the key more', () => {
    expect(cost('store', 'reverse')).toBeGreaterThan(cost('store', 'forward') + 1);
  });
});
