import { graphFromSchema, type SchemaSpec } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { HeuristicDisambiguator, joinCondition, Retriever } from './index.js';

/** customer → 4 layers of 24 bridges, each referencing every table of the next layer → nation: 24⁴ paths. */
function layered(width: number, layers: number): SchemaSpec {
  const name = (layer: number, i: number) => `bridge_${layer}_${i}`;
  const tables: SchemaSpec['tables'] = [
    {
      name: 'customer',
      primaryKey: ['customer_id'],
      columns: ['customer_id', 'customer_name', ...Array.from({ length: width }, (_, i) => `${name(0, i)}_id`)],
    },
    {
      name: 'nation',
      primaryKey: ['nation_id'],
      columns: ['nation_id', { name: 'nation_name', inferredType: 'text', sample: ['France', 'India'] }],
    },
  ];
  const foreignKeys: NonNullable<SchemaSpec['foreignKeys']> = [];
  for (let i = 0; i < width; i++)
    foreignKeys.push({ fromTable: 'customer', fromColumns: [`${name(0, i)}_id`], toTable: name(0, i), toColumns: ['id'] });
  for (let layer = 0; layer < layers; layer++) {
    for (let i = 0; i < width; i++) {
      const last = layer === layers - 1;
      const refs = last ? ['nation_id'] : Array.from({ length: width }, (_, j) => `${name(layer + 1, j)}_id`);
      tables.push({ name: name(layer, i), primaryKey: ['id'], columns: ['id', ...refs] });
      if (last) foreignKeys.push({ fromTable: name(layer, i), fromColumns: ['nation_id'], toTable: 'nation', toColumns: ['nation_id'] });
      else
        for (let j = 0; j < width; j++)
          foreignKeys.push({
            fromTable: name(layer, i),
            fromColumns: [`${name(layer + 1, j)}_id`],
            toTable: name(layer + 1, j),
            toColumns: ['id'],
          });
    }
  }
  return { database: 'layered', tables, foreignKeys };
}

describe('join-tree search on a dense graph', () => {
  it('joins customer to nation through one bridge per layer among 24^4 paths', async () => {
    // The tree search under test is the heuristic's (the fitted choice weighs its tree first).
    const retriever = await Retriever.create(graphFromSchema(layered(24, 4)), { disambiguator: new HeuristicDisambiguator() });
    const result = await retriever.retrieve('Which nation is each customer in?');
    expect(result.source).toBe('customer');
    expect(result.tables).toHaveLength(6);
    expect(result.tables[result.tables.length - 1]).toBe('nation');
    // The alternatives shown are bounded by the limits, not by the number of paths.
    for (const e of result.trace.pathEnumeration) expect(e.paths.length).toBeLessThanOrEqual(4);
  });

  it('gives the same result, byte for byte, for the same graph and question', async () => {
    const spec = layered(6, 3);
    const strip = (r: Awaited<ReturnType<Retriever['retrieve']>>) => JSON.stringify({ ...r, trace: { ...r.trace, timings: null } });
    const a = await (await Retriever.create(graphFromSchema(spec))).retrieve('Which nation is each customer in?');
    const b = await (await Retriever.create(graphFromSchema(spec))).retrieve('Which nation is each customer in?');
    expect(strip(a)).toBe(strip(b));
  });
});

describe('roles and self-joins', () => {
  const staff = graphFromSchema({
    database: 'staff',
    tables: [
      { name: 'employee', primaryKey: ['employee_id'], columns: ['employee_id', 'first_name', 'last_name', 'reports_to'] },
      { name: 'store', primaryKey: ['store_id'], columns: ['store_id', 'manager_staff_id', 'address'] },
      { name: 'staff', primaryKey: ['staff_id'], columns: ['staff_id', 'first_name', 'last_name'] },
    ],
    foreignKeys: [
      { fromTable: 'employee', fromColumns: ['reports_to'], toTable: 'employee', toColumns: ['employee_id'] },
      { fromTable: 'store', fromColumns: ['manager_staff_id'], toTable: 'staff', toColumns: ['staff_id'] },
    ],
  });

  it('joins a self-referencing table to itself under a second alias when the question asks for the role', async () => {
    const result = await (await Retriever.create(staff)).retrieve('Who does each employee report to?');
    expect(result.joinTree.nodes.map((n) => [n.alias, n.table, n.parent])).toEqual([
      ['employee', 'employee', null],
      ['employee_reports_to', 'employee', 'employee'],
    ]);
    expect(result.sql).toBe(
      'FROM employee AS employee\nJOIN employee AS employee_reports_to ON employee.reports_to = employee_reports_to.employee_id',
    );
  });

  it('brings in the table a grounded foreign key references when the question asks who', async () => {
    const result = await (await Retriever.create(staff)).retrieve('Who is the manager of each store?');
    expect(result.tables).toEqual(['store', 'staff']);
    expect(joinCondition(result.joinTree.nodes[1]!, result.joinTree.dialect)).toBe('store.manager_staff_id = staff.staff_id');
  });

  it('does not add the referenced table when the question only needs the key', async () => {
    const result = await (await Retriever.create(staff)).retrieve('How many stores have a manager?');
    expect(result.tables).toEqual(['store']);
  });
});

