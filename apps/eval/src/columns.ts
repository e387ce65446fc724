/**
 * The column benchmark: for each question whose gold SQL the scorer reads, the columns the
 * prompt context shows (`Retriever.promptContext`, default budget) against every column the gold
 * query reads (`gold-columns.ts`), beside two baselines in the same run:
 *
 * - `all-columns`: every column of the retrieved tables (what a model is handed after table
 *   retrieval alone);
 * - `bm25-columns`: BM25 over one document per column of the whole schema (its table's and its own
 *   words, aliases and description; the table baselines' tokenizer), the top k, k being as many
 *   columns as the prompt shows for that question.
 *
 * Per question: strict recall (1 when every gold column is shown), recall, precision, and the
 * prompt's tokens over the whole schema's (`renderSchemaText` of every table, same tokenizer); and
 * how many possibly needed tables (beyond the join tree) the prompt shows, and how many of them the
 * gold query reads.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { countTokens, type RetrievalResult, type Retriever, renderSchemaText } from '@guided-retrieval/retrieval';
import { bm25Scorer, rankByScore, spacedWords } from './baselines.js';
import { type ColumnKey, columnKey } from './gold-columns.js';
import { type LatencySummary, summarizeLatency } from './latency.js';

/** The token budget of the `atTargetShare` prompt, as a share of the whole schema's tokens (issue #42's target). */
export const TARGET_SHARE = 0.2;

/** The budgets of the recall curve, as shares of the whole schema's tokens (issue #51). */
export const CURVE_SHARES: readonly number[] = [0.05, 0.1, 0.2, 0.4];

/** What a prompt of one budget shows, for the curve: its columns and tokens, and whether every gold table is among its tables. */
export interface CurvePoint extends ShownColumns {
  share: number;
  tablesComplete: boolean;
}

/** What one question's prompt (or a baseline's) shows, and its size. */
export interface ShownColumns {
  columns: ColumnKey[];
  tokens: number;
}

export interface QuestionColumns {
  gold: ColumnKey[];
  /** Every gold table is among the retrieved ones. */
  tablesComplete: boolean;
  prompt: ShownColumns & { overBudget: boolean; maxTokens: number; possible: string[] };
  /** How many of the prompt's possibly needed tables are gold tables. */
  possibleGold: number;
  /** The prompt with a budget of `TARGET_SHARE` of the whole schema's tokens. */
  atTargetShare: ShownColumns & { overBudget: boolean };
  /** The prompt at each budget of `CURVE_SHARES`, and BM25-ranked tables with all their columns at the same budgets. */
  curve?: { prompt: CurvePoint[]; bm25Tables: CurvePoint[] };
  schemaTokens: number;
  /** Milliseconds of column relevance (in `retrieve`) and the prompt's rendering. */
  overheadMs: number;
  baselines: Record<string, ShownColumns>;
}

export interface ColumnScores {
  strictRecall: number;
  recall: number;
  precision: number;
  /** Prompt tokens over the whole schema's, mean per question. */
  tokenShare: number;
}

export interface ColumnSummary extends ColumnScores {
  /** Questions scored: gold SQL read, at least one gold column. */
  questions: number;
  /** Strict recall over the questions whose gold tables were all retrieved: the column choice alone. */
  strictRecallGivenTables: number;
  questionsGivenTables: number;
  meanColumns: number;
  meanTokens: number;
  /** Prompts over their budget (only when the tree's names and keys alone need more). */
  overBudget: number;
  /** Possibly needed tables (beyond the join tree) the prompt shows, mean per question, and the share of them the gold query reads. */
  possibleTables: { perQuestion: number; gold: number };
  /** The prompt with a budget of `TARGET_SHARE` of each schema's tokens (the target), and how often the tree's names and keys needed more. */
  atTargetShare: ColumnScores & { share: number; overBudget: number };
  /** Per budget of `CURVE_SHARES`: strict column recall, table perfect recall and token share, of the prompt and of BM25-ranked tables with all their columns. */
  curve?: { share: number; prompt: CurveScores; bm25Tables: CurveScores }[];
  baselines: Record<string, ColumnScores>;
}

/** A curve point's figures over the questions: strict column recall, table perfect recall, token share. */
export interface CurveScores {
  strictRecall: number;
  tableRecall: number;
  tokenShare: number;
}

/** Per database: the whole schema's tokens and the BM25 column and table rankers, built once. */
export class ColumnBench {
  readonly schemaTokens: number;
  private readonly keys: ColumnKey[];
  private readonly bm25: (question: string) => number[];
  private readonly bm25Tables: (question: string) => number[];
  /** Each table's tokens with all its columns, as `renderSchemaText` writes it. */
  private readonly tableTokens: number[];

