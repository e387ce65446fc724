/**
 * `--bench history`: what a team's own history is worth, on visible data. For each database of
 * BIRD dev and Spider dev, its questions split in two halves by a seeded draw; one half's gold
 * question–SQL pairs become the team's history (learned through `@guided-retrieval/history`,
 * exactly as `guided learn` reads a team's file), the other half is asked, then the halves swap
 * (2-fold): every question is asked once per point of the learning curve, with 0, 10, 25 and 50 %
 * of its database's questions as history. Scored as the other benchmarks are (`scoreQuestion`).
 *
 * Measured at each point: the retriever, built by `retrieverWithHistory` — the one place the
 * history reaches retrieval (`RetrieverOptions.history`: the nearest past questions' trees proposed
 * and weighed) — and what the history alone carries: the tables of the nearest past question, the union of the nearest few, and
 * the tree the nearest ten agree on most (their similarities summed per tree).
 */
import {
  averageMetrics,
  type BenchQuestion,
  loadBenchmark,
  loadBirdStats,
  type MetricSummary,
  scoreQuestion,
} from '@guided-retrieval/benchmarks';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { OfflineEmbedder } from '@guided-retrieval/grounding';
import { History, learnInto } from '@guided-retrieval/history';
import { SentenceEmbedder, sentenceEmbedderAvailable } from '@guided-retrieval/llm-adapters';
import { Retriever, type RetrieverOptions } from '@guided-retrieval/retrieval';
import { benchGraph } from '../bench/graph.js';
import { questionGold, selectQuestions } from '../run.js';
import { deriveSeed, Rng } from '../scale/prng.js';
import { type SqlJoinsDatabase, type SqlJoinsResults, scoreSqlJoins, sqlJoinsResults } from './joins-from-sql.js';

/** The benchmarks the curve is drawn on, each a folder under `--data`. */
export const HISTORY_SETS = ['bird-dev', 'spider-dev'] as const;
export type HistorySet = (typeof HISTORY_SETS)[number];
/** The points of the learning curve: the share of each database's questions given as history. */
export const HISTORY_SHARES = [0, 0.1, 0.25, 0.5] as const;
/** How many nearest past questions the union baseline takes. */
export const NEAREST_K = 3;
/** How many nearest past questions vote for a tree (`History.similarTrees`). */
export const VOTE_K = 10;
/** The split's seed unless `--seed` says otherwise (the number). */
export const DEFAULT_HISTORY_SEED = 52;

/** The retriever over `graph` given what the team's SQL taught: the one place the harness hands a history to retrieval. */
export function retrieverWithHistory(graph: ContextGraph, history: History, options: RetrieverOptions): Promise<Retriever> {
  return Retriever.create(graph, history.statements > 0 ? { ...options, history } : options);
}

export interface CurvePoint {
  share: number;
  /** Statements learned into the histories, summed over databases and both folds. */
  learned: number;
  retriever: MetricSummary | null;
  /** The tables of the most similar past question (nothing when no past question shares a word). */
  nearest: MetricSummary;
  /** The union of the tables of the `NEAREST_K` most similar. */
  nearestUnion: MetricSummary;
  /** The tree the `VOTE_K` most similar agree on most (`History.similarTrees`). */
  treeVote: MetricSummary;
  /**
   * The share of questions that the retriever or the voted tree gets exactly right: what a choice
   * between the two could reach at most (headroom for #52's retrieval side); null without the retriever.
   */
  eitherExact: number | null;
  perDatabase: Record<string, { retriever: MetricSummary | null; nearest: MetricSummary }>;
}

export interface HistorySetResults {
  set: HistorySet;
  questions: number;
  /** Questions whose gold SQL reads tables of the schema (the others are neither learned from nor scored). */
  scored: number;
  points: CurvePoint[];
  /** From the gold SQL alone (no question), the keys hidden: join edges against the declared keys. */
  joins: SqlJoinsResults;
}

