/** A joins file's edges joined with a database's: respelled as the database spells its names, merged with the declared ones. */
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { byEdgeId, joinEdgeId } from './declared.js';
import { JoinsFileError } from './io.js';
import { spelledAs } from './spelled.js';
import type { JoinEdge } from './types.js';

/**
 * The edges of a joins file, each table and column looked up in the database as spelled, else
 * case-insensitively, and respelled as the database spells it (the id too). A name the database lacks is a one-line
 * `JoinsFileError` naming the file (`source`), the edge and the name.
 */
export function edgesForProfile(edges: readonly JoinEdge[], profile: DatabaseProfile, source: string): JoinEdge[] {
  const table = spelledAs(profile.tables);
  return edges.map((edge) => {
    const resolve = (name: string, columns: readonly string[]) => {
      const t = table(name);
      if (!t) throw new JoinsFileError(`${source}: edge ${edge.id}: table ${name} is not in database ${profile.database}`);
      const column = spelledAs(t.columns);
      const spelled = columns.map((c) => {
        const found = column(c)?.name;
        if (found === undefined)
          throw new JoinsFileError(`${source}: edge ${edge.id}: column ${t.name}.${c} is not in database ${profile.database}`);
        return found;
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
