import { graphFromSchema } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { describe, expect, it } from 'vitest';
import { HeuristicDisambiguator } from './heuristic.js';
import { Retriever } from './retriever.js';

/** Puts the `grades` table's query context and any question about exams on one axis, all else on the other. */
class ExamEmbedder implements Embedder {
  readonly id = 'exam-fake-v1';
  readonly dimensions = 2;
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((t) => (/^grades\b|exam/i.test(t) ? Float32Array.from([1, 0]) : Float32Array.from([0, 1])));
  }
}

describe('a table only similarity added', () => {
  // grades references course: from grades both tables are reachable along the key, from course only backwards.
  const graph = graphFromSchema({
    database: 'school',
    tables: [
      { name: 'course', primaryKey: ['course_id'], columns: ['course_id', 'title'] },
      { name: 'grades', columns: ['course_id', 'score'] },
      { name: 'teacher', primaryKey: ['teacher_id'], columns: ['teacher_id', 'surname'] },
    ],
    foreignKeys: [{ fromTable: 'grades', fromColumns: ['course_id'], toTable: 'course', toColumns: ['course_id'] }],
  });

  it('never becomes the source over a table the question names', async () => {
    // Word vectors would read "exams" as grades themselves (the plural's neighbour): this is enrichment's test.
    // The source rule under test is the heuristic's (its tree is the one the fitted choice weighs first).
    const retriever = await Retriever.create(graph, {
      embedder: new ExamEmbedder(),
      grounding: { similarWords: false },
      disambiguator: new HeuristicDisambiguator(),
    });
    const result = await retriever.retrieve('Which course had the hardest exams?');
    expect(result.trace.grounding.grounded.map((g) => g.table)).toEqual(['course']);
    expect(result.trace.grounding.enrichment.added.map((a) => a.table)).toEqual(['grades']);
    expect(result.source).toBe('course');
    expect(result.tables).toEqual(['course', 'grades']);
  });
});
