/**
 * Tables that are copies of one table — a variant (`store_ragged` of `store`), a partition, a
 * snapshot — carry the same columns, keys included, with the same values: their keys hold each
 * other's values, yet neither references the other.
 */
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { squeeze } from './names.js';
import type { JoinParams } from './params.js';

/** `a\0b` for both orders of every pair of copies. */
export type Copies = ReadonlySet<string>;

export function copyPair(a: string, b: string): string {
  return `${a}\u0000${b}`;
}

/**
 * The pairs of tables that share at least `copyShare` of each one's column names (and
 * `copyMinShared` or more): copies of one table. Tables of the very same names are grouped by
 * them; other pairs are found through a name they share that few tables carry (`copyMaxHolders`
 * or fewer), so a wide schema costs what its shared names do, not every pair of tables. Pure.
 */
export function copyTables(
  profile: DatabaseProfile,
  params: Pick<JoinParams, 'copyShare' | 'copyMinShared' | 'copyMaxHolders'>,
): Set<string> {
  const { copyShare: share, copyMinShared: minShared, copyMaxHolders: maxHolders } = params;
  const names = profile.tables.map((t) => new Set(t.columns.map((c) => squeeze(c.name))));
  const out = new Set<string>();
  const mark = (a: number, b: number) => {
    const [ta, tb] = [profile.tables[a]!.name, profile.tables[b]!.name];
    out.add(copyPair(ta, tb));
    out.add(copyPair(tb, ta));
  };
  const bySignature = new Map<string, number[]>();
  names.forEach((set, i) => {
    if (set.size < minShared) return;
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
    if (list.length > maxHolders) continue;
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const key = list[x]! * profile.tables.length + list[y]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  const common = [...holders].filter(([, list]) => list.length > maxHolders).map(([name]) => name);
  for (const [key, rare] of shared) {
    const a = Math.floor(key / profile.tables.length);
    const b = key % profile.tables.length;
    const count = rare + common.filter((name) => names[a]!.has(name) && names[b]!.has(name)).length;
    if (count >= minShared && count >= share * Math.max(names[a]!.size, names[b]!.size)) mark(a, b);
  }
  return out;
}
