import {
  averageMetrics,
  type BenchDatabase,
  type Benchmark,
  type BenchName,
  type BenchQuestion,
  type GoldJoin,
  type GoldJoinSummary,
  type GoldTables,
  goldJoins,
  goldTables,
  listedGoldTables,
  loadBenchmark,
  loadDefog,
  type MetricSummary,
  type QuestionMetrics,
  scoreQuestion,
  summarizeGoldJoins,
} from '@guided-retrieval/benchmarks';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import type { GraphBuild } from '@guided-retrieval/context-graph/build';
import { embedderFromSpec, OfflineEmbedder } from '@guided-retrieval/grounding';
import type { JoinEdge } from '@guided-retrieval/join-inference';
import {
  createChatModel,
  SentenceEmbedder,
  sentenceEmbedderAvailable,
  UsageCounter,
  type UsageSnapshot,
} from '@guided-retrieval/llm-adapters';
import { HeuristicDisambiguator, LlmDisambiguator, type PhaseTimings, Retriever } from '@guided-retrieval/retrieval';
import { createBaselines } from './baselines.js';
import { benchGraph } from './bench/graph.js';
import { unionSchemas } from './bench/union.js';
import { ColumnBench, type ColumnSummary, columnOverhead, type QuestionColumns, summarizeColumns } from './columns.js';
import { fingerprint, type ResultFingerprint } from './fingerprint.js';
import { goldColumns } from './gold-columns.js';
import { type LatencySummary, summarizeLatency } from './latency.js';
import { type Slice, sliceResults } from './slices.js';

export interface EvalOptions {
  bench: BenchName;
  dataDir: string;
  /** Only these databases. */
  databases?: string[];
  /** At most this many questions in all (in benchmark order). */
  limit?: number;
  /** Append BIRD's evidence hint to each question. */
  evidence?: boolean;
  /** A chat model spec (`ollama:qwen2.5:7b@http://…`, `openai:…`) for disambiguation and path selection. */
  llm?: string;
  /** An embedder spec (`offline`, `ollama:…`, `openai:…`, `transformers:<folder>`); the offline embedder by default. */
  embedder?: string;
  /** Where model answers are cached (content-addressed), so that reruns cost nothing. */
  modelCacheDir?: string;
  /**
   * Join edges per database (by name) that replace the schema's declared foreign keys in its
   * context graph, e.g. inferred ones; a database not listed keeps its declared keys.
   */
  edges?: Readonly<Record<string, readonly JoinEdge[]>>;
  /** Run the baselines too (default true); they do not depend on the join edges. */
  baselines?: boolean;
  /**
   * One context graph of every database (those of `databases`, else every database the
   * benchmark's questions use), colliding table names prefixed (see bench/union.ts); each question
   * is asked against it and scored against its gold tables under the union's names.
   */
  union?: boolean;
  /** `heuristic`: the heuristic's tree alone, no fitted choice among candidate trees (to measure what the choice adds). */
  disambiguator?: 'fitted' | 'heuristic';
  /** Let the sentence model break ties between islands when it is installed (default true, as the guided CLI). */
  islandEmbedder?: boolean;
  /** Defog: the PostgreSQL server its dumps are loaded into (scratch databases, dropped after). */
  postgresUrl?: string;
  /** A benchmark already loaded and profiled (a sample-questions build), with its profile times: asked as it is. */
  loaded?: { benchmark: Benchmark; profileMs: Record<string, number> };
  onProgress?: (event: { db: string; done: number; total: number }) => void;
  /** Messages about long set-up work (loading and profiling Defog's databases). */
  onStep?: (message: string) => void;
}

