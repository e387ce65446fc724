import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { describe, expect, it } from 'vitest';
import { defaultHeuristicParams, withHeuristicParams } from '../params.js';
import type { DisambiguationNote } from '../types.js';
import { type PruneContext, type PrunePass, preparePasses, runPasses } from './pass.js';
import { BEFORE_SOURCE_PASSES, TARGET_PASSES } from './passes.js';

function context(targets: string[], params = defaultHeuristicParams()): PruneContext<string> {
  return {
    graph: {} as ContextGraph,
    grounding: {} as GroundingResult,
    source: 'S',
    reverse: false,
    targets,
    params,
    lookAlikes: new Map(),
  };
}

// A pass that drops the given tables, one note per group, and records the targets it saw.
function dropping(name: string, groups: string[][], seen: string[][], options: Partial<PrunePass<string>> = {}): PrunePass<string> {
  return {
    name,
    ...options,
    run: ({ targets }) => {
      seen.push([...targets]);
      return groups.map((tables) => ({ tables, note: `${name} drops ${tables.join(' and ')}` }));
    },
  };
}

describe('runPasses', () => {
  it('runs the passes in order, each over what the ones before left, one pruned note per drop', () => {
    const seen: string[][] = [];
    const notes: DisambiguationNote[] = [];
    const left = runPasses(
      [dropping('first', [['A'], [], ['B', 'C']], seen), dropping('second', [['D']], seen)],
      context(['A', 'B', 'C', 'D', 'E']),
      notes,
    );
    expect(left).toEqual(['E']);
    expect(seen).toEqual([
      ['A', 'B', 'C', 'D', 'E'],
      ['D', 'E'],
    ]);
    expect(notes).toEqual([
      { kind: 'pruned', tables: ['A'], reason: 'first drops A' },
      { kind: 'pruned', tables: ['B', 'C'], reason: 'first drops B and C' },
      { kind: 'pruned', tables: ['D'], reason: 'second drops D' },
    ]);
  });

  it('skips a pass whose switch is off', () => {
    const seen: string[][] = [];
    const notes: DisambiguationNote[] = [];
    const off = withHeuristicParams({ keysByReference: false });
    const left = runPasses([dropping('keys', [['A']], seen, { switch: 'keysByReference' })], context(['A', 'B'], off), notes);
    expect(left).toEqual(['A', 'B']);
    expect(seen).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('with keepOne, skips a drop that would leave no target, and goes on with the next', () => {
    const notes: DisambiguationNote[] = [];
    const left = runPasses([dropping('all', [['A', 'B'], ['B']], [])], context(['A', 'B']), notes, { keepOne: true });
    expect(left).toEqual(['A']);
    expect(notes).toEqual([{ kind: 'pruned', tables: ['B'], reason: 'all drops B' }]);
  });

  it('prepares each pass switched on once', () => {
    const prepared: string[] = [];
    const pass = (name: string, options: Partial<PrunePass<string>> = {}): PrunePass<string> => ({
      name,
      ...options,
      prepare: () => prepared.push(name),
      run: () => [],
    });
    const shared = pass('shared');
    preparePasses(
      [shared, pass('off', { switch: 'keysByReference' }), shared],
      {} as ContextGraph,
      withHeuristicParams({ keysByReference: false }),
    );
    expect(prepared).toEqual(['shared']);
  });
});

describe('the pass lists', () => {
  it('run in the documented order', () => {
    expect(BEFORE_SOURCE_PASSES.map((p) => p.name)).toEqual([]);
    expect(TARGET_PASSES.map((p) => p.name)).toEqual([
      'unreachable',
      'look-alike copies',
      'counted through a link table',
      'keys by reference',
    ]);
  });
});
