/**
 * `guided-eval --bench all`: the one summary of every retrieval benchmark (a row each, from its
 * results.json), and the comparison with an earlier summary.json by the rule that a change is a
 * gain only if no benchmark's F1 drops by more than 0.005.
 */
import type { BenchName } from '@guided-retrieval/benchmarks';
import { type ColumnSummary, CURVE_SHARES } from '../columns.js';
import type { EvalResults } from '../run.js';

/** One benchmark run of `--bench all`: its name in the summary, the bench it runs and the folder (under --data) it reads. */
export interface AllBench {
  name: string;
  bench: BenchName;
  folder: string;
  union: boolean;
  /**
   * sample-questions: the build the row is (`--build`). Its child reads --data itself (the folder
   * holding sample-dbs/ and defog/; `folder` is only checked to exist), writes to
   * `<out>/<dir>/<build>/`, and the postgres row is skipped when no PostgreSQL server answers.
   */
  build?: 'sqlite' | 'postgres';
  /** The child's --out under the run's (default: `name`). */
  dir?: string;
}

/** Every visible retrieval benchmark, in the order they run. */
export const ALL_BENCHES: readonly AllBench[] = [
  { name: 'bird-dev', bench: 'bird-dev', folder: 'bird-dev', union: false },
  { name: 'bird-dev-union', bench: 'bird-dev', folder: 'bird-dev', union: true },
  { name: 'spider-dev', bench: 'spider-dev', folder: 'spider-dev', union: false },
  { name: 'spider-dev-union', bench: 'spider-dev', folder: 'spider-dev', union: true },
  { name: 'spider-syn', bench: 'spider-syn', folder: 'spider-syn', union: false },
  { name: 'spider2-lite', bench: 'spider2-lite', folder: 'spider2-lite', union: false },
  { name: 'defog', bench: 'defog', folder: 'defog', union: false },
  {
    name: 'sample-questions (SQLite)',
    bench: 'sample-questions',
    folder: 'sample-dbs',
    union: false,
    build: 'sqlite',
    dir: 'sample-questions',
  },
  {
    name: 'sample-questions (PostgreSQL)',
    bench: 'sample-questions',
    folder: 'sample-dbs',
    union: false,
    build: 'postgres',
    dir: 'sample-questions',
  },
];

/** The largest F1 drop on any benchmark that still counts as a gain. */
export const MAX_F1_DROP = 0.005;

/** A benchmark that ran: guided retrieval's figures, the best baseline by F1, retrieval latency. */
export interface RanRow {
  name: string;
  status: 'ok';
  questions: number;
  scored: number;
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  perfectRecall: number;
  /** The baseline with the highest F1 in the same run (null when none ran). */
  bestBaseline: { name: string; f1: number } | null;
  /** 95th percentile of retrieval latency per question, ms. */
  p95Ms: number;
  wallMs: number;
  /** Current F1 minus the baseline summary's, when compared with one and both ran. */
  deltaF1?: number;
  /** The column benchmark, when the benchmark's gold SQL is read (see columns.ts), with its overhead's 95th percentile. */
  columns?: ColumnSummary & { overheadP95Ms: number };
}

/** A benchmark that did not run (its folder is missing, or Defog without PostgreSQL), or failed. */
export interface NotRunRow {
  name: string;
  status: 'skipped' | 'error';
  reason: string;
  wallMs: number;
}

export type SummaryRow = RanRow | NotRunRow;

export interface Comparison {
  /** The summary.json compared against. */
  baseline: string;
  verdict: 'gain' | 'loss';
  /** `gain: no benchmark dropped by more than 0.005 F1`, or `loss: <bench> dropped by X F1` (each such benchmark). */
  line: string;
  /** The benchmarks whose F1 dropped by more than MAX_F1_DROP, and by how much. */
  losses: { name: string; drop: number }[];
  /** Benchmarks that ran in only one of the two summaries, or in neither. */
  notCompared: string[];
}

export interface AllSummary {
  bench: 'all';
  startedAt: string;
  data: string;
  git: { commit: string | null; dirty: boolean | null };
  wallMs: number;
  rows: SummaryRow[];
  comparison: Comparison | null;
}

