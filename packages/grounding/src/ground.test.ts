import { beforeAll, describe, expect, it } from 'vitest';
import { buildInvertedIndex } from './build-index.js';
import { defaultGroundingParams, GroundingIndex, type GroundingMatch, type GroundingResult } from './index.js';
import { lookupAll, matchScore } from './lookup.js';
import { tokenizeQuestion } from './question.js';
import { smallSchemaGraph } from './test-support/small-schema.js';

let index: GroundingIndex;

beforeAll(async () => {
  index = await GroundingIndex.build(smallSchemaGraph());
});

/** The surviving matches of the question that land on `table` (and `column`, when given). */
function on(result: GroundingResult, table: string, column?: string | null): GroundingMatch[] {
  return result.matches.filter((m) => m.table === table && (column === undefined || m.column === column));
}

describe('the inverted index', () => {
  it('finds a table by the plural or lemma of its name', async () => {
    const result = await index.ground('List the suppliers');
    expect(result.matches).toEqual([
      expect.objectContaining({ token: 'suppliers', variant: 'supplier', table: 'SUPPLIER', column: null, kind: 'table', coverage: 1 }),
    ]);
    expect(result.matches[0]!.variantKind).not.toBe('exact');
    expect(result.grounded.map((g) => g.table)).toEqual(['SUPPLIER']);
  });

  it('finds a glued, prefixed column by its words: "ship date" is L_SHIPDATE, whole', async () => {
    const result = await index.ground('When is the ship date?');
    expect(result.matches).toEqual([
      expect.objectContaining({ token: 'ship date', span: [3, 5], table: 'LINEITEM', column: 'L_SHIPDATE', kind: 'column', coverage: 1 }),
    ]);
  });

  it('indexes each word of a segmented column name, with its share as coverage', async () => {
    // Only compound splitting finds `receipt` inside RECEIPTDATE.
    const result = await index.ground('receipt');
    expect(result.matches).toEqual([
      expect.objectContaining({ token: 'receipt', table: 'LINEITEM', column: 'L_RECEIPTDATE', kind: 'column', coverage: 0.5 }),
    ]);
  });

  it('expands abbreviations: "account balance" is C_ACCTBAL', async () => {
    const result = await index.ground('customer account balance');
    const balance = result.matches.find((m) => m.column === 'C_ACCTBAL');
    expect(balance).toMatchObject({
      token: 'account balance',
      span: [1, 3],
      table: 'CUSTOMER',
      kind: 'column',
      variantKind: 'abbreviation',
      coverage: 1,
    });
  });

  it('matches a multi-word value as one match', async () => {
    const region = await index.ground('Orders shipped to the Middle East');
    const middleEast = region.matches.filter((m) => m.span[1] > 4);
    expect(middleEast).toEqual([
      expect.objectContaining({
        token: 'Middle East',
        span: [4, 6],
        variant: 'middle east',
        table: 'REGION',
        column: 'R_NAME',
        kind: 'value',
        coverage: 1,
      }),
    ]);

    const nation = await index.ground('customers in united states');
    // `united` alone also names UNITED KINGDOM; only the whole value survives.
    expect(on(nation, 'NATION')).toEqual([
      expect.objectContaining({ token: 'united states', span: [2, 4], column: 'N_NAME', kind: 'value', coverage: 1 }),
    ]);
  });

  it('matches one word of a value partially: "urgent" is 1-URGENT', async () => {
    const result = await index.ground('urgent');
    expect(result.matches).toEqual([
      expect.objectContaining({ token: 'urgent', table: 'ORDERS', column: 'O_ORDERPRIORITY', kind: 'value', coverage: 0.5 }),
    ]);
  });

  it('turns a demonym into its country: "Indian" is the value INDIA', async () => {
    const result = await index.ground('Indian customers');
    expect(on(result, 'NATION')).toEqual([
      expect.objectContaining({
        token: 'Indian',
        span: [0, 1],
        variant: 'india',
        variantKind: 'demonym',
        column: 'N_NAME',
        kind: 'value',
        coverage: 1,
      }),
    ]);
  });

  it('leaves foreign-key columns out when asked: "custkey" then does not ground ORDERS through O_CUSTKEY', async () => {
    const without = await (await GroundingIndex.build(smallSchemaGraph(), { levers: { foreignKeyColumns: false } })).ground(
      'What is the custkey?',
    );
    expect(without.matches).toEqual([expect.objectContaining({ table: 'CUSTOMER', column: 'C_CUSTKEY', kind: 'column' })]);
    expect(without.initialTargets).not.toContain('ORDERS');

    // By default O_CUSTKEY is indexed like any column and matches as well as C_CUSTKEY does.
    const result = await index.ground('What is the custkey?');
    expect(on(result, 'ORDERS', 'O_CUSTKEY')).toHaveLength(1);
    expect(on(result, 'CUSTOMER', 'C_CUSTKEY')).toHaveLength(1);
  });

  it('never matches stop words, even where the schema holds them', async () => {
    // OTHER is a sampled value of C_MKTSEGMENT, so the index has the key `other`.
    expect(buildInvertedIndex(smallSchemaGraph(), { params: defaultGroundingParams() }).get('other')).toEqual([
      expect.objectContaining({ table: 'CUSTOMER', column: 'C_MKTSEGMENT', kind: 'value' }),
    ]);
    const tokens = tokenizeQuestion('Show all other customers');
    expect(tokens.filter((t) => t.stopWord).map((t) => t.lower)).toEqual(expect.arrayContaining(['all', 'other']));

    const result = await index.ground('Show all other customers');
    expect(result.matches).toEqual([expect.objectContaining({ token: 'customers', table: 'CUSTOMER', kind: 'table' })]);
    expect((await index.ground('the of and')).matches).toEqual([]);
  });

  it('does not let an operation word match part of a name: "total" is not O_TOTALPRICE', async () => {
    expect((await index.ground('What is the total?')).matches).toEqual([]);
    // An ordinary word does match part of the name, and the whole name still matches.
    expect(on(await index.ground('What is the price?'), 'ORDERS', 'O_TOTALPRICE')).toEqual([expect.objectContaining({ coverage: 0.5 })]);
    expect(on(await index.ground('total price'), 'ORDERS', 'O_TOTALPRICE')).toEqual([
      expect.objectContaining({ token: 'total price', coverage: 1 }),
    ]);
  });
});