export interface QuestionOutcome extends ResultFingerprint {
  id: string;
  db: string;
  question: string;
  gold: string[] | null;
  goldError: string | null;
  retrieved: string[];
  metrics: QuestionMetrics | null;
  timings: PhaseTimings;
  baselines: Record<string, string[]>;
  backend?: string;
  /** Tables that may also be retrieved without penalty (sample questions), scored so for the baselines too. */
  optional?: string[];
  /** The column benchmark's measures, when the gold SQL was read (not in a union run). */
  columns?: QuestionColumns;
}

type PhaseName = Exclude<keyof PhaseTimings, 'total' | 'choice'>;

export interface EvalResults {
  bench: BenchName;
  /** sample-questions: which build of its databases was asked (each build has its own results). */
  build?: 'sqlite' | 'postgres';
  evidence: boolean;
  questions: number;
  scored: number;
  unparsedGold: number;
  unparsedGoldQuestions: { id: string; db: string; error: string }[];
  retriever: { disambiguator: string; embedder: string; islandEmbedder: string | null };
  /** The models that ran and what they cost (all zero without a model). */
  models: { llm: string | null; embedder: string; seconds: number } & Omit<UsageSnapshot, 'ms'>;
  /** `columns`: the column benchmark (`columns.ts`); absent when no question has gold SQL the scorer reads, and in a union run. */
  overall: MetricSummary & { columns?: ColumnSummary };
  perDatabase: Record<string, MetricSummary>;
  baselines: Record<string, { overall: MetricSummary; perDatabase: Record<string, MetricSummary> }>;
  /** `columnOverhead`: column relevance plus the prompt's rendering, per question with gold columns (absent without). */
  latencyMs: LatencySummary & { perPhase: Record<PhaseName, LatencySummary>; columnOverhead?: LatencySummary };
  graphBuildMs: Record<string, number>;
  /** Defog: milliseconds to load and profile each real database (before the graph build). */
  profileMs: Record<string, number>;
  /** Defog: gold queries written in its alternatives notation, scored against their first alternative with braces expanded. */
  goldRewritten: number;
  /** Databases whose schema declares no key, with the number of join edges inferred for them (graph build includes inference). */
  inferredEdges: Record<string, number>;
  /**
   * Inferred edges against the joins the gold SQL shows, for databases whose edges were inferred and whose
   * questions list gold tables (see bench/gold-joins.ts).
   */
  goldJoins: GoldJoinSummary | null;
  /** The scored questions cut by gold size, schema size and backend, baselines beside (see slices.ts). */
  slices: Record<string, Slice>;
  /** Whether every question was asked against one union graph of all the databases. */
  union: boolean;
  /** The union graph (null when not a union run); `graphBuildMs.union` is its build time. */
  unionGraph: { databases: string[]; tables: number; edges: number; renamedTables: string[] } | null;
  peakRssMb: number;
  wallMs: number;
  paper: { bench: 'bird-dev'; accuracy: number; precision: number; recall: number; f1: number; perfectRecall: number };
}

/**
 * The questions a run asks: those of the chosen databases (each must exist: the error lists the
 * benchmark's), at most `limit` of them, in benchmark order.
 */
export function selectQuestions(bench: Benchmark, options: { bench: BenchName; databases?: string[]; limit?: number }): BenchQuestion[] {
  const wanted = options.databases && options.databases.length > 0 ? new Set(options.databases) : null;
  if (wanted) {
    const known = new Set(bench.databases.map((d) => d.name));
    const missing = [...wanted].filter((d) => !known.has(d));
    if (missing.length > 0)
      throw new Error(`unknown database ${missing.join(', ')} in ${options.bench}; it has ${[...known].sort().join(', ')}`);
  }
  const questions = bench.questions.filter((q) => !wanted || wanted.has(q.db));
  return options.limit === undefined ? questions : questions.slice(0, options.limit);
}

/**
 * The databases a union run merges: those named by `databases`, else every database that one of
 * the benchmark's questions uses (whatever `limit`), in the benchmark's order.
 */
