import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { GroundingIndex } from './index.js';

const col = (name: string, type: string) => ({ name, type });
const fk = (fromTable: string, from: string, toTable: string, to: string) => ({
  fromTable,
  fromColumns: [from],
  toTable,
  toColumns: [to],
});

/** Chinook's shape: a track has a list price; what sold is on the invoice lines, dated by their invoice. */
const music = graphFromSchema({
  database: 'music',
  tables: [
    {
      name: 'MediaType',
      primaryKey: ['MediaTypeId'],
      columns: [col('MediaTypeId', 'INTEGER'), col('Name', 'TEXT'), col('last_update', 'DATETIME')],
    },
    {
      name: 'Playlist',
      primaryKey: ['PlaylistId'],
      columns: [col('PlaylistId', 'INTEGER'), col('Name', 'TEXT'), col('last_update', 'DATETIME')],
    },
    {
      name: 'Track',
      primaryKey: ['TrackId'],
      columns: [
        col('TrackId', 'INTEGER'),
        col('Name', 'TEXT'),
        col('MediaTypeId', 'INTEGER'),
        col('UnitPrice', 'NUMERIC(10,2)'),
        col('last_update', 'DATETIME'),
      ],
    },
    { name: 'PlaylistTrack', columns: [col('PlaylistId', 'INTEGER'), col('TrackId', 'INTEGER'), col('last_update', 'DATETIME')] },
    {
      name: 'Invoice',
      primaryKey: ['InvoiceId'],
      columns: [
        col('InvoiceId', 'INTEGER'),
        col('InvoiceDate', 'DATETIME'),
        col('Total', 'NUMERIC(10,2)'),
        col('Tax', 'NUMERIC(10,2)'),
        col('CustomerId', 'INTEGER'),
      ],
    },
    { name: 'Customer', primaryKey: ['CustomerId'], columns: [col('CustomerId', 'INTEGER'), col('Country', 'TEXT')] },
    {
      name: 'InvoiceLine',
      primaryKey: ['InvoiceLineId'],
      columns: [
        col('InvoiceLineId', 'INTEGER'),
        col('InvoiceId', 'INTEGER'),
        col('TrackId', 'INTEGER'),
        col('UnitPrice', 'NUMERIC(10,2)'),
        col('Quantity', 'INTEGER'),
      ],
    },
  ],
  foreignKeys: [
    fk('Track', 'MediaTypeId', 'MediaType', 'MediaTypeId'),
    fk('PlaylistTrack', 'PlaylistId', 'Playlist', 'PlaylistId'),
    fk('PlaylistTrack', 'TrackId', 'Track', 'TrackId'),
    fk('Invoice', 'CustomerId', 'Customer', 'CustomerId'),
    fk('InvoiceLine', 'InvoiceId', 'Invoice', 'InvoiceId'),
    fk('InvoiceLine', 'TrackId', 'Track', 'TrackId'),
  ],
});

describe('measure words on the event table', () => {
  it('answer "revenue" from the dated lines, not the list price one join nearer, and say which structure chose them', async () => {
    const index = await GroundingIndex.build(music, { levers: { similarWords: false } });
    const result = await index.ground('Which media types bring in the most revenue?');
    const revenue = result.matches.find((m) => m.token === 'revenue');
    expect(revenue).toMatchObject({ table: 'InvoiceLine', column: 'UnitPrice', kind: 'measure' });
    expect(revenue!.variant).toBe('amount word on an event table (dated by Invoice.InvoiceDate; references Invoice, Track)');
    expect(result.initialTargets).toEqual(expect.arrayContaining(['MediaType', 'InvoiceLine']));
    expect(result.initialTargets).not.toContain('Track');
  });

  it('count "the most" on the nearest event table; a date every table carries dates nothing', async () => {
    const index = await GroundingIndex.build(music, { levers: { similarWords: false } });
    const result = await index.ground('Which playlists are bought the most?');
    // PlaylistTrack is nearer, but its only date is the bookkeeping last_update four of seven tables carry.
    expect(result.matches).toContainEqual(expect.objectContaining({ token: 'most', table: 'InvoiceLine', kind: 'measure' }));
  });

  it('ground a money column the question names on its own table', async () => {
    const index = await GroundingIndex.build(music, { levers: { similarWords: false } });
    const result = await index.ground('How much tax did each customer pay?');
    expect(result.matches).toContainEqual(expect.objectContaining({ token: 'tax', table: 'Invoice', column: 'Tax' }));
    expect(result.initialTargets).toEqual(expect.arrayContaining(['Invoice', 'Customer']));
  });
});
