import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { HeuristicDisambiguator } from './heuristic.js';
import { Retriever } from './retriever.js';

const yelp = graphFromSchema({
  database: 'yelp',
  tables: [
    { name: 'business', primaryKey: ['business_id'], columns: ['business_id', 'name', 'city'] },
    { name: 'review', primaryKey: ['review_id'], columns: ['review_id', 'business_id', 'rating', 'text'] },
  ],
  foreignKeys: [{ fromTable: 'review', fromColumns: ['business_id'], toTable: 'business', toColumns: ['business_id'] }],
});

/** The passes under test are the heuristic's: its tree is the one the fitted choice weighs first. */
const HEURISTIC = { disambiguator: new HeuristicDisambiguator() } as const;

describe('a table named only through its key', () => {
  it('is left out when a table of the tree references that key', async () => {
    const retriever = await Retriever.create(yelp, HEURISTIC);
    const result = await retriever.retrieve('How many reviews were posted for each business id?');
    expect(result.tables).toEqual(['review']);
    expect(result.trace.disambiguation.notes).toContainEqual(expect.objectContaining({ kind: 'pruned', tables: ['business'] }));
  });

  it('stays when the question asks for more of it than its key', async () => {
    const retriever = await Retriever.create(yelp, HEURISTIC);
    const result = await retriever.retrieve('How many reviews does each business name have?');
    expect([...result.tables].sort()).toEqual(['business', 'review']);
  });

  it('stays with the lever off', async () => {
    const retriever = await Retriever.create(yelp, { disambiguator: new HeuristicDisambiguator({ params: { keysByReference: false } }) });
    const result = await retriever.retrieve('How many reviews were posted for each business id?');
    expect([...result.tables].sort()).toEqual(['business', 'review']);
  });
});

describe('a target only counted or grouped by', () => {
  const scholar = graphFromSchema({
    database: 'scholar',
    tables: [
      { name: 'paper', primaryKey: ['paperid'], columns: ['paperid', 'title', 'year'] },
      { name: 'keyphrase', primaryKey: ['keyphraseid'], columns: ['keyphraseid', 'keyphrasename'] },
      { name: 'paperkeyphrase', columns: ['paperid', 'keyphraseid'] },
    ],
    foreignKeys: [
      { fromTable: 'paperkeyphrase', fromColumns: ['paperid'], toTable: 'paper', toColumns: ['paperid'] },
      { fromTable: 'paperkeyphrase', fromColumns: ['keyphraseid'], toTable: 'keyphrase', toColumns: ['keyphraseid'] },
    ],
  });

  it('is answered by the link table alone', async () => {
    const result = await (await Retriever.create(scholar, HEURISTIC)).retrieve('How many keyphrases are associated with each paper?');
    expect(result.tables).toEqual(['paperkeyphrase']);
  });

  it('stays when the question asks for something of it', async () => {
    const result = await (await Retriever.create(scholar, HEURISTIC)).retrieve(
      'What are the titles of papers with the keyphrase "deep learning"?',
    );
    expect([...result.tables].sort()).toEqual(['keyphrase', 'paper', 'paperkeyphrase']);
  });
});

describe('a table no key joins to the tree', () => {
  // No key joins lake and river: two islands, each named by its own word.
  const geography = graphFromSchema({
    database: 'geography',
    tables: [
      { name: 'state', primaryKey: ['state_name'], columns: ['state_name', 'population'] },
      { name: 'lake', columns: ['lake_name', 'area', 'country_name', 'state_name'] },
      { name: 'river', columns: ['river_name', 'length', 'country_name'] },
    ],
    foreignKeys: [{ fromTable: 'lake', fromColumns: ['state_name'], toTable: 'state', toColumns: ['state_name'] }],
  });

  it('comes along unjoined when its own words name it', async () => {
    const result = await (await Retriever.create(geography)).retrieve('Which countries have both lakes and rivers?');
    expect([...result.tables].sort()).toEqual(['lake', 'river']);
    expect(result.unjoined).toHaveLength(1);
  });
});

describe('a target only counted, though a column of the tree is named by that word', () => {
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

  it('stays: the column may not answer the count', async () => {
    const retriever = await Retriever.create(reviews, HEURISTIC);
    const result = await retriever.retrieve('What is the total number of reviews for each business category?');
    expect([...result.tables].sort()).toEqual(['business', 'category', 'review']);
  });
});
