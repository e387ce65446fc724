import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
    expect(results.perDatabase.shop).toEqual(results.overall);
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
    await expect(runEvaluation({ bench: 'spider-dev', dataDir: dir, databases: ['nope'] })).rejects.toThrow(/unknown database nope in spider-dev; it has shop/);
  });
});
