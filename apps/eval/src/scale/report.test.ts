import { describe, expect, it } from 'vitest';
import { progressLine } from './bench.js';
import { parseCase } from './generate.js';
import { type ScaleResults, scaleMarkdown } from './report.js';
import { summarizeCase } from './summary.js';

const question = (ms: number) => ({
  type: 'question' as const,
  rssMb: 200,
  record: {
    id: 'q',
    text: 'q',
    gold: ['a', 'b'],
    retrieved: ['a', 'b'],
    bm25: ['a', 'c', 'd'],
    sql: 'FROM a JOIN b ON a.b_id = b.id',
    resultHash: `hash-${ms}`,
    ms,
    bm25Ms: 1,
    timings: {
      grounding: 1,
      exploration: 1,
      disambiguation: 1,
      pathEnumeration: ms - 4,
      pathSelection: 1,
      merging: 0,
      columns: 0,
      total: ms,
    },
  },
});

describe('scaleMarkdown', () => {
  it('has one row per schema with the figures (F1, precision and recall for guided and BM25), the timed-out ones saying how far they got', () => {
    const ok = summarizeCase(
      parseCase('snowflake:50'),
      [
        {
          type: 'setup',
          rssMb: 150,
          facts: { tables: 50, edges: 60, questions: 2, graphBuildMs: 3, graphLoadMs: 2, graphBytes: 123456, indexBuildMs: 400 },
        },
        question(10),
        question(20),
        { type: 'done', wallMs: 900, rssMb: 210 },
      ],
      { status: 'ok' },
    );
    const cut = summarizeCase(
      parseCase('layered:4x24'),
      [{ type: 'setup', rssMb: 300, facts: { tables: 98, edges: 1776, questions: 5 } }],
      { status: 'timeout', budgetS: 300 },
    );
    const results: ScaleResults = {
      bench: 'scale',
      seed: 42,
      questionsPerSchema: 2,
      budgetS: 300,
      childHeapMb: 8000,
      shapes: ['snowflake', 'layered'],
      sizes: [50],
      git: { commit: '0123456789abcdef', dirty: false },
      machine: { node: 'v20', cpus: 2, cpuModel: 'cpu', totalMemMb: 1000 },
      rss: 'per child',
      startedAt: '',
      wallMs: 1000,
      rows: [ok, cut],
    };
    const md = scaleMarkdown(results);
    expect(md).toContain(
      '| schema | ratio | tables | edges | status | graph build | graph load | graph bytes | index build | retrieval p50 / p95 / max | bm25 p95 | F1 guided / bm25 | precision guided / bm25 | recall guided / bm25 | peak RSS MB | tree / gold |',
    );
    // The headline comes first: the ratio to BM25 in the same run, per schema.
    expect(md.indexOf('## Headline')).toBeLessThan(md.indexOf('## Every figure'));
    expect(md).toContain('| snowflake:50 | 20.00 | 20.0 | 1.0 | 1.000 / 0.400 |');
    expect(md).toContain('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n');
    expect(md).toContain(
      '| snowflake:50 | 20.00 | 50 | 60 | ok | 3.0 | 2.0 | 123,456 | 400.0 | 10.0 / 20.0 / 20.0 | 1.0 | 1.000 / 0.400 |',
    );
    // Guided returns the gold exactly; BM25 top-3 one gold table of three returned: precision 1/3, recall 1/2, F1 0.4.
    expect(md).toContain('| 1.000 / 0.400 | 1.000 / 0.333 | 1.000 / 0.500 | 210 | 2.00 / 2.00 |');
    expect(md).toContain('F1, precision and recall are per-question means');
    expect(progressLine(ok)).toContain('F1 1.000 / bm25 0.400, precision 1.000 / bm25 0.333');
    expect(md).toContain(
      '| layered:4x24 | – | 98 | 1,776 | timed out after 300 s (0 of 5 questions done, stopped in schema generation) | – | – | – | – | – | – | – | – | – | 300 | – |',
    );
    expect(md).toContain('| layered:4x24 | 4 × 24 | 331,776 | 0 of 0 |');
    expect(md).toContain('0123456789ab');
    // Each question's tree and hash are kept, to compare two runs question by question.
    expect(ok.answers).toEqual([
      { id: 'q', sql: 'FROM a JOIN b ON a.b_id = b.id', resultHash: 'hash-10' },
      { id: 'q', sql: 'FROM a JOIN b ON a.b_id = b.id', resultHash: 'hash-20' },
    ]);
  });
});
