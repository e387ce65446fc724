import { rmSync } from 'node:fs';
import { testPostgresUrl, writeDefogLayout } from '@guided-retrieval/benchmarks/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvaluation } from '../run.js';

const postgres = testPostgresUrl();

describe.skipIf(!postgres)('the Defog benchmark on PostgreSQL', () => {
  let dir: string;
  beforeAll(() => {
    dir = writeDefogLayout('guided_defog_t_run');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the product path and scores it: inferred keys join the orders to their customers', async () => {
    const { results, outcomes } = await runEvaluation({ bench: 'defog', dataDir: dir, postgresUrl: postgres!, baselines: true });
    expect(results.scored).toBe(2);
    expect(results.goldRewritten).toBe(1);
    expect(results.inferredEdges).toEqual({ guided_defog_t_run: 1 });
    expect(outcomes[1]!.retrieved.sort()).toEqual(['shcustomer', 'shorder']);
    expect(Object.keys(results.baselines)).toContain('bm25-top3');
  });
});
