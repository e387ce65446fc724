import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseProfile, profileSqlite } from '@guided-retrieval/profiler';
import { generateTpch } from '@guided-retrieval/tpch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnSetsToProfile } from './composite.js';
import { declaredJoinEdges } from './declared.js';
import { inferJoins } from './infer.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';
import type { JoinAdjudicator } from './types.js';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
const cycle = (n: number, of: number) => Array.from({ length: n }, (_, i) => (i % of) + 1);

/** A small shop: orders reference customers and shippers; order lines reference orders and products. */
function shop(): DatabaseProfile {
  return databaseFromTables('shop', [
    tableFromColumns('customers', { id: range(40), name: range(40).map((i) => `c${i}`), country: cycle(40, 5).map((i) => `K${i}`) }),
    tableFromColumns('products', { product_id: range(30), title: range(30).map((i) => `p${i}`), weight: range(30).map((i) => i * 1.5) }),
    tableFromColumns('shippers', { ShipperID: range(3), company: ['a', 'b', 'c'] }),
    tableFromColumns('orders', { order_id: range(200), customer_id: cycle(200, 40), ShipVia: cycle(200, 3), quantity: cycle(200, 9) }),
    tableFromColumns('order_lines', { line_id: range(600), order_id: cycle(600, 200), product_id: cycle(600, 30), amount: cycle(600, 25) }),
  ]);
}

