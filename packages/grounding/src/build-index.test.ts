import { graphFromSchema } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { buildInvertedIndex } from './build-index.js';
import { defaultGroundingParams, GroundingIndex, withGroundingParams } from './index.js';
import type { InvertedIndex } from './inverted-index.js';
import { descriptionPhrase } from './name-keys.js';

/** What `key` finds, one line per entry: `TABLE.COLUMN kind keyKind coverage tf=n`. */
function found(index: InvertedIndex, key: string): string[] {
  return (index.get(key) ?? []).map((e) => `${e.table}.${e.column ?? ''} ${e.kind} ${e.keyKind} ${e.coverage} tf=${e.tableFrequency}`);
}

// A TPC-H-like corner: prefixed, glued names, an abbreviation, an alias, values, a prose column, a foreign key.
const SHOP = graphFromSchema({
  database: 'shop',
  tables: [
    {
      name: 'LINEITEM',
      aliases: ['order line'],
      columns: [
        { name: 'L_ORDERKEY', inferredType: 'integer' },
        { name: 'L_SHIPDATE', inferredType: 'date' },
        { name: 'L_SHIPMODE', inferredType: 'text', sample: ['REG AIR', 'TRUCK'] },
        { name: 'L_COMMENT', inferredType: 'text', sample: ['quickly final'] },
        { name: 'L_QTY', inferredType: 'integer' },
      ],
    },
    {
      name: 'ORDERS',
      columns: [
        { name: 'O_ORDERKEY', inferredType: 'integer' },
        { name: 'O_ORDERSTATUS', inferredType: 'text', sample: ['F', 'Open'] },
      ],
    },
  ],
  foreignKeys: [{ fromTable: 'LINEITEM', fromColumns: ['L_ORDERKEY'], toTable: 'ORDERS', toColumns: ['O_ORDERKEY'] }],
});

