import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT_VERSION, graphFromSchema, parseGraph, type SchemaSpec, serializeGraph } from './index.js';
import { v1Text } from './test-support/v1.js';

/** Written by the code of version 1 (commit 7d243b3): every field a file can hold, edges naming tables and columns in another case. */
const V1_FILE = readFileSync(new URL('./test-support/fixtures/v1-shop.graph.json', import.meta.url), 'utf8');
const v1 = parseGraph(V1_FILE, 'v1-shop.graph.json');

type Json = Record<string, unknown>;
type Lists = Record<string, unknown[]>;

/** `mutate` applied to the version 2 file of `v1`, then loaded. */
const loading = (mutate: (file: Json & { tables: (Json & { columns: Lists })[]; edges: Lists & { id?: Json } }) => void) => {
  const file = JSON.parse(serializeGraph(v1));
  mutate(file);
  return () => parseGraph(JSON.stringify(file), 'g.json');
};

describe('version 1 files', () => {
  it('load to the data they hold, in the version the graph saves as', () => {
    expect(v1.toData()).toEqual({ ...JSON.parse(V1_FILE), formatVersion: GRAPH_FORMAT_VERSION });
    expect(GRAPH_FORMAT_VERSION).toBe(2);
  });

  it("keep the edge order the version 1 code gave (graphology's: by neighbour, latest first)", () => {
    expect(v1.inEdges('customer').map((e) => e.id)).toEqual([
      'orders(customer_id)->customer(id)',
      'big_customers(customer_id)->customer(id)',
      'STORE(Manager_ID)->Customer(ID)',
    ]);
    expect(v1.outEdges('orders').map((e) => e.toTable)).toEqual(['customer', 'store']);
    expect(v1.inDegree('store')).toBe(2);
    expect(v1.column('customer', 'REGION')?.name).toBe('Region');
  });
});

