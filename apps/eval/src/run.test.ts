import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { scoreQuestion } from '@guided-retrieval/benchmarks';
import { afterAll, describe, expect, it } from 'vitest';
import { runAblation } from './ablation.js';
import { writeReports } from './report.js';
import { runEvaluation } from './run.js';
import { writeMiniSpider } from './test-support/mini-spider.js';

const dir = writeMiniSpider();
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('runEvaluation on a small Spider-format benchmark', async () => {
  const { results, outcomes } = await runEvaluation({ bench: 'spider-dev', dataDir: dir });

  it('scores every parsable question and lists the unparsable gold query', () => {
    expect(results.questions).toBe(5);
    expect(results.scored).toBe(4);
    expect(results.unparsedGold).toBe(1);
    expect(results.unparsedGoldQuestions[0]).toMatchObject({ id: '4', db: 'shop' });
  });

  it('retrieves the gold tables of the plain questions', () => {
    const byId = Object.fromEntries(outcomes.map((o) => [o.id, o]));
    expect(byId['0']!.retrieved).toEqual(['customer']);
    expect(byId['1']!.retrieved).toEqual(['product']);
    expect([...byId['2']!.retrieved].sort()).toEqual(['customer', 'orders', 'product']);
    expect(byId['2']!.metrics).toEqual({ accuracy: 1, precision: 1, recall: 1, f1: 1, perfectRecall: 1 });
  });

  it('averages the per-question metrics, overall and per database', () => {
    const scored = outcomes.filter((o) => o.metrics);
    const meanF1 = scored.reduce((s, o) => s + o.metrics!.f1, 0) / scored.length;
    expect(results.overall.f1).toBeCloseTo(meanF1, 10);
    const { columns, ...tables } = results.overall;
    expect(results.perDatabase.shop).toEqual(tables);
    // the column benchmark over the questions whose gold SQL reads a column, baselines beside
    expect(columns?.questions).toBe(outcomes.filter((o) => (o.columns?.gold.length ?? 0) > 0).length);
    expect(columns?.questions).toBeGreaterThan(0);
    for (const scores of [columns!, ...Object.values(columns!.baselines)])
      for (const x of [scores.strictRecall, scores.recall, scores.precision]) expect(x).toBeGreaterThanOrEqual(0);
    expect(Object.keys(columns!.baselines)).toEqual(['all-columns', 'bm25-columns']);
    expect(columns!.baselines['all-columns']!.recall).toBeGreaterThanOrEqual(columns!.recall);
    expect(results.latencyMs.columnOverhead?.p95).toBeGreaterThanOrEqual(0);
  });

  it('measures the baselines in the same run on the same questions', () => {
    expect(Object.keys(results.baselines)).toEqual(['all-tables', 'bm25-top3', 'bm25-top5', 'embedding-top3', 'embedding-top5']);
    expect(results.baselines['all-tables']!.overall.recall).toBe(1);
    expect(outcomes.every((o) => o.baselines['all-tables']!.length === 3)).toBe(true);
  });

  it('records latency per phase, graph build time and memory', () => {
    expect(results.latencyMs.p50).toBeGreaterThan(0);
    expect(results.latencyMs.max).toBeGreaterThanOrEqual(results.latencyMs.p95);
    expect(Object.keys(results.latencyMs.perPhase)).toContain('grounding');
    expect(results.graphBuildMs.shop).toBeGreaterThan(0);
    expect(results.peakRssMb).toBeGreaterThan(0);
  });

  it('writes results.json, results.md and a chart per database', async () => {
    const out = join(dir, 'out');
    await writeReports(out, results, outcomes);
    const json = JSON.parse(await readFile(join(out, 'results.json'), 'utf8'));
    expect(json).toMatchObject({ bench: 'spider-dev', questions: 5, unparsedGold: 1, overall: { f1: results.overall.f1 } });
    const md = await readFile(join(out, 'results.md'), 'utf8');
    expect(md).toContain('| **guided retrieval** |');
    expect(md).not.toContain('paper (BIRD dev');
    const svg = await readFile(join(out, 'charts', 'shop.svg'), 'utf8');
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<rect [^>]*><title>/g)?.length).toBe(5 * 4);
  });

  it('refuses an unknown database, naming it', async () => {
    await expect(runEvaluation({ bench: 'spider-dev', dataDir: dir, databases: ['nope'] })).rejects.toThrow(
      /unknown database nope in spider-dev; it has shop/,
    );
  });
});

