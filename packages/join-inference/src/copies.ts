/**
 * Tables that are copies of one table — a variant (`store_ragged` of `store`), a partition, a
 * snapshot — carry the same columns, keys included, with the same values: their keys hold each
 * other's values, yet neither references the other.
 */
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { squeeze } from './names.js';

/** A column name more tables than this carry is a convention, and says nothing of copies. */
const MAX_HOLDERS = 64;
/** Copies share at least this many columns: two tables of an `id` and a `name` are not copies. */
const MIN_SHARED = 3;

/** `a\0b` for both orders of every pair of copies. */
export type Copies = ReadonlySet<string>;

export function copyPair(a: string, b: string): string {
  return `${a}\u0000${b}`;
}

/**
 * The pairs of tables that share at least `share` of each one's column names (and three or
 * more): copies of one table. Tables of the very same names are grouped by them; other pairs are
 * found through a name they share that few tables carry, so a wide schema costs what its shared
 * names do, not every pair of tables. Pure.
 */
export function copyTables(profile: DatabaseProfile, share: number): Set<string> {
  const names = profile.tables.map((t) => new Set(t.columns.map((c) => squeeze(c.name))));
  const out = new Set<string>();
  const mark = (a: number, b: number) => {
    const [ta, tb] = [profile.tables[a]!.name, profile.tables[b]!.name];
    out.add(copyPair(ta, tb));
    out.add(copyPair(tb, ta));
  };
  const bySignature = new Map<string, number[]>();
  names.forEach((set, i) => {
    if (set.size < MIN_SHARED) return;
    const signature = [...set].sort().join('\u0000');
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), i]);
  });
  for (const group of bySignature.values())
    for (let x = 0; x < group.length; x++) for (let y = x + 1; y < group.length; y++) mark(group[x]!, group[y]!);
  const holders = new Map<string, number[]>();
  names.forEach((set, i) => {
    for (const name of set) {
      const list = holders.get(name) ?? [];
      list.push(i);
      holders.set(name, list);
    }
  });
  const shared = new Map<number, number>();
  for (const list of holders.values()) {
    if (list.length > MAX_HOLDERS) continue;
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const key = list[x]! * profile.tables.length + list[y]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  const common = [...holders].filter(([, list]) => list.length > MAX_HOLDERS).map(([name]) => name);
  for (const [key, rare] of shared) {
    const a = Math.floor(key / profile.tables.length);
    const b = key % profile.tables.length;
    const count = rare + common.filter((name) => names[a]!.has(name) && names[b]!.has(name)).length;
    if (count >= MIN_SHARED && count >= share * Math.max(names[a]!.size, names[b]!.size)) mark(a, b);
  }
  return out;
}
