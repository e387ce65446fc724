/** Join edges for the graph: declared, inferred, or read from a joins file and checked against the database. */
import { type JoinEdge, type JoinInference, joinEdgeId } from '@guided-retrieval/join-inference';
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { UserError } from './errors.js';

/**
 * The edges of a joins file, each table and column looked up in the database case-insensitively
 * and respelled as the database spells it (the id too). A name the database lacks is a one-line
 * error naming the file, the edge and the name.
 */
export function edgesForProfile(edges: readonly JoinEdge[], profile: DatabaseProfile, source: string): JoinEdge[] {
  const tables = new Map(profile.tables.map((t) => [t.name.toLowerCase(), t]));
  return edges.map((edge) => {
    const resolve = (table: string, columns: readonly string[]) => {
      const t = tables.get(table.toLowerCase());
      if (!t) throw new UserError(`${source}: edge ${edge.id}: table ${table} is not in database ${profile.database}`);
      const byName = new Map(t.columns.map((c) => [c.name.toLowerCase(), c.name]));
      const spelled = columns.map((c) => {
        const name = byName.get(c.toLowerCase());
        if (name === undefined)
          throw new UserError(`${source}: edge ${edge.id}: column ${t.name}.${c} is not in database ${profile.database}`);
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
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export interface InferenceSummary {
  database: string;
  tables: number;
  columns: number;
  candidatePairs: number;
  afterPruning: number;
  declared: number;
  inferred: number;
  adjudicated: number;
  ms: number;
}

export function summarizeInference(database: string, result: JoinInference): InferenceSummary {
  const declared = result.edges.filter((e) => e.origin === 'declared').length;
  const { tables, columns, candidatePairs, afterPruning, adjudicated, ms } = result.stats;
  return {
    database,
    tables,
    columns,
    candidatePairs,
    afterPruning,
    declared,
    inferred: result.edges.length - declared,
    adjudicated,
    ms: Math.round(ms),
  };
}

/** `shop: 8 tables, 412 candidate pairs (37 after pruning), 5 declared + 2 inferred edges, 12 ms`. */
export function describeInference(s: InferenceSummary): string {
  const asked = s.adjudicated > 0 ? `, ${s.adjudicated} adjudicated` : '';
  return `${s.database}: ${s.tables} tables, ${s.candidatePairs} candidate pairs (${s.afterPruning} after pruning), ${s.declared} declared + ${s.inferred} inferred edges${asked}, ${s.ms} ms`;
}
