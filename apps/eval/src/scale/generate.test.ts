import type { SchemaSpec } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { referencedTables } from './fk-paths.js';
import { caseLabel, casesFor, DEFAULT_SIZES, generateSchema, parseCase } from './generate.js';

const columnsOf = (spec: SchemaSpec, table: string) =>
  spec.tables.find((t) => t.name === table)!.columns.map((c) => (typeof c === 'string' ? c : c.name));

/** Every foreign key names existing tables and columns, the referenced column being the table's primary key. */
function expectWellFormed(spec: SchemaSpec): void {
  const names = spec.tables.map((t) => t.name);
  expect(new Set(names).size).toBe(names.length);
  for (const t of spec.tables) {
    const cols = columnsOf(spec, t.name);
    expect(new Set(cols).size, t.name).toBe(cols.length);
    expect(cols).toContain(t.primaryKey![0]);
  }
  for (const fk of spec.foreignKeys ?? []) {
    expect(columnsOf(spec, fk.fromTable)).toContain(fk.fromColumns[0]);
    expect(spec.tables.find((t) => t.name === fk.toTable)!.primaryKey).toEqual(fk.toColumns);
    expect(fk.fromColumns[0]!.endsWith(fk.toColumns[0]!)).toBe(true);
  }
}

describe('generateSchema', () => {
  it('is deterministic for a seed', () => {
    for (const label of ['snowflake:200', 'warehouse:200', 'layered:4x5', 'adversarial:200']) {
      const c = parseCase(label);
      expect(generateSchema(c, 7)).toEqual(generateSchema(c, 7));
      expect(generateSchema(c, 7).spec).not.toEqual(generateSchema(c, 8).spec);
    }
  });

  it.each([50, 200, 500])('snowflake: exactly %i tables, sparse (about 1.2 keys per table), well formed', (n) => {
    const { spec, tables } = generateSchema(parseCase(`snowflake:${n}`), 42);
    expect(spec.tables).toHaveLength(n);
    const perTable = spec.foreignKeys!.length / n;
    expect(perTable).toBeGreaterThan(0.9);
    expect(perTable).toBeLessThan(1.5);
    expectWellFormed(spec);
    expect(tables.some((t) => t.copyOf && /_(hist|1|bak)$/.test(t.name))).toBe(true);
  });

  it.each([50, 200, 1000])('warehouse: exactly %i tables, dense, hubs, role-playing keys, cycles', (n) => {
    const { spec, tables } = generateSchema(parseCase(`warehouse:${n}`), 42);
    expect(spec.tables).toHaveLength(n);
    expectWellFormed(spec);
    const out = referencedTables(spec);
    const fkCount = new Map<string, number>();
    for (const fk of spec.foreignKeys!) fkCount.set(fk.fromTable, (fkCount.get(fk.fromTable) ?? 0) + 1);
    const domainTables = tables.filter(
      (t) =>
        !t.copyOf &&
        t.name.includes('_') &&
        t.role !== 'bridge' &&
        !['calendar_date', 'product_category', 'customer_segment', 'cost_center'].includes(t.name),
    );
    const inRange = domainTables.filter((t) => (fkCount.get(t.name) ?? 0) >= 3 && (fkCount.get(t.name) ?? 0) <= 8);
    expect(inRange.length / domainTables.length).toBeGreaterThan(0.9);
    const inDegree = new Map<string, number>();
    for (const fk of spec.foreignKeys!) inDegree.set(fk.toTable, (inDegree.get(fk.toTable) ?? 0) + 1);
    expect(Math.max(...inDegree.values())).toBeGreaterThan(n / 5);
    // role-playing: one table, two keys to the same table under role names
    expect(
      spec.foreignKeys!.some((fk) =>
        /^(ship|bill|origin|destination)_country_id$|^(order|ship|due|posting)_calendar_date_id$/.test(fk.fromColumns[0]!),
      ),
    ).toBe(true);
    // a directed cycle: department → employee → department
    expect(out.get('department')).toContain('employee');
    expect(out.get('employee')).toContain('department');
    if (n >= 200) expect(tables.some((t) => t.role === 'bridge')).toBe(true);
  });

  it.each([22, 200, 2000])(
    'adversarial: exactly %i tables, well formed, self-references, cycles, parallel edges, look-alike copies',
    (n) => {
      const { spec, tables } = generateSchema(parseCase(`adversarial:${n}`), 42);
      expect(spec.tables).toHaveLength(n);
      expectWellFormed(spec);
      const keys = spec.foreignKeys!;
      const self = keys.filter((k) => k.fromTable === k.toTable && k.fromTable === 'employee').map((k) => k.fromColumns[0]);
      expect(self).toEqual(['manager_employee_id', 'mentor_employee_id']);
      // Directed cycles: department ↔ employee, customer → sales_order → invoice → payment → account → customer.
      const out = referencedTables(spec);
      expect(out.get('department')).toContain('employee');
      expect(out.get('employee')).toContain('department');
      for (const [from, to] of [
        ['customer', 'sales_order'],
        ['sales_order', 'invoice'],
        ['invoice', 'payment'],
        ['payment', 'account'],
        ['account', 'customer'],
      ] as const)
        expect(out.get(from)).toContain(to);
      // Parallel edges: two keys from shipment to city.
      expect(keys.filter((k) => k.fromTable === 'shipment' && k.toTable === 'city').map((k) => k.fromColumns[0])).toEqual([
        'origin_city_id',
        'destination_city_id',
      ]);
      const copies = tables.filter((t) => t.copyOf);
      expect(copies.length).toBe(n - 22);
      if (n >= 200) {
        // Monthly partitions with the fact's columns and keys, nobody referencing them.
        const partition = spec.tables.find((t) => t.name === 'sales_order_2001_01')!;
        expect(partition.columns).toEqual(spec.tables.find((t) => t.name === 'sales_order')!.columns);
        expect(keys.filter((k) => k.fromTable === 'sales_order_2001_01')).toHaveLength(
          keys.filter((k) => k.fromTable === 'sales_order').length,
        );
        expect(keys.some((k) => copies.some((c) => c.name === k.toTable))).toBe(false);
      }
      if (n === 2000) {
        const inDegree = keys.filter((k) => k.toTable === 'customer').length;
        expect(inDegree).toBeGreaterThan(400);
      }
    },
  );

  it('layered: customer, L layers of W tables each referencing every table of the next, nation', () => {
    const { spec, layers } = generateSchema(parseCase('layered:4x24'), 42);
    expect(spec.tables).toHaveLength(98);
    expect(spec.foreignKeys).toHaveLength(24 + 3 * 24 * 24 + 24);
    expectWellFormed(spec);
    expect(layers).toHaveLength(4);
    const out = referencedTables(spec);
    expect(out.get('customer')).toEqual(layers![0]);
    for (let l = 0; l < 3; l++) for (const t of layers![l]!) expect(out.get(t)).toEqual(layers![l + 1]);
    for (const t of layers![3]!) expect(out.get(t)).toEqual(['nation']);
    for (const t of layers!.flat()) expect(t).not.toMatch(/customer|nation|country/);
    // W^L paths from customer to nation
    const paths = new Map<string, number>([['nation', 1]]);
    const count = (t: string): number => {
      let n = paths.get(t);
      if (n === undefined) {
        n = (out.get(t) ?? []).reduce((s, next) => s + count(next), 0);
        paths.set(t, n);
      }
      return n;
    };
    expect(count('customer')).toBe(24 ** 4);
  });
});