describe('version 2 files', () => {
  it('round-trip every field to the same data, and to the same text', () => {
    const text = serializeGraph(v1);
    expect(text).toMatch(/^\{"formatVersion":2,"database":"shop","engine":"postgres",\n/);
    const loaded = parseGraph(text, 'g.json');
    expect(loaded.toData()).toEqual(v1.toData());
    expect(JSON.stringify(loaded.toData())).toBe(JSON.stringify(v1.toData()));
    expect(serializeGraph(loaded)).toBe(text);
  });

  it('name tables and columns by index, keep names spelt otherwise and ids that are not derived', () => {
    const file = JSON.parse(serializeGraph(v1));
    expect(file.edges.from).toEqual([1, 1, 3, 'STORE', 0]);
    expect(file.edges.fromColumns).toEqual([1, [5, 6], 0, 'Manager_ID', 'region']);
    expect(file.edges.id).toEqual({ 4: 'a hand-written id' });
    expect(file.evidence[0]).toBe('declared FOREIGN KEY');
    expect(file.tables[4]).toEqual({ name: 'monthly', schema: 'reports', kind: 'materialized view', columns: { name: [] } });
  });

  it('keep the role an edge names, and leave the list out when no edge names one', () => {
    expect(JSON.parse(serializeGraph(v1)).edges.role).toBeUndefined();
    const data = v1.toData();
    const withRoles = { ...data, edges: data.edges.map((e, i) => (i === 1 ? { ...e, role: 'winner' } : e)) };
    const text = serializeGraph(parseGraph(JSON.stringify({ ...withRoles, formatVersion: 1 }), 'roles.json'));
    expect(JSON.parse(text).edges.role).toEqual([null, 'winner', null, null, null]);
    const loaded = parseGraph(text, 'g.json');
    expect(loaded.toData().edges.map((e) => e.role)).toEqual([undefined, 'winner', undefined, undefined, undefined]);
    expect(loading((f) => (f.edges.role = [null, 3, null, null, null]))).toThrow(
      'edges.role[1]: expected a role (a non-empty string) or null',
    );
  });

  it('round-trip a graph without edges, engine or columns', () => {
    const bare = graphFromSchema({ database: 'empty', tables: [{ name: 'lonely', columns: [] }] });
    const text = serializeGraph(bare);
    expect(parseGraph(text).toData()).toEqual(bare.toData());
    expect(JSON.parse(text).edges).toEqual({ from: [], fromColumns: [], to: [], toColumns: [] });
  });

  it('of a wide graph are a small fraction of version 1', () => {
    // 40 tables of 60 columns, each table referencing every other: 1,560 edges.
    const names = Array.from({ length: 40 }, (_, i) => `warehouse_table_${i}`);
    const spec: SchemaSpec = {
      database: 'wide',
      tables: names.map((name) => ({
        name,
        primaryKey: [`${name}_id`],
        columns: [
          { name: `${name}_id`, type: 'INTEGER' },
          ...names.filter((n) => n !== name).map((n) => ({ name: `${n}_id`, type: 'INTEGER' })),
        ],
      })),
      foreignKeys: names.flatMap((from) =>
        names
          .filter((to) => to !== from)
          .map((to) => ({ fromTable: from, fromColumns: [`${to}_id`], toTable: to, toColumns: [`${to}_id`] })),
      ),
    };
    const wide = graphFromSchema(spec);
    const v2 = serializeGraph(wide);
    expect(parseGraph(v2).toData()).toEqual(wide.toData());
    expect(v2.length * 8).toBeLessThan(v1Text(wide).length);
  });
});

describe('bad version 2 files', () => {
  it('name the JSON path of a field of the wrong type', () => {
    expect(loading((f) => (f.database = 7))).toThrow('g.json is not a context graph: database: expected a string');
    expect(loading((f) => (f.tables = {} as never))).toThrow('g.json is not a context graph: tables: expected a list');
    expect(loading((f) => (f.tables[2] = null as never))).toThrow('tables[2]: expected an object');
    expect(loading((f) => (f.tables[2]!.name = ''))).toThrow('tables[2].name: expected a name (a non-empty string)');
    expect(loading((f) => (f.tables[2]!.kind = 'table'))).toThrow('tables[2].kind: expected view or materialized view');
    expect(loading((f) => (f.tables[0]!.columns.name![1] = 3))).toThrow('tables[0].columns.name[1]: expected a name');
    expect(loading((f) => (f.tables[0]!.columns.inferredType![2] = 'string'))).toThrow(
      'tables[0].columns.inferredType[2]: expected an inferred type (integer, real, text, date, boolean, blob, unknown)',
    );
    expect(loading((f) => f.tables[0]!.columns.declaredType!.pop())).toThrow(
      'tables[0].columns.declaredType: expected a list of 4 (one per column)',
    );
    expect(loading((f) => (f.tables[0]!.columns.stats![1] = [3, 3, 0]))).toThrow(
      'tables[0].columns.stats[1]: expected null or [rowCount, count, nulls, distinct, min, max]',
    );
    expect(loading((f) => (f.tables[0]!.columns.sample![1] = ['Ada Lovelace', 1, 'Alan Turing']))).toThrow(
      'tables[0].columns.sample[1]: expected [value, count, value, count, …]',
    );
    expect(loading((f) => (f.tables[0]!.columns.sample![1] = [{ deep: [[[1]]] }, 1]))).toThrow(
      'tables[0].columns.sample[1][0]: expected a string or a number',
    );
  });

  it('name the edge field and what is wrong with it', () => {
    expect(loading((f) => (f.edges = [] as never))).toThrow(/^g\.json is not a context graph: edges: expected an object of lists/);
    expect(loading((f) => f.edges.to!.pop())).toThrow('edges.to: expected a list of 5 (one per edge)');
    expect(loading((f) => (f.edges.from![0] = null))).toThrow('edges.from[0]: expected a table index or a table name');
    expect(loading((f) => (f.edges.fromColumns![1] = [5]))).toThrow(
      'edges.toColumns[1]: expected 1 columns, as many as fromColumns (they pair up)',
    );
    expect(loading((f) => (f.edges.toColumns![1] = []))).toThrow('edges.toColumns[1]: expected a column or a list of them');
    expect(loading((f) => (f.edges.confidence![2] = 1.5))).toThrow('edges.confidence[2]: expected a confidence (a number from 0 to 1)');
    expect(loading((f) => (f.edges.origin![2] = 'guessed'))).toThrow('edges.origin[2]: expected "declared" or "inferred"');
    expect(loading((f) => (f.edges.evidence![2] = [1, 9]))).toThrow('edges.evidence[2][1]: expected an index into evidence (0 to 3)');
    expect(loading((f) => (f.edges.id = { 9: 'x' }))).toThrow('edges.id["9"]: expected an edge index (0 to 4)');
    expect(loading((f) => (f.edges.toColumns![3] = 0))).toThrow(
      'edges.toColumns[3]: expected a column index or a column name (the edge names its table by name)',
    );
  });

  it('call a reference to a table or column the file does not have inconsistent, naming the edge', () => {
    expect(loading((f) => (f.edges.to![0] = 9))).toThrow(
      /^g\.json is inconsistent: edges\.to\[0\]: the edge names table 9, but the file has 5 tables$/,
    );
    expect(loading((f) => (f.edges.toColumns![0] = 4))).toThrow(
      /^g\.json is inconsistent: edges\.toColumns\[0\]: join edge orders → customer names column 4 of customer, which has 4 columns$/,
    );
    expect(loading((f) => (f.edges.fromColumns![1] = [5, 7]))).toThrow(
      'edges.fromColumns[1][1]: join edge orders → store names column 7 of orders, which has 7 columns',
    );
    // Names the graph looks up say what they lack as a version 1 file's do.
    expect(loading((f) => (f.edges.toColumns![3] = 'Ghost'))).toThrow(
      'g.json is inconsistent: join edge STORE(Manager_ID)->Customer(Ghost) names a missing column: customer.Ghost',
    );
    expect(loading((f) => (f.edges.from![3] = 'Shelf'))).toThrow('names a missing table: Shelf');
    expect(loading((f) => (f.edges.id = { 1: 'orders(customer_id)->customer(id)' }))).toThrow(
      'g.json is inconsistent: duplicate join edge: orders(customer_id)->customer(id)',
    );
    expect(loading((f) => (f.tables[2]!.name = 'customer'))).toThrow(
      /^g\.json is inconsistent: tables\[2\]\.name: duplicate table name customer \(tables\[\d\]\)$/,
    );
  });
});