describe('runEvaluation with union on two databases whose table names collide', async () => {
  const unionDir = writeMiniSpider({ secondDatabase: true });
  afterAll(() => rm(unionDir, { recursive: true, force: true }));
  const { results, outcomes } = await runEvaluation({ bench: 'spider-dev', dataDir: unionDir, union: true });
  const byId = Object.fromEntries(outcomes.map((o) => [`${o.db}/${o.id}`, o]));
  const unionTables = ['shop__customer', 'orders', 'product', 'library__Customer', 'loan', 'book'];

  it('asks every question against one graph of both databases, the colliding names prefixed', () => {
    expect(results.union).toBe(true);
    expect(results.unionGraph).toEqual({
      databases: ['shop', 'library'],
      tables: 6,
      edges: 4,
      renamedTables: ['shop__customer', 'library__Customer'],
    });
    expect(Object.keys(results.graphBuildMs)).toEqual(['union']);
    expect(outcomes.every((o) => o.baselines['all-tables']!.length === 6)).toBe(true);
    expect(outcomes.every((o) => o.retrieved.every((t) => unionTables.includes(t)))).toBe(true);
  });

  it('scores each question against its own gold tables under the union’s names', () => {
    expect(byId['shop/0']!.gold).toEqual(['shop__customer']);
    expect(byId['shop/2']!.gold).toEqual(['orders', 'product', 'shop__customer']);
    expect(byId['library/5']!.gold).toEqual(['book', 'library__Customer', 'loan']);
    expect(byId['library/6']!.gold).toEqual(['book']);
    expect(byId['shop/4']!.gold).toBeNull();
    for (const o of outcomes.filter((x) => x.gold)) expect(o.metrics).toEqual(scoreQuestion(o.retrieved, o.gold!));
    expect(byId['library/6']!.retrieved).toEqual(['book']);
    expect([...byId['library/5']!.retrieved].sort()).toEqual(['book', 'library__Customer', 'loan']);
  });

  it('reports per database and overall, the baselines on the same union graph', () => {
    expect(results.scored).toBe(6);
    expect(Object.keys(results.perDatabase)).toEqual(['library', 'shop']);
    expect(results.perDatabase.library!.questions).toBe(2);
    const scored = outcomes.filter((o) => o.metrics);
    expect(results.overall.f1).toBeCloseTo(scored.reduce((s, o) => s + o.metrics!.f1, 0) / scored.length, 10);
    const all = results.baselines['all-tables']!.overall;
    expect(all.recall).toBe(1);
    expect(all.precision).toBeCloseTo(scored.reduce((s, o) => s + o.gold!.length / 6, 0) / scored.length, 10);
  });

  it('says so in results.json and results.md', async () => {
    const out = join(unionDir, 'out');
    await writeReports(out, results, outcomes);
    const json = JSON.parse(await readFile(join(out, 'results.json'), 'utf8'));
    expect(json).toMatchObject({ union: true, unionGraph: { tables: 6, edges: 4 } });
    const md = await readFile(join(out, 'results.md'), 'utf8');
    expect(md).toMatch(/^# Table retrieval on spider-dev, union of every database\n/);
    expect(md).toContain(
      '**Union run:** every question was asked against one context graph of all 2 databases (6 tables, 4 join edges; colliding names prefixed with their database: shop__customer, library__Customer)',
    );
  });

  it('merges only the databases of --db, and a run without union says it is not one', async () => {
    const one = await runEvaluation({ bench: 'spider-dev', dataDir: unionDir, union: true, databases: ['library'], baselines: false });
    expect(one.results.unionGraph).toMatchObject({ databases: ['library'], tables: 3, renamedTables: [] });
    expect(one.outcomes.map((o) => o.gold)).toEqual([['Customer', 'book', 'loan'], ['book']]);
    const plain = await runEvaluation({ bench: 'spider-dev', dataDir: unionDir, databases: ['library'], baselines: false });
    expect(plain.results).toMatchObject({ union: false, unionGraph: null });
    expect(plain.outcomes.map((o) => o.gold)).toEqual(one.outcomes.map((o) => o.gold));
  });
});

describe('runAblation with union', async () => {
  const unionDir = writeMiniSpider({ secondDatabase: true });
  afterAll(() => rm(unionDir, { recursive: true, force: true }));

  it('runs each variant on the union graph against the renamed gold tables', async () => {
    const variants = [{ name: 'all levers on', options: {} }];
    const [union] = await runAblation({ bench: 'spider-dev', dataDir: unionDir, union: true, variants });
    const { results } = await runEvaluation({ bench: 'spider-dev', dataDir: unionDir, union: true, baselines: false });
    expect(union!.overall).toEqual(results.overall);
  });
});
