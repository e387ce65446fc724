/** What join inference did, in one line for stderr. */
import type { JoinInference } from '@guided-retrieval/join-inference';

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