/** The summary row of one benchmark's results. */
export function summaryRow(
  name: string,
  results: Pick<EvalResults, 'questions' | 'scored' | 'overall' | 'baselines' | 'latencyMs'>,
  wallMs: number,
): RanRow {
  let bestBaseline: RanRow['bestBaseline'] = null;
  for (const [baseline, b] of Object.entries(results.baselines))
    if (!bestBaseline || b.overall.f1 > bestBaseline.f1) bestBaseline = { name: baseline, f1: b.overall.f1 };
  const o = results.overall;
  return {
    name,
    status: 'ok',
    questions: results.questions,
    scored: results.scored,
    accuracy: o.accuracy,
    precision: o.precision,
    recall: o.recall,
    f1: o.f1,
    perfectRecall: o.perfectRecall,
    bestBaseline,
    p95Ms: results.latencyMs.p95,
    wallMs,
    ...(o.columns ? { columns: { ...o.columns, overheadP95Ms: results.latencyMs.columnOverhead?.p95 ?? 0 } } : {}),
  };
}

/**
 * The rows with their ΔF1 against `baseline`'s, and the verdict: a loss when any benchmark that
 * ran in both dropped by more than MAX_F1_DROP (with a margin of 1e-9 for floating point, so that
 * a drop of exactly 0.005 is a gain), else a gain.
 */
export function compareSummaries(
  rows: readonly SummaryRow[],
  baseline: { path: string; rows: readonly SummaryRow[] },
): { rows: SummaryRow[]; comparison: Comparison } {
  const before = new Map(baseline.rows.filter((r): r is RanRow => r.status === 'ok').map((r) => [r.name, r.f1]));
  const losses: Comparison['losses'] = [];
  const notCompared: string[] = [];
  const compared = rows.map((r): SummaryRow => {
    const was = before.get(r.name);
    if (r.status !== 'ok' || was === undefined) {
      notCompared.push(r.name);
      return r;
    }
    const deltaF1 = r.f1 - was;
    if (-deltaF1 > MAX_F1_DROP + 1e-9) losses.push({ name: r.name, drop: -deltaF1 });
    return { ...r, deltaF1 };
  });
  for (const name of before.keys()) if (!rows.some((r) => r.name === name)) notCompared.push(name);
  const line =
    losses.length === 0
      ? `gain: no benchmark dropped by more than ${MAX_F1_DROP} F1`
      : `loss: ${losses.map((l) => `${l.name} dropped by ${l.drop.toFixed(4)} F1`).join('; ')}`;
  return {
    rows: compared,
    comparison: { baseline: baseline.path, verdict: losses.length === 0 ? 'gain' : 'loss', line, losses, notCompared },
  };
}

/** A summary.json read back (only what the comparison needs is checked); throws naming what is wrong. */
export function parseSummary(raw: unknown, path: string): { path: string; rows: SummaryRow[] } {
  const bad = (what: string) => new Error(`--baseline ${path} is not a summary.json of --bench all: ${what}`);
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { rows?: unknown }).rows)) throw bad('it has no rows');
  const rows = (raw as { rows: unknown[] }).rows;
  rows.forEach((r, i) => {
    if (typeof r !== 'object' || r === null) throw bad(`row ${i} is not an object`);
    const { name, status, f1 } = r as Record<string, unknown>;
    if (typeof name !== 'string') throw bad(`row ${i} has no name`);
    if (status === 'ok' && (typeof f1 !== 'number' || !Number.isFinite(f1))) throw bad(`row ${name} has no F1`);
  });
  return { path, rows: rows as SummaryRow[] };
}

const f = (n: number) => n.toFixed(3);
const signed = (n: number) => `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(3)}`;

