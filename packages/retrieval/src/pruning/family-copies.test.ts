import { ContextGraph, graphFromSchema } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { describe, expect, it } from 'vitest';
import { HeuristicDisambiguator } from '../heuristic.js';
import { Retriever } from '../retriever.js';
import { familyCopies } from './family-copies.js';

// The question's words as grounding gives them: only the words and the grounded order matter here.
function grounding(question: string, grounded: string[]): GroundingResult {
  const tokens = question
    .split(' ')
    .map((text) => ({ text, lower: text.toLowerCase(), lemma: text.toLowerCase(), stopWord: false, pos: 'NOUN' }));
  return { tokens, grounded: grounded.map((table) => ({ table, score: 1, matches: 1 })) } as unknown as GroundingResult;
}

// Every table the tests below name, each namespace read from its name (`graphFromSchema`).
const names = [
  'TOKENS',
  'product',
  'SALES.ORDERS',
  'RETURNS.ORDERS',
  ...['ETHEREUM', 'ETHEREUM_CLASSIC', 'BAND', 'ZILLIQA'].map((n) => `CRYPTO_${n}.LOGS`),
  ...['A', 'B', 'C', 'D', 'E'].map((n) => `CHAIN_${n}.LOGS`),
  ...Array.from({ length: 12 }, (_, i) => `sales_1999_${String(i + 1).padStart(2, '0')}`),
];
const graph = graphFromSchema({ database: 'names', tables: names.map((name) => ({ name, columns: ['id'] })) });

describe('copies of one table under several namespaces', () => {
  const logs = ['CRYPTO_ETHEREUM.LOGS', 'CRYPTO_ETHEREUM_CLASSIC.LOGS', 'CRYPTO_BAND.LOGS'];

  it('keep the one whose namespace the question names, all of it', () => {
    const g = grounding('balances from Ethereum Classic logs', ['TOKENS', ...logs]);
    expect(familyCopies(graph, g, 'TOKENS', logs)).toEqual([
      { tables: ['CRYPTO_ETHEREUM.LOGS', 'CRYPTO_BAND.LOGS'], kept: ['CRYPTO_ETHEREUM_CLASSIC.LOGS'] },
    ]);
  });

  it('keep the one whose namespace says nothing the question does not', () => {
    const g = grounding('balances from Ethereum logs', ['TOKENS', ...logs]);
    expect(familyCopies(graph, g, 'TOKENS', logs)).toEqual([
      { tables: ['CRYPTO_ETHEREUM_CLASSIC.LOGS', 'CRYPTO_BAND.LOGS'], kept: ['CRYPTO_ETHEREUM.LOGS'] },
    ]);
  });

  it('all stay when the question names none of them and they are few', () => {
    expect(familyCopies(graph, grounding('balances from logs', ['TOKENS', ...logs]), 'TOKENS', logs)).toEqual([]);
  });

  it('only the source stays when the question names none of many', () => {
    const many = ['A', 'B', 'C', 'D', 'E'].map((n) => `CHAIN_${n}.LOGS`);
    expect(
      familyCopies(
        graph,
        grounding('balances from logs', many),
        many[2]!,
        many.filter((t) => t !== many[2]),
      ),
    ).toEqual([{ tables: many.filter((t) => t !== many[2]), kept: [many[2]] }]);
  });

  it('read the namespace from the graph, not from the name: a dot in a bare name parts nothing', () => {
    const bare = new ContextGraph({ ...graph.toData(), tables: graph.toData().tables.map(({ namespace: _, ...t }) => t) });
    expect(graph.table('CRYPTO_BAND.LOGS')?.namespace).toBe('CRYPTO_BAND');
    const g = grounding('balances from Ethereum Classic logs', ['TOKENS', ...logs]);
    expect(familyCopies(bare, g, 'TOKENS', logs)).toEqual([]);
  });

  it('a family the question tells apart from the source is left as it is: the source roots the tree', () => {
    const g = grounding('balances from Ethereum Classic logs', logs);
    expect(familyCopies(graph, g, 'CRYPTO_BAND.LOGS', logs.slice(0, 2))).toEqual([]);
  });
});

describe('copies of one table by number', () => {
  const years = [1995, 2005, 2015];
  const census = graphFromSchema({
    database: 'trees',
    tables: [
      { name: 'boroughs', primaryKey: ['borough_id'], columns: ['borough_id', 'borough_name'] },
      ...years.map((y) => ({ name: `tree_census_${y}`, columns: ['tree_id', 'borough_id', 'species', 'status'] })),
    ],
    foreignKeys: years.map((y) => ({
      fromTable: `tree_census_${y}`,
      fromColumns: ['borough_id'],
      toTable: 'boroughs',
      toColumns: ['borough_id'],
    })),
  });

  const question = 'How did the tree census species counts per borough change from 1995 to 2015?';

  it('keep the years the question says', async () => {
    const result = await (await Retriever.create(census)).retrieve(question);
    expect([...result.tables].sort()).toEqual(['boroughs', 'tree_census_1995', 'tree_census_2015']);
    expect(result.trace.disambiguation.notes).toContainEqual(expect.objectContaining({ kind: 'pruned', tables: ['tree_census_2005'] }));
  });

  it('all stay with the lever off', async () => {
    const retriever = await Retriever.create(census, { disambiguator: new HeuristicDisambiguator({ familyCopies: false }) });
    expect((await retriever.retrieve(question)).tables).toHaveLength(4);
  });
});

describe('copies the question chose by a number they share', () => {
  it('all stay: "sales in 1999" means every month of 1999', () => {
    const months = Array.from({ length: 12 }, (_, i) => `sales_1999_${String(i + 1).padStart(2, '0')}`);
    const g = grounding('sales in 1999 by product', ['product', ...months]);
    expect(familyCopies(graph, g, 'product', months)).toEqual([]);
  });
});

describe('copies before the source is chosen (no source yet)', () => {
  it('keep the one the question names, though it is not the strongest grounded', () => {
    const logs = ['CRYPTO_BAND.LOGS', 'CRYPTO_ETHEREUM.LOGS', 'CRYPTO_ZILLIQA.LOGS'];
    const g = grounding('balances from Ethereum logs', logs);
    expect(familyCopies(graph, g, null, logs)).toEqual([
      { tables: ['CRYPTO_BAND.LOGS', 'CRYPTO_ZILLIQA.LOGS'], kept: ['CRYPTO_ETHEREUM.LOGS'] },
    ]);
  });

  it('keep the strongest grounded of many the question does not tell apart', () => {
    const many = ['A', 'B', 'C', 'D'].map((n) => `CHAIN_${n}.LOGS`);
    const g = grounding('balances from logs', [many[3]!, ...many.slice(0, 3)]);
    expect(familyCopies(graph, g, null, many)).toEqual([{ tables: many.slice(0, 3), kept: [many[3]] }]);
  });

  it('read a plural name word by its singular: "a return" names `RETURNS.ORDERS`', () => {
    const orders = ['SALES.ORDERS', 'RETURNS.ORDERS'];
    expect(familyCopies(graph, grounding('orders with a return', orders), null, orders)).toEqual([
      { tables: ['SALES.ORDERS'], kept: ['RETURNS.ORDERS'] },
    ]);
  });
});
