/** A joins file's edges joined with a database's: respelled as the database spells its names, merged with the declared ones. */
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { byEdgeId, joinEdgeId } from './declared.js';
import { JoinsFileError } from './io.js';
import type { JoinEdge } from './types.js';

/**
 * The edges of a joins file, each table and column looked up in the database case-insensitively
 * and respelled as the database spells it (the id too). A name the database lacks is a one-line
 * `JoinsFileError` naming the file (`source`), the edge and the name.
 */
export function edgesForProfile(edges: readonly JoinEdge[], profile: DatabaseProfile, source: string): JoinEdge[] {
  const tables = new Map(profile.tables.map((t) => [t.name.toLowerCase(), t]));
  return edges.map((edge) => {
    const resolve = (table: string, columns: readonly string[]) => {
      const t = tables.get(table.toLowerCase());
      if (!t) throw new JoinsFileError(`${source}: edge ${edge.id}: table ${table} is not in database ${profile.database}`);
      const byName = new Map(t.columns.map((c) => [c.name.toLowerCase(), c.name]));
      const spelled = columns.map((c) => {
        const name = byName.get(c.toLowerCase());
        if (name === undefined)
          throw new JoinsFileError(`${source}: edge ${edge.id}: column ${t.name}.${c} is not in database ${profile.database}`);
        return name;
      });
      return { table: t.name, columns: spelled };
    };
    const from = resolve(edge.fromTable, edge.fromColumns);
    const to = resolve(edge.toTable, edge.toColumns);
    return {
      ...edge,
      id: joinEdgeId(from.table, from.columns, to.table, to.columns),
      fromTable: from.table,
      fromColumns: from.columns,
      toTable: to.table,
      toColumns: to.columns,
    };
  });
}

/** The declared edges, then every other edge whose id (case-insensitively) is not among them; sorted by id. */
export function mergeEdges(declared: readonly JoinEdge[], others: readonly JoinEdge[]): JoinEdge[] {
  const seen = new Set(declared.map((e) => e.id.toLowerCase()));
  const out = [...declared];
  for (const edge of others) {
    if (seen.has(edge.id.toLowerCase())) continue;
    seen.add(edge.id.toLowerCase());
    out.push(edge);
  }
  return out.sort(byEdgeId);
}
