import type { MetricSummary } from '@guided-retrieval/benchmarks';
import { describe, expect, it } from 'vitest';
import { childArgs } from './command.js';
import {
  ALL_BENCHES,
  type AllSummary,
  compareSummaries,
  parseSummary,
  type RanRow,
  type SummaryRow,
  summaryMarkdown,
  summaryRow,
} from './summary.js';

const metrics = (f1: number, rest: Partial<MetricSummary> = {}): MetricSummary => ({
  accuracy: 0.5,
  precision: 0.8,
  recall: 0.9,
  f1,
  perfectRecall: 0.7,
  questions: 10,
  ...rest,
});
const latency = { p50: 0.4, p95: 1.25, max: 3 };
const results = (f1: number, baselines: Record<string, number>, counts = { questions: 10, scored: 10 }) => ({
  ...counts,
  overall: metrics(f1),
  baselines: Object.fromEntries(Object.entries(baselines).map(([name, b]) => [name, { overall: metrics(b), perDatabase: {} }])),
  latencyMs: { ...latency, perPhase: {} as never },
});
const ran = (name: string, f1: number): RanRow => summaryRow(name, results(f1, { 'bm25-top5': 0.5 }), 1000);
const summary = (rows: SummaryRow[], comparison: AllSummary['comparison'] = null): AllSummary => ({
  bench: 'all',
  startedAt: '2025-01-01T00:00:00.000Z',
  data: '/data/benchmarks',
  git: { commit: '0123456789abcdef', dirty: false },
  wallMs: 12_345,
  rows,
  comparison,
});

describe('summaryRow', () => {
  it("takes guided retrieval's figures, the best baseline by F1 with its name, and the p95 latency", () => {
    const row = summaryRow('spider-syn', results(0.81, { 'all-tables': 0.3, 'bm25-top5': 0.72, 'embedding-top3': 0.65 }), 4200);
    expect(row).toEqual({
      name: 'spider-syn',
      status: 'ok',
      questions: 10,
      scored: 10,
      accuracy: 0.5,
      precision: 0.8,
      recall: 0.9,
      f1: 0.81,
      perfectRecall: 0.7,
      bestBaseline: { name: 'bm25-top5', f1: 0.72 },
      p95Ms: 1.25,
      wallMs: 4200,
    });
  });

  it('has no best baseline when none ran', () => {
    expect(summaryRow('bird-dev', results(0.8, {}), 1).bestBaseline).toBeNull();
  });
});

describe('summaryMarkdown', () => {
  const rows: SummaryRow[] = [
    summaryRow('bird-dev', results(0.7812, { 'bm25-top5': 0.6 }, { questions: 12, scored: 10 }), 35_000),
    ran('spider-syn', 0.8),
    { name: 'defog', status: 'skipped', reason: 'no PostgreSQL server', wallMs: 0 },
    { name: 'spider2-lite', status: 'error', reason: 'heap out of memory | boom', wallMs: 2500 },
  ];

  it('is one table: a row per benchmark, skipped and failed ones marked, and no ΔF1 without a baseline', () => {
    const md = summaryMarkdown(summary(rows));
    const table = md.split('\n').filter((l) => l.startsWith('|'));
    expect(table).toHaveLength(2 + rows.length);
    expect(table[0]).toBe(
      '| benchmark | questions | accuracy | precision | recall | F1 | perfect recall | best baseline (F1) | p95 ms | wall s |',
    );
    expect(table[2]).toBe('| bird-dev | 12 (10 scored) | 0.500 | 0.800 | 0.900 | **0.781** | 0.700 | bm25-top5 (0.600) | 1.25 | 35.0 |');
    expect(table[3]).toContain('| spider-syn | 10 |');
    expect(table[4]).toBe('| defog | skipped: no PostgreSQL server | – | – | – | – | – | – | – | 0.0 |');
    expect(table[5]).toContain('error: heap out of memory \\| boom');
    expect(md).toContain('commit 0123456789ab (packages/ clean)');
    expect(md).toContain('total wall time 12.3 s');
    expect(md).not.toMatch(/gain|loss/);
  });

  it('adds a ΔF1 column and the verdict when compared with a baseline', () => {
    const compared = compareSummaries(rows, { path: 'before.json', rows: [ran('bird-dev', 0.79), ran('spider-syn', 0.7)] });
    const md = summaryMarkdown(summary(compared.rows, compared.comparison));
    const table = md.split('\n').filter((l) => l.startsWith('|'));
    expect(table[0]).toMatch(/\| wall s \| ΔF1 \|$/);
    expect(table[2]).toMatch(/\| -0\.009 \|$/);
    expect(table[3]).toMatch(/\| \+0\.100 \|$/);
    expect(table[4]).toMatch(/\| – \|$/);
    expect(md.trimEnd().split('\n').at(-1)).toBe('loss: bird-dev dropped by 0.0088 F1');
    expect(md).toContain('not compared (ran in only one of the two, or in neither): defog, spider2-lite');
  });
});

