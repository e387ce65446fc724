import { describe, expect, it } from 'vitest';
import { canonicalJoin, joinKey } from './join-key.js';
import { readSql, type StatementReading } from './read-statement.js';
import type { HistorySchema } from './types.js';

const SHOP: HistorySchema = {
  engine: 'postgres',
  tables: [
    { name: 'orders', schema: 'public', columns: [{ name: 'id' }, { name: 'customer_id' }, { name: 'ordered_at' }, { name: 'total' }] },
    { name: 'Customer', schema: 'public', columns: [{ name: 'id' }, { name: 'nation_id' }, { name: 'name' }] },
    { name: 'supplier', columns: [{ name: 'id' }, { name: 'nation_id' }] },
    { name: 'nation', columns: [{ name: 'id' }, { name: 'name' }] },
    { name: 'lineitem', columns: [{ name: 'order_id' }, { name: 'supplier_id' }, { name: 'line_no' }] },
    { name: 'shipment', columns: [{ name: 'order_id' }, { name: 'line_no' }, { name: 'shipped_at' }] },
    { name: 'employee', columns: [{ name: 'id' }, { name: 'manager_id' }] },
  ],
};

function one(sql: string, schema: HistorySchema = SHOP): StatementReading {
  const read = readSql(sql, schema);
  if (!read.ok) throw new Error(read.error);
  expect(read.statements).toHaveLength(1);
  return read.statements[0]!;
}

const join = (a: string, ac: string[], b: string, bc: string[]) =>
  canonicalJoin(
    a,
    b,
    ac.map((c, i) => [c, bc[i]!] as const),
  );

describe('readSql: tables', () => {
  it('resolves aliases, any case and schema-qualified names to the graph spelling', () => {
    const s = one('SELECT c.name FROM PUBLIC.customer AS c JOIN public.Orders o ON o.customer_id = c.id');
    expect(s.tables).toEqual(['Customer', 'orders']);
    expect(s.unknownTables).toEqual([]);
  });

  it('never counts a CTE name or an alias as a table, and reads the tables inside CTEs and subqueries', () => {
    const s = one(
      'WITH big AS (SELECT customer_id FROM orders WHERE total > 100) SELECT n.name FROM big b JOIN customer c ON c.id = b.customer_id JOIN (SELECT id, name FROM nation) n ON n.id = c.nation_id',
    );
    expect(s.tables).toEqual(['Customer', 'nation', 'orders']);
  });

  it('counts a table twice when one block reads it in two roles, once when a subquery reads it again', () => {
    const roles = one(
      'SELECT * FROM lineitem l JOIN supplier s ON l.supplier_id = s.id JOIN nation n1 ON s.nation_id = n1.id JOIN orders o ON l.order_id = o.id JOIN customer c ON o.customer_id = c.id JOIN nation n2 ON c.nation_id = n2.id',
    );
    expect(roles.tables).toEqual(['Customer', 'lineitem', 'nation', 'nation', 'orders', 'supplier']);
    const again = one('SELECT * FROM orders WHERE total = (SELECT MAX(total) FROM orders)');
    expect(again.tables).toEqual(['orders']);
  });

  it('names a table the graph lacks, and a bare name two schemas share, instead of guessing', () => {
    expect(one('SELECT * FROM orders JOIN refunds r ON r.order_id = orders.id').unknownTables).toEqual(['refunds']);
    const twoSchemas: HistorySchema = {
      tables: [
        { name: 'sales.orders', namespace: 'sales', columns: [{ name: 'id' }] },
        { name: 'crm.orders', namespace: 'crm', columns: [{ name: 'id' }] },
      ],
    };
    expect(one('SELECT * FROM orders', twoSchemas).unknownTables).toEqual(['orders (ambiguous: crm.orders, sales.orders)']);
    expect(one('SELECT * FROM crm.orders', twoSchemas)).toMatchObject({ tables: ['crm.orders'], unknownTables: [] });
  });

  it('names a qualified column the table lacks, and leaves a select alias alone', () => {
    const s = one('SELECT o.totl, COUNT(*) AS n FROM orders o GROUP BY o.totl ORDER BY n');
    expect(s.unknownColumns).toEqual(['orders.totl']);
  });

  it('reads statements with no table as such, and several statements in one text', () => {
    const read = readSql('SET search_path = public; SELECT 1; SELECT id FROM nation', SHOP);
    expect(read.ok && read.statements.map((s) => s.tables)).toEqual([[], [], ['nation']]);
  });
});

