/** A learned join's canonical form and identity, whichever way the SQL wrote it. */
import type { LearnedJoin } from './types.js';

/** Code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A join with its column pairs sorted and the lower side (`table.columns`, case-insensitively) first. */
export function canonicalJoin(tableA: string, tableB: string, pairs: readonly (readonly [string, string])[]): LearnedJoin {
  const orient = (fromTable: string, toTable: string, ps: readonly (readonly [string, string])[]): LearnedJoin => {
    const sorted = [...ps].sort(
      (p, q) => compareText(p[0].toLowerCase(), q[0].toLowerCase()) || compareText(p[1].toLowerCase(), q[1].toLowerCase()),
    );
    return { fromTable, fromColumns: sorted.map((p) => p[0]), toTable, toColumns: sorted.map((p) => p[1]) };
  };
  const forward = orient(tableA, tableB, pairs);
  const backward = orient(
    tableB,
    tableA,
    pairs.map(([x, y]) => [y, x] as const),
  );
  const side = (j: LearnedJoin) => `${j.fromTable}.${j.fromColumns.join(',')}`.toLowerCase();
  return compareText(side(forward), side(backward)) <= 0 ? forward : backward;
}

/** A join's identity whichever way it is written: its canonical sides, lower case. */
export function joinKey(join: {
  fromTable: string;
  fromColumns: readonly string[];
  toTable: string;
  toColumns: readonly string[];
}): string {
  const canonical = canonicalJoin(
    join.fromTable,
    join.toTable,
    join.fromColumns.map((c, i) => [c, join.toColumns[i] ?? ''] as const),
  );
  return `${canonical.fromTable}.${canonical.fromColumns.join(',')}=${canonical.toTable}.${canonical.toColumns.join(',')}`.toLowerCase();
}
