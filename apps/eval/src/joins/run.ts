/**
 * The joins benchmark: join inference, with the declared keys hidden, scored against the declared
 * foreign keys, per database and micro-averaged; on BIRD and Spider, table retrieval run with the
 * declared edges and again with the inferred ones.
 */

import { type BenchName, loadBenchmark, loadBirdStats, type MetricSummary } from '@guided-retrieval/benchmarks';
import { profileFromSchema } from '@guided-retrieval/context-graph/build';
import {
  columnSetsToProfile,
  declaredJoinEdges,
  type InferJoinsOptions,
  inferJoins,
  type JoinEdge,
  type JoinInference,
} from '@guided-retrieval/join-inference';
import { type DatabaseProfile, profileSqlite } from '@guided-retrieval/profiler';
import { type EvalOptions, runEvaluation, selectQuestions } from '../run.js';
import type { SqliteDatabase } from './databases.js';
import { checkDbtJoins, type DbtJoinsCheck } from './dbt-check.js';
import { hideDeclaredKeys } from './hide.js';
import { type EdgeCounts, type EdgeScore, microAverage, scoreEdges } from './score.js';
import { nonUniqueTargets } from './unique-targets.js';

export type JoinsBench = 'joins' | 'joins-bird' | 'joins-spider';

/** Runs inference; `inferJoins` unless a test swaps it. */
export type Infer = (profile: DatabaseProfile, options: InferJoinsOptions) => Promise<JoinInference>;

export interface DatabaseJoinScore extends EdgeScore {
  /** Inference time in milliseconds (profiling not included). */
  ms: number;
  /** The set the database belongs to, when the run has several (`sample`, `train`). */
  group?: string;
  /** Inferred edges whose target tuples repeat in the database (SQLite databases only; `unique-targets.ts`). */
  nonUniqueTargets?: string[];
  inference: JoinInference['stats'];
  /** With part of the declared keys hidden: what was hidden and how much of it inference found. */
  partial?: PartialScore;
}

/** Some declared keys hidden (`--hide-declared`): the fraction and the seed they were drawn with. */
export interface HideDeclared {
  fraction: number;
  seed: number;
}

/** How inference did on the declared keys it was not shown. */
export interface PartialScore {
  /** The draw's seed: `--hide-seed` mixed with the database's name. */
  seed: number;
  /** Declared keys left in the profile (kept as edges). */
  kept: number;
  /** Declared keys hidden from it. */
  hidden: number;
  /** Hidden keys among the edges. */
  found: number;
  /** found / hidden; 1 when nothing was hidden. */
  recall: number;
  /** Inferred (not declared) edges, and how many of them are declared keys. */
  inferred: number;
  inferredCorrect: number;
  /** Ids of the hidden keys not found, sorted. */
  missed: string[];
}

/** The hidden keys overall: summed over databases. */
export interface PartialSummary {
  fraction: number;
  seed: number;
  kept: number;
  hidden: number;
  found: number;
  recall: number;
  inferred: number;
  inferredCorrect: number;
  /** inferredCorrect / inferred; 1 when nothing was inferred. */
  inferredPrecision: number;
}

export interface RetrievalSummary {
  overall: MetricSummary;
  perDatabase: Record<string, MetricSummary>;
}

export interface JoinsResults {
  bench: JoinsBench;
  data: string;
  /**
   * How inference ran: with the declared keys hidden (`hide`), or with a seeded share of them
   * hidden and the rest used (`partial`, `--hide-declared`; `hidden` says the share and seed).
   */
  inference: { declared: 'hide' | 'partial'; minConfidence: number | null; hidden?: HideDeclared };
  /** Micro-averaged over every database's edges. */
  overall: EdgeCounts;
  /** Micro-averaged over each set's databases, when the run has several sets; with the inferred edges into non-unique targets. */
  groups?: Record<string, EdgeCounts & { nonUniqueTargets: number }>;
  /** The dbt project's inferred joins, checked (a benchmarks folder with `dbt-hubspot/`). */
  dbt?: DbtJoinsCheck;
  /** With `--hide-declared`: the hidden keys found, summed over databases. */
  partial?: PartialSummary;
  perDatabase: Record<string, DatabaseJoinScore>;
  /** Declared foreign keys left out of the truth set (they name a missing table or column). */
  skippedTruth: string[];
  /** BIRD and Spider: retrieval with the declared edges and with the inferred ones, same questions. */
  retrieval?: { questions: number; scored: number; evidence: boolean; declared: RetrievalSummary; inferred: RetrievalSummary };
  wallMs: number;
}

export interface DatabaseRun {
  score: DatabaseJoinScore;
  /** The inferred edges (for the retrieval run). */
  edges: JoinEdge[];
  skippedTruth: string[];
}

/**
 * One database: the declared keys as truth, inference with them hidden, the score. With
 * `hideDeclared`, only a seeded share of them is hidden and inference uses the rest: the edges
 * (declared kept and inferred) are scored against all the declared keys, and the hidden ones
 * found reported apart.
 */