describe('compareSummaries: a gain only if no benchmark drops by more than 0.005 F1', () => {
  const before = { path: 'base/summary.json', rows: [ran('bird-dev', 0.8), ran('spider-dev', 0.9), ran('spider-syn', 0.6)] };

  it('is a gain when every benchmark holds or improves', () => {
    const { rows, comparison } = compareSummaries([ran('bird-dev', 0.8), ran('spider-dev', 0.95), ran('spider-syn', 0.6)], before);
    expect(comparison).toMatchObject({ verdict: 'gain', line: 'gain: no benchmark dropped by more than 0.005 F1', losses: [] });
    expect(rows.map((r) => (r.status === 'ok' ? r.deltaF1 : null))).toEqual([0, expect.closeTo(0.05, 10), 0]);
  });

  it('is a gain when a benchmark drops by exactly 0.005, or less, whatever the others gain', () => {
    expect(compareSummaries([ran('bird-dev', 0.795), ran('spider-dev', 0.9), ran('spider-syn', 0.6)], before).comparison.verdict).toBe(
      'gain',
    );
    expect(compareSummaries([ran('bird-dev', 0.7999), ran('spider-dev', 0.896), ran('spider-syn', 0.7)], before).comparison.verdict).toBe(
      'gain',
    );
  });

  it('is a loss when one drops by more than 0.005, even if the others gain more', () => {
    const { comparison } = compareSummaries([ran('bird-dev', 0.9), ran('spider-dev', 0.8949), ran('spider-syn', 0.7)], before);
    expect(comparison.verdict).toBe('loss');
    expect(comparison.line).toBe('loss: spider-dev dropped by 0.0051 F1');
    expect(comparison.losses).toEqual([{ name: 'spider-dev', drop: expect.closeTo(0.0051, 10) }]);
  });

  it('names every benchmark that dropped', () => {
    const { comparison } = compareSummaries([ran('bird-dev', 0.7), ran('spider-dev', 0.9), ran('spider-syn', 0.5)], before);
    expect(comparison.line).toBe('loss: bird-dev dropped by 0.1000 F1; spider-syn dropped by 0.1000 F1');
  });

  it('compares only benchmarks that ran in both, listing the others', () => {
    const { rows, comparison } = compareSummaries(
      [ran('bird-dev', 0.8), { name: 'spider-dev', status: 'error', reason: 'boom', wallMs: 1 }, ran('defog', 0.3)],
      before,
    );
    expect(comparison.verdict).toBe('gain');
    expect(comparison.notCompared).toEqual(['spider-dev', 'defog', 'spider-syn']);
    expect(rows.filter((r) => r.status === 'ok' && r.deltaF1 !== undefined).map((r) => r.name)).toEqual(['bird-dev']);
  });
});

describe('parseSummary', () => {
  it('reads back what --bench all writes', () => {
    const written = JSON.parse(JSON.stringify(summary([ran('bird-dev', 0.8)])));
    expect(parseSummary(written, 's.json').rows).toEqual([ran('bird-dev', 0.8)]);
  });

  it('refuses a file that is not a summary, naming it', () => {
    expect(() => parseSummary({ bench: 'bird-dev', overall: {} }, 'results.json')).toThrow(
      /^--baseline results\.json is not a summary\.json of --bench all: it has no rows$/,
    );
    expect(() => parseSummary({ rows: [{ name: 'bird-dev', status: 'ok' }] }, 's.json')).toThrow(/row bird-dev has no F1/);
  });
});

it('runs every visible retrieval benchmark, each once, with the union runs of BIRD and Spider and both builds of the sample questions', () => {
  expect(ALL_BENCHES.map((b) => `${b.bench}${b.union ? ' --union' : ''}${b.build ? ` --build ${b.build}` : ''}`)).toEqual([
    'bird-dev',
    'bird-dev --union',
    'spider-dev',
    'spider-dev --union',
    'spider-syn',
    'spider2-lite',
    'defog',
    'sample-questions --build sqlite',
    'sample-questions --build postgres',
  ]);
  expect(new Set(ALL_BENCHES.map((b) => b.name)).size).toBe(ALL_BENCHES.length);
});

it('gives each build of the sample questions its own row, reports side by side under one folder', () => {
  const [sqlite, postgres] = ALL_BENCHES.filter((b) => b.bench === 'sample-questions');
  expect([sqlite!.name, postgres!.name]).toEqual(['sample-questions (SQLite)', 'sample-questions (PostgreSQL)']);
  const options = { postgres: 'postgres://u@h/db', modelCache: '.model-cache', evidence: true, limit: 5 };
  expect(childArgs(postgres!, '/data', '/out/sample-questions', options)).toEqual([
    '--bench',
    'sample-questions',
    '--data',
    '/data',
    '--out',
    '/out/sample-questions',
    '--build',
    'postgres',
    '--postgres',
    'postgres://u@h/db',
    '--limit',
    '5',
  ]);
  expect(childArgs(sqlite!, '/data', '/out/sample-questions', options)).not.toContain('--postgres');
});
