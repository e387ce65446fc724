/** What join inference did, in one line for stderr. */
import type { JoinInference, SetAsideColumn } from '@guided-retrieval/join-inference';

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

/** Examples named per reason in a note. */
const NOTE_EXAMPLES = 3;

/**
 * The build's notes on the columns inference set aside: one line per reason, how many and a few
 * examples (`note: 80 columns never join: a data loader's or modelling tool's bookkeeping column —
 * deal_data._fivetran_synced, …`).
 */
export function setAsideNotes(columns: readonly SetAsideColumn[]): string[] {
  const byReason = new Map<string, SetAsideColumn[]>();
  for (const c of columns) byReason.set(c.reason, [...(byReason.get(c.reason) ?? []), c]);
  return [...byReason].map(([reason, list]) => {
    const names = list.slice(0, NOTE_EXAMPLES).map((c) => `${c.table}.${c.column}`);
    const more = list.length > NOTE_EXAMPLES ? ', …' : '';
    return `note: ${list.length} column${list.length === 1 ? '' : 's'} set aside from join inference, never joined: ${reason} — ${names.join(', ')}${more}`;
  });
}
