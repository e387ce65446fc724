import { describe, expect, it } from 'vitest';
import { type DescribeChatModel, describeGraph, graphFromSchema } from './index.js';

const graph = graphFromSchema({
  database: 'shop',
  tables: [
    {
      name: 'CUSTOMER',
      primaryKey: ['C_CUSTKEY'],
      columns: [
        { name: 'C_CUSTKEY', type: 'INTEGER' },
        { name: 'C_ACCTBAL', type: 'DECIMAL(15,2)' },
        { name: 'C_MKTSEGMENT', type: 'CHAR(10)', sample: ['BUILDING', 'AUTOMOBILE'] },
        { name: 'C_NAME', type: 'TEXT', description: 'Name of the customer' },
      ],
    },
    {
      name: 'ORDERS',
      description: 'Customer orders',
      aliases: ['purchases'],
      columns: [
        { name: 'O_ORDERKEY', type: 'INTEGER' },
        { name: 'O_CUSTKEY', type: 'INTEGER' },
      ],
    },
  ],
  foreignKeys: [{ fromTable: 'ORDERS', fromColumns: ['O_CUSTKEY'], toTable: 'CUSTOMER', toColumns: ['C_CUSTKEY'] }],
});

type Request = Parameters<DescribeChatModel['complete']>[0];

/** A scripted model: answers by table name, records every request. */
class ScriptedModel implements DescribeChatModel {
  readonly id = 'scripted';
  readonly requests: Request[] = [];
  constructor(private readonly answer: (table: string, columns: string[]) => unknown) {}
  async complete(request: Request) {
    this.requests.push(request);
    const user = request.messages[1]!.content;
    const table = /^Table: (\w+)/m.exec(user)![1]!;
    const columns = [...user.matchAll(/^- (\w+) \(/gm)].map((m) => m[1]!);
    const json = this.answer(table, columns);
    if (json instanceof Error) throw json;
    return { content: JSON.stringify(json), json };
  }
}

const ANSWERS: Record<string, (columns: string[]) => unknown> = {
  CUSTOMER: (columns) => ({
    table: { description: 'People and companies that buy from us', aliases: ['clients', 'buyers', 'CUSTOMER'] },
    columns: columns.map((name) => ({
      name,
      description:
        { C_CUSTKEY: 'customer key', C_ACCTBAL: 'customer account balance', C_MKTSEGMENT: 'customer market segment' }[name] ?? '',
      aliases: { C_ACCTBAL: ['account balance', 'balance', 'Balance'], C_MKTSEGMENT: ['market segment', 'segment'] }[name] ?? [],
    })),
  }),
  ORDERS: () => ({
    table: { description: 'ignored: documented already', aliases: ['purchases', 'sales orders'] },
    columns: [{ name: 'O_NOPE', description: 'x', aliases: [] }],
  }),
};

describe('describeGraph', () => {
  it('merges descriptions and aliases into a new graph, leaving documentation and the input alone', async () => {
    const model = new ScriptedModel((table, columns) => ANSWERS[table]!(columns));
    const warnings: string[] = [];
    const described = await describeGraph(graph, model, { onWarning: (w) => warnings.push(w) });
    expect(described).not.toBe(graph);
    expect(graph.column('CUSTOMER', 'C_ACCTBAL')).toMatchObject({ description: '', aliases: [] });

    expect(described.table('CUSTOMER')).toMatchObject({
      description: 'People and companies that buy from us',
      aliases: ['clients', 'buyers'],
    });
    expect(described.column('CUSTOMER', 'C_ACCTBAL')).toMatchObject({
      description: 'customer account balance',
      aliases: ['account balance', 'balance'],
    });
    expect(described.column('CUSTOMER', 'C_MKTSEGMENT')).toMatchObject({
      description: 'customer market segment',
      aliases: ['market segment', 'segment'],
    });
    expect(described.column('CUSTOMER', 'C_NAME')).toMatchObject({ description: 'Name of the customer', aliases: [] });
    expect(described.table('ORDERS')).toMatchObject({ description: 'Customer orders', aliases: ['purchases', 'sales orders'] });
    expect(described.edges).toEqual(graph.edges);
    expect(warnings).toEqual(['ORDERS: scripted described unknown column "O_NOPE"; ignored']);

    // one call per table; documented columns are not asked about
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.messages[1]!.content).toBe(
      [
        'Database: shop',
        'Table: CUSTOMER',
        'Other columns: C_NAME',
        'Columns to describe:',
        '- C_CUSTKEY (INTEGER)',
        '- C_ACCTBAL (DECIMAL(15,2))',
        '- C_MKTSEGMENT (CHAR(10); e.g. "BUILDING", "AUTOMOBILE")',
      ].join('\n'),
    );
    expect(model.requests[1]!.messages[1]!.content).toContain('Foreign keys: O_CUSTKEY → CUSTOMER.C_CUSTKEY');
    expect(model.requests[0]!.schemaName).toBe('describe_table');
  });

  it('batches wide tables and keeps going when a call fails', async () => {
    const model = new ScriptedModel((table, columns) => (table === 'ORDERS' ? new Error('timeout') : ANSWERS[table]!(columns)));
    const warnings: string[] = [];
    const described = await describeGraph(graph, model, { batchSize: 2, columns: 'all', onWarning: (w) => warnings.push(w) });
    expect(model.requests.map((r) => [...r.messages[1]!.content.matchAll(/^- (\w+) \(/gm)].map((m) => m[1]))).toEqual([
      ['C_CUSTKEY', 'C_ACCTBAL'],
      ['C_MKTSEGMENT', 'C_NAME'],
      ['O_ORDERKEY', 'O_CUSTKEY'],
    ]);
    expect(described.column('CUSTOMER', 'C_MKTSEGMENT')!.aliases).toEqual(['market segment', 'segment']);
    expect(described.table('ORDERS')).toEqual(graph.table('ORDERS'));
    expect(warnings).toEqual(['ORDERS: scripted failed (timeout); left as it was']);
  });
});