describe('match scoring', () => {
  it('is kind × variant × coverage, with whole names above partial ones', () => {
    expect(matchScore(defaultGroundingParams(), 'table', 'exact', 1, 1)).toBe(1);
    expect(matchScore(defaultGroundingParams(), 'table', 'lemma', 1, 1)).toBeLessThan(
      matchScore(defaultGroundingParams(), 'table', 'exact', 1, 1),
    );
    expect(matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1)).toBeLessThan(
      matchScore(defaultGroundingParams(), 'value', 'exact', 1, 1),
    );
    expect(matchScore(defaultGroundingParams(), 'column', 'exact', 0.5, 1)).toBeLessThan(
      matchScore(defaultGroundingParams(), 'column', 'exact', 1, 1),
    );
    expect(matchScore(defaultGroundingParams(), 'column', 'abbreviation', 1, 2)).toBeLessThan(
      matchScore(defaultGroundingParams(), 'column', 'exact', 1, 2),
    );
  });
});

describe('strongest match per word', () => {
  it('drops a partial match when the same word names a table outright: "suppliers" is SUPPLIER, not PARTSUPP', async () => {
    const question = 'List the suppliers';
    // Before pruning, `suppliers` also reaches PARTSUPP through its part `supp`.
    const all = lookupAll(
      tokenizeQuestion(question),
      buildInvertedIndex(smallSchemaGraph(), { params: defaultGroundingParams() }),
      defaultGroundingParams(),
    );
    expect(all).toContainEqual(expect.objectContaining({ table: 'PARTSUPP', column: null, kind: 'table', coverage: 0.5 }));

    const result = await index.ground(question);
    expect(result.matches.map((m) => m.table)).toEqual(['SUPPLIER']);
    expect(result.initialTargets).not.toContain('PARTSUPP');
    expect(result.weakerMatches).toBe(all.length - result.matches.length);
    expect(result.weakerMatches).toBeGreaterThanOrEqual(1);
  });

  it('resolves a tie toward the table the question names', async () => {
    // Alone, `account balance` is equally C_ACCTBAL and S_ACCTBAL.
    const tie = await index.ground('account balance');
    expect(tie.matches.map((m) => m.column).sort()).toEqual(['C_ACCTBAL', 'S_ACCTBAL']);

    const customers = await index.ground('account balance of customers');
    expect(customers.matches.filter((m) => m.kind === 'column').map((m) => m.column)).toEqual(['C_ACCTBAL']);
    expect(customers.initialTargets).toEqual(['CUSTOMER']);

    const suppliers = await index.ground('account balance of suppliers');
    expect(suppliers.matches.filter((m) => m.kind === 'column').map((m) => m.column)).toEqual(['S_ACCTBAL']);
  });
});

describe('words that are also JavaScript property names', () => {
  it('index and ground without tripping over Object.prototype', async () => {
    const { graphFromSchema } = await import('@guided-retrieval/context-graph');
    const { GroundingIndex } = await import('./index.js');
    const graph = graphFromSchema({
      database: 'js',
      tables: [{ name: 'constructor', columns: ['toString', 'hasOwnProperty', 'valueOf_name'] }],
    });
    const index = await GroundingIndex.build(graph);
    const result = await index.ground('Which constructor has the toString?');
    expect(result.initialTargets).toEqual(['constructor']);
  });
});
