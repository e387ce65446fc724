import {
  averageMetrics,
  type BenchName,
  loadBenchmark,
  type MetricSummary,
  type QuestionMetrics,
  scoreQuestion,
} from '@guided-retrieval/benchmarks';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { OfflineEmbedder } from '@guided-retrieval/grounding';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { HeuristicDisambiguator, Retriever, type RetrieverOptions } from '@guided-retrieval/retrieval';
import { benchGraph } from './bench/graph.js';
import { unionSchemas } from './bench/union.js';
import { type LatencySummary, summarizeLatency } from './latency.js';
import { questionGold, renamedGold, selectQuestions, unionMembers } from './run.js';
import { createWordVectorEmbedder } from './word-vectors.js';

export interface Variant {
  name: string;
  options: RetrieverOptions;
  /** Another embedder for semantic enrichment, made on demand. */
  embedder?: () => Embedder;
}

/** One lever switched off at a time, against everything on; then the main threshold's curve. */
export const ABLATIONS: readonly Variant[] = [
  { name: 'all levers on', options: {} },
  { name: 'no reverse joins (paper-strict directed reachability)', options: { limits: { reverse: false } } },
  { name: 'no inverse table frequency', options: { grounding: { inverseTableFrequency: false } } },
  { name: 'no weak-table pruning', options: { grounding: { weakTableRatio: 0 } } },
  { name: 'no WordNet synonyms', options: { grounding: { synonyms: false } } },
  { name: 'no longer-span preference', options: { grounding: { preferLongerSpans: false } } },
  { name: 'operation words may ground a column alone', options: { grounding: { operationWordsAsColumns: true } } },
  { name: 'foreign-key columns left out of the index', options: { grounding: { foreignKeyColumns: false } } },
  { name: 'no semantic enrichment', options: { groundingParams: { k: 0 } } },
  { name: 'every island of the join graph weighed together (no island choice)', options: { grounding: { oneIsland: false } } },
  {
    name: 'no referenced entity brought in by a grounded foreign key',
    options: { disambiguator: new HeuristicDisambiguator({ params: { referencedEntities: false } }) },
  },
  { name: 'no measures lexicon (amount, count, time and self-reference words)', options: { grounding: { measureWords: false } } },
  {
    name: 'a table named only through its key stays though a reference holds it',
    options: { disambiguator: new HeuristicDisambiguator({ params: { keysByReference: false } }) },
  },
  {
    name: 'a table only counted or grouped by stays beside the link table',
    options: { disambiguator: new HeuristicDisambiguator({ params: { countedThroughLink: false } }) },
  },
  { name: 'enrichment with 100-d word vectors instead of the lexical embedder', options: {}, embedder: createWordVectorEmbedder },
  ...[0.5, 0.6, 0.7, 0.8, 0.9].map((ratio) => ({
    name: `weak-table ratio ${ratio} (default 0.75)`,
    options: { grounding: { weakTableRatio: ratio } },
  })),
];

export interface AblationRow {
  name: string;
  overall: MetricSummary;
  latencyMs: LatencySummary;
}

export interface AblationOptions {
  bench: BenchName;
  dataDir: string;
  databases?: string[];
  limit?: number;
  evidence?: boolean;
  /** One union graph of all the databases, as runEvaluation's `union`. */
  union?: boolean;
  variants?: readonly Variant[];
  /** The embedder for semantic enrichment (default: the offline lexical one). */
  embedder?: Embedder;
}

/** Runs retrieval once per variant on the same questions and graphs (or union graph); gold is parsed once. */
export async function runAblation(options: AblationOptions): Promise<AblationRow[]> {
  const bench = loadBenchmark(options.bench, options.dataDir);
  const questions = selectQuestions(bench, options);
  const databases = bench.databases.filter((d) => questions.some((q) => q.db === d.name));
  const union = options.union ? unionSchemas(unionMembers(bench, options), `${options.bench}-union`) : null;
  const graphs = union
    ? new Map([['union', graphFromSchema(union.schema)]])
    : new Map(await Promise.all(databases.map(async (d) => [d.name, (await benchGraph(d)).graph] as const)));
  const graphOf = (db: string) => (union ? 'union' : db);
  const ownTables = new Map(databases.map((d) => [d.name, d.schema.tables.map((t) => t.name)]));
  const gold = questions.map((q) => renamedGold(questionGold(q, ownTables.get(q.db)!), q.db, union?.rename ?? null));
  const embedder = options.embedder ?? new OfflineEmbedder();
  const rows: AblationRow[] = [];
  for (const variant of options.variants ?? ABLATIONS) {
    const retrievers = new Map<string, Retriever>();
    const variantEmbedder = variant.embedder?.() ?? embedder;
    for (const [name, graph] of graphs)
      retrievers.set(name, await Retriever.create(graph, { embedder: variantEmbedder, ...variant.options }));
    const scores: QuestionMetrics[] = [];
    const latency: number[] = [];
    for (const [i, q] of questions.entries()) {
      const g = gold[i]!;
      if (!g.ok) continue;
      const text = options.evidence && q.evidence ? `${q.question} ${q.evidence}` : q.question;
      const result = await retrievers.get(graphOf(q.db))!.retrieve(text);
      scores.push(scoreQuestion(result.tables, g.tables));
      latency.push(result.trace.timings.total);
    }
    rows.push({ name: variant.name, overall: averageMetrics(scores), latencyMs: summarizeLatency(latency) });
  }
  return rows;
}

export function ablationMarkdown(bench: string, rows: readonly AblationRow[]): string {
  const f = (n: number) => n.toFixed(3);
  return [
    `## Ablation on ${bench}`,
    '',
    '| variant | accuracy | precision | recall | F1 | perfect recall | p50 ms | p95 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${f(r.overall.accuracy)} | ${f(r.overall.precision)} | ${f(r.overall.recall)} | ${f(r.overall.f1)} | ${f(r.overall.perfectRecall)} | ${r.latencyMs.p50} | ${r.latencyMs.p95} |`,
    ),
    '',
  ].join('\n');
}