/** The summary as Markdown: one table (a ΔF1 column when compared), then the verdict and how it was run. */
export function summaryMarkdown(summary: AllSummary): string {
  const delta = summary.comparison !== null;
  const head = [
    'benchmark',
    'questions',
    'accuracy',
    'precision',
    'recall',
    'F1',
    'perfect recall',
    'best baseline (F1)',
    'p95 ms',
    'wall s',
    ...(delta ? ['ΔF1'] : []),
  ];
  const cells = (r: SummaryRow): string[] => {
    const wall = (r.wallMs / 1000).toFixed(1);
    if (r.status !== 'ok') return [r.name, `${r.status}: ${r.reason}`, '–', '–', '–', '–', '–', '–', '–', wall, ...(delta ? ['–'] : [])];
    return [
      r.name,
      r.scored === r.questions ? String(r.questions) : `${r.questions} (${r.scored} scored)`,
      f(r.accuracy),
      f(r.precision),
      f(r.recall),
      `**${f(r.f1)}**`,
      f(r.perfectRecall),
      r.bestBaseline ? `${r.bestBaseline.name} (${f(r.bestBaseline.f1)})` : '–',
      String(r.p95Ms),
      wall,
      ...(delta ? [r.deltaF1 === undefined ? '–' : signed(r.deltaF1)] : []),
    ];
  };
  const line = (c: string[]) => `| ${c.map((s) => s.replaceAll('|', '\\|')).join(' | ')} |`;
  const git = summary.git.commit
    ? `commit ${summary.git.commit.slice(0, 12)}${summary.git.dirty ? ' (packages/ modified)' : summary.git.dirty === false ? ' (packages/ clean)' : ''}`
    : 'commit unknown';
  const c = summary.comparison;
  const withColumns = summary.rows.filter(
    (r): r is RanRow & { columns: NonNullable<RanRow['columns']> } => r.status === 'ok' && r.columns !== undefined,
  );
  const base = (r: ColumnSummary, name: string) => {
    const b = r.baselines[name];
    return b ? `${f(b.strictRecall)} / ${f(b.precision)} / ${f(b.tokenShare)}` : '–';
  };
  const columnTable = [
    '',
    '## Columns: the prompt context against every column the gold SQL reads',
    '',
    line([
      'set',
      'questions',
      'strict recall',
      'given the tables',
      'recall',
      'precision',
      'token share',
      'at 20 % of the schema: strict / share',
      'possibly needed tables shown / gold',
      'all columns of the tables: strict / precision / share',
      'BM25 columns: strict / precision / share',
      'overhead p95 ms',
    ]),
    line(Array.from({ length: 12 }, () => '---')),
    ...withColumns.map((r) =>
      line([
        r.name,
        String(r.columns.questions),
        `**${f(r.columns.strictRecall)}**`,
        `${f(r.columns.strictRecallGivenTables)} (${r.columns.questionsGivenTables})`,
        f(r.columns.recall),
        f(r.columns.precision),
        f(r.columns.tokenShare),
        `${f(r.columns.atTargetShare.strictRecall)} / ${f(r.columns.atTargetShare.tokenShare)}`,
        // Absent from a summary written before possibly needed tables were shown.
        r.columns.possibleTables ? `${f(r.columns.possibleTables.perQuestion)} / ${f(r.columns.possibleTables.gold)}` : '–',
        base(r.columns, 'all-columns'),
        base(r.columns, 'bm25-columns'),
        String(r.columns.overheadP95Ms),
      ]),
    ),
    '',
    '### The prompt against its budget: strict column recall / table perfect recall / token share, beside BM25-ranked tables with all their columns at the same budget',
    '',
    line([
      'set',
      ...CURVE_SHARES.map((s) => `${Math.round(s * 100)} % prompt`),
      ...CURVE_SHARES.map((s) => `${Math.round(s * 100)} % BM25 tables`),
    ]),
    line(Array.from({ length: 1 + 2 * CURVE_SHARES.length }, () => '---')),
    ...withColumns
      .filter((r) => r.columns.curve)
      .map((r) =>
        line([
          r.name,
          ...r.columns.curve!.map((c) => `${f(c.prompt.strictRecall)} / ${f(c.prompt.tableRecall)} / ${f(c.prompt.tokenShare)}`),
          ...r.columns.curve!.map(
            (c) => `${f(c.bm25Tables.strictRecall)} / ${f(c.bm25Tables.tableRecall)} / ${f(c.bm25Tables.tokenShare)}`,
          ),
        ]),
      ),
    '',
    "Strict recall: every column the gold query reads is shown; given the tables: over the questions whose gold tables were all retrieved; token share: prompt tokens over the whole schema's (o200k_base), mean per question; possibly needed tables: those beyond the join tree the prompt shows, per question, and the share of them the gold query reads; overhead: column relevance plus rendering the prompt.",
  ];
  return `${[
    '# Table retrieval on every benchmark',
    '',
    line(head),
    line(head.map(() => '---')),
    ...summary.rows.map((r) => line(cells(r))),
    '',
    "Guided retrieval's accuracy, precision, recall, F1 and perfect recall (questions with an unreadable gold query are not scored); the best baseline is the one with the highest F1 in the same run; p95 is retrieval latency per question. Each benchmark's full reports are in its own folder.",
    '',
    `${summary.startedAt}, ${git}, data ${summary.data}; total wall time ${(summary.wallMs / 1000).toFixed(1)} s.`,
    ...(c
      ? [
          '',
          `ΔF1 against ${c.baseline}${c.notCompared.length > 0 ? `; not compared (ran in only one of the two, or in neither): ${c.notCompared.join(', ')}` : ''}.`,
          '',
          c.line,
        ]
      : []),
    ...(withColumns.length > 0 ? columnTable : []),
  ].join('\n')}\n`;
}