export function unionMembers(bench: Benchmark, options: { databases?: string[] }): BenchDatabase[] {
  const wanted = new Set(options.databases && options.databases.length > 0 ? options.databases : bench.questions.map((q) => q.db));
  return bench.databases.filter((d) => wanted.has(d.name));
}

/** A question's gold tables (from its own database's table names) under the names `rename` gives. */
export function renamedGold(gold: GoldTables, db: string, rename: ((db: string, table: string) => string) | null): GoldTables {
  return gold.ok && rename ? { ok: true, tables: gold.tables.map((t) => rename(db, t)).sort() } : gold;
}

/** The paper's BIRD-dev figures (with an LLM in the loop), for comparison. */
export const PAPER_BIRD_DEV = { bench: 'bird-dev', accuracy: 0.85, precision: 0.94, recall: 0.89, f1: 0.92, perfectRecall: 0.81 } as const;

const PHASES: PhaseName[] = ['grounding', 'exploration', 'disambiguation', 'pathEnumeration', 'pathSelection', 'merging', 'columns'];

/**
 * Runs retrieval and every baseline on every question, one context graph per database (or one
 * for all of them, with `union`), and scores them against the tables each gold query reads. The
 * retriever sees the question (and the evidence when asked), never the gold SQL.
 */
export async function runEvaluation(options: EvalOptions): Promise<{ results: EvalResults; outcomes: QuestionOutcome[] }> {
  const started = performance.now();
  const { bench, profileMs } = await benchmarkFor(options);
  const questions = selectQuestions(bench, options);
  const byDb = new Map<string, BenchQuestion[]>();
  for (const q of questions) byDb.set(q.db, [...(byDb.get(q.db) ?? []), q]);

  const usage = new UsageCounter();
  const modelOptions = { usage, ...(options.modelCacheDir ? { cacheDir: options.modelCacheDir } : {}) };
  const embedder = options.embedder ? embedderFromSpec(options.embedder, modelOptions) : new OfflineEmbedder();
  const chat = options.llm ? createChatModel(options.llm, modelOptions) : null;
  // The sentence model breaks ties between islands, as in the guided CLI: on when installed, unless switched off.
  const islandEmbedder = options.islandEmbedder === false || !sentenceEmbedderAvailable() ? null : new SentenceEmbedder();
  const outcomes: QuestionOutcome[] = [];
  const graphBuildMs: Record<string, number> = {};
  let disambiguator = 'heuristic';
  const inferredEdges: Record<string, number> = {};
  const goldJoinsByDb = new Map<string, { edges: readonly JoinEdge[]; joins: GoldJoin[] }>();
  const setUp = async (makeGraph: () => Promise<Pick<GraphBuild, 'graph' | 'inference'>>, key: string) => {
    const buildStart = performance.now();
    const { graph, inference } = await makeGraph();
    const inferred = inference !== null;
    if (inferred) inferredEdges[key] = graph.edges.length;
    const retriever = await Retriever.create(graph, {
      embedder,
      ...(chat
        ? { disambiguator: new LlmDisambiguator(chat) }
        : options.disambiguator === 'heuristic'
          ? { disambiguator: new HeuristicDisambiguator() }
          : {}),
      ...(islandEmbedder ? { islandEmbedder } : {}),
    });
    graphBuildMs[key] = round(performance.now() - buildStart);
    const baselines = options.baselines === false ? [] : await createBaselines(graph, embedder);
    const columns = options.union ? null : new ColumnBench(graph, retriever);
    return { graph, retriever, baselines, inferred, columns };
  };
  let union: { rename: (db: string, table: string) => string; setup: Awaited<ReturnType<typeof setUp>> } | null = null;
  let unionGraph: EvalResults['unionGraph'] = null;
  if (options.union) {
    if (options.edges) throw new Error('a union run takes the declared keys only: edges cannot replace them per database');
    const members = unionMembers(bench, options);
    const { schema, rename, renamed } = unionSchemas(members, `${options.bench}-union`);
    union = { rename, setup: await setUp(async () => ({ graph: graphFromSchema(schema), inference: null }), 'union') };
    const { graph } = union.setup;
    unionGraph = {
      databases: members.map((d) => d.name),
      tables: graph.tables.length,
      edges: graph.edges.length,
      renamedTables: renamed.map((r) => r.name),
    };
  }
  for (const [dbName, dbQuestions] of byDb) {
    const db = bench.databases.find((d) => d.name === dbName);
    if (!db) throw new Error(`question ${dbQuestions[0]!.id} names database ${dbName}, which has no schema`);
    const { graph, retriever, baselines, inferred, columns } =
      union?.setup ?? (await setUp(() => benchGraph(db, options.edges?.[dbName]), dbName));
    const schemaColumns = db.schema.tables.map((t) => ({
      name: t.name,
      columns: t.columns.map((c) => (typeof c === 'string' ? c : c.name)),
    }));
    // Gold joins are read from the gold SQL; sample questions list their tables and have none.
    const listing = dbQuestions.filter((q) => q.goldTables && q.sql !== '');
    if (inferred && listing.length > 0)
      goldJoinsByDb.set(dbName, { edges: graph.edges, joins: listing.flatMap((q) => goldJoins(q.sql, q.goldTables!)) });
    const tableNames = db.schema.tables.map((t) => t.name);
    let done = 0;
    for (const q of dbQuestions) {
      const text = options.evidence && q.evidence ? `${q.question} ${q.evidence}` : q.question;
      const result = await retriever.retrieve(text);
      disambiguator = result.trace.disambiguation.by;
      const gold = renamedGold(questionGold(q, tableNames), dbName, union?.rename ?? null);
      const baselineTables: Record<string, string[]> = {};
      for (const b of baselines) baselineTables[b.name] = await b.retrieve(text);
      // Gold columns are read from the gold SQL; a benchmark that lists its gold tables has none the scorer reads.
      const goldCols = columns && gold.ok && !q.goldTables && q.sql !== '' ? goldColumns(q.sql, schemaColumns) : null;
      outcomes.push({
        id: q.id,
        db: dbName,
        question: text,
        gold: gold.ok ? gold.tables : null,
        goldError: gold.ok ? null : gold.error,
        retrieved: result.tables,
        ...fingerprint(result),
        metrics: gold.ok ? scoreQuestion(result.tables, gold.tables, q.optionalTables) : null,
        timings: result.trace.timings,
        baselines: baselineTables,
        ...(q.backend ? { backend: q.backend } : {}),
        ...(q.optionalTables ? { optional: q.optionalTables } : {}),
        ...(columns && goldCols?.ok && gold.ok ? { columns: columns.measure(text, result, goldCols.columns, gold.tables) } : {}),
      });
      options.onProgress?.({ db: dbName, done: ++done, total: dbQuestions.length });
    }
  }
  const results = summarize(
    options,
    outcomes,
    graphBuildMs,
    { disambiguator, embedder: embedder.id, islandEmbedder: islandEmbedder?.id ?? null },
    performance.now() - started,
  );
  results.unionGraph = unionGraph;
  results.profileMs = profileMs;
  results.goldRewritten = questions.filter((q) => q.goldRewritten).length;
  results.inferredEdges = inferredEdges;
  results.goldJoins = summarizeGoldJoins(goldJoinsByDb);
  const tableCounts = new Map(bench.databases.map((d) => [d.name, d.schema.tables.length]));
  results.slices = sliceResults(outcomes, (db) => tableCounts.get(db) ?? 0);
  const { ms, ...cost } = usage.snapshot();
  results.models = { llm: chat?.id ?? null, embedder: embedder.id, ...cost, seconds: round(ms / 1000) };
  return { results, outcomes };
}

