import { describe, expect, it } from 'vitest';
import { bookkeepingColumns, isLoaderColumn } from './bookkeeping.js';
import { inferJoins } from './infer.js';
import { defaultJoinParams } from './params.js';
import { columnFromValues, databaseFromTables, tableFromColumns } from './profile-from-values.js';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

/** Synced tables: each carries the loader's timestamp and dbt's union constant beside its own columns. */
function synced(tables: number) {
  return databaseFromTables(
    'crm',
    range(tables).map((i) => {
      const t = tableFromColumns(`thing_${i}`, {
        [`thing_${i}_id`]: range(20),
        source_relation: range(20).map(() => 'hubspot'),
        _fivetran_id: range(20).map((r) => `x${r}`),
      });
      t.columns.push({
        ...columnFromValues(
          '_loaded_at',
          range(20).map(() => '2024-01-01 00:00:00'),
        ),
        inferredType: 'date',
      });
      t.columns.push({
        ...columnFromValues(
          'updated_at',
          range(20).map((r) => `2024-01-${String(r).padStart(2, '0')}`),
        ),
        inferredType: 'date',
      });
      return t;
    }),
  );
}

describe('columns that never join', () => {
  it("names a loader's or a modelling tool's own columns", () => {
    for (const name of [
      '_fivetran_synced',
      '_FIVETRAN_DELETED',
      '_airbyte_ab_id',
      '_sdc_batched_at',
      'source_relation',
      'dbt_valid_from',
      '_loaded_at',
    ])
      expect(isLoaderColumn(name)).toBe(true);
    for (const name of ['_id', '_dlt_parent_id', 'source', 'relation_id', 'loaded']) expect(isLoaderColumn(name)).toBe(false);
  });

  it('sets aside bookkeeping, constants and timestamps most tables carry, each with its reason', () => {
    const aside = bookkeepingColumns(synced(6), defaultJoinParams());
    const reasons = new Map([...aside.values()].filter((c) => c.table === 'thing_1').map((c) => [c.column, c.reason]));
    expect([...reasons.keys()].sort()).toEqual(['_fivetran_id', '_loaded_at', 'source_relation', 'updated_at']);
    expect(reasons.get('updated_at')).toBe('a timestamp or flag 6 of 6 tables carry');
    expect(reasons.get('source_relation')).toMatch(/bookkeeping/);
  });

  it('keeps a constant of one table: the one store of a table of online orders is a reference', () => {
    const profile = databaseFromTables('shop', [
      tableFromColumns('stores', { store_id: range(5), name: range(5).map((i) => `s${i}`) }),
      tableFromColumns('shipments', { shipment_id: range(40), store_id: range(40).map(() => 1) }),
    ]);
    expect(bookkeepingColumns(profile, defaultJoinParams()).size).toBe(0);
  });

  it('joins no table to another on them, and reports them with the inference', async () => {
    const profile = synced(4);
    profile.tables.push(
      tableFromColumns('orders', {
        order_id: range(30),
        thing_1_id: range(30).map((i) => (i % 20) + 1),
        source_relation: range(30).map(() => 'hubspot'),
      }),
    );
    const { edges, setAside } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.map((e) => e.id)).toEqual(['orders(thing_1_id)->thing_1(thing_1_id)']);
    expect(setAside.some((c) => c.table === 'orders' && c.column === 'source_relation')).toBe(true);
  });
});
