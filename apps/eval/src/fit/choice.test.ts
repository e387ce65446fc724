import { FEATURE_NAMES } from '@guided-retrieval/retrieval/fit';
import { describe, expect, it } from 'vitest';
import { type CollectedQuestion, eligibleOnly } from './choice.js';

/** A feature vector losing `lost` spelled table names. */
const vector = (lost: number) => FEATURE_NAMES.map((f) => (f === 'namingLost table' ? lost : 0));
const rule = { namingKinds: ['table' as const] };

describe('a training question as the choice sees it', () => {
  it('keeps only the candidates the rule allows, every per-candidate list cut alike', () => {
    const question: CollectedQuestion = {
      group: 'shop',
      id: 'q1',
      question: 'Which suppliers …?',
      tables: [['a'], ['a', 'b'], ['c']],
      origins: ['heuristic', 'variant', 'evidence'],
      vectors: [vector(0), vector(1), vector(0)],
      eligible: [false, false, false],
      right: [false, true, true],
      f1: [0.5, 1, 0.8],
    };
    const kept = eligibleOnly(question, rule);
    expect(kept.tables).toEqual([['a'], ['c']]);
    expect(kept.origins).toEqual(['heuristic', 'evidence']);
    expect(kept.vectors).toEqual([vector(0), vector(0)]);
    expect(kept.eligible).toEqual([true, true]);
    expect(kept.right).toEqual([false, true]);
    expect(kept.f1).toEqual([0.5, 0.8]);
    expect(kept.question).toBe(question.question);
  });

  it('cuts a names-only example, which carries no tables, alike', () => {
    const kept = eligibleOnly({ group: 'spider', id: 'n1', vectors: [vector(1), vector(0)], right: [true, false] }, rule);
    expect(kept).toEqual({ group: 'spider', id: 'n1', vectors: [vector(0)], right: [false] });
  });
});
