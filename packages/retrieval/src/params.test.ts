import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import {
  defaultHeuristicParams,
  HeuristicDisambiguator,
  loadHeuristicParams,
  type RetrievalResult,
  Retriever,
  withHeuristicParams,
} from './index.js';
import { stepCost } from './weights.js';

const DEFAULTS = new URL('../params/heuristic.json', import.meta.url);

const reviews = graphFromSchema({
  database: 'yelp',
  tables: [
    { name: 'business', primaryKey: ['business_id'], columns: ['business_id', 'name', 'city', 'review_count'] },
    { name: 'category', primaryKey: ['id'], columns: ['id', 'business_id', 'category_name'] },
    { name: 'review', primaryKey: ['review_id'], columns: ['review_id', 'business_id', 'rating', 'text'] },
  ],
  foreignKeys: [
    { fromTable: 'review', fromColumns: ['business_id'], toTable: 'business', toColumns: ['business_id'] },
    { fromTable: 'category', fromColumns: ['business_id'], toTable: 'business', toColumns: ['business_id'] },
  ],
});

function writeParams(contents: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'heuristic-params-')), 'params.json');
  writeFileSync(file, JSON.stringify(contents));
  return file;
}

describe('heuristic parameters', () => {
  it('default to params/heuristic.json, frozen, and the package ships that file', () => {
    expect(defaultHeuristicParams()).toEqual(JSON.parse(readFileSync(DEFAULTS, 'utf8')));
    expect(Object.isFrozen(defaultHeuristicParams())).toBe(true);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('params');
  });

  it('change the result when set otherwise, through Retriever.create', async () => {
    const question = 'How many reviews were posted for each business id?';
    // The heuristic's tree is the fitted choice's candidate of origin `heuristic`.
    const heuristicTree = (result: RetrievalResult) =>
      [...(result.trace.disambiguation.candidates?.find((c) => c.origin === 'heuristic')?.tables ?? [])].sort();
    const byDefault = await (await Retriever.create(reviews)).retrieve(question);
    expect(byDefault.tables).toEqual(['review']);
    expect(heuristicTree(byDefault)).toEqual(['review']);
    const kept = await (await Retriever.create(reviews, { heuristicParams: { keysByReference: false } })).retrieve(question);
    expect(heuristicTree(kept)).toEqual(['business', 'review']);
    // The disambiguator's switches are its parameters.
    const disambiguator = new HeuristicDisambiguator({ params: { keysByReference: false } });
    expect(disambiguator.params.keysByReference).toBe(false);
  });

  it('set the step costs', () => {
    const cost = (hubPenalty: number) =>
      stepCost(reviews, { targets: new Set(), grounded: new Map(), lookAlikes: new Set(), params: withHeuristicParams({ hubPenalty }) })(
        reviews.edges.find((e) => e.fromTable === 'review')!.toTable,
        'forward',
      );
    expect(cost(0)).toBe(1);
    expect(cost(1)).toBeCloseTo(1 + Math.log2(3));
  });

  it('load from a file, and a bad file is an error naming the key and the file', () => {
    const whole = JSON.parse(readFileSync(DEFAULTS, 'utf8')) as Record<string, unknown>;
    expect(loadHeuristicParams(writeParams({ ...whole, maxUnjoined: 0 })).maxUnjoined).toBe(0);
    const unknown = writeParams({ ...whole, hubPenaltie: 1 });
    expect(() => loadHeuristicParams(unknown)).toThrow(`heuristic parameters ${unknown}: unknown parameter "hubPenaltie"`);
    const { backwardStep: _, ...rest } = whole;
    const missing = writeParams(rest);
    expect(() => loadHeuristicParams(missing)).toThrow(`heuristic parameters ${missing}: missing parameter "backwardStep"`);
    const wrong = writeParams({ ...whole, hubPenalty: '0.25' });
    expect(() => loadHeuristicParams(wrong)).toThrow(`heuristic parameters ${wrong}: parameter "hubPenalty" must be a number, not "0.25"`);
    expect(() => withHeuristicParams({ unjoined: 1 } as never)).toThrow(/parameter "unjoined" must be true or false/);
  });
});
