/**
 * The scored questions cut into slices a reader asks about: questions needing two or more tables,
 * databases of more than one table, schema size, backend. Each slice holds guided retrieval and
 * every baseline on the same questions.
 */
import { averageMetrics, type MetricSummary, type QuestionMetrics, scoreQuestion } from '@guided-retrieval/benchmarks';

export interface SliceOutcome {
  db: string;
  gold: string[] | null;
  metrics: QuestionMetrics | null;
  baselines: Record<string, string[]>;
  /** The engine the question was written for, when the benchmark says. */
  backend?: string;
  /** Tables scored as neither right nor wrong (sample questions). */
  optional?: string[];
}

export interface Slice {
  questions: number;
  guided: MetricSummary;
  baselines: Record<string, MetricSummary>;
}

/** Schema sizes reported apart: small (≤ 20 tables), medium (21–100), large (> 100). */
export const SIZE_BANDS: readonly { name: string; max: number }[] = [
  { name: 'tables ≤ 20', max: 20 },
  { name: 'tables 21–100', max: 100 },
  { name: 'tables > 100', max: Number.POSITIVE_INFINITY },
];

/**
 * Slices of the scored outcomes (`gold` not null), by name; empty slices are left out.
 * `tablesOf(db)` is the number of tables of a question's schema (its own, not a union's).
 */
export function sliceResults(outcomes: readonly SliceOutcome[], tablesOf: (db: string) => number): Record<string, Slice> {
  const scored = outcomes.filter((o) => o.gold !== null);
  const predicates: [string, (o: SliceOutcome) => boolean][] = [
    ['gold ≥ 2 tables', (o) => o.gold!.length >= 2],
    ['gold = 1 table', (o) => o.gold!.length === 1],
    ['databases of 2+ tables', (o) => tablesOf(o.db) >= 2],
  ];
  let low = 0;
  for (const band of SIZE_BANDS) {
    const from = low;
    predicates.push([band.name, (o) => tablesOf(o.db) > from && tablesOf(o.db) <= band.max]);
    low = band.max;
  }
  for (const backend of [...new Set(scored.map((o) => o.backend).filter((b): b is string => b !== undefined))].sort()) {
    predicates.push([`backend ${backend}`, (o) => o.backend === backend]);
  }
  const out: Record<string, Slice> = {};
  for (const [name, keep] of predicates) {
    const members = scored.filter(keep);
    if (members.length === 0 || members.length === scored.length) continue;
    const baselineNames = Object.keys(members[0]!.baselines);
    out[name] = {
      questions: members.length,
      guided: averageMetrics(members.map((o) => o.metrics!)),
      baselines: Object.fromEntries(
        baselineNames.map((b) => [b, averageMetrics(members.map((o) => scoreQuestion(o.baselines[b] ?? [], o.gold!, o.optional)))]),
      ),
    };
  }
  return out;
}