describe('buildInvertedIndex', () => {
  const index = buildInvertedIndex(SHOP, { params: defaultGroundingParams(), synonyms: (word) => (word === 'order' ? ['purchase'] : []) });

  it('indexes a table by its name whole, glued and cut into known words, and each word alone by its share', () => {
    expect(found(index, 'lineitem')).toEqual(['LINEITEM. table exact 1 tf=1']);
    expect(found(index, 'line item')).toEqual(['LINEITEM. table compound 1 tf=1']);
    expect(found(index, 'item')).toEqual(['LINEITEM. table compound 0.5 tf=1']);
    expect(found(index, 'orders')).toEqual(['ORDERS. table exact 1 tf=1']);
  });

  it('drops the prefix every column of a table shares: L_SHIPDATE is `shipdate` and `ship date`, never `l`', () => {
    expect(found(index, 'shipdate')).toEqual(['LINEITEM.L_SHIPDATE column exact 1 tf=1']);
    expect(found(index, 'ship date')).toEqual(['LINEITEM.L_SHIPDATE column compound 1 tf=1']);
    expect(found(index, 'ship')).toEqual(['LINEITEM.L_SHIPDATE column compound 0.5 tf=1', 'LINEITEM.L_SHIPMODE column compound 0.5 tf=1']);
    expect(index.get('l shipdate')).toBeUndefined();
    expect(index.get('l')).toBeUndefined();
  });

  it('expands and contracts abbreviations: QTY is found as `quantity`, a date as `dt`', () => {
    expect(found(index, 'qty')).toEqual(['LINEITEM.L_QTY column exact 1 tf=1']);
    expect(found(index, 'quantity')).toEqual(['LINEITEM.L_QTY column abbreviation 1 tf=1']);
    expect(found(index, 'ship dt')).toEqual(['LINEITEM.L_SHIPDATE column abbreviation 1 tf=1']);
  });

  it('indexes an alias as an alias of its table, whole and by its words', () => {
    expect(found(index, 'order line')).toEqual(['LINEITEM. alias exact 1 tf=1']);
    expect(found(index, 'orderline')).toEqual(['LINEITEM. alias exact 1 tf=1']);
  });

  it('indexes text values whole and by each run of their words, but no prose column and no one-letter value', () => {
    expect(found(index, 'reg air')).toEqual(['LINEITEM.L_SHIPMODE value exact 1 tf=1']);
    expect(found(index, 'air')).toEqual(['LINEITEM.L_SHIPMODE value exact 0.5 tf=1']);
    expect(found(index, 'open')).toEqual(['ORDERS.O_ORDERSTATUS value exact 1 tf=1']);
    expect(found(index, 'comment')).toEqual(['LINEITEM.L_COMMENT column exact 1 tf=1']);
    expect(index.get('quickly final')).toBeUndefined();
    expect(index.get('quickly')).toBeUndefined();
    expect(index.get('f')).toBeUndefined();
  });

  it('counts for each entry the tables its key names as a column or alias; a table by its own name counts 1', () => {
    expect(found(index, 'order key')).toEqual(['LINEITEM.L_ORDERKEY column compound 1 tf=2', 'ORDERS.O_ORDERKEY column compound 1 tf=2']);
    expect(found(index, 'order')).toEqual([
      'LINEITEM. alias exact 0.5 tf=2',
      'LINEITEM.L_ORDERKEY column compound 0.5 tf=2',
      'ORDERS. table singular 1 tf=1',
      'ORDERS.O_ORDERKEY column compound 0.5 tf=2',
      'ORDERS.O_ORDERSTATUS column compound 0.5 tf=2',
    ]);
  });

  it("indexes a schema word's synonyms as synonym keys", () => {
    expect(found(index, 'purchase')).toContain('ORDERS. table synonym 1 tf=1');
    expect(buildInvertedIndex(SHOP, { params: defaultGroundingParams() }).get('purchase')).toBeUndefined();
  });

  it('numbers each (table, column, kind) once, whatever the key', () => {
    const shipdate = index.get('shipdate')![0]!.element;
    expect(index.get('ship date')![0]!.element).toBe(shipdate);
    expect(index.get('ship')!.map((e) => e.element)).toEqual([shipdate, index.get('shipmode')![0]!.element]);
    expect(index.get('shipmode')![0]!.element).not.toBe(shipdate);
  });

  it('leaves foreign-key columns out when the lever says so', () => {
    const without = buildInvertedIndex(SHOP, { params: withGroundingParams({ foreignKeyColumns: false }) });
    expect(found(without, 'order key')).toEqual(['ORDERS.O_ORDERKEY column compound 1 tf=1']);
  });

  it('keeps one entry per element and key: the greater coverage, then the exact spelling over a bent one', () => {
    const graph = graphFromSchema({
      database: 'shop',
      tables: [{ name: 'shop', columns: ['orders_order', { name: 'state', aliases: ['order status', 'status'] }] }],
    });
    const keys = buildInvertedIndex(graph, { params: defaultGroundingParams() });
    // `orders` gives `order` as its singular, `order` as itself: the exact one stays.
    expect(found(keys, 'order')).toEqual(['shop.orders_order column exact 0.5 tf=1', 'shop.state alias exact 0.5 tf=1']);
    // `status` is half of one alias and the whole of another: the whole stays.
    expect(found(keys, 'status')).toEqual(['shop.state alias exact 1 tf=1']);
  });

  it('cuts only names written in one case into glued words: ReportsTo is "reports to", never "rep orts"', () => {
    const graph = graphFromSchema({ database: 'hr', tables: [{ name: 'Employee', columns: ['EmployeeId', 'ReportsTo'] }] });
    const keys = buildInvertedIndex(graph, { params: defaultGroundingParams() });
    expect(found(keys, 'reports to')).toEqual(['Employee.ReportsTo column exact 1 tf=1']);
    expect(keys.get('rep')).toBeUndefined();
  });

  it("drops a schema's naming-convention prefix from table names and its tables' longer prefix from their columns", () => {
    const graph = graphFromSchema({
      database: 'broker',
      tables: [
        { name: 'sbcustomer', columns: ['sbcustid', 'sbcustname', 'sbcustemail'] },
        { name: 'sbticker', columns: ['sbtickerid', 'sbtickersymbol', 'sbtickername'] },
      ],
    });
    const keys = buildInvertedIndex(graph, { params: defaultGroundingParams() });
    expect(found(keys, 'customer')).toEqual(['sbcustomer. table exact 1 tf=1']);
    expect(found(keys, 'sbcustomer')).toEqual(['sbcustomer. table exact 1 tf=1']);
    expect(found(keys, 'name')).toEqual(['sbcustomer.sbcustname column exact 1 tf=1', 'sbticker.sbtickername column exact 1 tf=1']);
    expect(found(keys, 'symbol')).toEqual(['sbticker.sbtickersymbol column exact 1 tf=1']);
    expect(keys.get('sbcustname')).toBeUndefined();
  });
});