export async function scoreDatabase(
  profile: DatabaseProfile,
  options: { minConfidence?: number; infer?: Infer; hideDeclared?: HideDeclared } = {},
): Promise<DatabaseRun> {
  const skippedTruth: string[] = [];
  const truth = declaredJoinEdges(profile, (reason) => skippedTruth.push(`${profile.database}: ${reason}`));
  const hidden = options.hideDeclared && hideDeclaredKeys(profile, options.hideDeclared.fraction, options.hideDeclared.seed);
  const started = performance.now();
  const inference = await (options.infer ?? inferJoins)(hidden ? hidden.profile : profile, {
    declared: hidden ? 'use' : 'hide',
    ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
  });
  const ms = round(performance.now() - started);
  const score: DatabaseJoinScore = { ...scoreEdges(inference.edges, truth), ms, inference: inference.stats };
  if (hidden) {
    const onHidden = scoreEdges(inference.edges, hidden.hidden);
    const inferred = inference.edges.filter((e) => e.origin !== 'declared');
    score.partial = {
      seed: hidden.seed,
      kept: hidden.kept.length,
      hidden: hidden.hidden.length,
      found: onHidden.correct,
      recall: onHidden.recall,
      inferred: inferred.length,
      inferredCorrect: scoreEdges(inferred, truth).correct,
      missed: onHidden.falseNegatives,
    };
  }
  return { score, edges: inference.edges, skippedTruth };
}

export interface SqliteJoinsOptions {
  data: string;
  databases: readonly SqliteDatabase[];
  /** A dbt manifest whose inferred joins are checked (`checkDbtJoins`), with the hand-checked sample's file. */
  dbt?: { manifest: string; handChecked?: string };
  minConfidence?: number;
  hideDeclared?: HideDeclared;
  infer?: Infer;
  log?: (message: string) => void;
}

/** Every SQLite database profiled read-only, then scored. */
export async function runSqliteJoins(options: SqliteJoinsOptions): Promise<JoinsResults> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const runs: [string, DatabaseRun][] = [];
  for (const db of options.databases) {
    log(`${db.name}: profiling ${db.path}`);
    const profile = await profileSqlite(db.path, { database: db.name, columnSets: columnSetsToProfile });
    const run = await scoreDatabase(profile, options);
    run.score.nonUniqueTargets = await nonUniqueTargets(db.path, run.edges);
    if (db.group) run.score.group = db.group;
    const repeats = run.score.nonUniqueTargets.length;
    log(
      `${db.name}: ${describeScore(run.score)}${run.score.partial ? `; ${describePartial(run.score.partial)}` : ''}${repeats > 0 ? `; ${repeats} into a non-unique target` : ''}`,
    );
    runs.push([db.group ? `${db.group}/${db.name}` : db.name, run]);
  }
  const results = summarize('joins', options.data, options, runs, 0);
  const groups = [...new Set(options.databases.flatMap((d) => (d.group ? [d.group] : [])))];
  if (groups.length > 0)
    results.groups = Object.fromEntries(
      groups.map((group) => {
        const scores = runs.filter(([, r]) => r.score.group === group).map(([, r]) => r.score);
        return [group, { ...microAverage(scores), nonUniqueTargets: scores.reduce((n, s) => n + (s.nonUniqueTargets?.length ?? 0), 0) }];
      }),
    );
  if (options.dbt) {
    log(`dbt: inferring the joins of ${options.dbt.manifest}`);
    results.dbt = await checkDbtJoins(options.dbt.manifest, options.dbt.handChecked);
    log(`dbt: ${describeDbt(results.dbt)}`);
  }
  results.wallMs = round(performance.now() - started);
  return results;
}

/** `391 inferred edges, 0 on audit or sync columns; hand-checked sample: 27 right of 30 still inferred`. */
export function describeDbt(d: DbtJoinsCheck): string {
  const hand = d.handChecked
    ? `; hand-checked sample: ${d.handChecked.right} right of ${d.handChecked.stillInferred} still inferred (${d.handChecked.judged} judged${d.handChecked.unjudged.length > 0 ? `, ${d.handChecked.unjudged.length} drawn now not judged` : ''})`
    : '';
  return `${d.edges} inferred edges over ${d.tables} tables, ${d.auditEdges.length} on audit or sync columns, ${d.setAside} columns set aside${hand}`;
}

export interface BenchJoinsOptions
  extends Pick<EvalOptions, 'databases' | 'limit' | 'evidence' | 'llm' | 'embedder' | 'modelCacheDir' | 'onProgress'> {
  bench: 'joins-bird' | 'joins-spider';
  dataDir: string;
  minConfidence?: number;
  hideDeclared?: HideDeclared;
  /** Also run retrieval with each edge set (default true). */
  retrieval?: boolean;
  infer?: Infer;
  log?: (message: string) => void;
}

