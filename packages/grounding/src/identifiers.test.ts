import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { commonColumnPrefix, conventionColumnPrefix, segmentCompound, splitIdentifier, tableNamePrefix } from './identifiers.js';
import { GroundingIndex } from './index.js';
import { COMPOUND_WORDS } from './lexicon/vocabulary.js';

const VOCABULARY: ReadonlySet<string> = new Set(COMPOUND_WORDS);

describe('splitIdentifier', () => {
  it('splits snake case and lower-cases the parts', () => {
    expect(splitIdentifier('L_SHIPDATE')).toEqual(['l', 'shipdate']);
    expect(splitIdentifier('customer_id')).toEqual(['customer', 'id']);
    expect(splitIdentifier('order-date')).toEqual(['order', 'date']);
  });

  it('splits camel case', () => {
    expect(splitIdentifier('orderDate')).toEqual(['order', 'date']);
    expect(splitIdentifier('OrderLineItem')).toEqual(['order', 'line', 'item']);
  });

  it('keeps an acronym together and cuts it from the word that follows', () => {
    expect(splitIdentifier('getHTTPResponse')).toEqual(['get', 'http', 'response']);
    expect(splitIdentifier('XMLHttpRequest')).toEqual(['xml', 'http', 'request']);
    expect(splitIdentifier('ABC')).toEqual(['abc']);
  });

  it('cuts digits from the letters before them', () => {
    expect(splitIdentifier('HTTPCode2')).toEqual(['http', 'code', '2']);
    expect(splitIdentifier('Address2')).toEqual(['address', '2']);
    expect(splitIdentifier('col_2')).toEqual(['col', '2']);
  });

  it('gives nothing for a name without letters or digits', () => {
    expect(splitIdentifier('__')).toEqual([]);
  });
});

describe('commonColumnPrefix', () => {
  it("finds TPC-H's table prefixes", () => {
    const lineitem = ['L_ORDERKEY', 'L_PARTKEY', 'L_SUPPKEY', 'L_LINENUMBER', 'L_QUANTITY', 'L_SHIPDATE', 'L_COMMENT'];
    expect(commonColumnPrefix(lineitem)).toBe('l_');
    expect(commonColumnPrefix(['PS_PARTKEY', 'PS_SUPPKEY', 'PS_AVAILQTY', 'PS_SUPPLYCOST'])).toBe('ps_');
  });

  it('finds none when the columns disagree', () => {
    expect(commonColumnPrefix(['L_ORDERKEY', 'L_SHIPDATE', 'O_TOTALPRICE'])).toBe('');
    expect(commonColumnPrefix(['id', 'name', 'created_at'])).toBe('');
  });

  it('finds none for a single column', () => {
    expect(commonColumnPrefix(['L_SHIPDATE'])).toBe('');
    expect(commonColumnPrefix([])).toBe('');
  });

  it('finds none when the prefix would leave a column empty or is a whole word', () => {
    expect(commonColumnPrefix(['L_SHIPDATE', 'L_'])).toBe('');
    expect(commonColumnPrefix(['order_id', 'order_date'])).toBe('');
  });
});

describe('segmentCompound', () => {
  it.each([
    ['shipdate', ['ship', 'date']],
    ['acctbal', ['acct', 'bal']],
    ['retailprice', ['retail', 'price']],
    ['mktsegment', ['mkt', 'segment']],
    ['partsupp', ['part', 'supp']],
    ['totalprice', ['total', 'price']],
    ['extendedprice', ['extended', 'price']],
    ['availqty', ['avail', 'qty']],
    ['orderkey', ['order', 'key']],
  ])('cuts %s into known words', (word, pieces) => {
    expect(segmentCompound(word, VOCABULARY)).toEqual(pieces);
  });

  it.each(['customer', 'supplier', 'category', 'container', 'discount', 'quantity', 'comment'])(
    'leaves the whole word %s uncut',
    (word) => {
      expect(segmentCompound(word, VOCABULARY)).toEqual([word]);
    },
  );

  it('leaves short words and words with digits whole', () => {
    // Six letters of known pieces cut; five letters of known pieces do not.
    expect(segmentCompound('actbal', new Set(['act', 'bal']))).toEqual(['act', 'bal']);
    expect(segmentCompound('actbl', new Set(['act', 'bl']))).toEqual(['actbl']);
    expect(segmentCompound('mfgr', VOCABULARY)).toEqual(['mfgr']);
    expect(segmentCompound('shipdate2', VOCABULARY)).toEqual(['shipdate2']);
  });

  it('cuts only with the vocabulary it is given', () => {
    expect(segmentCompound('shipdate', new Set())).toEqual(['shipdate']);
    expect(segmentCompound('orderstatus', new Set(['order']))).toEqual(['order', 'status']);
    expect(segmentCompound('orderstatus', new Set(['order', 'status']))).toEqual(['order', 'status']);
  });
});

describe('segmentCompound leaves ordinary English words whole', () => {
  const vocabulary = new Set([...COMPOUND_WORDS, 'statement'.slice(0, 5)]);
  it.each(['statement', 'ordering', 'shipping', 'nationality', 'message', 'language', 'shipment', 'description'])('%s', (word) => {
    expect(segmentCompound(word, vocabulary)).toEqual([word]);
  });
  it('still cuts real compounds', () => {
    expect(segmentCompound('shipdate', vocabulary)).toEqual(['ship', 'date']);
    expect(segmentCompound('retailprice', vocabulary)).toEqual(['retail', 'price']);
  });
});

describe('camel-case names in the index', () => {
  it('keep the words their capitals mark: ReportsTo is "reports to", not "rep orts" beside SupportRepId', async () => {
    const graph = graphFromSchema({
      database: 'chinook',
      tables: [
        { name: 'Employee', columns: ['EmployeeId', 'ReportsTo'] },
        { name: 'Customer', columns: ['CustomerId', 'SupportRepId'] },
      ],
      foreignKeys: [{ fromTable: 'Customer', fromColumns: ['SupportRepId'], toTable: 'Employee', toColumns: ['EmployeeId'] }],
    });
    const result = await (await GroundingIndex.build(graph)).ground('Who does each employee report to?');
    expect(result.matches.map((m) => m.column)).toContain('ReportsTo');
  });
});

describe('naming-convention prefixes', () => {
  const broker = [
    { name: 'sbcustomer', columns: ['sbcustid', 'sbcustname', 'sbcustemail'].map((name) => ({ name })) },
    { name: 'sbticker', columns: ['sbtickerid', 'sbtickersymbol', 'sbtickername'].map((name) => ({ name })) },
    { name: 'sbtransaction', columns: ['sbtxid', 'sbtxcustid', 'sbtxamount'].map((name) => ({ name })) },
  ];

  it('finds a prefix every table and column name shares', () => {
    expect(tableNamePrefix(broker)).toBe('sb');
    expect(conventionColumnPrefix(['sbtxid', 'sbtxcustid', 'sbtxamount'], 'sb')).toBe('sbtx');
  });

  it('finds none where only the table names share letters', () => {
    const shop = [
      { name: 'category', columns: ['id', 'name', 'parent'].map((name) => ({ name })) },
      { name: 'catalog', columns: ['catalog_id', 'title', 'year'].map((name) => ({ name })) },
    ];
    expect(tableNamePrefix(shop)).toBe('');
    expect(conventionColumnPrefix(['caption', 'catalog_id', 'category'], '')).toBe('');
  });
});
