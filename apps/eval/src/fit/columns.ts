/**
 * `guided-eval --bench fit-columns`: fits the column model (`packages/retrieval/params/columns.json`)
 * on Spider's training set (`spider-train/train.json`: 7,000 questions with gold SQL over 140
 * schemas), never on a dev set. Each question is retrieved as the product does; every column the
 * model weighs — those of the retrieved tables but the tree's join keys (always shown), and those
 * of the possibly needed tables — is one example, labelled by whether the gold SQL reads it.
 *
 * The weights are a logistic regression (L2 1) over `COLUMN_FEATURES`; on out-of-fold likelihoods
 * (5 folds by database):
 * - `relevantLikelihood`: the threshold with the best mean per-question F1 of the needed columns;
 * - `columnPrice`: the price with the best mean per-question strict recall (every gold column in
 *   the prompt) minus the prompt's share of the whole schema's tokens, each question's prompt
 *   rendered as the product renders it (default budget).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadSpider } from '@guided-retrieval/benchmarks';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import {
  type ColumnParams,
  defaultColumnParams,
  type PromptSource,
  type RetrievalResult,
  Retriever,
  renderPromptContext,
  writeColumnParams,
} from '@guided-retrieval/retrieval';
import { COLUMN_FEATURES, tableColumns, type WeighedColumn, weighColumns, withLikelihood } from '@guided-retrieval/retrieval/internal';
import { benchGraph } from '../bench/graph.js';
import { goldColumns } from '../gold-columns.js';
import { questionGold } from '../run.js';
import { auc, type Example, fitLogistic, predict } from './logistic.js';

export interface FitColumnsOptions {
  data?: string;
  out: string;
  write?: boolean;
  limit?: number;
}

const L2 = 1;
const FOLDS = 5;
/** Thresholds tried, in likelihood. */
const THRESHOLDS = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
/** Prices tried. */
const PRICES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

interface FitQuestion {
  fold: number;
  graph: ContextGraph;
  /** What the prompt renders of the result (its trace let go). */
  result: PromptSource;
  gold: Set<string>;
  weighed: WeighedColumn[];
  /** Per weighed column: an example (not a join key of the tree), its label, and its out-of-fold likelihood. */
  label: (0 | 1 | null)[];
  p: number[];
  tablesComplete: boolean;
}

export interface ColumnFit {
  questions: number;
  examples: number;
  positives: number;
  weights: Record<string, number>;
  relevantLikelihood: number;
  columnPrice: number;
  outOfFold: {
    auc: number;
    neededF1: number;
    /** Per price tried: strict recall and token share of the prompts. */
    prices: Record<string, { strictRecall: number; tokenShare: number }>;
    atPrice: { strictRecall: number; strictRecallGivenTables: number; tokenShare: number };
  };
}

const keyOf = (table: string, column: string) => `${table}.${column}`.toLowerCase();