/** The benchmark; Defog's databases are loaded into PostgreSQL and profiled (their times returned). */
async function benchmarkFor(options: EvalOptions): Promise<{ bench: Benchmark; profileMs: Record<string, number> }> {
  if (options.loaded) return { bench: options.loaded.benchmark, profileMs: options.loaded.profileMs };
  if (options.bench !== 'defog') return { bench: loadBenchmark(options.bench, options.dataDir), profileMs: {} };
  if (options.union) throw new Error('--union does not apply to defog: each question is asked of its own database');
  if (!options.postgresUrl)
    throw new Error(
      'defog needs a PostgreSQL server: pass --postgres URL or set GUIDED_TEST_POSTGRES_URL (.ci/setup-postgres.sh starts one)',
    );
  const { benchmark, profileMs } = await loadDefog(options.dataDir, {
    postgresUrl: options.postgresUrl,
    ...(options.databases ? { databases: options.databases } : {}),
    ...(options.onStep ? { onProgress: options.onStep } : {}),
  });
  return { bench: benchmark, profileMs };
}

/** The question's gold tables: those the benchmark lists, else those its gold SQL reads. */
export function questionGold(q: BenchQuestion, tableNames: readonly string[]): GoldTables {
  return q.goldTables ? listedGoldTables(q.goldTables, tableNames) : goldTables(q.sql, tableNames);
}

