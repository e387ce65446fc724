import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadBenchmark } from '@guided-retrieval/benchmarks';
import { afterAll, describe, expect, it } from 'vitest';
import { runEvaluation } from '../run.js';
import { MINI_SYN_QUESTIONS, writeMiniSpiderSyn } from '../test-support/mini-spider.js';

const dir = writeMiniSpiderSyn();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Spider-Syn loader', () => {
  it('loads the reworded question, the gold query and the schema, as Spider dev does, named spider-syn', () => {
    const bench = loadBenchmark('spider-syn', dir);
    expect(bench.name).toBe('spider-syn');
    expect(bench.databases.map((d) => d.name)).toEqual(['shop']);
    expect(bench.questions.map((q) => q.question)).toEqual(MINI_SYN_QUESTIONS);
    expect(bench.questions[0]).toEqual({
      id: '0',
      db: 'shop',
      question: 'How many clients live in each town?',
      evidence: null,
      sql: 'SELECT city, count(*) FROM customer GROUP BY city',
    });
  });

  it('never reads spider_question', () => {
    expect(readFileSync(join(dir, 'dev.json'), 'utf8')).toContain('ORIGINAL:');
    expect(JSON.stringify(loadBenchmark('spider-syn', dir))).not.toContain('ORIGINAL:');
  });

  it('names Spider-Syn in its errors', () => {
    expect(() => loadBenchmark('spider-syn', join(dir, 'missing'))).toThrow(/^Spider-Syn dev data not found: .*missing does not exist/);
  });

  it('runs through the Spider harness, one graph per database or the union, reported as spider-syn', async () => {
    const { results, outcomes } = await runEvaluation({ bench: 'spider-syn', dataDir: dir });
    expect(results).toMatchObject({ bench: 'spider-syn', questions: 5, scored: 4, union: false });
    expect(outcomes.map((o) => o.question)).toEqual(MINI_SYN_QUESTIONS);
    const union = await runEvaluation({ bench: 'spider-syn', dataDir: dir, union: true });
    expect(union.results).toMatchObject({ bench: 'spider-syn', union: true, unionGraph: { databases: ['shop'], tables: 3 } });
    expect(JSON.stringify([outcomes, union.outcomes])).not.toContain('ORIGINAL:');
  });
});
