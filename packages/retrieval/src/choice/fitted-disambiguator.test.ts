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
      // The highest-scored of the trees the naming rule lets the choice pick is the answer.
      const eligible = candidates.filter((c) => c.eligible);
      const highest = eligible.reduce((best, c) => (c.score > best.score ? c : best));
      expect([...highest.tables].sort()).toEqual([...result.tables].sort());
      expect(Object.keys(candidates[0]!.features)).toEqual(FEATURE_NAMES);
      expect(candidates.map((c) => c.origin)).toContain('heuristic');
    },
  );

  it.each(QUESTIONS)(
    'gives a distribution over the candidates, each table the summed probability of the trees that hold it: %s',
    async (question) => {
      const result = await fitted.retrieve(question);
      const candidates = result.trace.disambiguation.candidates ?? [];
      expect(candidates.reduce((sum, c) => sum + c.probability, 0)).toBeCloseTo(1, 3);
      for (const c of candidates) if (!c.eligible) expect(c.probability).toBe(0);
      const confidence = result.confidence!;
      const picked = candidates.filter((c) => c.eligible).reduce((best, c) => (c.score > best.score ? c : best));
      expect(confidence.tree).toBeCloseTo(picked.probability, 3);
      for (const [table, p] of Object.entries(confidence.tables)) {
        const holding = candidates.filter((c) => c.tables.includes(table)).reduce((sum, c) => sum + c.probability, 0);
        expect(p).toBeCloseTo(Math.min(1, holding), 2);
      }
      for (const t of result.tables) expect(confidence.tables).toHaveProperty(t);
      expect(confidence.uncertain).toBe(confidence.tree < defaultChoiceFile().confidence.uncertainBelow);
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