export const RETRIEVAL_BENCH: Record<BenchJoinsOptions['bench'], BenchName> = { 'joins-bird': 'bird-dev', 'joins-spider': 'spider-dev' };

/**
 * A BIRD or Spider folder: each database's schema (and BIRD's statistics) as a profile, scored;
 * then retrieval over the same questions with the declared edges and with the inferred ones.
 */
export async function runBenchJoins(options: BenchJoinsOptions): Promise<JoinsResults> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const bench = RETRIEVAL_BENCH[options.bench];
  const benchmark = loadBenchmark(bench, options.dataDir);
  const asked = new Set(
    selectQuestions(benchmark, { bench, ...(options.databases ? { databases: options.databases } : {}) }).map((q) => q.db),
  );
  const stats = bench === 'bird-dev' ? loadBirdStats(options.dataDir) : new Map();
  const runs: [string, DatabaseRun][] = [];
  for (const db of benchmark.databases.filter((d) => asked.has(d.name))) {
    const profile = profileFromSchema(db.schema, stats.get(db.name.toLowerCase()));
    const run = await scoreDatabase(profile, options);
    log(`${db.name}: ${describeScore(run.score)}${run.score.partial ? `; ${describePartial(run.score.partial)}` : ''}`);
    runs.push([db.name, run]);
  }
  const results = summarize(options.bench, options.dataDir, options, runs, 0);
  if (options.retrieval !== false) {
    const common: EvalOptions = {
      bench,
      dataDir: options.dataDir,
      baselines: false,
      ...pick(options, ['databases', 'limit', 'evidence', 'llm', 'embedder', 'modelCacheDir', 'onProgress']),
    };
    log('retrieval with the declared edges');
    const declared = (await runEvaluation(common)).results;
    log(
      options.hideDeclared
        ? 'retrieval with the declared edges kept and the inferred ones'
        : 'retrieval with the inferred edges (declared keys hidden)',
    );
    const inferred = (await runEvaluation({ ...common, edges: Object.fromEntries(runs.map(([name, run]) => [name, run.edges])) })).results;
    results.retrieval = {
      questions: declared.questions,
      scored: declared.scored,
      evidence: declared.evidence,
      declared: { overall: declared.overall, perDatabase: declared.perDatabase },
      inferred: { overall: inferred.overall, perDatabase: inferred.perDatabase },
    };
  }
  results.wallMs = round(performance.now() - started);
  return results;
}

function summarize(
  bench: JoinsBench,
  data: string,
  options: { minConfidence?: number; hideDeclared?: HideDeclared },
  runs: readonly [string, DatabaseRun][],
  wallMs: number,
): JoinsResults {
  const { minConfidence, hideDeclared } = options;
  const results: JoinsResults = {
    bench,
    data,
    inference: hideDeclared
      ? { declared: 'partial', minConfidence: minConfidence ?? null, hidden: { ...hideDeclared } }
      : { declared: 'hide', minConfidence: minConfidence ?? null },
    overall: microAverage(runs.map(([, r]) => r.score)),
    perDatabase: Object.fromEntries(runs.map(([name, r]) => [name, r.score])),
    skippedTruth: runs.flatMap(([, r]) => r.skippedTruth),
    wallMs: round(wallMs),
  };
  if (hideDeclared) {
    const parts = runs.flatMap(([, r]) => (r.score.partial ? [r.score.partial] : []));
    const sum = (f: (p: PartialScore) => number) => parts.reduce((n, p) => n + f(p), 0);
    const hidden = sum((p) => p.hidden);
    const inferred = sum((p) => p.inferred);
    results.partial = {
      ...hideDeclared,
      kept: sum((p) => p.kept),
      hidden,
      found: sum((p) => p.found),
      recall: hidden === 0 ? 1 : sum((p) => p.found) / hidden,
      inferred,
      inferredCorrect: sum((p) => p.inferredCorrect),
      inferredPrecision: inferred === 0 ? 1 : sum((p) => p.inferredCorrect) / inferred,
    };
  }
  return results;
}

/** The hidden keys found, for the log line of a database or of the whole run. */
export function describePartial(p: Pick<PartialScore, 'found' | 'hidden' | 'recall' | 'kept' | 'inferred' | 'inferredCorrect'>): string {
  return `hidden-key recall ${p.recall.toFixed(3)} (${p.found} of ${p.hidden} hidden found; ${p.kept} declared kept; ${p.inferredCorrect} of ${p.inferred} inferred correct)`;
}

export function describeScore(s: EdgeCounts & { ms?: number }): string {
  const f = (n: number) => n.toFixed(3);
  return `precision ${f(s.precision)} recall ${f(s.recall)} F1 ${f(s.f1)} (${s.correct} correct of ${s.predicted} predicted, ${s.truth} declared)${s.ms === undefined ? '' : `, ${s.ms} ms`}`;
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
