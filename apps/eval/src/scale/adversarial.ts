/**
 * The bad-input shape (issue #24): a small sales core full of what real schemas get wrong, and
 * look-alike copies of it up to the requested size.
 *
 * - Self-references, several on one table: employee's manager and mentor, a department's parent,
 *   a product's and an account's parent.
 * - Directed cycles: department ↔ employee (a head), region ↔ country (a capital), sales order ↔
 *   invoice ↔ payment (`last_…` keys back), and the long way round, customer → sales order →
 *   invoice → payment → account → customer.
 * - Parallel edges between two tables: a customer's billing and shipping city, an order's order
 *   and ship dates, a shipment's origin and destination city.
 * - Look-alikes: `_hist` / `_bak` / `_1` copies of core tables (a history copy keeps the keys),
 *   then monthly partitions of the facts (`sales_order_2001_01`, …) with the same columns and the
 *   same foreign keys, until there are as many tables as asked: at 2,000 tables, about 1,970 of
 *   them are copies, and the dimensions they reference are hubs of hundreds of edges.
 *
 * The questions are the snowflake's and warehouse's (facts and targets are never copies, and a
 * target is only picked when one shortest path reaches it), so the gold stays unambiguous.
 */
import { type BuiltSchema, SchemaBuilder, type TableRef } from './builder.js';
import type { Rng } from './prng.js';

/** The core's tables, in the order they are made; an adversarial schema has at least this many. */
const CORE = [
  'region',
  'country',
  'city',
  'currency',
  'calendar_date',
  'channel',
  'job_title',
  'product_category',
  'product_subcategory',
  'customer',
  'store',
  'employee',
  'department',
  'product',
  'account',
  'carrier',
  'sales_order',
  'invoice',
  'invoice_line',
  'payment',
  'shipment',
  'sales_return',
] as const;

export const ADVERSARIAL_MIN_TABLES = CORE.length;

/** Facts partitioned by month, in turn. */
const PARTITIONED = ['sales_order', 'invoice_line', 'payment', 'shipment'] as const;

/** Share of the tables beyond the core that are `_hist` / `_bak` / `_1` copies; the rest are partitions. */
const COPY_SHARE = 0.05;

export function adversarialSchema(tables: number, rng: Rng): BuiltSchema {
  if (tables < ADVERSARIAL_MIN_TABLES)
    throw new Error(`an adversarial schema has at least ${ADVERSARIAL_MIN_TABLES} tables, got ${tables}`);
  const b = new SchemaBuilder(rng);
  const t = Object.fromEntries(CORE.map((name) => [name, b.addTable(name, name)])) as Record<(typeof CORE)[number], TableRef>;
  const ref = (from: TableRef, to: TableRef, role?: string) => b.reference(from, to, role);

  ref(t.country, t.region);
  ref(t.region, t.country, 'capital');
  ref(t.city, t.country);
  ref(t.product_subcategory, t.product_category);

  ref(t.customer, t.country);
  ref(t.customer, t.city, 'billing');
  ref(t.customer, t.city, 'shipping');
  ref(t.store, t.city);
  ref(t.employee, t.job_title);
  ref(t.employee, t.department);
  ref(t.employee, t.employee, 'manager');
  ref(t.employee, t.employee, 'mentor');
  ref(t.department, t.employee, 'head');
  ref(t.department, t.department, 'parent');
  ref(t.product, t.product_subcategory);
  ref(t.product, t.product, 'parent');
  ref(t.account, t.currency);
  ref(t.account, t.account, 'parent');
  ref(t.account, t.customer, 'owner');

  ref(t.sales_order, t.customer);
  ref(t.sales_order, t.store);
  ref(t.sales_order, t.channel);
  ref(t.sales_order, t.currency);
  ref(t.sales_order, t.employee, 'sales_rep');
  ref(t.sales_order, t.calendar_date, 'order');
  ref(t.sales_order, t.calendar_date, 'ship');
  ref(t.invoice, t.sales_order);
  ref(t.invoice, t.customer);
  ref(t.invoice, t.currency);
  ref(t.invoice_line, t.invoice);
  ref(t.invoice_line, t.product);
  ref(t.payment, t.invoice);
  ref(t.payment, t.account);
  ref(t.shipment, t.sales_order);
  ref(t.shipment, t.carrier);
  ref(t.shipment, t.city, 'origin');
  ref(t.shipment, t.city, 'destination');
  ref(t.sales_return, t.sales_order);
  ref(t.sales_return, t.product);
  ref(t.sales_return, t.invoice_line);
  // Keys back: sales order ↔ invoice ↔ payment, and customer → … → account → customer.
  ref(t.sales_order, t.invoice, 'last');
  ref(t.invoice, t.payment, 'last');
  ref(t.customer, t.sales_order, 'last');

  b.addCopies(Math.min(tables, CORE.length + Math.round((tables - CORE.length) * COPY_SHARE)));
  for (let month = 0; b.size < tables; month++) {
    const suffix = `${2001 + Math.floor(month / 12)}_${String((month % 12) + 1).padStart(2, '0')}`;
    for (const fact of PARTITIONED) {
      if (b.size >= tables) break;
      b.addCopy(t[fact], `${fact}_${suffix}`, true);
    }
  }
  return b.build(`adversarial_${tables}`);
}
