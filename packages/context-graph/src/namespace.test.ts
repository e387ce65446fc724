import type { ColumnProfile, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { buildContextGraph, ContextGraph, GraphValidationError, graphFromSchema, parseGraph, serializeGraph } from './index.js';
import { v1Text } from './test-support/v1.js';

const table = (name: string, schema?: string): TableProfile => ({
  name,
  ...(schema ? { schema } : {}),
  rowCount: 0,
  columns: [],
  primaryKey: [],
  foreignKeys: [],
});

const column: ColumnProfile = {
  name: 'id',
  declaredType: 'INTEGER',
  inferredType: 'integer',
  rowCount: 0,
  count: 0,
  nulls: 0,
  distinct: 0,
  min: null,
  max: null,
  sample: [],
};

// Two schemas share `orders` (so both are named qualified: `public.orders` of the default schema
// carries no `schema`); `audit` lives in `sales` under its bare name; `events` in the default one.
const profile: DatabaseProfile = {
  formatVersion: 1 as DatabaseProfile['formatVersion'],
  engine: 'postgres',
  database: 'shop',
  tables: [table('public.orders'), table('sales.orders', 'sales'), table('audit', 'sales'), table('events')],
};

const spider2 = graphFromSchema({
  database: 'crypto',
  tables: [
    { name: 'CRYPTO.CRYPTO_BAND.LOGS', columns: ['id'] },
    { name: 'CRYPTO.CRYPTO_ETHEREUM.LOGS', columns: ['id'] },
    { name: 'TOKENS', columns: ['id'] },
  ],
});

const namespaces = (graph: ContextGraph) => Object.fromEntries(graph.tables.map((t) => [t.name, t.namespace]));

describe('GraphTable.namespace', () => {
  it('is set from a profile: the schema that qualifies the name, none for a bare name', () => {
    const graph = buildContextGraph(profile, []);
    expect(namespaces(graph)).toEqual({ 'public.orders': 'public', 'sales.orders': 'sales', audit: undefined, events: undefined });
    expect(graph.table('audit')).not.toHaveProperty('namespace');
    expect(graph.table('audit')?.schema).toBe('sales');
  });

  it('annotates a column of a namespaced table by table and column, not by a dotted string', () => {
    const withColumn = { ...profile, tables: [{ ...table('sales.orders', 'sales'), columns: [{ ...column, name: 'id' }] }] };
    const graph = buildContextGraph(withColumn, [], {
      tables: { 'SALES.ORDERS': { description: 'Orders of the sales schema' } },
      columns: { 'sales.orders': { ID: { description: 'The order', aliases: ['order number'] } } },
    });
    expect(graph.table('sales.orders')?.description).toBe('Orders of the sales schema');
    expect(graph.column('sales.orders', 'id')).toMatchObject({ description: 'The order', aliases: ['order number'] });
  });

  it("is set from a schema's names: Spider 2.0-lite's DB.SCHEMA of DB.SCHEMA.TABLE", () => {
    expect(namespaces(spider2)).toEqual({
      'CRYPTO.CRYPTO_BAND.LOGS': 'CRYPTO.CRYPTO_BAND',
      'CRYPTO.CRYPTO_ETHEREUM.LOGS': 'CRYPTO.CRYPTO_ETHEREUM',
      TOKENS: undefined,
    });
  });

  it('is written to the graph file and read back from it', () => {
    const text = serializeGraph(spider2);
    const file = JSON.parse(text) as { tables: Record<string, unknown>[] };
    expect(file.tables.map((t) => t.namespace)).toEqual(['CRYPTO.CRYPTO_BAND', 'CRYPTO.CRYPTO_ETHEREUM', undefined]);
    const back = parseGraph(text, 'crypto.graph.json');
    expect(back.toData()).toEqual(spider2.toData());
    expect(serializeGraph(back)).toBe(text);
  });

  it('is read as written, though the name would say otherwise', () => {
    const file = JSON.parse(serializeGraph(spider2)) as { tables: Record<string, unknown>[] };
    file.tables[0]!.namespace = 'CRYPTO';
    expect(parseGraph(JSON.stringify(file), 'g.json').table('CRYPTO.CRYPTO_BAND.LOGS')?.namespace).toBe('CRYPTO');
  });

  it('comes from the name in a version 2 file written before the field existed', () => {
    const file = JSON.parse(serializeGraph(spider2)) as { tables: Record<string, unknown>[] };
    for (const t of file.tables) delete t.namespace;
    expect(JSON.stringify(file)).not.toContain('namespace');
    expect(namespaces(parseGraph(JSON.stringify(file), 'old.graph.json'))).toEqual(namespaces(spider2));
  });

  it('comes from the name in a version 1 file', () => {
    const text = v1Text(new ContextGraph({ ...spider2.toData(), tables: spider2.tables.map(({ namespace: _, ...t }) => t) }));
    expect(text).not.toContain('namespace');
    expect(namespaces(parseGraph(text, 'v1.graph.json'))).toEqual(namespaces(spider2));
  });

  it('must qualify the name: a namespace the name does not start with is refused, in a file and in memory', () => {
    const file = JSON.parse(serializeGraph(spider2)) as { tables: Record<string, unknown>[] };
    file.tables[2]!.namespace = 'CRYPTO';
    expect(() => parseGraph(JSON.stringify(file), 'g.json')).toThrow(
      /tables\[\d+\]\.namespace: table [^ ]*TOKENS is not qualified by its namespace "CRYPTO"/,
    );
    file.tables[2]!.namespace = '';
    expect(() => parseGraph(JSON.stringify(file), 'g.json')).toThrow(/tables\[2\]\.namespace: expected a name/);
    const whole = { ...spider2.tables[2]!, namespace: 'TOKENS' };
    expect(() => new ContextGraph({ ...spider2.toData(), tables: [whole] })).toThrow(GraphValidationError);
  });
});
