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

describe('a table named only through its key', () => {
  it('is left out when a table of the tree references that key', async () => {
    const retriever = await Retriever.create(yelp);
    const result = await retriever.retrieve('How many reviews were posted for each business id?');
    expect(result.tables).toEqual(['review']);
    expect(result.trace.disambiguation.notes).toContainEqual(expect.objectContaining({ kind: 'pruned', tables: ['business'] }));
  });

  it('stays when the question asks for more of it than its key', async () => {
    const retriever = await Retriever.create(yelp);
    const result = await retriever.retrieve('How many reviews does each business name have?');
    expect([...result.tables].sort()).toEqual(['business', 'review']);
  });

  it('stays with the lever off', async () => {
    const retriever = await Retriever.create(yelp, { disambiguator: new HeuristicDisambiguator({ keysByReference: false }) });
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
    const result = await (await Retriever.create(scholar)).retrieve('How many keyphrases are associated with each paper?');
    expect(result.tables).toEqual(['paperkeyphrase']);
  });

  it('stays when the question asks for something of it', async () => {
    const result = await (await Retriever.create(scholar)).retrieve('What are the titles of papers with the keyphrase "deep learning"?');
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
    const retriever = await Retriever.create(reviews);
    const result = await retriever.retrieve('What is the total number of reviews for each business category?');
    expect([...result.tables].sort()).toEqual(['business', 'category', 'review']);
  });
});

describe('a target held by one common word', () => {
  // "credit" is in the column names of five tables; only `tiers` has a column named `credits` outright.
  const others = { shipments: 'credit_limit', invoices: 'credit_note', returns: 'credit_amount' };
  const shop = (extra: Record<string, string>) =>
    graphFromSchema({
      database: 'shop',
      tables: [
        { name: 'customers', primaryKey: ['customer_id'], columns: ['customer_id', 'name', 'city', 'credit_score', 'tier_id'] },
        { name: 'tiers', primaryKey: ['tier_id'], columns: ['tier_id', 'credits'] },
        ...Object.entries(extra).map(([f, c]) => ({ name: f, primaryKey: [`${f}_id`], columns: [`${f}_id`, 'customer_id', c] })),
      ],
      foreignKeys: [
        { fromTable: 'customers', fromColumns: ['tier_id'], toTable: 'tiers', toColumns: ['tier_id'] },
        ...Object.keys(extra).map((f) => ({
          fromTable: f,
          fromColumns: ['customer_id'],
          toTable: 'customers',
          toColumns: ['customer_id'],
        })),
      ],
    });
  const question = 'How many credits has each customer in each city earned?';

  it('is left out, and the trace says which word and how common it is', async () => {
    const result = await (await Retriever.create(shop(others))).retrieve(question);
    expect(result.tables).toEqual(['customers']);
    expect(result.trace.disambiguation.notes).toContainEqual({
      kind: 'pruned',
      tables: ['tiers'],
      reason: 'held only by "credits", a word the columns of 5 tables carry',
    });
  });

  it('stays when few tables carry the word', async () => {
    const result = await (await Retriever.create(shop({ shipments: 'weight' }))).retrieve(question);
    expect([...result.tables].sort()).toEqual(['customers', 'tiers']);
  });
});

describe('a target held by a piece of its name many tables share', () => {
  // Six yearly tables of one programme, all joined to one provider table: "2014" alone names them all.
  const topics = ['hospice', 'nursing', 'inpatient', 'outpatient', 'home_health', 'prescriber'];
  const cms = graphFromSchema({
    database: 'cms',
    tables: [
      { name: 'provider', primaryKey: ['npi'], columns: ['npi', 'provider_name', 'state'] },
      ...topics.map((t) => ({ name: `${t}_2014`, columns: ['npi', `${t}_total`, `${t}_count`] })),
    ],
    foreignKeys: topics.map((t) => ({ fromTable: `${t}_2014`, fromColumns: ['npi'], toTable: 'provider', toColumns: ['npi'] })),
  });

  it('is left out, and the trace says so', async () => {
    const result = await (await Retriever.create(cms)).retrieve('Which provider names are in each state in 2014?');
    expect(result.tables).toEqual(['provider']);
    expect(result.trace.disambiguation.notes).toContainEqual(
      expect.objectContaining({ kind: 'pruned', reason: 'held only by "2014", a word the names of 6 tables carry' }),
    );
  });

  it('stays when the question names it', async () => {
    const result = await (await Retriever.create(cms)).retrieve('Which provider names have hospice totals in 2014?');
    expect([...result.tables].sort()).toEqual(['hospice_2014', 'provider']);
  });
});
