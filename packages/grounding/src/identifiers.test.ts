import { graphFromSchema } from '@guided-retrieval/context-graph';
import { COMPOUND_WORDS } from '@guided-retrieval/text';
import { describe, expect, it } from 'vitest';
import {
  commonColumnPrefix,
  conventionColumnPrefix,
  namespacePrefixes,
  segmentCompound,
  splitIdentifier,
  tableNamePrefix,
  withoutNamespace,
} from './identifiers.js';
import { defaultGroundingParams, GroundingIndex } from './index.js';
import { loadWordVectors } from './word-vectors/load.js';
import { generalDictionary } from './word-vectors/similar-words.js';

const VOCABULARY: ReadonlySet<string> = new Set(COMPOUND_WORDS);

let dictionary: Promise<ReadonlySet<string>> | undefined;
/** The general dictionary `GroundingIndex.build` cuts with: the word vectors' most frequent words. */
function englishDictionary(): Promise<ReadonlySet<string>> {
  dictionary ??= loadWordVectors().then((vectors) => {
    if (!vectors) throw new Error('the word vectors package is a dependency of grounding and should load');
    return new Set(generalDictionary(vectors, defaultGroundingParams()));
  });
  return dictionary;
}

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
    expect(commonColumnPrefix(lineitem, defaultGroundingParams())).toBe('l_');
    expect(commonColumnPrefix(['PS_PARTKEY', 'PS_SUPPKEY', 'PS_AVAILQTY', 'PS_SUPPLYCOST'], defaultGroundingParams())).toBe('ps_');
  });

  it('finds none when the columns disagree', () => {
    expect(commonColumnPrefix(['L_ORDERKEY', 'L_SHIPDATE', 'O_TOTALPRICE'], defaultGroundingParams())).toBe('');
    expect(commonColumnPrefix(['id', 'name', 'created_at'], defaultGroundingParams())).toBe('');
  });

  it('finds none for a single column', () => {
    expect(commonColumnPrefix(['L_SHIPDATE'], defaultGroundingParams())).toBe('');
    expect(commonColumnPrefix([], defaultGroundingParams())).toBe('');
  });

  it('finds none when the prefix would leave a column empty or is a whole word', () => {
    expect(commonColumnPrefix(['L_SHIPDATE', 'L_'], defaultGroundingParams())).toBe('');
    expect(commonColumnPrefix(['order_id', 'order_date'], defaultGroundingParams())).toBe('');
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
  ])('cuts %s into known words of the vocabulary and the general dictionary a build reads', async (word, pieces) => {
    expect(segmentCompound(word, VOCABULARY, await englishDictionary(), defaultGroundingParams())).toEqual(pieces);
  });

  it.each(['customer', 'supplier', 'category', 'container', 'discount', 'quantity', 'comment'])(
    'leaves the whole word %s uncut',
    async (word) => {
      expect(segmentCompound(word, VOCABULARY, undefined, defaultGroundingParams())).toEqual([word]);
      expect(segmentCompound(word, VOCABULARY, await englishDictionary(), defaultGroundingParams())).toEqual([word]);
    },
  );

  it('leaves a dictionary word whole though a vocabulary word starts it', async () => {
    // Without the dictionary, `part` and one unknown piece would make "part ition".
    expect(segmentCompound('partition', VOCABULARY, await englishDictionary(), defaultGroundingParams())).toEqual(['partition']);
    expect(segmentCompound('shipping', VOCABULARY, await englishDictionary(), defaultGroundingParams())).toEqual(['shipping']);
  });

  it('leaves short words and words with digits whole', () => {
    // Six letters of known pieces cut; five letters of known pieces do not.
    expect(segmentCompound('actbal', new Set(['act', 'bal']), undefined, defaultGroundingParams())).toEqual(['act', 'bal']);
    expect(segmentCompound('actbl', new Set(['act', 'bl']), undefined, defaultGroundingParams())).toEqual(['actbl']);
    expect(segmentCompound('mfgr', VOCABULARY, undefined, defaultGroundingParams())).toEqual(['mfgr']);
    expect(segmentCompound('shipdate2', VOCABULARY, undefined, defaultGroundingParams())).toEqual(['shipdate2']);
  });

  it('cuts only with the vocabulary it is given', () => {
    expect(segmentCompound('shipdate', new Set(), undefined, defaultGroundingParams())).toEqual(['shipdate']);
    expect(segmentCompound('orderstatus', new Set(['order']), undefined, defaultGroundingParams())).toEqual(['order', 'status']);
    expect(segmentCompound('orderstatus', new Set(['order', 'status']), undefined, defaultGroundingParams())).toEqual(['order', 'status']);
  });
});