export async function runFitColumns(options: FitColumnsOptions, log: (line: string) => void): Promise<ColumnFit> {
  if (!options.data) throw new Error('--bench fit-columns needs --data <dir>: the folder holding spider-train/');
  const dir = join(resolve(options.data), 'spider-train');
  const { benchmark } = loadSpider(dir, 'spider-dev', 'train.json');
  const params = defaultColumnParams();
  const questions: FitQuestion[] = [];
  const dbs = benchmark.databases;
  let asked = 0;
  for (const [i, db] of dbs.entries()) {
    const { graph } = await benchGraph(db);
    const retriever = await Retriever.create(graph);
    const tableNames = db.schema.tables.map((t) => t.name);
    const schema = db.schema.tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => (typeof c === 'string' ? c : c.name)) }));
    for (const q of benchmark.questions.filter((x) => x.db === db.name)) {
      if (options.limit !== undefined && asked >= options.limit) break;
      asked++;
      const goldT = questionGold(q, tableNames);
      const goldC = goldColumns(q.sql, schema);
      if (!goldT.ok || !goldC.ok || goldC.columns.length === 0) continue;
      const result = await retriever.retrieve(q.question);
      const grounding = await retriever.index.ground(q.question);
      const candidates = result.trace.disambiguation.candidates;
      const weighed = weighColumns(
        { graph, grounding, joinTree: result.joinTree, tables: result.tables, ...(candidates ? { candidates } : {}) },
        params,
      );
      const gold = new Set(goldC.columns.map((c) => c.toLowerCase()));
      const retrieved = new Set(result.tables);
      questions.push({
        fold: i % FOLDS,
        graph,
        result: { ...promptSource(result), columns: [] },
        gold,
        weighed,
        label: weighed.map((w) => (w.roles.includes('key') ? null : gold.has(keyOf(w.table, w.column.name)) ? 1 : 0)),
        p: weighed.map(() => 0),
        tablesComplete: goldT.tables.every((t) => retrieved.has(t)),
      });
    }
    if ((i + 1) % 20 === 0 || i + 1 === dbs.length) log(`fit-columns: ${i + 1}/${dbs.length} databases, ${questions.length} questions`);
  }
  const examples = (keep: (q: FitQuestion) => boolean): Example[] =>
    questions
      .filter(keep)
      .flatMap((q) =>
        q.weighed.flatMap((w, j) => (q.label[j] === null ? [] : [{ features: w.features, label: q.label[j]!, group: String(q.fold) }])),
      );
  for (let f = 0; f < FOLDS; f++) {
    const { weights } = fitLogistic(
      examples((q) => q.fold !== f),
      { l2: L2 },
    );
    for (const q of questions.filter((x) => x.fold === f)) q.p = q.weighed.map((w) => predict(weights, w.features));
  }
  const { weights } = fitLogistic(
    examples(() => true),
    { l2: L2 },
  );
  const scored = questions.flatMap((q) => q.weighed.flatMap((_, j) => (q.label[j] === null ? [] : [{ p: q.p[j]!, label: q.label[j]! }])));

  const relevant = best(THRESHOLDS, (t) => mean(questions.map((q) => neededF1(q, t))));
  log(`fit-columns: relevantLikelihood ${relevant}; rendering the prompts at ${PRICES.length} prices`);
  const prices: ColumnFit['outOfFold']['prices'] = {};
  const byPrice = new Map<number, PromptScore[]>();
  for (const price of PRICES) {
    const at = { ...params, relevantLikelihood: relevant, columnPrice: price };
    const scores = questions.map((q) => promptScore(q, at));
    byPrice.set(price, scores);
    prices[String(price)] = { strictRecall: round(mean(scores.map((s) => s.strict))), tokenShare: round(mean(scores.map((s) => s.share))) };
  }
  const price = best(PRICES, (x) => mean(byPrice.get(x)!.map((s) => s.strict - s.share)));
  const chosen = byPrice.get(price)!;
  const fit: ColumnFit = {
    questions: questions.length,
    examples: scored.length,
    positives: scored.filter((c) => c.label === 1).length,
    weights: Object.fromEntries([['intercept', round(weights[0]!)], ...COLUMN_FEATURES.map((f, j) => [f, round(weights[j + 1]!)])]),
    relevantLikelihood: relevant,
    columnPrice: price,
    outOfFold: {
      auc: round(
        auc(
          scored.map((c) => c.p),
          scored.map((c) => c.label),
        ),
      ),
      neededF1: round(mean(questions.map((q) => neededF1(q, relevant)))),
      prices,
      atPrice: {
        strictRecall: round(mean(chosen.map((s) => s.strict))),
        strictRecallGivenTables: round(mean(chosen.filter((_, i) => questions[i]!.tablesComplete).map((s) => s.strict))),
        tokenShare: round(mean(chosen.map((s) => s.share))),
      },
    },
  };
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'fit-columns.json'), `${JSON.stringify(fit, null, 2)}\n`);
  log(`fit-columns: ${JSON.stringify(fit)}`);
  if (options.write) {
    writeColumnParams({ weights: fit.weights, relevantLikelihood: relevant, columnPrice: price });
    log("fit-columns: wrote the retrieval package's params/columns.json");
  }
  return fit;
}

function promptSource(r: RetrievalResult): Omit<PromptSource, 'columns'> {
  const { question, database, tables, unjoined, sql, reason, joinTree } = r;
  return { question, database, tables, unjoined, sql, reason, joinTree };
}

interface PromptScore {
  strict: number;
  share: number;
}

/** The question's prompt with its out-of-fold likelihoods, as the product renders it: does it hold every gold column, and its share of the schema. */
function promptScore(q: FitQuestion, params: ColumnParams): PromptScore {
  const columns = tableColumns(
    q.weighed.map((w, j) => withLikelihood(w, q.p[j]!)),
    params,
  );
  const prompt = renderPromptContext(q.graph, { ...q.result, columns }, params);
  const shown = new Set(prompt.shown.flatMap((s) => s.columns.map((c) => keyOf(s.table, c))));
  return { strict: [...q.gold].every((g) => shown.has(g)) ? 1 : 0, share: prompt.tokens / Math.max(1, prompt.schemaTokens) };
}

/** F1 of the needed columns (join keys, grounded ones, and those at least `threshold`) against the gold ones. */
function neededF1(q: FitQuestion, threshold: number): number {
  let hits = 0;
  let n = 0;
  q.weighed.forEach((w, j) => {
    const likelihood = q.label[j] === null ? 1 : withLikelihood(w, q.p[j]!).likelihood;
    if (!(w.forced || likelihood >= threshold)) return;
    n++;
    if (q.gold.has(keyOf(w.table, w.column.name))) hits++;
  });
  const precision = n === 0 ? 0 : hits / n;
  const recall = hits / q.gold.size;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function best(grid: readonly number[], score: (x: number) => number): number {
  let arg = grid[0]!;
  let top = -Infinity;
  for (const x of grid) {
    const s = score(x);
    if (s > top + 1e-12) {
      top = s;
      arg = x;
    }
  }
  return arg;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