export interface HistoryResults {
  seed: number;
  shares: readonly number[];
  nearestK: number;
  voteK: number;
  retrieval: boolean;
  sets: HistorySetResults[];
  /** Learning the largest history (BIRD's or Spider's half, all databases): statements and milliseconds. */
  learnMs: { statements: number; ms: number };
  wallMs: number;
}

export interface HistoryBenchOptions {
  /** The folder holding `bird-dev/` and `spider-dev/`. */
  dataDir: string;
  sets?: readonly HistorySet[];
  databases?: string[];
  limit?: number;
  seed?: number;
  /** Run the retriever at each point (default true); false measures the history baselines and the joins only. */
  retrieval?: boolean;
  log?: (message: string) => void;
}

interface Asked {
  q: BenchQuestion;
  gold: string[];
}

/** The two halves of a database's questions, drawn with `seed` mixed with the set and database names. */
export function splitHalves<T>(items: readonly T[], seed: number, label: string): [T[], T[]] {
  const order = new Rng(deriveSeed(seed, label)).shuffle([...items]);
  const half = Math.ceil(order.length / 2);
  return [order.slice(0, half), order.slice(half)];
}

/** The history of the first `share × n` questions of `pool` (n: the database's questions), learned from their gold pairs. */
export function historyOf(graph: ContextGraph, pool: readonly BenchQuestion[], share: number, n: number): History {
  const take = Math.min(pool.length, Math.round(share * n));
  const items = pool.slice(0, take).map((q) => ({ question: q.question, sql: q.sql, at: q.id }));
  return learnInto(History.empty(), graph, items).history;
}

/** The tables of the nearest past question, the union of the nearest `k`, and the tree the nearest `voteK` agree on most. */
export function nearestTables(
  history: History,
  question: string,
  k: number,
  voteK: number,
): { nearest: string[]; union: string[]; vote: string[] } {
  const similar = history.similar(question, k);
  return {
    nearest: [...new Set(similar[0]?.entry.tables ?? [])],
    union: [...new Set(similar.flatMap((s) => s.entry.tables))].sort(),
    vote: history.similarTrees(question, voteK)[0]?.tables ?? [],
  };
}