describe('segmentCompound leaves ordinary English words whole', () => {
  const vocabulary = new Set([...COMPOUND_WORDS, 'statement'.slice(0, 5)]);
  it.each(['statement', 'ordering', 'shipping', 'nationality', 'message', 'language', 'shipment', 'description'])('%s', (word) => {
    expect(segmentCompound(word, vocabulary, undefined, defaultGroundingParams())).toEqual([word]);
  });
  it('still cuts real compounds', () => {
    expect(segmentCompound('shipdate', vocabulary, undefined, defaultGroundingParams())).toEqual(['ship', 'date']);
    expect(segmentCompound('retailprice', vocabulary, undefined, defaultGroundingParams())).toEqual(['retail', 'price']);
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
    expect(tableNamePrefix(broker, defaultGroundingParams())).toBe('sb');
    expect(conventionColumnPrefix(['sbtxid', 'sbtxcustid', 'sbtxamount'], 'sb', defaultGroundingParams())).toBe('sbtx');
  });

  it('finds none where only the table names share letters', () => {
    const shop = [
      { name: 'category', columns: ['id', 'name', 'parent'].map((name) => ({ name })) },
      { name: 'catalog', columns: ['catalog_id', 'title', 'year'].map((name) => ({ name })) },
    ];
    expect(tableNamePrefix(shop, defaultGroundingParams())).toBe('');
    expect(conventionColumnPrefix(['caption', 'catalog_id', 'category'], '', defaultGroundingParams())).toBe('');
  });
});

describe('segmentCompound with a general dictionary', () => {
  // A few of the most frequent English words, as the word vectors' vocabulary gives them.
  const DICTIONARY: ReadonlySet<string> = new Set(['job', 'history', 'owner', 'stock', 'movement', 'hired', 'ate', 'hire', 'che', 'check']);

  it('cuts glued lower-case names the schema vocabulary alone cannot (PostgreSQL folds AccountOwner)', () => {
    expect(segmentCompound('jobhistory', VOCABULARY, undefined, defaultGroundingParams())).toEqual(['jobhistory']);
    expect(segmentCompound('jobhistory', VOCABULARY, DICTIONARY, defaultGroundingParams())).toEqual(['job', 'history']);
    expect(segmentCompound('stockmovement', VOCABULARY, DICTIONARY, defaultGroundingParams())).toEqual(['stock', 'movement']);
    expect(segmentCompound('accountowner', VOCABULARY, DICTIONARY, defaultGroundingParams())).toEqual(['account', 'owner']);
  });

  it("prefers the schema's own words to a dictionary's, and never pairs a dictionary word with an unknown piece", () => {
    expect(segmentCompound('hiredate', VOCABULARY, DICTIONARY, defaultGroundingParams())).toEqual(['hire', 'date']);
    expect(segmentCompound('checkin', VOCABULARY, DICTIONARY, defaultGroundingParams())).toEqual(['checkin']);
  });

  it('leaves a word the dictionary holds whole', () => {
    expect(segmentCompound('movement', VOCABULARY, new Set(['move', 'movement']), defaultGroundingParams())).toEqual(['movement']);
  });
});

