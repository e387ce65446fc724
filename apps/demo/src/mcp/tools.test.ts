/** The MCP tools' answers apart from any transport, over a small hand-written schema. */
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { Retriever } from '@guided-retrieval/retrieval';
import { describe, expect, it } from 'vitest';
import { retrievalResultSchema } from './result-schema.js';
import {
  describeTable,
  describeTableOutput,
  editDistance,
  listTables,
  listTablesOutput,
  nearNames,
  renderDescription,
  renderRetrieval,
  renderTableList,
  retrieveTables,
  schemaContext,
  schemaContextOutput,
  ToolInputError,
} from './tools.js';

const graph = graphFromSchema({
  database: 'shop',
  tables: [
    {
      name: 'customer',
      description: 'people who buy',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'INTEGER', sample: [1, 2, 3, 4, 5, 6, 7] },
        { name: 'name', type: 'TEXT', description: 'full name', sample: ['Ada Lovelace', 'x'.repeat(200)] },
        { name: 'city', sample: ['Paris', 'Lyon'] },
      ],
    },
    {
      name: 'orders',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'customer_id', type: 'INTEGER' },
        { name: 'total', type: 'REAL' },
      ],
    },
    { name: 'order_items', columns: ['order_id', 'product_id', 'quantity'] },
    {
      name: 'product',
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'title', type: 'TEXT', sample: ['Lamp', 'Desk'] },
      ],
    },
  ],
  foreignKeys: [
    { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'] },
    { fromTable: 'order_items', fromColumns: ['order_id'], toTable: 'orders', toColumns: ['id'] },
    { fromTable: 'order_items', fromColumns: ['product_id'], toTable: 'product', toColumns: ['id'] },
  ],
});

describe('describe_table', () => {
  it('gives columns with types, descriptions and a few samples, the key, and the joins both ways', () => {
    const d = describeTable(graph, 'ORDERS');
    expect(describeTableOutput.parse(d)).toEqual(d);
    expect(d).toMatchObject({ database: 'shop', table: 'orders', primaryKey: ['id'] });
    expect(d.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['id INTEGER', 'customer_id INTEGER', 'total REAL']);
    expect(d.joinsOut).toEqual([
      { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['id'], origin: 'declared', confidence: 1 },
    ]);
    expect(d.joinsIn.map((e) => `${e.fromTable}(${e.fromColumns.join()})`)).toEqual(['order_items(order_id)']);
    expect(renderDescription(d)).toContain('Joins out: orders(customer_id) → customer(id)');
  });

  it('keeps at most five sample values, long text cut, and the inferred type where none is declared', () => {
    const d = describeTable(graph, ' customer ');
    const [id, name, city] = d.columns;
    expect(id?.sampleValues).toEqual([1, 2, 3, 4, 5]);
    expect(name).toMatchObject({ description: 'full name' });
    expect(String(name?.sampleValues[1]).length).toBe(80);
    expect(city).toMatchObject({ type: 'unknown', inferredType: 'unknown', sampleValues: ['Paris', 'Lyon'] });
    expect(d.joinsOut).toEqual([]);
  });

  it('refuses an unknown table, naming it and the near names', () => {
    expect(() => describeTable(graph, 'custmer')).toThrow(ToolInputError);
    expect(() => describeTable(graph, 'custmer')).toThrow(
      'no table "custmer" in shop; the nearest names: customer (list_tables lists all 4)',
    );
    expect(() => describeTable(graph, 'order')).toThrow(/nearest names: orders, order_items/);
  });
});

describe('near names', () => {
  it('ranks containment first, then edit distance; the closest few when nothing is near', () => {
    expect(nearNames(['customer', 'orders', 'order_items', 'product'], 'item', 3)).toEqual(['order_items']);
    expect(nearNames(['customer', 'orders', 'order_items', 'product'], 'zzzzzzzzzzzz', 2)).toHaveLength(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('list_tables', () => {
  it('gives every table with its row and column counts', () => {
    const list = listTables(graph);
    expect(listTablesOutput.parse(list)).toEqual(list);
    expect(list.tables.map((t) => [t.name, t.columnCount])).toEqual([
      ['customer', 3],
      ['orders', 3],
      ['order_items', 3],
      ['product', 2],
    ]);
    expect(renderTableList(list).split('\n')[0]).toBe('shop: 4 tables');
  });
});

describe('retrieve_tables', () => {
  it('answers with the result shape, and refuses a blank question as a tool input error', async () => {
    const retriever = await Retriever.create(graph);
    const out = await retrieveTables(retriever, 'Which customers ordered the product Lamp?');
    expect(retrievalResultSchema.parse(out)).toEqual(out);
    expect(out.tables).toEqual(expect.arrayContaining(['customer', 'product']));
    expect(renderRetrieval(out)).toContain(out.sql ?? 'no sql');
    await expect(retrieveTables(retriever, '   ')).rejects.toThrow(ToolInputError);
    const none = await retrieveTables(retriever, 'xyzzy plugh');
    expect(none.source).toBeNull();
    expect(renderRetrieval(none)).toMatch(/^No tables retrieved from shop: /);
  });
});

describe('schema_context', () => {
  it('answers with the prompt context within the budget, and refuses a blank question as a tool input error', async () => {
    const retriever = await Retriever.create(graph);
    const out = await schemaContext(retriever, 'Which customers in Paris bought a lamp?', 300);
    expect(schemaContextOutput.parse(out)).toEqual(out);
    expect(out).toMatchObject({ database: 'shop', maxTokens: 300, tokenizer: 'o200k_base', overBudget: false });
    expect(out.tokens).toBeLessThanOrEqual(300);
    expect(out.text).toContain((out.sql ?? 'no sql').replace(/(\S+) AS \1(?=\s|$)/g, '$1'));
    expect(out.text).toMatch(/^ {2}city \S+ {2}-- e\.g\. 'Paris'/m);
    expect(out.schemaTokens).toBeGreaterThan(0);
    await expect(schemaContext(retriever, '   ')).rejects.toThrow(ToolInputError);
  });
});
