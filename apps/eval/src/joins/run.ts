/**
 * The joins benchmark: join inference, with the declared keys hidden, scored against the declared
 * foreign keys, per database and micro-averaged; on BIRD and Spider, table retrieval run with the
 * declared edges and again with the inferred ones.
 */
import { declaredJoinEdges, type InferJoinsOptions, inferJoins, type JoinEdge, type JoinInference } from '@guided-retrieval/join-inference';
import { type DatabaseProfile, profileSqlite } from '@guided-retrieval/profiler';
import { loadBenchmark } from '../bench/load.js';
import type { BenchName } from '../bench/types.js';
import type { MetricSummary } from '../metrics.js';
import { type EvalOptions, runEvaluation, selectQuestions } from '../run.js';
import { loadBirdStats } from './bird-stats.js';
import type { SqliteDatabase } from './databases.js';
import { profileFromSchema } from './schema-profile.js';
import { type EdgeCounts, type EdgeScore, microAverage, scoreEdges } from './score.js';

export type JoinsBench = 'joins' | 'joins-bird' | 'joins-spider';

/** Runs inference; `inferJoins` unless a test swaps it. */
export type Infer = (profile: DatabaseProfile, options: InferJoinsOptions) => Promise<JoinInference>;

export interface DatabaseJoinScore extends EdgeScore {
  /** Inference time in milliseconds (profiling not included). */
  ms: number;
  inference: JoinInference['stats'];
}

export interface RetrievalSummary {
  overall: MetricSummary;
  perDatabase: Record<string, MetricSummary>;
}

export interface JoinsResults {
  bench: JoinsBench;
  data: string;
  /** How inference ran: always with the declared keys hidden. */
  inference: { declared: 'hide'; minConfidence: number | null };
  /** Micro-averaged over every database's edges. */
  overall: EdgeCounts;
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

/** One database: the declared keys as truth, inference with them hidden, the score. */
export async function scoreDatabase(
  profile: DatabaseProfile,
  options: { minConfidence?: number; infer?: Infer } = {},
): Promise<DatabaseRun> {
  const skippedTruth: string[] = [];
  const truth = declaredJoinEdges(profile, (reason) => skippedTruth.push(`${profile.database}: ${reason}`));
  const started = performance.now();
  const inference = await (options.infer ?? inferJoins)(profile, {
    declared: 'hide',
    ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
  });
  const ms = round(performance.now() - started);
  return { score: { ...scoreEdges(inference.edges, truth), ms, inference: inference.stats }, edges: inference.edges, skippedTruth };
}

export interface SqliteJoinsOptions {
  data: string;
  databases: readonly SqliteDatabase[];
  minConfidence?: number;
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
    const profile = await profileSqlite(db.path, { database: db.name });
    const run = await scoreDatabase(profile, options);
    log(`${db.name}: ${describeScore(run.score)}`);
    runs.push([db.name, run]);
  }
  return summarize('joins', options.data, options.minConfidence, runs, performance.now() - started);
}

export interface BenchJoinsOptions
  extends Pick<EvalOptions, 'databases' | 'limit' | 'evidence' | 'llm' | 'embedder' | 'modelCacheDir' | 'onProgress'> {
  bench: 'joins-bird' | 'joins-spider';
  dataDir: string;
  minConfidence?: number;
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
    log(`${db.name}: ${describeScore(run.score)}`);
    runs.push([db.name, run]);
  }
  const results = summarize(options.bench, options.dataDir, options.minConfidence, runs, 0);
  if (options.retrieval !== false) {
    const common: EvalOptions = {
      bench,
      dataDir: options.dataDir,
      baselines: false,
      ...pick(options, ['databases', 'limit', 'evidence', 'llm', 'embedder', 'modelCacheDir', 'onProgress']),
    };
    log('retrieval with the declared edges');
    const declared = (await runEvaluation(common)).results;
    log('retrieval with the inferred edges (declared keys hidden)');
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
  minConfidence: number | undefined,
  runs: readonly [string, DatabaseRun][],
  wallMs: number,
): JoinsResults {
  return {
    bench,
    data,
    inference: { declared: 'hide', minConfidence: minConfidence ?? null },
    overall: microAverage(runs.map(([, r]) => r.score)),
    perDatabase: Object.fromEntries(runs.map(([name, r]) => [name, r.score])),
    skippedTruth: runs.flatMap(([, r]) => r.skippedTruth),
    wallMs: round(wallMs),
  };
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
