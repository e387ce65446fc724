import { ContextGraph, graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { GroundingIndex } from './index.js';

/** Chinook's sales path: who bought what, when, for how much. */
const shop = graphFromSchema({
  database: 'shop',
  tables: [
    {
      name: 'Customer',
      primaryKey: ['CustomerId'],
      columns: [
        { name: 'CustomerId', type: 'INTEGER' },
        { name: 'FirstName', type: 'TEXT' },
        { name: 'Country', type: 'TEXT' },
      ],
    },
    {
      name: 'Invoice',
      primaryKey: ['InvoiceId'],
      columns: [
        { name: 'InvoiceId', type: 'INTEGER' },
        { name: 'CustomerId', type: 'INTEGER' },
        { name: 'InvoiceDate', type: 'DATETIME' },
        { name: 'Total', type: 'NUMERIC(10,2)' },
      ],
    },
    {
      name: 'Genre',
      primaryKey: ['GenreId'],
      columns: [
        { name: 'GenreId', type: 'INTEGER' },
        { name: 'Name', type: 'TEXT' },
      ],
    },
    {
      name: 'Track',
      primaryKey: ['TrackId'],
      columns: [
        { name: 'TrackId', type: 'INTEGER' },
        { name: 'Name', type: 'TEXT' },
        { name: 'GenreId', type: 'INTEGER' },
        { name: 'Milliseconds', type: 'INTEGER' },
      ],
    },
  ],
  foreignKeys: [
    { fromTable: 'Invoice', fromColumns: ['CustomerId'], toTable: 'Customer', toColumns: ['CustomerId'] },
    { fromTable: 'Track', fromColumns: ['GenreId'], toTable: 'Genre', toColumns: ['GenreId'] },
  ],
});

describe('the measures lexicon', () => {
  it('points an amount word at the money column one join from the named table', async () => {
    const index = await GroundingIndex.build(shop);
    const result = await index.ground('How much did each customer spend?');
    expect(result.matches).toContainEqual(expect.objectContaining({ token: 'spend', table: 'Invoice', column: 'Total', kind: 'measure' }));
    expect(result.initialTargets).toEqual(expect.arrayContaining(['Customer', 'Invoice']));
  });

  it('points a year at the date column of what is measured', async () => {
    const index = await GroundingIndex.build(shop);
    const result = await index.ground('How much did customers spend in 2013?');
    expect(result.matches).toContainEqual(
      expect.objectContaining({ token: '2013', table: 'Invoice', column: 'InvoiceDate', kind: 'time' }),
    );
  });

  it('points a year only at the date columns whose profiled range holds it', async () => {
    const data = graphFromSchema({
      database: 'billing',
      tables: [
        { name: 'Customer', primaryKey: ['CustomerId'], columns: ['CustomerId', 'FirstName'] },
        {
          name: 'Invoice',
          primaryKey: ['InvoiceId'],
          columns: [
            { name: 'InvoiceId', type: 'INTEGER' },
            { name: 'CustomerId', type: 'INTEGER' },
            { name: 'InvoiceDate', type: 'DATETIME' },
            { name: 'ArchiveDate', type: 'DATETIME' },
            { name: 'Total', type: 'NUMERIC(10,2)' },
          ],
        },
      ],
      foreignKeys: [{ fromTable: 'Invoice', fromColumns: ['CustomerId'], toTable: 'Customer', toColumns: ['CustomerId'] }],
    }).toData();
    const range = (min: string, max: string) => ({ rowCount: 10, count: 10, nulls: 0, distinct: 10, min, max });
    const years: Record<string, [string, string]> = {
      InvoiceDate: ['2009-01-01', '2013-12-22'],
      ArchiveDate: ['2020-01-01', '2021-06-30'],
    };
    const profiled = new ContextGraph({
      ...data,
      tables: data.tables.map((t) => ({
        ...t,
        columns: t.columns.map((c) => (years[c.name] ? { ...c, stats: range(...years[c.name]!) } : c)),
      })),
    });
    const time = async (question: string) =>
      (await (await GroundingIndex.build(profiled)).ground(question)).matches.filter((m) => m.kind === 'time').map((m) => m.column);
    expect(await time('How much did customers spend in 2013?')).toEqual(['InvoiceDate']);
    expect(await time('How much did customers spend in 2021?')).toEqual(['ArchiveDate']);
    expect(await time('How much did customers spend in March?')).toEqual(['ArchiveDate', 'InvoiceDate']);
  });

  it('points a count word at the table holding the events', async () => {
    const index = await GroundingIndex.build(shop);
    const result = await index.ground('Which genre is the most popular?');
    expect(result.matches).toContainEqual(expect.objectContaining({ token: 'popular', table: 'Track', column: null, kind: 'measure' }));
  });

  it('finds the event table by what it measures when references do not tell (numeric columns, not keys)', async () => {
    const col = (name: string, type: string) => ({ name, type });
    const retail = graphFromSchema({
      database: 'retail',
      tables: [
        { name: 'product', primaryKey: ['product_id'], columns: [col('product_id', 'INTEGER'), col('title', 'TEXT')] },
        { name: 'store', primaryKey: ['store_id'], columns: [col('store_id', 'INTEGER'), col('city', 'TEXT')] },
        // Both reference product and store; only the sales measure anything.
        {
          name: 'a_listing',
          columns: [col('product_id', 'INTEGER'), col('store_id', 'INTEGER'), col('shelf', 'TEXT')],
        },
        {
          name: 'z_sale',
          columns: [col('product_id', 'INTEGER'), col('store_id', 'INTEGER'), col('quantity', 'INTEGER'), col('amount', 'REAL')],
        },
      ],
      foreignKeys: ['a_listing', 'z_sale'].flatMap((t) => [
        { fromTable: t, fromColumns: ['product_id'], toTable: 'product', toColumns: ['product_id'] },
        { fromTable: t, fromColumns: ['store_id'], toTable: 'store', toColumns: ['store_id'] },
      ]),
    });
    const result = await (await GroundingIndex.build(retail)).ground('Which product is the most popular?');
    expect(result.matches).toContainEqual(expect.objectContaining({ token: 'popular', table: 'z_sale', kind: 'measure' }));
  });

  it('says nothing when no other word names a table, or when switched off', async () => {
    const index = await GroundingIndex.build(shop);
    expect((await index.ground('What was the revenue in 2013?')).matches.filter((m) => m.kind === 'measure' || m.kind === 'time')).toEqual(
      [],
    );
    const off = await GroundingIndex.build(shop, { levers: { measureWords: false } });
    expect((await off.ground('How much did each customer spend?')).matches.filter((m) => m.kind === 'measure')).toEqual([]);
  });

  it('leaves "the most expensive" to the index: most followed by a word is no count', async () => {
    const index = await GroundingIndex.build(shop);
    const result = await index.ground('Which genre has the most expensive track?');
    expect(result.matches.filter((m) => m.kind === 'measure' && m.column === null)).toEqual([]);
  });
});

describe('self-reference words', () => {
  const staff = graphFromSchema({
    database: 'staff',
    tables: [{ name: 'Employee', primaryKey: ['EmployeeId'], columns: ['EmployeeId', 'LastName', 'Title', 'ReportsTo'] }],
    foreignKeys: [{ fromTable: 'Employee', fromColumns: ['ReportsTo'], toTable: 'Employee', toColumns: ['EmployeeId'] }],
  });

  it('point "manager" at the table\'s reference to itself', async () => {
    const result = await (await GroundingIndex.build(staff)).ground('Who is the manager of each employee?');
    expect(result.matches).toContainEqual(
      expect.objectContaining({ token: 'manager', table: 'Employee', column: 'ReportsTo', kind: 'alias', variant: 'self-reference' }),
    );
  });

  it('point "bosses" there too, the word read by its lemma (the list holds "boss")', async () => {
    const result = await (await GroundingIndex.build(staff)).ground('Who are the bosses of each employee?');
    expect(result.matches).toContainEqual(
      expect.objectContaining({ token: 'bosses', table: 'Employee', column: 'ReportsTo', kind: 'alias', variant: 'self-reference' }),
    );
  });
});
