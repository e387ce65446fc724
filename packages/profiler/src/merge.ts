import { byCodeUnit } from './code-unit.js';
import type { DatabaseProfile } from './types.js';

/**
 * `older` with every table that `newer` profiles replaced by `newer`'s, and `newer`'s other
 * tables added; tables stay in name order. Profiling a few tables again and merging replaces only
 * those. Both must describe the same database on the same engine (else an Error). Pure.
 */
export function mergeProfiles(older: DatabaseProfile, newer: DatabaseProfile): DatabaseProfile {
  if (older.engine !== newer.engine || older.database !== newer.database) {
    throw new Error(
      `cannot merge profiles of different databases: ${older.engine}:${older.database} and ${newer.engine}:${newer.database}`,
    );
  }
  const tables = new Map(older.tables.map((t) => [t.name, t]));
  for (const t of newer.tables) tables.set(t.name, t);
  return { ...older, formatVersion: newer.formatVersion, tables: [...tables.values()].sort((a, b) => byCodeUnit(a.name, b.name)) };
}
