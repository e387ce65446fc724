import { describe, expect, it } from 'vitest';
import { columnOverhead, type QuestionColumns, scoreColumns, summarizeColumns } from './columns.js';

const question = (
  gold: string[],
  shown: string[],
  tokens: number,
  tablesComplete = true,
  possible: string[] = [],
  possibleGold = 0,
): QuestionColumns => ({
  gold,
  tablesComplete,
  prompt: { columns: shown, tokens, overBudget: false, maxTokens: 4000, possible },
  possibleGold,
  atTargetShare: { columns: shown.slice(0, 1), tokens: 5, overBudget: true },
  schemaTokens: 100,
  overheadMs: 0.5,
  baselines: { 'all-columns': { columns: [...shown, 'x.y'], tokens: 50 } },
});

describe('the column scores', () => {
  it('are strict recall, recall, precision and token share, case-insensitive', () => {
    expect(scoreColumns({ columns: ['a.X', 'a.y'], tokens: 20 }, ['a.x', 'a.y'], 100)).toEqual({
      strictRecall: 1,
      recall: 1,
      precision: 1,
      tokenShare: 0.2,
    });
    expect(scoreColumns({ columns: ['a.x', 'b.z', 'c.w', 'd.v'], tokens: 10 }, ['a.x', 'a.y'], 50)).toEqual({
      strictRecall: 0,
      recall: 0.5,
      precision: 0.25,
      tokenShare: 0.2,
    });
  });

  it('average over the questions with a gold column, strict recall given the tables apart, baselines beside', () => {
    const summary = summarizeColumns([
      question(['a.x'], ['a.x'], 10),
      question(['a.x', 'a.y'], ['a.x'], 30, false, ['b', 'c'], 1),
      question([], ['a.x'], 10, true, ['d'], 0),
    ]);
    expect(summary).toMatchObject({
      questions: 2,
      strictRecall: 0.5,
      recall: 0.75,
      precision: 1,
      tokenShare: 0.2,
      strictRecallGivenTables: 1,
      questionsGivenTables: 1,
      overBudget: 0,
    });
    expect(summary?.possibleTables).toEqual({ perQuestion: 1, gold: 0.5 });
    expect(summary?.atTargetShare).toMatchObject({ share: 0.2, strictRecall: 0.5, tokenShare: 0.05, overBudget: 2 });
    expect(summary?.baselines['all-columns']).toMatchObject({ strictRecall: 0.5, precision: 0.5, tokenShare: 0.5 });
    expect(summarizeColumns([question([], [], 0)])).toBeNull();
    expect(columnOverhead([question(['a.x'], ['a.x'], 10)])).toEqual({ p50: 0.5, p95: 0.5, max: 0.5 });
  });
});