describe('islands', () => {
  const warehouse = graphFromSchema({
    database: 'warehouse',
    tables: [
      { name: 'customer', columns: ['customer_id', { name: 'city', inferredType: 'text', sample: ['Springfield'] }] },
      { name: 'orders', columns: ['order_id', 'customer_id', 'total'] },
      { name: 'student', columns: ['student_id', 'name'] },
    ],
    foreignKeys: [{ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] }],
  });

  it('says which matched tables could not be joined instead of dropping them silently', async () => {
    const result = await (await Retriever.create(warehouse)).retrieve('orders of customers and students in Springfield');
    expect(result.tables).toEqual(['orders', 'customer']);
    expect(result.reason).toBe('student is not joined: no join path connects it to orders (another island of the join graph)');
    expect(result.unjoined).toEqual([]);
  });

  it('returns beside the tree a table that joins nothing when it is named as strongly as the tree', async () => {
    const result = await (await Retriever.create(warehouse)).retrieve('customer orders and student');
    expect(result.unjoined).toEqual(['student']);
    expect(result.tables).toEqual(['orders', 'customer', 'student']);
    expect(result.sql).not.toMatch(/student/);
    expect(result.explanations.student).toMatch(/joins no table/);
    const off = await (await Retriever.create(warehouse, { heuristicParams: { unjoined: false } })).retrieve('customer orders and student');
    expect(off.tables).toEqual(['orders', 'customer']);
    expect(off.reason).toMatch(/^student is not joined/);
  });

  it('brings no lone table when more than two are matched alike: the question does not say which copy', async () => {
    const copies = graphFromSchema({
      database: 'census',
      tables: [
        { name: 'orders', columns: ['order_id', 'customer_id'] },
        { name: 'customer', columns: ['customer_id', 'city'] },
        ...[2016, 2017, 2018].map((year) => ({ name: `county_${year}`, columns: ['geo_id', 'median_income'] })),
      ],
      foreignKeys: [{ fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] }],
    });
    const result = await (await Retriever.create(copies)).retrieve('customer orders and median income');
    expect(result.tables).toEqual(['orders', 'customer']);
    expect(result.unjoined).toEqual([]);
    expect(result.reason).toMatch(/county_2016, county_2017, county_2018 are not joined/);
  });

  it('brings a table of another joined island when words the tree leaves unexplained name it', async () => {
    const two = graphFromSchema({
      database: 'two',
      tables: [
        { name: 'customer', columns: ['customer_id', 'city'] },
        { name: 'orders', columns: ['order_id', 'customer_id', 'total'] },
        { name: 'student', columns: ['student_id', 'name', 'school_id'] },
        { name: 'school', columns: ['school_id', 'title'] },
      ],
      foreignKeys: [
        { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] },
        { fromTable: 'student', fromColumns: ['school_id'], toTable: 'school', toColumns: ['school_id'] },
      ],
    });
    const result = await (await Retriever.create(two)).retrieve('customer orders and student');
    expect(result.tables).toEqual(['orders', 'customer', 'student']);
    expect(result.unjoined).toEqual(['student']);
    expect(result.sql).not.toMatch(/student/);
    expect(result.reason).toMatch(/student is not joined/);
    // Matched only through a column the tree's words also match, it stays in the reason.
    const city = await (await Retriever.create(two)).retrieve('customer orders by city and title');
    expect(city.unjoined).toEqual([]);
  });
});

describe('hostile names', () => {
  it('joins tables named __proto__, constructor and toString like any other', async () => {
    const graph = graphFromSchema({
      database: 'hostile',
      tables: [
        { name: '__proto__', columns: ['id', { name: 'name', inferredType: 'text', sample: ['alpha'] }] },
        { name: 'constructor', columns: ['id', 'proto_id', 'tostring_id'] },
        { name: 'toString', columns: ['id', 'hasOwnProperty'] },
      ],
      foreignKeys: [
        { fromTable: 'constructor', fromColumns: ['proto_id'], toTable: '__proto__', toColumns: ['id'] },
        { fromTable: 'constructor', fromColumns: ['tostring_id'], toTable: 'toString', toColumns: ['id'] },
      ],
    });
    expect(graph.outEdges('constructor')).toHaveLength(2);
    expect(graph.inDegree('__proto__')).toBe(1);
    expect(graph.inEdges('toString').map((e) => e.fromTable)).toEqual(['constructor']);
    const result = await (await Retriever.create(graph)).retrieve('Which constructor has the __proto__ named alpha, and its toString?');
    expect(result.tables.sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.keys(result.explanations).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(result.explanations)).toBeNull();
    // A table named `__proto__` is an own key like any other, and survives a JSON round trip.
    const own = (o: object) => Object.getOwnPropertyDescriptor(o, '__proto__')?.value;
    expect(own(JSON.parse(JSON.stringify(result)).explanations)).toEqual(own(result.explanations));
    expect(own(result.explanations)).toEqual(expect.any(String));
  });
});
