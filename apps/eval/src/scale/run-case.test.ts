import { describe, expect, it } from 'vitest';
import { parseCase } from './generate.js';
import { type CaseEvent, effectiveGold, isLayeredTree, runCase } from './run-case.js';
import { summarizeCase } from './summary.js';

async function run(label: string, questions: number): Promise<CaseEvent[]> {
  const events: CaseEvent[] = [];
  await runCase(parseCase(label), { questions, seed: 42 }, (e) => events.push(e));
  return events;
}

describe('runCase and summarizeCase', () => {
  it('times every step and question of a tiny schema and reports every field', async () => {
    const events = await run('snowflake:50', 4);
    expect(events.filter((e) => e.type === 'question')).toHaveLength(4);
    expect(events[events.length - 1]!.type).toBe('done');
    const row = summarizeCase(parseCase('snowflake:50'), events, { status: 'ok' });
    expect(row).toMatchObject({
      case: 'snowflake:50',
      shape: 'snowflake',
      tables: 50,
      status: 'ok',
      statusText: 'ok',
      questions: 4,
      questionsDone: 4,
    });
    for (const key of [
      'edges',
      'generateMs',
      'graphBuildMs',
      'serializeMs',
      'graphBytes',
      'graphLoadMs',
      'indexBuildMs',
      'baselinesBuildMs',
      'wallMs',
    ] as const) {
      expect(row[key], key).toBeGreaterThan(0);
    }
    expect(row.retrievalMs.p50).toBeGreaterThan(0);
    expect(row.retrievalMs.p95).toBeGreaterThanOrEqual(row.retrievalMs.p50);
    expect(row.bm25Ms.max).toBeGreaterThan(0);
    expect(row.p95Ratio).toBeCloseTo(row.retrievalMs.p95 / row.bm25Ms.p95, 2);
    expect(Object.keys(row.perPhaseMs)).toEqual([
      'grounding',
      'exploration',
      'disambiguation',
      'pathEnumeration',
      'pathSelection',
      'merging',
      'columns',
    ]);
    expect(row.guided.questions).toBe(4);
    expect(row.bm25.questions).toBe(4);
    expect(row.peakRssMb).toBeGreaterThan(10);
    expect(row.meanGoldSize).toBeGreaterThanOrEqual(2);
    expect(row.meanTreeSize).toBeGreaterThan(0);
  });

  it('checks the layered tree', async () => {
    const events = await run('layered:2x3', 2);
    const row = summarizeCase(parseCase('layered:2x3'), events, { status: 'ok' });
    expect(row.layered).toEqual({ layers: 2, width: 3, paths: 9 });
    expect(row.questionsDone).toBe(2);
    expect(row.treesExact).toBeLessThanOrEqual(2);
    expect(row.meanGoldSize).toBe(4);
  });

  it('says how far a case cut short got', async () => {
    const events = (await run('snowflake:50', 3)).filter((e) => e.type !== 'done');
    const cut = events.slice(0, events.length - 2);
    const row = summarizeCase(parseCase('snowflake:50'), cut, { status: 'timeout', budgetS: 300 });
    expect(row.statusText).toBe('timed out after 300 s (1 of 3 questions done)');
    expect(row.questionsDone).toBe(1);
    expect(row.wallMs).toBeNull();
    const nothing = summarizeCase(parseCase('warehouse:2000'), [], { status: 'error', message: 'heap out of memory' });
    expect(nothing.statusText).toBe('error: heap out of memory (0 of 0 questions done, stopped in schema generation)');
    expect(nothing.p95Ratio).toBeNull();
  });
});

describe('layered scoring', () => {
  const layers = [
    ['a1', 'a2'],
    ['b1', 'b2'],
  ];
  const q = { id: 'x', text: 'Which nation is each customer in?', gold: ['customer', 'a1', 'b1', 'nation'], layers };

  it('takes the tree’s own table of a layer as the gold one', () => {
    expect(effectiveGold(q, ['customer', 'a2', 'b1', 'nation'])).toEqual(['customer', 'a2', 'b1', 'nation']);
    expect(effectiveGold(q, ['customer', 'nation'])).toEqual(q.gold);
    expect(effectiveGold({ ...q, layers: undefined } as never, ['customer', 'a2'])).toEqual(q.gold);
  });

  it('an exact tree is customer, one table per layer, nation', () => {
    expect(isLayeredTree(layers, ['customer', 'a2', 'b1', 'nation'])).toBe(true);
    expect(isLayeredTree(layers, ['customer', 'a1', 'a2', 'b1', 'nation'])).toBe(false);
    expect(isLayeredTree(layers, ['customer', 'a1', 'nation'])).toBe(false);
    expect(isLayeredTree(layers, ['customer', 'a1', 'b1'])).toBe(false);
  });
});
