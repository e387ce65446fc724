import { rm } from 'node:fs/promises';
import { declaredJoinEdges, type InferJoinsOptions, type JoinEdge, type JoinInference } from '@guided-retrieval/join-inference';
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runEvaluation } from '../run.js';
import { writeMiniSpider } from '../test-support/mini-spider.js';
import { joinsMarkdown } from './report.js';
import { type Infer, runBenchJoins, scoreDatabase } from './run.js';

const dir = writeMiniSpider();
afterAll(() => rm(dir, { recursive: true, force: true }));

const STATS = { tables: 0, columns: 0, candidatePairs: 0, afterPruning: 0, accepted: 0, adjudicated: 0, ms: 0 };

/** An inferrer that answers with `edges(profile)` and records the options it was called with. */
function fakeInfer(edges: (profile: DatabaseProfile) => JoinEdge[]): Infer & { calls: InferJoinsOptions[] } {
  const calls: InferJoinsOptions[] = [];
  const infer = async (profile: DatabaseProfile, options: InferJoinsOptions): Promise<JoinInference> => {
    calls.push(options);
    const found = edges(profile).map((e) => ({ ...e, origin: 'inferred' as const, confidence: 0.9 }));
    return { edges: found, keys: [], setAside: [], stats: { ...STATS, accepted: found.length } };
  };
  return Object.assign(infer, { calls });
}

const column = (name: string) => ({
  name,
  declaredType: 'INTEGER',
  inferredType: 'integer' as const,
  rowCount: 0,
  count: 0,
  nulls: 0,
  distinct: 0,
  min: null,
  max: null,
  sample: [],
});
const profile: DatabaseProfile = {
  formatVersion: 1,
  engine: 'sqlite',
  database: 'shop',
  tables: [
    { name: 'customer', rowCount: 0, primaryKey: ['id'], foreignKeys: [], columns: [column('id')] },
    {
      name: 'orders',
      rowCount: 0,
      primaryKey: [],
      columns: [column('id'), column('customer_id'), column('ghost_id')],
      foreignKeys: [
        { columns: ['customer_id'], referencedTable: 'customer', referencedColumns: ['id'] },
        { columns: ['ghost_id'], referencedTable: 'ghost', referencedColumns: ['id'] },
      ],
    },
  ],
};
const edge = (id: string, fromTable: string, from: string, toTable: string, to: string): JoinEdge => ({
  id,
  fromTable,
  fromColumns: [from],
  toTable,
  toColumns: [to],
  origin: 'inferred',
  confidence: 0.8,
  evidence: [],
});

describe('scoreDatabase', () => {
  it('hides the declared keys from inference, takes them as truth, leaves out those naming a missing table and times the inference', async () => {
    // A clock the test moves: the inference "takes" 12.3456 ms, nothing else takes any time.
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    const infer = fakeInfer(() => {
      now += 12.3456;
      return [
        edge('ORDERS(customer_id)->customer(ID)', 'ORDERS', 'customer_id', 'customer', 'ID'),
        edge('customer(id)->orders(id)', 'customer', 'id', 'orders', 'id'),
      ];
    });
    const run = await scoreDatabase(profile, { infer, minConfidence: 0.7 }).finally(() => clock.mockRestore());
    expect(infer.calls).toEqual([{ declared: 'hide', minConfidence: 0.7 }]);
    expect(run.score).toMatchObject({
      truth: 1,
      predicted: 2,
      correct: 1,
      precision: 0.5,
      recall: 1,
      falsePositives: ['customer(id)->orders(id)'],
      falseNegatives: [],
    });
    expect(run.score.inference.accepted).toBe(2);
    expect(run.score.ms).toBe(12.346);
    expect(run.skippedTruth).toEqual(['shop: orders(ghost_id) references missing table ghost']);
  });
});

