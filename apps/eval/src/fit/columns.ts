/**
 * `guided-eval --bench fit-columns`: fits the column model (`packages/retrieval/params/columns.json`)
 * on Spider's training set (`spider-train/train.json`: 7,000 questions with gold SQL over 140
 * schemas), never on a dev set. Each question is retrieved as the product does; every column of
 * the retrieved tables that is neither a join key nor matched by the grounding (those are needed
 * whatever the model says) is one example, labelled by whether the gold SQL reads it.
 *
 * The weights are a logistic regression (L2 1) over `COLUMN_FEATURES`; the two thresholds are chosen
 * on out-of-fold likelihoods (5 folds by database):
 * - `relevantLikelihood`: the one with the best mean per-question F1 of the needed columns;
 * - `likelyFloor`: the one with the best mean per-question strict recall minus the share of the
 *   schema's columns shown (each column shown costs its share of the whole schema).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpider } from '@guided-retrieval/benchmarks';
import { defaultColumnParams, Retriever } from '@guided-retrieval/retrieval';
import { COLUMN_FEATURES, weighColumns } from '@guided-retrieval/retrieval/internal';
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

const COLUMN_PARAMS_FILE = fileURLToPath(new URL('../../../../packages/retrieval/params/columns.json', import.meta.url));
const L2 = 1;
const FOLDS = 5;
/** Thresholds tried, in likelihood. */
const GRID = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);

interface Candidate {
  table: string;
  features: number[];
  label: 0 | 1;
  /** Out-of-fold likelihood. */
  p: number;
}

interface FitQuestion {
  fold: number;
  gold: Set<string>;
  /** Gold columns that are forced (join keys, grounded) and so always shown. */
  forcedHits: number;
  forced: number;
  candidates: Candidate[];
  schemaColumns: number;
  tablesComplete: boolean;
}

export interface ColumnFit {
  questions: number;
  examples: number;
  positives: number;
  weights: Record<string, number>;
  relevantLikelihood: number;
  likelyFloor: number;
  outOfFold: { auc: number; atThresholds: Record<string, number> };
}

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
    const schemaColumns = schema.reduce((n, t) => n + t.columns.length, 0);
    for (const q of benchmark.questions.filter((x) => x.db === db.name)) {
      if (options.limit !== undefined && asked >= options.limit) break;
      asked++;
      const goldT = questionGold(q, tableNames);
      const goldC = goldColumns(q.sql, schema);
      if (!goldT.ok || !goldC.ok || goldC.columns.length === 0) continue;
      const result = await retriever.retrieve(q.question);
      const grounding = await retriever.index.ground(q.question);
      const weighed = weighColumns({ graph, grounding, joinTree: result.joinTree, tables: result.tables }, params);
      const gold = new Set(goldC.columns.map((c) => c.toLowerCase()));
      const key = (table: string, column: string) => `${table}.${column}`.toLowerCase();
      const forced = weighed.filter((w) => w.forced);
      const retrieved = new Set(result.tables);
      questions.push({
        fold: i % FOLDS,
        gold,
        forced: forced.length,
        forcedHits: forced.filter((w) => gold.has(key(w.table, w.column.name))).length,
        candidates: weighed
          .filter((w) => !w.forced)
          .map((w) => ({ table: w.table, features: w.features, label: gold.has(key(w.table, w.column.name)) ? 1 : 0, p: 0 })),
        schemaColumns,
        tablesComplete: goldT.tables.every((t) => retrieved.has(t)),
      });
    }
    if ((i + 1) % 20 === 0 || i + 1 === dbs.length) log(`fit-columns: ${i + 1}/${dbs.length} databases, ${questions.length} questions`);
  }
  const examples = (fold: number | null): Example[] =>
    questions
      .filter((q) => fold === null || q.fold !== fold)
      .flatMap((q) => q.candidates.map((c) => ({ features: c.features, label: c.label, group: String(q.fold) })));
  for (let f = 0; f < FOLDS; f++) {
    const { weights } = fitLogistic(examples(f), { l2: L2 });
    for (const q of questions.filter((x) => x.fold === f)) for (const c of q.candidates) c.p = predict(weights, c.features);
  }
  const all = questions.flatMap((q) => q.candidates);
  const { weights } = fitLogistic(examples(null), { l2: L2 });

  const relevant = best(GRID, (t) => mean(questions.map((q) => f1(q, t, t, 0))));
  const floor = best(
    GRID.filter((f) => f <= relevant),
    (f) => mean(questions.map((q) => strict(q, relevant, f, params.maxLikely) - shown(q, relevant, f, params.maxLikely) / q.schemaColumns)),
  );
  const given = questions.filter((q) => q.tablesComplete);
  const fit: ColumnFit = {
    questions: questions.length,
    examples: all.length,
    positives: all.filter((c) => c.label === 1).length,
    weights: Object.fromEntries([['intercept', round(weights[0]!)], ...COLUMN_FEATURES.map((f, j) => [f, round(weights[j + 1]!)])]),
    relevantLikelihood: relevant,
    likelyFloor: floor,
    outOfFold: {
      auc: round(
        auc(
          all.map((c) => c.p),
          all.map((c) => c.label),
        ),
      ),
      atThresholds: {
        neededF1: round(mean(questions.map((q) => f1(q, relevant, relevant, 0)))),
        strictRecall: round(mean(questions.map((q) => strict(q, relevant, floor, params.maxLikely)))),
        strictRecallGivenTables: round(mean(given.map((q) => strict(q, relevant, floor, params.maxLikely)))),
        columnShare: round(mean(questions.map((q) => shown(q, relevant, floor, params.maxLikely) / q.schemaColumns))),
      },
    },
  };
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'fit-columns.json'), `${JSON.stringify(fit, null, 2)}\n`);
  log(`fit-columns: ${JSON.stringify(fit)}`);
  if (options.write) {
    const current = JSON.parse(await readFile(COLUMN_PARAMS_FILE, 'utf8')) as Record<string, unknown>;
    const next = { ...current, weights: fit.weights, relevantLikelihood: relevant, likelyFloor: floor };
    await writeFile(COLUMN_PARAMS_FILE, `${JSON.stringify(next, null, 2)}\n`);
    log(`fit-columns: wrote ${COLUMN_PARAMS_FILE}`);
  }
  return fit;
}

/** The candidates shown at thresholds: all at least `relevant`, then per table the likeliest down to `floor` (at most `cap`). */
function shownCandidates(q: FitQuestion, relevant: number, floor: number, cap: number): Candidate[] {
  const sure = q.candidates.filter((c) => c.p >= relevant);
  const byTable = new Map<string, Candidate[]>();
  for (const c of q.candidates.filter((x) => x.p < relevant && x.p >= floor)) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  const likely = [...byTable.values()].flatMap((cs) => cs.sort((a, b) => b.p - a.p).slice(0, cap));
  return [...sure, ...likely];
}

function shown(q: FitQuestion, relevant: number, floor: number, cap: number): number {
  return q.forced + shownCandidates(q, relevant, floor, cap).length;
}

function strict(q: FitQuestion, relevant: number, floor: number, cap: number): number {
  const hits = q.forcedHits + shownCandidates(q, relevant, floor, cap).filter((c) => c.label === 1).length;
  return hits === q.gold.size ? 1 : 0;
}

function f1(q: FitQuestion, relevant: number, floor: number, cap: number): number {
  const picked = shownCandidates(q, relevant, floor, cap);
  const hits = q.forcedHits + picked.filter((c) => c.label === 1).length;
  const n = q.forced + picked.length;
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