describe('descriptionPhrase', () => {
  it('keeps the opening clause of a description, filler dropped, at most four words', () => {
    expect(descriptionPhrase('Total precipitation (rain and/or melted snow) reported during the day', defaultGroundingParams())).toBe(
      'total precipitation',
    );
    expect(descriptionPhrase('Mean temperature for the day in degrees Fahrenheit', defaultGroundingParams())).toBe(
      'mean temperature day degrees',
    );
    expect(descriptionPhrase('The year', defaultGroundingParams())).toBe('year');
    expect(descriptionPhrase('', defaultGroundingParams())).toBeNull();
    expect(descriptionPhrase('(the)', defaultGroundingParams())).toBeNull();
  });
});

// A catalog whose names say little: only the descriptions tell which column holds rain.
const WEATHER = graphFromSchema({
  database: 'weather',
  tables: [
    {
      name: 'gsod',
      columns: [
        { name: 'stn', type: 'text' },
        { name: 'prcp', type: 'real', description: 'Total precipitation (rain and/or melted snow) reported during the day' },
      ],
    },
    {
      name: 'stations',
      columns: [
        { name: 'usaf', type: 'text' },
        { name: 'name', type: 'text' },
      ],
    },
  ],
});

describe('description aliases', () => {
  it('index a column under the opening words of its description, as an alias', () => {
    const index = buildInvertedIndex(WEATHER, { params: defaultGroundingParams() });
    expect(index.get('precipitation')?.map((e) => [e.table, e.column, e.kind])).toEqual([['gsod', 'prcp', 'alias']]);
    expect(
      buildInvertedIndex(WEATHER, { params: withGroundingParams({ descriptionAliases: false }) }).get('precipitation'),
    ).toBeUndefined();
  });

  it('ground a question through them', async () => {
    const index = await GroundingIndex.build(WEATHER, { params: { k: 0 }, levers: { synonyms: false } });
    const result = await index.ground('How much precipitation fell each day?');
    expect(result.grounded.map((g) => g.table)).toEqual(['gsod']);
  });
});

describe('synonyms of glued names', () => {
  it('index the synonyms of a glued table name as a whole (salespersons is a "sales representative")', () => {
    const graph = graphFromSchema({ database: 'cars', tables: [{ name: 'salespersons', columns: ['salesperson_id', 'first_name'] }] });
    const index = buildInvertedIndex(graph, {
      params: defaultGroundingParams(),
      synonyms: (word) => (word === 'salesperson' ? ['sales representative'] : []),
    });
    expect(index.get('sales representative')).toEqual([
      expect.objectContaining({ table: 'salespersons', column: null, kind: 'table', keyKind: 'synonym' }),
    ]);
  });
});

describe('a run of a name’s words in order', () => {
  it('outweighs a whole value holding one of its words ("payment transactions" is the table, not a kind of event)', async () => {
    const graph = graphFromSchema({
      database: 'payments',
      tables: [
        { name: 'payment_transactions_daily', columns: ['day', 'amount'] },
        { name: 'events', columns: ['event_id', { name: 'kind', inferredType: 'text', sample: ['login', 'transaction', 'logout'] }] },
      ],
      foreignKeys: [],
    });
    const result = await (await GroundingIndex.build(graph, { levers: { similarWords: false } })).ground(
      'What were the payment transactions last week?',
    );
    expect(result.grounded.map((g) => g.table)[0]).toBe('payment_transactions_daily');
    expect(result.matches.find((m) => m.table === 'payment_transactions_daily')).toMatchObject({
      token: 'payment transactions',
      coverage: 2 / 3,
    });
  });
});