function summarize(
  options: EvalOptions,
  outcomes: readonly QuestionOutcome[],
  graphBuildMs: Record<string, number>,
  retriever: EvalResults['retriever'],
  wallMs: number,
): EvalResults {
  const scored = outcomes.filter((o) => o.gold !== null);
  const dbs = [...new Set(outcomes.map((o) => o.db))].sort();
  const perDb = (score: (o: QuestionOutcome) => QuestionMetrics) =>
    Object.fromEntries(dbs.map((db) => [db, averageMetrics(scored.filter((o) => o.db === db).map(score))]));
  const ours = (o: QuestionOutcome) => o.metrics!;
  const baselineNames = Object.keys(outcomes[0]?.baselines ?? {});
  const baselines = Object.fromEntries(
    baselineNames.map((name) => {
      const score = (o: QuestionOutcome) => scoreQuestion(o.baselines[name] ?? [], o.gold!, o.optional);
      return [name, { overall: averageMetrics(scored.map(score)), perDatabase: perDb(score) }];
    }),
  );
  const measured = outcomes.flatMap((o) => (o.columns ? [o.columns] : []));
  const columns = summarizeColumns(measured);
  const perPhase = Object.fromEntries(PHASES.map((p) => [p, summarizeLatency(outcomes.map((o) => o.timings[p]))])) as Record<
    PhaseName,
    LatencySummary
  >;
  return {
    bench: options.bench,
    evidence: Boolean(options.evidence),
    questions: outcomes.length,
    scored: scored.length,
    unparsedGold: outcomes.length - scored.length,
    unparsedGoldQuestions: outcomes.filter((o) => o.gold === null).map((o) => ({ id: o.id, db: o.db, error: o.goldError ?? '' })),
    retriever,
    models: {
      llm: null,
      embedder: retriever.embedder,
      calls: 0,
      cacheHits: 0,
      retries: 0,
      failures: 0,
      promptTokens: 0,
      completionTokens: 0,
      seconds: 0,
    },
    overall: { ...averageMetrics(scored.map(ours)), ...(columns ? { columns } : {}) },
    perDatabase: perDb(ours),
    baselines,
    latencyMs: {
      ...summarizeLatency(outcomes.map((o) => o.timings.total)),
      perPhase,
      ...(columns ? { columnOverhead: columnOverhead(measured) } : {}),
    },
    graphBuildMs,
    profileMs: {},
    goldRewritten: 0,
    inferredEdges: {},
    goldJoins: null,
    slices: {},
    union: Boolean(options.union),
    unionGraph: null,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    wallMs: round(wallMs),
    paper: PAPER_BIRD_DEV,
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
