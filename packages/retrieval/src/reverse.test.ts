import type { ChatModel } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { formatTrace, joinCondition, LlmDisambiguator, Retriever } from './index.js';
import { SCHOOLS } from './test-support/schools.js';

const graph = SCHOOLS;
const QUESTION = 'What is the free meal count in Fresno where the number of test takers is over 500?';

describe('joining across a shared dimension', () => {
  it('walks an edge backwards when no table reaches every target', async () => {
    const result = await (await Retriever.create(graph)).retrieve(QUESTION);
    expect(result.trace.grounding.initialTargets.sort()).toEqual(['frpm', 'satscores', 'schools']);
    expect(result.trace.disambiguation.reverse).toBe(true);
    // Either fact table can root the tree; the other hangs from the shared dimension.
    const [root, middle, leaf] = result.joinTree.nodes;
    expect(['frpm', 'satscores']).toContain(root!.table);
    expect(middle).toMatchObject({ table: 'schools', parent: root!.alias });
    expect(leaf).toMatchObject({ table: root!.table === 'frpm' ? 'satscores' : 'frpm', parent: 'schools' });
    const keyOf = { frpm: 'CDSCode', satscores: 'cds' } as Record<string, string>;
    expect(middle!.join).toMatchObject({ direction: 'forward', columns: [{ parent: keyOf[root!.table], child: 'CDSCode' }] });
    // The leaf holds the reference the tree walks backwards: the direction is data, the edge id the stored one's.
    expect(leaf!.join).toMatchObject({ direction: 'reverse', columns: [{ parent: 'CDSCode', child: keyOf[leaf!.table] }] });
    expect(leaf!.join!.edge).not.toMatch(/^~/);
    expect(joinCondition(leaf!, result.joinTree.dialect)).toBe(`schools.CDSCode = ${leaf!.alias}.${keyOf[leaf!.table]}`);
    expect(result.trace.pathSelection.map((p) => formatTrace.path(p.path))).toContain(`${root!.table} → schools ← ${leaf!.table}`);
  });

  it("prunes the unreachable target when reverse joins are off (the paper's directed reachability)", async () => {
    const result = await (await Retriever.create(graph, { limits: { reverse: false } })).retrieve(QUESTION);
    expect(result.tables).toHaveLength(2);
    const [source] = result.tables;
    expect(result.trace.disambiguation.notes).toContainEqual({
      kind: 'pruned',
      tables: [expect.any(String)],
      reason: `not reachable from ${source}`,
    });
  });

  it('holds every disambiguator to the same limits: an LLM falling back to the heuristic walks no edge backwards either', async () => {
    const down: ChatModel = {
      id: 'down',
      complete: async () => {
        throw new Error('connection refused');
      },
    };
    const disambiguator = new LlmDisambiguator(down);
    const result = await (await Retriever.create(graph, { limits: { reverse: false }, disambiguator })).retrieve(QUESTION);
    expect(result.trace.disambiguation.reverse).toBe(false);
    expect(result.joinTree.nodes.every((n) => n.join === null || n.join.direction === 'forward')).toBe(true);
    expect(result.tables).toHaveLength(2);
  });

  it('keeps directed joins when they suffice', async () => {
    const result = await (await Retriever.create(graph)).retrieve('free meal count by county');
    expect(result.trace.disambiguation.reverse).toBe(false);
    expect(result.joinTree.nodes.map((n) => n.table)).toEqual(['frpm', 'schools']);
  });
});