describe('namespace prefixes', () => {
  const tables = ['crm_account', 'crm_contact', 'crm_accountowner', 'hr_employee', 'hr_jobhistory', 'hr_department'];

  it('are first words several tables share that no table is named by', () => {
    expect(
      [
        ...namespacePrefixes([...tables, 'Student', 'Student_Enrolment', 'Student_Tests', 'Student_Course'], defaultGroundingParams()),
      ].sort(),
    ).toEqual(['crm', 'hr']);
    expect([
      ...namespacePrefixes(['concert_singer__singer', 'concert_singer__stadium', 'concert_singer__concert'], defaultGroundingParams()),
    ]).toEqual(['concert_singer']);
    expect(withoutNamespace('crm_accountowner', new Set(['crm']))).toBe('accountowner');
    expect(withoutNamespace('Student_Enrolment', new Set(['crm']))).toBeNull();
  });

  it('let a question find a table by the words after the namespace, and the namespace word name none', async () => {
    const graph = graphFromSchema({
      database: 'erp',
      tables: tables.map((name) => ({ name, columns: ['id', 'name'] })),
      foreignKeys: [
        { fromTable: 'crm_contact', fromColumns: ['id'], toTable: 'crm_account', toColumns: ['id'] },
        { fromTable: 'crm_accountowner', fromColumns: ['id'], toTable: 'crm_account', toColumns: ['id'] },
        { fromTable: 'hr_employee', fromColumns: ['id'], toTable: 'hr_department', toColumns: ['id'] },
        { fromTable: 'hr_jobhistory', fromColumns: ['id'], toTable: 'hr_employee', toColumns: ['id'] },
        { fromTable: 'crm_accountowner', fromColumns: ['name'], toTable: 'hr_employee', toColumns: ['id'] },
      ],
    });
    const index = await GroundingIndex.build(graph, { levers: { similarWords: false } });
    const owners = await index.ground('List the account owners');
    expect(owners.initialTargets).toEqual(['crm_accountowner']);
    expect(owners.matches.find((m) => m.table === 'crm_accountowner')).toMatchObject({
      token: 'account owners',
      coverage: 1,
      kind: 'table',
    });
    // A name two namespaces share is no whole name of either: "employees" is one word of hr_employee and prj_employee.
    const shared = graphFromSchema({
      database: 'erp',
      tables: ['hr_employee', 'hr_payroll', 'hr_site', 'prj_employee', 'prj_project', 'prj_budget'].map((name) => ({
        name,
        columns: ['id'],
      })),
      foreignKeys: [],
    });
    const both = await (await GroundingIndex.build(shared, { levers: { similarWords: false } })).ground('List the hr employees');
    expect(both.matches.filter((m) => m.kind === 'table').map((m) => [m.table, m.coverage])).toEqual([['hr_employee', 1]]);
    // "CRM" is said, but it is where every crm_ table lives: it brings none of them along.
    expect((await index.ground('Which CRM contacts are there?')).initialTargets).toEqual(['crm_contact']);
    expect((await index.ground('Show the job history of each employee')).initialTargets.sort()).toEqual(['hr_employee', 'hr_jobhistory']);
  });
});

describe('a number glued to its unit', () => {
  it('is two words, as a question writes them; an ordinal stays one', () => {
    expect(splitIdentifier('county_2017_5yr')).toEqual(['county', '2017', '5', 'yr']);
    expect(splitIdentifier('rank_1st')).toEqual(['rank', '1st']);
    expect(splitIdentifier('b2b_order')).toEqual(['b2b', 'order']);
  });
});

describe('a spelled-out number', () => {
  it('finds the table its digits name: "five-year" is `5yr`', async () => {
    const graph = graphFromSchema({
      database: 'acs',
      tables: [
        { name: 'county_2017_1yr', columns: ['geo_id', 'median_income'] },
        { name: 'county_2017_5yr', columns: ['geo_id', 'median_income'] },
      ],
    });
    const index = await GroundingIndex.build(graph);
    const result = await index.ground('Median income by county from the 2017 five-year estimates');
    expect(result.grounded[0]?.table).toBe('county_2017_5yr');
  });
});
