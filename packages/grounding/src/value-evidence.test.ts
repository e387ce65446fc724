import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { defaultGroundingParams, GroundingIndex } from './index.js';
import { valueEvidence } from './value-evidence.js';

const weights = defaultGroundingParams().valueEvidence;

describe('value evidence', () => {
  it('keeps a name whole, and weakens an everyday word the more values its column holds', () => {
    expect(valueEvidence(5000, 1, 1, true, weights)).toBe(1);
    const few = valueEvidence(7, 1, 1, false, weights);
    const many = valueEvidence(3000, 1, 1, false, weights);
    expect(few).toBeGreaterThan(0.8);
    expect(many).toBeLessThan(0.25);
    expect(valueEvidence(7, 0.5, 1, false, weights)).toBeLessThan(few);
    expect(valueEvidence(7, 0.5, 2, false, weights)).toBeGreaterThan(valueEvidence(7, 0.5, 1, false, weights));
  });

  // 2,000 song titles, some of them everyday words; a small table of media types.
  const titles = Array.from({ length: 2000 }, (_, i) => (i === 7 ? 'Money' : i === 8 ? 'Love Me Do' : `Song number ${i}`));
  const music = graphFromSchema({
    database: 'music',
    tables: [
      {
        name: 'Track',
        primaryKey: ['TrackId'],
        columns: ['TrackId', { name: 'Name', inferredType: 'text', sample: titles }, 'MediaTypeId'],
      },
      {
        name: 'MediaType',
        primaryKey: ['MediaTypeId'],
        columns: ['MediaTypeId', { name: 'Name', inferredType: 'text', sample: ['MPEG audio file', 'AAC audio file'] }],
      },
    ],
    foreignKeys: [{ fromTable: 'Track', fromColumns: ['MediaTypeId'], toTable: 'MediaType', toColumns: ['MediaTypeId'] }],
  });

  it('lets a table the question names outweigh an everyday word inside song titles', async () => {
    const index = await GroundingIndex.build(music, { levers: { similarWords: false } });
    const result = await index.ground('Which media types bring in the most money?');
    expect(result.initialTargets).toContain('MediaType');
    expect(result.initialTargets).not.toContain('Track');
  });

  it('grounds a question of title words and stop words in one table at most, weakly', async () => {
    const index = await GroundingIndex.build(music, { levers: { similarWords: false } });
    const result = await index.ground('money love me do');
    expect(result.grounded.length).toBeLessThanOrEqual(1);
    for (const g of result.grounded) expect(g.score).toBeLessThan(0.9);
  });
});
