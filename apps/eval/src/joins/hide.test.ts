import type { ColumnProfile, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HIDE_SEED, hideDeclaredKeys } from './hide.js';

const column = (name: string): ColumnProfile => ({
  name,
  declaredType: 'INTEGER',
  inferredType: 'integer',
  rowCount: 0,
  count: 0,
  nulls: 0,
  distinct: 0,
  min: null,
  max: null,
  sample: [],
});

/** A hub table and `n` tables each declaring a key to it (and one declaring a key to a missing table). */
function star(n: number, database = 'star'): DatabaseProfile {
  const tables: TableProfile[] = [{ name: 'hub', rowCount: 0, primaryKey: ['id'], foreignKeys: [], columns: [column('id')] }];
  for (let i = 0; i < n; i++)
    tables.push({
      name: `leaf${i}`,
      rowCount: 0,
      primaryKey: ['id'],
      columns: [column('id'), column('hub_id')],
      foreignKeys: [{ columns: ['hub_id'], referencedTable: 'hub', referencedColumns: ['id'] }],
    });
  tables.push({
    name: 'orphan',
    rowCount: 0,
    primaryKey: [],
    columns: [column('ghost_id')],
    foreignKeys: [{ columns: ['ghost_id'], referencedTable: 'ghost', referencedColumns: ['id'] }],
  });
  return { formatVersion: 1, engine: 'sqlite', database, tables };
}

const declaredCount = (p: DatabaseProfile) => p.tables.reduce((n, t) => n + t.foreignKeys.length, 0);

describe('hideDeclaredKeys', () => {
  it('hides half of the n declared keys (⌊n/2⌋ or ⌈n/2⌉), keeps the rest and the primary keys in the profile', () => {
    for (const n of [0, 1, 2, 5, 8, 13]) {
      const { profile, kept, hidden } = hideDeclaredKeys(star(n), 0.5, DEFAULT_HIDE_SEED);
      expect([Math.floor(n / 2), Math.ceil(n / 2)]).toContain(hidden.length);
      expect(kept.length + hidden.length).toBe(n);
      // the declaration of a missing table is no key: it is neither counted nor hidden
      expect(declaredCount(profile)).toBe(kept.length + 1);
      expect(profile.tables.map((t) => t.primaryKey)).toEqual(star(n).tables.map((t) => t.primaryKey));
      const left = profile.tables.flatMap((t) =>
        t.foreignKeys.map((fk) => `${t.name}(${fk.columns.join(',')})->${fk.referencedTable}(id)`),
      );
      expect(left.filter((id) => !id.startsWith('orphan')).sort()).toEqual(kept.map((e) => e.id).sort());
      expect(new Set([...kept, ...hidden].map((e) => e.id)).size).toBe(n);
    }
  });

  it('draws the same keys for the same database and seed, and others for another seed or database', () => {
    const ids = (database: string, seed: number) => hideDeclaredKeys(star(20, database), 0.5, seed).hidden.map((e) => e.id);
    expect(ids('star', 7)).toEqual(ids('star', 7));
    expect(hideDeclaredKeys(star(20), 0.5, 7).seed).toBe(hideDeclaredKeys(star(20), 0.5, 7).seed);
    expect(ids('star', 7)).not.toEqual(ids('star', 8));
    expect(ids('star', 7)).not.toEqual(ids('galaxy', 7));
  });

  it('hides nothing at 0 and everything at 1, and refuses a share outside [0, 1]', () => {
    expect(hideDeclaredKeys(star(6), 0, 1).hidden).toEqual([]);
    expect(hideDeclaredKeys(star(6), 1, 1).kept).toEqual([]);
    expect(() => hideDeclaredKeys(star(6), 1.5, 1)).toThrow(RangeError);
  });

  it('hides a key declared twice with both its declarations', () => {
    const p = star(2);
    const leaf = p.tables[1]!;
    leaf.foreignKeys.push({ columns: ['HUB_ID'], referencedTable: 'HUB', referencedColumns: [] });
    const { profile, hidden, kept } = hideDeclaredKeys(p, 1, 1);
    expect(hidden).toHaveLength(2);
    expect(kept).toEqual([]);
    expect(profile.tables[1]!.foreignKeys).toEqual([]);
  });
});