  constructor(
    private readonly graph: ContextGraph,
    private readonly retriever: Retriever,
  ) {
    this.schemaTokens = countTokens(renderSchemaText(graph, retriever.columnParams));
    this.keys = graph.tables.flatMap((t) => t.columns.map((c) => columnKey(t.name, c.name)));
    this.bm25 = bm25Scorer(
      graph.tables.flatMap((t) =>
        t.columns.map((c) => [spacedWords(t.name), spacedWords(c.name), ...c.aliases.map(spacedWords), c.description].join('\n')),
      ),
    );
    this.bm25Tables = bm25Scorer(
      graph.tables.map((t) =>
        [
          spacedWords(t.name),
          ...t.aliases.map(spacedWords),
          t.description,
          ...t.columns.flatMap((c) => [spacedWords(c.name), ...c.aliases.map(spacedWords)]),
        ].join('\n'),
      ),
    );
    this.tableTokens = graph.tables.map((t) => countTokens(renderSchemaText(graph, retriever.columnParams, [{ table: t.name }])));
  }

  /** The prompt at each curve budget, and BM25's tables with all their columns while they fit the same budget. */
  private curve(question: string, result: RetrievalResult, goldTables: readonly string[]): QuestionColumns['curve'] {
    const complete = (tables: Iterable<string>) => {
      const have = new Set([...tables].map((t) => t.toLowerCase()));
      return goldTables.every((t) => have.has(t.toLowerCase()));
    };
    const ranked = rankByScore(
      this.graph.tables.map((_, i) => String(i)),
      this.bm25Tables(question),
    ).map(Number);
    const prompt: CurvePoint[] = [];
    const bm25Tables: CurvePoint[] = [];
    for (const share of CURVE_SHARES) {
      const budget = Math.max(1, Math.floor(share * this.schemaTokens));
      const p = this.retriever.promptContext(result, { maxTokens: budget });
      prompt.push({ share, columns: keysOf(p.shown), tokens: p.tokens, tablesComplete: complete(p.shown.map((s) => s.table)) });
      let tokens = 0;
      const tables: string[] = [];
      for (const i of ranked) {
        if (tokens + this.tableTokens[i]! > budget) break;
        tokens += this.tableTokens[i]!;
        tables.push(this.graph.tables[i]!.name);
      }
      const columns = tables.flatMap((t) => (this.graph.table(t)?.columns ?? []).map((c) => columnKey(t, c.name)));
      bm25Tables.push({ share, columns, tokens, tablesComplete: complete(tables) });
    }
    return { prompt, bm25Tables };
  }

  /** The prompt and the baselines for one result, against its gold columns and tables. */
  measure(question: string, result: RetrievalResult, gold: readonly ColumnKey[], goldTables: readonly string[]): QuestionColumns {
    const started = performance.now();
    const prompt = this.retriever.promptContext(result);
    const overheadMs = result.trace.timings.columns + (performance.now() - started);
    const shown = keysOf(prompt.shown);
    const possible = prompt.shown.filter((s) => s.possible).map((s) => s.table);
    const tight = this.retriever.promptContext(result, { maxTokens: Math.max(1, Math.floor(TARGET_SHARE * this.schemaTokens)) });
    const retrieved = new Set(result.tables);
    const all = result.tables.flatMap((t) => (this.graph.table(t)?.columns ?? []).map((c) => columnKey(t, c.name)));
    const top = rankByScore(this.keys, this.bm25(question)).slice(0, shown.length);
    return {
      gold: [...gold],
      tablesComplete: goldTables.every((t) => retrieved.has(t)),
      prompt: { columns: shown, tokens: prompt.tokens, overBudget: prompt.overBudget, maxTokens: prompt.maxTokens, possible },
      possibleGold: possible.filter((t) => goldTables.includes(t)).length,
      atTargetShare: { columns: keysOf(tight.shown), tokens: tight.tokens, overBudget: tight.overBudget },
      curve: this.curve(question, result, goldTables),
      schemaTokens: this.schemaTokens,
      overheadMs: Math.round(overheadMs * 1000) / 1000,
      baselines: {
        'all-columns': {
          columns: all,
          tokens: this.tokens(
            result.tables.map((t) => ({ table: t })),
            result.sql,
          ),
        },
        'bm25-columns': { columns: top, tokens: this.tokens(grouped(top)) },
      },
    };
  }

  private tokens(selection: { table: string; columns?: string[] }[], sql: string | null = null): number {
    const text = renderSchemaText(this.graph, this.retriever.columnParams, selection);
    return countTokens(sql ? `${text}\n${sql}` : text);
  }
}