describe('scoreDatabase with half the declared keys hidden', () => {
  const half = { fraction: 0.5, seed: 3 };
  const twoKeys: DatabaseProfile = {
    ...profile,
    tables: [
      ...profile.tables.map((t) =>
        t.name === 'orders'
          ? {
              ...t,
              columns: [...t.columns, column('clerk_id')],
              foreignKeys: [...t.foreignKeys, { columns: ['clerk_id'], referencedTable: 'clerk', referencedColumns: ['id'] }],
            }
          : t,
      ),
      { name: 'clerk', rowCount: 0, primaryKey: ['id'], foreignKeys: [], columns: [column('id')] },
    ],
  };

  it('shows inference one of two declared keys, with declared used, and scores its edges against both', async () => {
    const seen: DatabaseProfile[] = [];
    const echo = fakeInfer((p) => {
      seen.push(p);
      return declaredJoinEdges(p);
    });
    const run = await scoreDatabase(twoKeys, { infer: echo, hideDeclared: half });
    expect(echo.calls).toEqual([{ declared: 'use' }]);
    // one of the two real keys left in the profile (the ghost's declaration stays: it is no key)
    expect(declaredJoinEdges(seen[0]!)).toHaveLength(1);
    expect(run.score).toMatchObject({ truth: 2, predicted: 1, correct: 1, recall: 0.5 });
    expect(run.score.partial).toMatchObject({ kept: 1, hidden: 1, found: 0, recall: 0 });
    expect(run.score.partial!.missed).toEqual(run.score.falseNegatives);
  });

  it('counts a hidden key inference finds, and an inferred edge that is no key against precision', async () => {
    const all = declaredJoinEdges(twoKeys);
    const infer = fakeInfer(() => [...all, edge('customer(id)->clerk(id)', 'customer', 'id', 'clerk', 'id')]);
    const run = await scoreDatabase(twoKeys, { infer, hideDeclared: half });
    expect(run.score).toMatchObject({ truth: 2, predicted: 3, correct: 2, recall: 1 });
    expect(run.score.partial).toMatchObject({ hidden: 1, found: 1, recall: 1, inferred: 3, inferredCorrect: 2, missed: [] });
  });
});

describe('runBenchJoins on a small Spider-format benchmark', () => {
  it('scores the inferred edges and runs retrieval with the declared edges and with the inferred ones', async () => {
    const plain = (await runEvaluation({ bench: 'spider-dev', dataDir: dir, baselines: false })).results;
    const echo = await runBenchJoins({ bench: 'joins-spider', dataDir: dir, infer: fakeInfer((p) => declaredJoinEdges(p)) });
    expect(echo.overall).toMatchObject({ truth: 2, predicted: 2, correct: 2, f1: 1 });
    expect(echo.retrieval?.declared.overall).toEqual(plain.overall);
    // the same edges, inferred: the same retrieval
    expect(echo.retrieval?.inferred.overall).toEqual(plain.overall);

    const none = await runBenchJoins({ bench: 'joins-spider', dataDir: dir, infer: fakeInfer(() => []) });
    expect(none.overall).toMatchObject({ truth: 2, predicted: 0, recall: 0 });
    expect(none.perDatabase.shop!.falseNegatives).toEqual([
      'orders(customer_id)->customer(customer_id)',
      'orders(product_id)->product(product_id)',
    ]);
    expect(none.retrieval).toMatchObject({ questions: 5, scored: 4, declared: { overall: plain.overall } });
    // without edges no table joins another: the three tables of the join question come back
    // beside an empty tree (unjoined), as strongly named as each other
    expect(none.retrieval!.inferred.overall).toMatchObject({ questions: 4, perfectRecall: plain.overall.perfectRecall });

    const md = joinsMarkdown(none);
    expect(md).toContain('# Join inference on Spider dev schemas');
    expect(md).toContain('| **overall (micro)** | 0.000 | 0.000 | 0.000 | 2 | 0 | 0 |  | |');
    expect(md).toContain('| declared | ');
    expect(md).toContain('| inferred (declared hidden) | ');
    expect(md).toContain('- `orders(product_id)->product(product_id)`');
  });

  it('reports the hidden keys apart with --hide-declared', async () => {
    const none = await runBenchJoins({
      bench: 'joins-spider',
      dataDir: dir,
      retrieval: false,
      hideDeclared: { fraction: 0.5, seed: 5 },
      infer: fakeInfer(() => []),
    });
    expect(none.inference).toEqual({ declared: 'partial', minConfidence: null, hidden: { fraction: 0.5, seed: 5 } });
    expect(none.partial).toMatchObject({ fraction: 0.5, seed: 5, kept: 1, hidden: 1, found: 0, recall: 0 });
    const md = joinsMarkdown(none);
    expect(md).toContain('# Join inference on Spider dev schemas, 0.5 of the declared keys hidden');
    expect(md).toContain('## Hidden keys');
    expect(md).toContain('| **overall** | 5 | 1 | 1 | 0 | 0.000 | 0 | 0 |');
  });

  it('scores the edges alone with retrieval off', async () => {
    const results = await runBenchJoins({ bench: 'joins-spider', dataDir: dir, retrieval: false, infer: fakeInfer(() => []) });
    expect(results.retrieval).toBeUndefined();
    expect(Object.keys(results.perDatabase)).toEqual(['shop']);
  });
});