export async function runHistoryBench(options: HistoryBenchOptions): Promise<HistoryResults> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEFAULT_HISTORY_SEED;
  const retrieval = options.retrieval !== false;
  const retrieverOptions: RetrieverOptions = {
    embedder: new OfflineEmbedder(),
    ...(sentenceEmbedderAvailable() ? { islandEmbedder: new SentenceEmbedder() } : {}),
  };
  const sets: HistorySetResults[] = [];
  let learnMs = { statements: 0, ms: 0 };
  for (const set of options.sets ?? HISTORY_SETS) {
    const dir = `${options.dataDir}/${set}`;
    const bench = loadBenchmark(set, dir);
    // `--db` names databases of either set: each set asks those it has.
    const databases = options.databases?.filter((name) => bench.databases.some((d) => d.name === name));
    if (databases?.length === 0) continue;
    const questions = selectQuestions(bench, {
      bench: set,
      ...(databases ? { databases } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
    });
    const stats = set === 'bird-dev' ? loadBirdStats(dir) : new Map();
    const points = HISTORY_SHARES.map((share) => ({
      share,
      learned: 0,
      retrieved: [] as number[][],
      outcomes: new Map<string, Outcomes>(),
    }));
    const joins: Record<string, SqlJoinsDatabase> = {};
    let scored = 0;
    const halfLearn = { statements: 0, ms: 0 };
    for (const db of bench.databases) {
      const dbQuestions = questions.filter((q) => q.db === db.name);
      if (dbQuestions.length === 0) continue;
      const tableNames = db.schema.tables.map((t) => t.name);
      const usable: Asked[] = dbQuestions.flatMap((q) => {
        const gold = questionGold(q, tableNames);
        return gold.ok ? [{ q, gold: gold.tables }] : [];
      });
      scored += usable.length;
      joins[db.name] = await scoreSqlJoins(
        db,
        usable.map((u) => u.q),
        stats.get(db.name.toLowerCase()),
      );
      const { graph } = await benchGraph(db);
      const halves = splitHalves(usable, seed, `${set}/${db.name}`);
      const learnStart = performance.now();
      halfLearn.statements += historyOf(
        graph,
        halves[0].map((u) => u.q),
        1,
        usable.length,
      ).statements;
      halfLearn.ms += performance.now() - learnStart;
      for (const point of points) {
        const outcomes: Outcomes = { retriever: [], nearest: [], union: [], vote: [] };
        for (const fold of [0, 1] as const) {
          const pool = halves[fold];
          const asked = halves[1 - fold]!;
          const history = historyOf(
            graph,
            pool.map((u) => u.q),
            point.share,
            usable.length,
          );
          point.learned += history.statements;
          const retriever = retrieval ? await retrieverWithHistory(graph, history, retrieverOptions) : null;
          for (const { q, gold } of asked) {
            if (retriever) outcomes.retriever.push(scoreQuestion((await retriever.retrieve(q.question)).tables, gold));
            const near = nearestTables(history, q.question, NEAREST_K, VOTE_K);
            outcomes.nearest.push(scoreQuestion(near.nearest, gold));
            outcomes.union.push(scoreQuestion(near.union, gold));
            outcomes.vote.push(scoreQuestion(near.vote, gold));
          }
        }
        point.outcomes.set(db.name, outcomes);
      }
      log(`${set}/${db.name}: ${usable.length} questions; ${describeDb(points, db.name)}`);
    }
    if (halfLearn.statements > learnMs.statements) learnMs = { statements: halfLearn.statements, ms: Math.round(halfLearn.ms) };
    sets.push({
      set,
      questions: questions.length,
      scored,
      points: points.map((p) => summarizePoint(p.share, p.learned, p.outcomes, retrieval)),
      joins: sqlJoinsResults(set, joins),
    });
  }
  if (sets.length === 0) throw new Error(`no database ${options.databases?.join(', ')} in ${(options.sets ?? HISTORY_SETS).join(' or ')}`);
  return {
    seed,
    shares: HISTORY_SHARES,
    nearestK: NEAREST_K,
    voteK: VOTE_K,
    retrieval,
    sets,
    learnMs,
    wallMs: Math.round(performance.now() - started),
  };
}

interface Outcomes {
  retriever: ReturnType<typeof scoreQuestion>[];
  nearest: ReturnType<typeof scoreQuestion>[];
  union: ReturnType<typeof scoreQuestion>[];
  vote: ReturnType<typeof scoreQuestion>[];
}

function summarizePoint(share: number, learned: number, byDb: ReadonlyMap<string, Outcomes>, retrieval: boolean): CurvePoint {
  const all = [...byDb.values()];
  const flat = (f: (o: Outcomes) => ReturnType<typeof scoreQuestion>[]) => all.flatMap(f);
  const retrieved = flat((o) => o.retriever);
  const nearest = flat((o) => o.nearest);
  const vote = flat((o) => o.vote);
  const either = retrieved.filter((r, i) => r.accuracy === 1 || vote[i]!.accuracy === 1).length;
  return {
    share,
    learned,
    retriever: retrieval ? averageMetrics(retrieved) : null,
    nearest: averageMetrics(flat((o) => o.nearest)),
    nearestUnion: averageMetrics(flat((o) => o.union)),
    treeVote: averageMetrics(vote),
    eitherExact: retrieval && nearest.length > 0 ? either / nearest.length : null,
    perDatabase: Object.fromEntries(
      [...byDb].map(([db, o]) => [db, { retriever: retrieval ? averageMetrics(o.retriever) : null, nearest: averageMetrics(o.nearest) }]),
    ),
  };
}

function describeDb(points: readonly { share: number; outcomes: Map<string, Outcomes> }[], db: string): string {
  return points
    .map((p) => {
      const o = p.outcomes.get(db)!;
      const near = averageMetrics(o.nearest);
      const ret = o.retriever.length > 0 ? `retriever ${averageMetrics(o.retriever).accuracy.toFixed(3)}, ` : '';
      return `${Math.round(p.share * 100)} %: ${ret}nearest ${near.accuracy.toFixed(3)}`;
    })
    .join('; ');
}