function keysOf(shown: readonly { table: string; columns: readonly string[] }[]): ColumnKey[] {
  return shown.flatMap((s) => s.columns.map((c) => columnKey(s.table, c)));
}

/** `table.column` keys grouped by table, in first-seen order. */
function grouped(keys: readonly ColumnKey[]): { table: string; columns: string[] }[] {
  const byTable = new Map<string, string[]>();
  for (const key of keys) {
    const dot = key.indexOf('.');
    const [table, column] = [key.slice(0, dot), key.slice(dot + 1)];
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  return [...byTable].map(([table, columns]) => ({ table, columns }));
}

/** Strict recall, recall, precision and token share of one question's shown columns. */
export function scoreColumns(shown: ShownColumns, gold: readonly ColumnKey[], schemaTokens: number): ColumnScores {
  const set = new Set(shown.columns.map((c) => c.toLowerCase()));
  const hit = gold.filter((g) => set.has(g.toLowerCase())).length;
  return {
    strictRecall: hit === gold.length ? 1 : 0,
    recall: gold.length === 0 ? 1 : hit / gold.length,
    precision: set.size === 0 ? 0 : hit / set.size,
    tokenShare: schemaTokens === 0 ? 0 : shown.tokens / schemaTokens,
  };
}

/** Milliseconds of column relevance and the prompt's rendering per question (the run's timings, apart from its figures). */
export function columnOverhead(questions: readonly QuestionColumns[]): LatencySummary {
  return summarizeLatency(questions.map((q) => q.overheadMs));
}

/** The benchmark's column figures over its scored questions; null when none has gold columns. */
export function summarizeColumns(questions: readonly QuestionColumns[]): ColumnSummary | null {
  const scored = questions.filter((q) => q.gold.length > 0);
  if (scored.length === 0) return null;
  const mean = (xs: readonly number[]) => round(xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length));
  const average = (score: (q: QuestionColumns) => ColumnScores): ColumnScores => {
    const all = scored.map(score);
    return {
      strictRecall: mean(all.map((s) => s.strictRecall)),
      recall: mean(all.map((s) => s.recall)),
      precision: mean(all.map((s) => s.precision)),
      tokenShare: mean(all.map((s) => s.tokenShare)),
    };
  };
  const complete = scored.filter((q) => q.tablesComplete);
  const names = Object.keys(scored[0]!.baselines);
  return {
    questions: scored.length,
    ...average((q) => scoreColumns(q.prompt, q.gold, q.schemaTokens)),
    strictRecallGivenTables: mean(complete.map((q) => scoreColumns(q.prompt, q.gold, q.schemaTokens).strictRecall)),
    questionsGivenTables: complete.length,
    meanColumns: mean(scored.map((q) => q.prompt.columns.length)),
    meanTokens: mean(scored.map((q) => q.prompt.tokens)),
    overBudget: scored.filter((q) => q.prompt.overBudget).length,
    possibleTables: {
      perQuestion: mean(scored.map((q) => q.prompt.possible.length)),
      gold: round(sum(scored.map((q) => q.possibleGold)) / Math.max(1, sum(scored.map((q) => q.prompt.possible.length)))),
    },
    atTargetShare: {
      share: TARGET_SHARE,
      ...average((q) => scoreColumns(q.atTargetShare, q.gold, q.schemaTokens)),
      overBudget: scored.filter((q) => q.atTargetShare.overBudget).length,
    },
    baselines: Object.fromEntries(names.map((n) => [n, average((q) => scoreColumns(q.baselines[n]!, q.gold, q.schemaTokens))])),
    curve: CURVE_SHARES.map((share, i) => {
      const scores = (pick: (q: QuestionColumns) => CurvePoint | undefined): CurveScores => {
        const points = scored.map((q) => ({ q, p: pick(q) })).filter((x): x is { q: QuestionColumns; p: CurvePoint } => x.p !== undefined);
        return {
          strictRecall: mean(points.map(({ q, p }) => scoreColumns(p, q.gold, q.schemaTokens).strictRecall)),
          tableRecall: mean(points.map(({ p }) => (p.tablesComplete ? 1 : 0))),
          tokenShare: mean(points.map(({ q, p }) => (q.schemaTokens === 0 ? 0 : p.tokens / q.schemaTokens))),
        };
      };
      return { share, prompt: scores((q) => q.curve?.prompt[i]), bm25Tables: scores((q) => q.curve?.bm25Tables[i]) };
    }),
  };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

function sum(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0);
}
