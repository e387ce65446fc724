/** Foreign-key paths in a schema spec, for gold tables: breadth-first, counting shortest paths. */
import type { SchemaSpec } from '@guided-retrieval/context-graph';

/** Each table's referenced tables (distinct, in declaration order): the direction a join path walks. */
export function referencedTables(spec: SchemaSpec): Map<string, string[]> {
  const out = new Map<string, string[]>(spec.tables.map((t) => [t.name, []]));
  const seen = new Set<string>();
  for (const fk of spec.foreignKeys ?? []) {
    const key = `${fk.fromTable}\u0000${fk.toTable}`;
    if (fk.fromTable === fk.toTable || seen.has(key)) continue;
    seen.add(key);
    out.get(fk.fromTable)?.push(fk.toTable);
  }
  return out;
}

export interface Reach {
  /** Edges from the start. */
  dist: number;
  /** Distinct shortest paths from the start, as table sequences (capped at 1e9). */
  count: number;
  /** The previous table on the first shortest path found; null at the start. */
  parent: string | null;
}

/** Every table within `maxDepth` foreign-key steps of `from`, with its distance, shortest-path count and a parent. */
export function shortestPaths(out: ReadonlyMap<string, readonly string[]>, from: string, maxDepth: number): Map<string, Reach> {
  const reach = new Map<string, Reach>([[from, { dist: 0, count: 1, parent: null }]]);
  let frontier = [from];
  for (let d = 1; d <= maxDepth && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const u of frontier) {
      const via = reach.get(u)!;
      for (const v of out.get(u) ?? []) {
        const r = reach.get(v);
        if (!r) {
          reach.set(v, { dist: d, count: via.count, parent: u });
          next.push(v);
        } else if (r.dist === d) {
          r.count = Math.min(1e9, r.count + via.count);
        }
      }
    }
    frontier = next;
  }
  return reach;
}

/** The tables of the shortest path found from the start to `to`, start first. */
export function pathTo(reach: ReadonlyMap<string, Reach>, to: string): string[] {
  const path: string[] = [];
  for (let at: string | null = to; at !== null; at = reach.get(at)?.parent ?? null) {
    if (!reach.has(at)) throw new Error(`${to} is not reachable`);
    path.unshift(at);
  }
  return path;
}

/** Whether `tables` form one connected piece of the schema, foreign keys taken in either direction, using only those tables. */
export function connectedInSchema(spec: SchemaSpec, tables: readonly string[]): boolean {
  const wanted = new Set(tables);
  if (wanted.size <= 1) return true;
  const links = new Map<string, string[]>([...wanted].map((t) => [t, []]));
  for (const fk of spec.foreignKeys ?? []) {
    if (wanted.has(fk.fromTable) && wanted.has(fk.toTable)) {
      links.get(fk.fromTable)!.push(fk.toTable);
      links.get(fk.toTable)!.push(fk.fromTable);
    }
  }
  const start = tables[0]!;
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const n of links.get(stack.pop()!) ?? []) {
      if (seen.has(n)) continue;
      stack.push(n);
      seen.add(n);
    }
  }
  return seen.size === wanted.size;
}