describe('cases', () => {
  it('maps sizes to layered L × W with 2 + L·W tables near the size, and always adds 4 × 24', () => {
    const cases = casesFor(['snowflake', 'layered'], [50, 200, 1000]);
    expect(cases.map(caseLabel)).toEqual([
      'snowflake:50',
      'snowflake:200',
      'snowflake:1000',
      'layered:4x12',
      'layered:4x24',
      'layered:4x50',
      'layered:4x250',
    ]);
    for (const c of cases.filter((x) => x.shape === 'layered')) expect(generateSchema(c, 1).spec.tables).toHaveLength(c.size);
    // The default sizes hold the dense 4 × 250.
    expect(casesFor(['layered'], DEFAULT_SIZES).map(caseLabel)).toContain('layered:4x250');
    expect(Math.abs(parseCase('layered:1000').size - 1000)).toBeLessThanOrEqual(4);
  });

  it('parses labels and refuses nonsense', () => {
    expect(parseCase('layered:4x24')).toEqual({ shape: 'layered', size: 98, layers: 4, width: 24 });
    expect(parseCase('warehouse:500')).toEqual({ shape: 'warehouse', size: 500 });
    expect(() => parseCase('star:50')).toThrow(/shape:size/);
    expect(() => parseCase('snowflake:4x4')).toThrow(/only layered/);
    expect(() => parseCase('snowflake:1')).toThrow(/at least 2/);
    expect(parseCase('adversarial:2000')).toEqual({ shape: 'adversarial', size: 2000 });
    expect(() => parseCase('adversarial:10')).toThrow(/at least 22 tables/);
    expect(() => parseCase('adversarial:4x4')).toThrow(/only layered/);
  });
});
