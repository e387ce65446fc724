import { type ContextGraph, graphFromSchema } from '@guided-retrieval/context-graph';
import { OfflineEmbedder } from '@guided-retrieval/grounding';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { type Baseline, bm25Tokens, createBaselines, rankByScore, tableText } from './baselines.js';

function shopGraph(): ContextGraph {
  return graphFromSchema({
    database: 'shop',
    tables: [
      { name: 'customers', columns: ['customer_id', 'customer_name', 'email', 'city'] },
      { name: 'orders', columns: ['order_id', 'customer_id', 'order_date', 'total_amount'] },
      { name: 'products', columns: ['product_id', 'productName', 'unitPrice', 'category'] },
      { name: 'suppliers', columns: ['supplier_id', 'supplier_name', 'country'] },
      {
        name: 'shipments',
        columns: ['shipment_id', 'order_id', { name: 'shipped_date', description: 'day the parcel left the warehouse' }, 'carrier'],
      },
      { name: 'employees', aliases: ['staff'], columns: ['employee_id', 'first_name', 'last_name', 'hire_date'] },
    ],
    foreignKeys: [
      { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customers', toColumns: ['customer_id'] },
      { fromTable: 'shipments', fromColumns: ['order_id'], toTable: 'orders', toColumns: ['order_id'] },
    ],
  });
}

const byName = (baselines: Baseline[], name: string): Baseline => {
  const b = baselines.find((x) => x.name === name);
  if (!b) throw new Error(`no baseline ${name}`);
  return b;
};

/** Wraps an embedder to count its calls and texts. */
function counting(inner: Embedder): Embedder & { calls: number[] } {
  const calls: number[] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    calls,
    embed(texts) {
      calls.push(texts.length);
      return inner.embed(texts);
    },
  };
}

describe('table text and tokens', () => {
  it('splits identifiers on underscores and camelCase', () => {
    expect(bm25Tokens('customer_ID fastestLapTime XMLParser__v2')).toEqual([
      'customer',
      'id',
      'fastest',
      'lap',
      'time',
      'xml',
      'parser',
      'v',
      '2',
    ]);
    expect(bm25Tokens('How many CustomerIDs are in the Café_Table?')).toEqual(['many', 'customer', 'ids', 'cafe', 'table']);
  });

  it("covers the table's name, aliases and its columns' names, aliases and descriptions", () => {
    const graph = shopGraph();
    expect(tableText(graph.table('employees')!)).toBe('employees\nstaff\nemployee id\nfirst name\nlast name\nhire date');
    expect(tableText(graph.table('shipments')!)).toContain('day the parcel left the warehouse');
    expect(tableText(graph.table('products')!)).toContain('product name');
  });

  it('ranks by score, ties and non-finite scores by position', () => {
    expect(rankByScore(['a', 'b', 'c', 'd'], [0, 2, Number.NaN, 2])).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('createBaselines', () => {
  it('returns the five baselines in order', async () => {
    const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
    expect(baselines.map((b) => b.name)).toEqual(['all-tables', 'bm25-top3', 'bm25-top5', 'embedding-top3', 'embedding-top5']);
  });

  it('all-tables returns every table in graph order', async () => {
    const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
    expect(await byName(baselines, 'all-tables').retrieve('anything at all')).toEqual([
      'customers',
      'orders',
      'products',
      'suppliers',
      'shipments',
      'employees',
    ]);
  });

  it('BM25 ranks the table whose name and columns match the question first', async () => {
    const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
    const top3 = byName(baselines, 'bm25-top3');
    expect((await top3.retrieve('Which suppliers are based in each country?'))[0]).toBe('suppliers');
    expect((await top3.retrieve('Which carrier shipped the shipment?'))[0]).toBe('shipments');
    expect((await top3.retrieve('What is the hire date of each staff member?'))[0]).toBe('employees');
    // A description counts too.
    expect((await top3.retrieve('Which parcel left the warehouse?'))[0]).toBe('shipments');
  });

  it('top-3 returns 3 tables and top-5 returns min(5, n)', async () => {
    const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
    for (const name of ['bm25-top3', 'embedding-top3']) {
      const got = await byName(baselines, name).retrieve('customer email and city');
      expect(got).toHaveLength(3);
      expect(new Set(got).size).toBe(3);
    }
    for (const name of ['bm25-top5', 'embedding-top5']) expect(await byName(baselines, name).retrieve('customer email')).toHaveLength(5);

    const small = graphFromSchema({
      database: 'tiny',
      tables: [
        { name: 'a', columns: ['x'] },
        { name: 'b', columns: ['y'] },
      ],
    });
    const tiny = await createBaselines(small, new OfflineEmbedder());
    for (const b of tiny) expect((await b.retrieve('x')).sort()).toEqual(['a', 'b']);
  });

  it('ranks zero-score tables after positive ones, in table order', async () => {
    const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
    // Only `products` mentions a category; the rest score 0 and follow in graph order.
    expect(await byName(baselines, 'bm25-top5').retrieve('category')).toEqual([
      'products',
      'customers',
      'orders',
      'suppliers',
      'shipments',
    ]);
    // Nothing matches: the first k tables.
    expect(await byName(baselines, 'bm25-top3').retrieve('zzz qqq')).toEqual(['customers', 'orders', 'products']);
    expect(await byName(baselines, 'bm25-top3').retrieve('')).toEqual(['customers', 'orders', 'products']);
  });

  it('the embedding baseline picks the lexically matching table with the offline embedder', async () => {
    const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
    const top3 = byName(baselines, 'embedding-top3');
    expect((await top3.retrieve('Which suppliers are based in each country?'))[0]).toBe('suppliers');
    expect((await top3.retrieve('When was each employee hired?'))[0]).toBe('employees');
    expect((await top3.retrieve('Which carrier shipped the shipment?'))[0]).toBe('shipments');
  });

  it('embeds the tables once, then one question per retrieve', async () => {
    const embedder = counting(new OfflineEmbedder());
    const baselines = await createBaselines(shopGraph(), embedder);
    expect(embedder.calls).toEqual([6]);
    await byName(baselines, 'embedding-top3').retrieve('customers');
    await byName(baselines, 'embedding-top5').retrieve('orders');
    await byName(baselines, 'bm25-top3').retrieve('orders');
    expect(embedder.calls).toEqual([6, 1, 1]);
  });

  it('is deterministic', async () => {
    const questions = ['How many orders did each customer place?', 'Name the products in each category', 'staff hired in 2020', 'zzz'];
    const run = async () => {
      const baselines = await createBaselines(shopGraph(), new OfflineEmbedder());
      const out: string[][] = [];
      for (const q of questions) for (const b of baselines) out.push(await b.retrieve(q));
      return out;
    };
    const first = await run();
    expect(await run()).toEqual(first);
  });

  it('handles a graph with no tables', async () => {
    const empty = graphFromSchema({ database: 'empty', tables: [] });
    for (const b of await createBaselines(empty, new OfflineEmbedder())) expect(await b.retrieve('anything')).toEqual([]);
  });
});
