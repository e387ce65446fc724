import { describe, expect, it } from 'vitest';
import { renderFromClause, tableReference } from './sql.js';
import type { JoinTree } from './types.js';

describe('table references', () => {
  it('quote a PostgreSQL schema and table apart', () => {
    expect(tableReference('sales.orders', 'postgres')).toBe('sales.orders');
    expect(tableReference('Sales.Orders', 'postgres')).toBe('"Sales"."Orders"');
    expect(tableReference('"odd.schema"."t"', 'postgres')).toBe('"odd.schema"."t"');
    expect(tableReference('orders', 'postgres')).toBe('orders');
  });

  it('leave SQLite names with a dot one quoted name', () => {
    expect(tableReference('sales.orders', 'sqlite')).toBe('"sales.orders"');
  });

  it('name a table by the schema the graph says it lives in', () => {
    expect(tableReference('invoices', 'postgres', 'billing')).toBe('billing.invoices');
    expect(tableReference('billing.invoices', 'postgres', 'billing')).toBe('billing.invoices');
    expect(tableReference('Invoice', 'mysql', 'Chinook')).toBe('Chinook.Invoice');
    const sql = renderFromClause(
      { dialect: 'postgres', nodes: [{ table: 'invoices', alias: 'invoices', parent: null, join: null }] },
      { schemaOf: (t) => (t === 'invoices' ? 'billing' : undefined) },
    );
    expect(sql).toBe('FROM billing.invoices AS invoices');
  });

  it('quote with backticks where MySQL, BigQuery and Databricks do, and upper case bare in Snowflake', () => {
    expect(tableReference('order', 'mysql')).toBe('`order`');
    expect(tableReference('my`table', 'bigquery')).toBe('`my``table`');
    expect(tableReference('Invoice', 'mysql')).toBe('Invoice');
    expect(tableReference('ORDERS', 'snowflake')).toBe('ORDERS');
    expect(tableReference('orders', 'snowflake')).toBe('"orders"');
    expect(tableReference('Orders', 'redshift')).toBe('"Orders"');
  });

  it('render qualified names in a FROM clause with plain aliases', () => {
    const sql = renderFromClause(tree);
    expect(sql).toBe('FROM sales.orders AS sales_orders\nJOIN hr."Staff" AS hr_staff ON sales_orders.staff_id = hr_staff.id');
  });
});

const tree: JoinTree = {
  dialect: 'postgres',
  nodes: [
    { table: 'sales.orders', alias: 'sales_orders', parent: null, join: null },
    {
      table: 'hr.Staff',
      alias: 'hr_staff',
      parent: 'sales_orders',
      join: { edge: 'sales.orders(staff_id)->hr.Staff(id)', direction: 'forward', columns: [{ parent: 'staff_id', child: 'id' }] },
    },
  ],
};