describe('inferJoins', () => {
  it('finds references by names and values, and not the coincidental overlaps of small integers', async () => {
    const { edges, stats } = await inferJoins(shop(), { declared: 'hide' });
    expect(edges.map((e) => e.id)).toEqual([
      'order_lines(order_id)->orders(order_id)',
      'order_lines(product_id)->products(product_id)',
      'orders(customer_id)->customers(id)',
    ]);
    expect(edges.every((e) => e.origin === 'inferred' && e.confidence >= 0.6 && e.confidence <= 1)).toBe(true);
    expect(edges[0]!.evidence.join(' ')).toMatch(/100% of \d+ order_id values found in orders\.order_id/);
    expect(stats.candidatePairs).toBeGreaterThan(stats.afterPruning);
    expect(stats.accepted).toBe(3);
  });

  it('rejects a reference whose values are not inside the key', async () => {
    const profile = databaseFromTables('x', [
      tableFromColumns('customers', { customer_id: range(10) }),
      tableFromColumns('orders', { order_id: range(20), customer_id: range(20) }),
    ]);
    expect((await inferJoins(profile, { declared: 'hide' })).edges).toEqual([]);
  });

  it('keeps declared keys, and adds inferred edges only for columns they do not cover', async () => {
    const profile = shop();
    const orders = profile.tables.find((t) => t.name === 'orders')!;
    orders.foreignKeys = [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }];
    const { edges } = await inferJoins(profile);
    expect(edges.filter((e) => e.origin === 'declared').map((e) => e.id)).toEqual(['orders(customer_id)->customers(id)']);
    expect(edges.filter((e) => e.fromTable === 'orders' && e.fromColumns[0] === 'customer_id')).toHaveLength(1);
    expect(edges.filter((e) => e.origin === 'inferred')).toHaveLength(2);
  });

  it('infers what a partly declared schema leaves out, the declared keys winning over a conflicting inferred edge', async () => {
    const withAccounts = () => {
      const profile = shop();
      profile.tables.push(
        tableFromColumns('users', { user_id: range(50), email: range(50).map((i) => `u${i}@example.com`) }),
        tableFromColumns('accounts', { user_id: range(50), balance: range(50).map((i) => i * 2.5) }),
      );
      return profile;
    };
    // Hidden, inference reads the 1:1 pair as accounts → users, and orders.customer_id as a customer.
    const hidden = (await inferJoins(withAccounts(), { declared: 'hide' })).edges.map((e) => e.id);
    expect(hidden).toContain('accounts(user_id)->users(user_id)');
    expect(hidden).toContain('orders(customer_id)->customers(id)');

    const profile = withAccounts();
    const table = (name: string) => profile.tables.find((t) => t.name === name)!;
    // The schema says otherwise for both, and declares one of the references inference finds.
    table('users').foreignKeys = [{ columns: ['user_id'], referencedTable: 'accounts', referencedColumns: ['user_id'] }];
    table('orders').foreignKeys = [{ columns: ['customer_id'], referencedTable: 'users', referencedColumns: ['user_id'] }];
    table('order_lines').foreignKeys = [{ columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['order_id'] }];
    const { edges } = await inferJoins(profile, { declared: 'use' });
    expect(edges.map((e) => `${e.origin} ${e.id}`)).toEqual([
      'declared order_lines(order_id)->orders(order_id)',
      'inferred order_lines(product_id)->products(product_id)',
      'declared orders(customer_id)->users(user_id)',
      'declared users(user_id)->accounts(user_id)',
    ]);
  });

  it('takes no composite reference between two tables keyed by the same pair of names (1:1, either way)', async () => {
    const pk = { primaryKey: ['productid', 'startdate'] };
    const dates = cycle(60, 3).map((i) => `2024-0${i}-01`);
    const productid = Array.from({ length: 60 }, (_, i) => Math.floor(i / 3) + 1);
    const profile = databaseFromTables('prices', [
      tableFromColumns('product', { productid: range(20), name: range(20).map((i) => `p${i}`) }, { primaryKey: ['productid'] }),
      tableFromColumns('costhistory', { productid, startdate: dates, cost: productid.map((p) => p * 1.5) }, pk),
      tableFromColumns('listpricehistory', { productid, startdate: dates, price: productid.map((p) => p * 2.5) }, pk),
    ]);
    const { edges } = await inferJoins(profile, { declared: 'use' });
    expect(edges.map((e) => e.id)).toEqual([
      'costhistory(productid)->product(productid)',
      'listpricehistory(productid)->product(productid)',
    ]);
  });

  it('prefers the tightest key when several contain the values (A ⊆ B ⊆ C gives A → B)', async () => {
    const profile = databaseFromTables('people', [
      tableFromColumns('person', { person_id: range(500) }),
      tableFromColumns('employee', { person_id: range(50) }),
      tableFromColumns('payslip', { payslip_id: range(300), person_id: cycle(300, 50) }),
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.map((e) => e.id)).toEqual(['employee(person_id)->person(person_id)', 'payslip(person_id)->employee(person_id)']);
  });

  it('adjudicates the middle band: confirmed edges are kept, rejected ones dropped', async () => {
    const seen: string[] = [];
    const adjudicator: JoinAdjudicator = {
      id: 'test',
      judge: async (candidates) => {
        seen.push(...candidates.map((c) => c.id));
        return new Map(candidates.map((c) => [c.id, c.fromColumns[0] === 'ShipVia']));
      },
    };
    const { edges, stats } = await inferJoins(shop(), { declared: 'hide', adjudicator });
    expect(seen).toContain('orders(ShipVia)->shippers(ShipperID)');
    expect(stats.adjudicated).toBe(seen.length);
    const shipVia = edges.find((e) => e.id === 'orders(ShipVia)->shippers(ShipperID)')!;
    expect(shipVia.evidence.at(-1)).toBe('confirmed by test');
    expect(edges.filter((e) => seen.includes(e.id) && e.fromColumns[0] !== 'ShipVia')).toEqual([]);
  });

  it('is deterministic', async () => {
    const a = await inferJoins(shop(), { declared: 'hide' });
    const b = await inferJoins(shop(), { declared: 'hide' });
    expect(JSON.stringify(a.edges)).toBe(JSON.stringify(b.edges));
  });
});

describe('inferJoins on a real TPC-H database with its keys hidden', () => {
  let dir: string;
  let profile: DatabaseProfile;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'join-inference-'));
    const path = join(dir, 'tpch.sqlite');
    generateTpch({ path, scaleFactor: 0.002 });
    profile = await profileSqlite(path, { database: 'tpch', columnSets: columnSetsToProfile });
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recovers every declared foreign key, the composite one included, and nothing else', async () => {
    const truth = declaredJoinEdges(profile).map((e) => e.id);
    expect(truth).toHaveLength(10);
    const { edges, keys } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.map((e) => e.id)).toEqual(truth);
    expect(edges.find((e) => e.fromColumns.length === 2)).toMatchObject({
      fromTable: 'LINEITEM',
      toTable: 'PARTSUPP',
      toColumns: ['PS_PARTKEY', 'PS_SUPPKEY'],
    });
    const best = (table: string) => keys.find((k) => k.table === table)!.columns;
    expect(best('ORDERS')).toEqual(['O_ORDERKEY']);
    expect(best('NATION')).toEqual(['N_NATIONKEY']);
    expect(best('PARTSUPP')).toEqual(['PS_PARTKEY', 'PS_SUPPKEY']);
  });
});
