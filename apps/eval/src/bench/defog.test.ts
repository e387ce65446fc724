import { rmSync } from 'node:fs';
import { testPostgresUrl, writeDefogLayout } from '@guided-retrieval/benchmarks/testing';
import { expect, it } from 'vitest';
import { runEvaluation } from '../run.js';

const postgres = testPostgresUrl();

it.skipIf(!postgres)('runs the product path on Defog and scores it: inferred keys join the orders to their customers', async () => {
  const dir = writeDefogLayout('guided_defog_t_run');
  try {
    const { results, outcomes } = await runEvaluation({ bench: 'defog', dataDir: dir, postgresUrl: postgres!, baselines: true });
    expect(results.scored).toBe(2);
    expect(results.goldRewritten).toBe(1);
    expect(results.inferredEdges).toEqual({ guided_defog_t_run: 1 });
    expect(outcomes[1]!.retrieved.sort()).toEqual(['shcustomer', 'shorder']);
    expect(Object.keys(results.baselines)).toContain('bm25-top3');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
