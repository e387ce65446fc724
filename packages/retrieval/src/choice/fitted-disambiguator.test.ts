import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeuristicDisambiguator } from '../heuristic.js';
import { Retriever } from '../retriever.js';
import { type TpchFixture, tpchFixture } from '../test-support/tpch-db.js';
import { FEATURE_NAMES } from './features.js';
import { defaultChoiceFile, untrainedChoice } from './model-file.js';

let fixture: TpchFixture;
let fitted: Retriever;
beforeAll(async () => {
  fixture = await tpchFixture();
  fitted = await Retriever.create(fixture.graph);
});
afterAll(() => fixture.cleanup());

const QUESTIONS = [
  'Which Indian suppliers are shipping the most to China?',
  'Total revenue by customer nation',
  'Which parts are supplied by suppliers in Germany?',
  'How many orders did each customer place?',
];

describe('the fitted choice among candidate trees', () => {
  it.each(QUESTIONS)(
    'is the default disambiguator, and its trace lists the candidates it weighed, the chosen one highest: %s',
    async (question) => {
      const result = await fitted.retrieve(question);
      expect(result.trace.disambiguation.by).toBe('fitted');
      const candidates = result.trace.disambiguation.candidates ?? [];
      expect(candidates.length).toBeGreaterThan(1);
      expect(candidates.length).toBeLessThanOrEqual(defaultChoiceFile().limits.maxCandidates);
      const highest = candidates.reduce((best, c) => (c.score > best.score ? c : best));
      expect([...highest.tables].sort()).toEqual([...result.tables].sort());
      expect(Object.keys(candidates[0]!.features)).toEqual(FEATURE_NAMES);
      expect(candidates.map((c) => c.origin)).toContain('heuristic');
    },
  );

  it.each(QUESTIONS)('with every weight 0, picks the heuristic’s tree: %s', async (question) => {
    const untrained = await Retriever.create(fixture.graph, { choice: untrainedChoice() });
    const heuristic = await Retriever.create(fixture.graph, { disambiguator: new HeuristicDisambiguator() });
    const [a, b] = await Promise.all([untrained.retrieve(question), heuristic.retrieve(question)]);
    expect(a.tables).toEqual(b.tables);
    expect(a.sql).toBe(b.sql);
  });

  it.each(QUESTIONS)('reads the question whatever its capitals: %s', async (question) => {
    const asWritten = await fitted.retrieve(question);
    for (const variant of [question.toLowerCase(), question.toUpperCase()]) {
      expect((await fitted.retrieve(variant)).tables).toEqual(asWritten.tables);
    }
  });
});
