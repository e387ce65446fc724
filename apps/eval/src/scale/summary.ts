/** One case's events (complete, or cut short by the budget) as one row of the report. */

import { averageMetrics, type MetricSummary, scoreQuestion } from '@guided-retrieval/benchmarks';
import type { PhaseTimings } from '@guided-retrieval/retrieval';
import type { ResultFingerprint } from '../fingerprint.js';
import { type LatencySummary, summarizeLatency } from '../latency.js';
import { caseLabel, type ScaleCase } from './generate.js';
import type { CaseEvent, QuestionRecord, SetupFacts } from './run-case.js';

export type PhaseName = Exclude<keyof PhaseTimings, 'total' | 'choice'>;
export const PHASES: readonly PhaseName[] = [
  'grounding',
  'exploration',
  'disambiguation',
  'pathEnumeration',
  'pathSelection',
  'merging',
  'columns',
];

export type CaseOutcome = { status: 'ok' } | { status: 'timeout'; budgetS: number } | { status: 'error'; message: string };

export interface ScaleRow extends Partial<SetupFacts> {
  case: string;
  shape: ScaleCase['shape'];
  /** Layered: layers × width and the number of customer → nation paths, W^L. */
  layered?: { layers: number; width: number; paths: number };
  status: CaseOutcome['status'];
  /** `ok`, `timed out after 300 s (3 of 100 questions done)`, or the error. */
  statusText: string;
  questionsDone: number;
  /** Wall time of `retrieve` per question. */
  retrievalMs: LatencySummary;
  perPhaseMs: Record<PhaseName, LatencySummary>;
  /** The fitted choice's share of disambiguation (proposing and rooting, features, scoring), and the sets of tables it proposed and rooted per question. */
  choice?: { proposalMs: LatencySummary; featuresMs: LatencySummary; scoringMs: LatencySummary; meanProposed: number; meanRooted: number };
  bm25Ms: LatencySummary;
  /** Guided p95 / BM25 top-3 p95; null when either is missing or BM25's is 0. */
  p95Ratio: number | null;
  guided: MetricSummary;
  bm25: MetricSummary;
  /** Peak RSS of the process that ran the case, MB (last reported, for a case cut short). */
  peakRssMb: number | null;
  meanTreeSize: number;
  meanGoldSize: number;
  /** Layered: how many returned trees were exactly customer, one table per layer, nation. */
  treesExact?: number;
  /** Each question's tree and result hash, to compare two runs question by question. */
  answers: (Pick<QuestionRecord, 'id'> & ResultFingerprint)[];
  wallMs: number | null;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : round3(xs.reduce((a, b) => a + b, 0) / xs.length));

export function summarizeCase(c: ScaleCase, events: readonly CaseEvent[], outcome: CaseOutcome): ScaleRow {
  const facts: Partial<SetupFacts> = {};
  const records: QuestionRecord[] = [];
  let rss: number | null = null;
  let wallMs: number | null = null;
  for (const e of events) {
    rss = Math.max(rss ?? 0, e.rssMb);
    if (e.type === 'setup') Object.assign(facts, e.facts);
    else if (e.type === 'question') records.push(e.record);
    else wallMs = e.wallMs;
  }
  const retrievalMs = summarizeLatency(records.map((r) => r.ms));
  const bm25Ms = summarizeLatency(records.map((r) => r.bm25Ms));
  const perPhaseMs = Object.fromEntries(PHASES.map((p) => [p, summarizeLatency(records.map((r) => r.timings[p]))])) as Record<
    PhaseName,
    LatencySummary
  >;
  const total = facts.questions ?? records.length;
  const row: ScaleRow = {
    case: caseLabel(c),
    shape: c.shape,
    ...(c.shape === 'layered' ? { layered: { layers: c.layers, width: c.width, paths: c.width ** c.layers } } : {}),
    ...facts,
    status: outcome.status,
    statusText: statusText(outcome, records.length, total, stalledIn(facts)),
    questionsDone: records.length,
    retrievalMs,
    perPhaseMs,
    ...(records.some((r) => r.timings.choice)
      ? {
          choice: {
            proposalMs: summarizeLatency(records.map((r) => r.timings.choice?.proposal ?? 0)),
            featuresMs: summarizeLatency(records.map((r) => r.timings.choice?.features ?? 0)),
            scoringMs: summarizeLatency(records.map((r) => r.timings.choice?.scoring ?? 0)),
            meanProposed: mean(records.map((r) => r.proposed ?? 0)),
            meanRooted: mean(records.map((r) => r.rooted ?? 0)),
          },
        }
      : {}),
    bm25Ms,
    p95Ratio: records.length > 0 && bm25Ms.p95 > 0 ? round3(retrievalMs.p95 / bm25Ms.p95) : null,
    guided: averageMetrics(records.map((r) => scoreQuestion(r.retrieved, r.gold))),
    bm25: averageMetrics(records.map((r) => scoreQuestion(r.bm25, r.gold))),
    peakRssMb: rss,
    meanTreeSize: mean(records.map((r) => r.retrieved.length)),
    meanGoldSize: mean(records.map((r) => r.gold.length)),
    ...(c.shape === 'layered' ? { treesExact: records.filter((r) => r.treeOk).length } : {}),
    answers: records.map((r) => ({ id: r.id, sql: r.sql, resultHash: r.resultHash })),
    wallMs,
  };
  return row;
}

/** The steps before the questions, in order, by the fact each one reports. */
const STEPS: readonly [keyof SetupFacts, string][] = [
  ['generateMs', 'schema generation'],
  ['graphBuildMs', 'graph build'],
  ['serializeMs', 'serialization'],
  ['graphLoadMs', 'graph load'],
  ['indexBuildMs', 'index build'],
  ['baselinesBuildMs', 'baselines build'],
];

/** The step a run was in when it stopped before its questions; null once the questions had begun. */
function stalledIn(facts: Partial<SetupFacts>): string | null {
  return STEPS.find(([key]) => facts[key] === undefined)?.[1] ?? null;
}

function statusText(outcome: CaseOutcome, done: number, total: number, stalled: string | null): string {
  if (outcome.status === 'ok') return 'ok';
  const progress = `${done} of ${total} questions done${stalled ? `, stopped in ${stalled}` : ''}`;
  if (outcome.status === 'timeout') return `timed out after ${outcome.budgetS} s (${progress})`;
  return `error: ${outcome.message} (${progress})`;
}
