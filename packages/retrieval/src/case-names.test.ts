import { ContextGraph, graphFromSchema, parseGraph, serializeGraph } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { HeuristicDisambiguator } from './heuristic.js';
import { Retriever } from './retriever.js';

describe('names that differ only in case', () => {
  it('are two tables and two columns, each found as spelled, joined and rendered apart', async () => {
    // PostgreSQL keeps quoted names' case: "Orders" and orders are two tables, "ID" and id two columns.
    const schema = graphFromSchema({
      database: 'cased',
      tables: [
        {
          name: 'Orders',
          primaryKey: ['ID'],
          columns: [
            { name: 'ID', type: 'INTEGER', sample: [1, 2] },
            { name: 'id', type: 'TEXT', sample: ['a', 'b'] },
            { name: 'customer_id', type: 'INTEGER' },
          ],
        },
        {
          name: 'orders',
          primaryKey: ['id'],
          columns: [
            { name: 'id', type: 'INTEGER' },
            { name: 'Orders_ID', type: 'INTEGER' },
            { name: 'note', type: 'TEXT', sample: ['late', 'early'] },
          ],
        },
        {
          name: 'customer',
          primaryKey: ['id'],
          columns: [
            { name: 'id', type: 'INTEGER' },
            { name: 'name', type: 'TEXT', sample: ['Ada', 'Alan'] },
          ],
        },
      ],
      foreignKeys: [
        { fromTable: 'orders', fromColumns: ['Orders_ID'], toTable: 'Orders', toColumns: ['ID'] },
        { fromTable: 'Orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] },
      ],
    });
    const graph = new ContextGraph({ ...schema.toData(), engine: 'postgres' });
    const read = parseGraph(serializeGraph(graph), 'cased.graph.json');
    expect(read.toData()).toEqual(graph.toData());
    expect(read.table('Orders')?.columns.map((c) => c.name)).toEqual(['ID', 'id', 'customer_id']);
    expect(read.table('orders')?.columns.map((c) => c.name)).toEqual(['id', 'Orders_ID', 'note']);
    expect(read.column('Orders', 'id')?.declaredType).toBe('TEXT');
    expect(read.column('Orders', 'ID')?.declaredType).toBe('INTEGER');
    // Names are under test here, not the choice's weighing (choice/): the heuristic's tree is the same on every refit.
    const retriever = await Retriever.create(read, { disambiguator: new HeuristicDisambiguator() });
    const result = await retriever.retrieve('Which customer names have orders with a late note?');
    expect(result.tables).toEqual(['orders', 'Orders', 'customer']);
    expect(result.sql).toBe(
      'FROM orders AS orders\nJOIN "Orders" AS orders_2 ON orders."Orders_ID" = orders_2."ID"\nJOIN customer AS customer ON orders_2.customer_id = customer.id',
    );
    const prompt = retriever.promptContext(result);
    expect(prompt.shown.map((s) => s.table)).toEqual(['orders', 'Orders', 'customer']);
    expect(prompt.text).toContain('TABLE "Orders"');
  });
});