describe('readSql: joins', () => {
  it('reads ON and WHERE equi-joins, either way round, as one canonical join each', () => {
    const on = one('SELECT * FROM orders o JOIN customer c ON o.customer_id = c.id');
    const where = one('SELECT * FROM customer c, orders o WHERE c.id = o.customer_id AND o.total > 5');
    expect(on.joins).toEqual([join('Customer', ['id'], 'orders', ['customer_id'])]);
    expect(where.joins).toEqual(on.joins);
  });

  it('does not take an equality under OR, or between two columns of one table, for a join', () => {
    expect(one('SELECT * FROM orders o, customer c WHERE o.customer_id = c.id OR o.total = 0').joins).toEqual([]);
    expect(one('SELECT * FROM orders o WHERE o.id = o.customer_id').joins).toEqual([]);
  });

  it('reads a self-join as a join of the table to itself', () => {
    expect(one('SELECT e.id FROM employee e JOIN employee m ON e.manager_id = m.id').joins).toEqual([
      join('employee', ['id'], 'employee', ['manager_id']),
    ]);
  });

  it('keeps a composite join together, its column pairs sorted', () => {
    const s = one('SELECT * FROM shipment s JOIN lineitem l ON s.line_no = l.line_no AND l.order_id = s.order_id');
    expect(s.joins).toEqual([join('lineitem', ['line_no', 'order_id'], 'shipment', ['line_no', 'order_id'])]);
  });

  it('reads unqualified columns when one table of the block has them, USING, and semi-joins through IN and EXISTS', () => {
    expect(one('SELECT * FROM orders JOIN customer ON customer_id = customer.id').joins).toEqual([
      join('Customer', ['id'], 'orders', ['customer_id']),
    ]);
    expect(one('SELECT * FROM shipment JOIN lineitem USING (order_id, line_no)').joins).toEqual([
      join('lineitem', ['line_no', 'order_id'], 'shipment', ['line_no', 'order_id']),
    ]);
    expect(one('SELECT name FROM customer WHERE id IN (SELECT customer_id FROM orders WHERE total > 9)').joins).toEqual([
      join('Customer', ['id'], 'orders', ['customer_id']),
    ]);
    expect(one('SELECT name FROM nation n WHERE EXISTS (SELECT 1 FROM supplier s WHERE s.nation_id = n.id)').joins).toEqual([
      join('nation', ['id'], 'supplier', ['nation_id']),
    ]);
  });

  it("follows a CTE's or subquery's columns to the table columns they select (dbt's import CTEs)", () => {
    const s = one(
      'WITH o AS (SELECT * FROM orders), c AS (SELECT id AS customer_key, name FROM customer) SELECT c.name, COUNT(*) FROM o JOIN c ON o.customer_id = c.customer_key GROUP BY c.name',
    );
    expect(s.joins).toEqual([join('Customer', ['id'], 'orders', ['customer_id'])]);
    expect(s.tables).toEqual(['Customer', 'orders']);
  });

  it('gives the same key to a join whichever side is written first', () => {
    const a = { fromTable: 'orders', fromColumns: ['customer_id'], toTable: 'Customer', toColumns: ['id'] };
    const b = { fromTable: 'customer', fromColumns: ['ID'], toTable: 'ORDERS', toColumns: ['customer_id'] };
    expect(joinKey(a)).toBe(joinKey(b));
  });
});

describe('readSql: parsing', () => {
  it('tries the fallback grammars: SQLite SQL with INTERSECT parses (the MySQL grammar reads it)', () => {
    const sqlite: HistorySchema = { tables: SHOP.tables };
    const read = readSql('SELECT id FROM nation INTERSECT SELECT nation_id FROM supplier', sqlite);
    expect(read.ok && read.statements[0]?.tables).toEqual(['nation', 'supplier']);
  });

  it('says why and where when no grammar reads it', () => {
    const read = readSql('SELECT *\nFROM orders\nWHERE total >>> 3 ((', SHOP);
    expect(read).toMatchObject({ ok: false, line: 3 });
    expect(!read.ok && read.error).toMatch(/^parse error \(postgresql\): /);
  });

  it('fingerprints the statement without its values: two values are one statement, two shapes two', () => {
    const a = one("SELECT * FROM orders WHERE total > 5 AND ordered_at > '2024-01-01'");
    const b = one("SELECT * FROM orders WHERE total > 7 AND ordered_at > '2023-06-30'");
    const c = one("SELECT * FROM orders WHERE total < 5 AND ordered_at > '2024-01-01'");
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).not.toBe(c.fingerprint);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(a.literals).toEqual(['5', '2024-01-01']);
  });
});
