import { describe, expect, it } from 'vitest';
import { copyPair, copyTables } from './copies.js';
import { inferJoins } from './infer.js';
import { defaultJoinParams } from './params.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
const store = () => ({
  store_id: range(25),
  store_number: range(25, 100),
  store_name: range(25).map((i) => `s${i}`),
  region_id: range(25).map((i) => (i % 5) + 1),
});

describe('copies of one table', () => {
  it('tells tables of the same columns from tables that share a few', () => {
    const profile = databaseFromTables('stores', [
      tableFromColumns('store', store()),
      tableFromColumns('store_ragged', store()),
      tableFromColumns('sales', {
        sale_id: range(50),
        store_id: range(50).map((i) => (i % 25) + 1),
        region_id: range(50).map((i) => (i % 5) + 1),
      }),
    ]);
    const copies = copyTables(profile, { ...defaultJoinParams(), copyShare: 0.9 });
    expect(copies.has(copyPair('store', 'store_ragged'))).toBe(true);
    expect(copies.has(copyPair('store_ragged', 'store'))).toBe(true);
    expect(copies.has(copyPair('sales', 'store'))).toBe(false);
  });

  it('draws no edge between copies, whose keys hold each other’s values', async () => {
    const profile = databaseFromTables('stores', [
      tableFromColumns('region', { region_id: range(5), region_name: range(5).map((i) => `r${i}`) }),
      tableFromColumns('store', store()),
      tableFromColumns('store_ragged', store()),
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.map((e) => e.id)).toEqual(['store(region_id)->region(region_id)', 'store_ragged(region_id)->region(region_id)']);
  });
});
