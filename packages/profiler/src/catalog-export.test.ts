import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogExportFromRows, exportRows, readCatalogExport } from './catalog-export.js';
import { POSTGRES_COLUMNS_QUERY, STANDARD_KEYS_QUERY } from './test-support/export-queries.js';
import { postgresUrl, scratchDatabase } from './test-support/postgres.js';

const dir = mkdtempSync(join(tmpdir(), 'catalog-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, body: string) => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};

const COLUMNS_CSV = [
  '\uFEFFTABLE_CATALOG,TABLE_SCHEMA,TABLE_NAME,COLUMN_NAME,DATA_TYPE,ORDINAL_POSITION,COMMENT',
  'SHOP,SALES,ORDERS,ORDER_ID,"NUMBER(38,0)",1,The order\'s id.',
  'SHOP,SALES,ORDERS,CUSTOMER_ID,"NUMBER(38,0)",3,"Who ordered, by id."',
  'SHOP,SALES,ORDERS,NOTE,VARCHAR,2,"Free text, ""as typed"",',
  'over two lines."',
  'SHOP,SALES,CUSTOMERS,CUSTOMER_ID,"NUMBER(38,0)",1,',
  'SHOP,SALES,CUSTOMERS,NAME,VARCHAR,2,',
  'SHOP,ARCHIVE,ORDERS,ORDER_ID,"NUMBER(38,0)",1,',
].join('\r\n');

const KEYS_CSV = [
  'constraint_type,constraint_name,table_schema,table_name,column_name,ordinal_position,referenced_table_schema,referenced_table_name,referenced_column_name',
  'PRIMARY KEY,PK_ORDERS,SALES,ORDERS,ORDER_ID,1,,,',
  'PRIMARY KEY,PK_CUSTOMERS,SALES,CUSTOMERS,CUSTOMER_ID,1,,,',
  'FOREIGN KEY,FK_ORDERS_CUSTOMER,SALES,ORDERS,CUSTOMER_ID,1,SALES,CUSTOMERS,CUSTOMER_ID',
  'FOREIGN KEY,FK_GONE,SALES,ORDERS,CUSTOMER_ID,1,SALES,NOWHERE,ID',
  'UNIQUE,UQ_NAME,SALES,CUSTOMERS,NAME,1,,,',
].join('\n');

describe('readCatalogExport', () => {
  it('reads a CSV export with a BOM, CRLF, quotes and embedded newlines; names tables bare or schema-qualified', async () => {
    const { profile, notes } = await readCatalogExport(write('columns.csv', COLUMNS_CSV), { engine: 'snowflake' });
    expect(profile).toMatchObject({ engine: 'snowflake', database: 'SHOP' });
    expect(profile.tables.map((t) => [t.name, t.schema])).toEqual([
      ['SALES.ORDERS', 'SALES'],
      ['CUSTOMERS', 'SALES'],
      ['ARCHIVE.ORDERS', 'ARCHIVE'],
    ]);
    const orders = profile.tables[0]!;
    expect(orders.columns.map((c) => [c.name, c.inferredType])).toEqual([
      ['ORDER_ID', 'integer'],
      ['NOTE', 'text'],
      ['CUSTOMER_ID', 'integer'],
    ]);
    expect(orders.columns[1]!.description).toBe('Free text, "as typed",\r\nover two lines.');
    expect(orders.columns[2]!.description).toBe('Who ordered, by id.');
    expect(notes).toEqual([]);
  });

  it('declares primary and foreign keys from a keys export; keys naming what is not there are left out with a note', async () => {
    const { profile, notes } = await readCatalogExport(write('columns.csv', COLUMNS_CSV), { keys: write('keys.csv', KEYS_CSV) });
    const [orders, customers] = profile.tables;
    expect(orders!.primaryKey).toEqual(['ORDER_ID']);
    expect(customers!.primaryKey).toEqual(['CUSTOMER_ID']);
    expect(orders!.foreignKeys).toEqual([{ columns: ['CUSTOMER_ID'], referencedTable: 'CUSTOMERS', referencedColumns: ['CUSTOMER_ID'] }]);
    expect(notes).toContain(`${join(dir, 'keys.csv')}: left out 1 keys naming a table or column not in the columns export`);
    expect(notes).toContain(`${join(dir, 'columns.csv')} has no engine column: SQL is written as for PostgreSQL (double-quoted names)`);
    expect(profile.engine).toBe('postgres');
  });

  it('reads the JSON form (an array of row objects, values as strings or numbers), with an engine column', () => {
    const rows = exportRows(
      JSON.stringify([
        { table_schema: 'crm', table_name: 'deals', column_name: 'deal_id', data_type: 'INT64', ordinal_position: 1, engine: 'bigquery' },
        { table_schema: 'crm', table_name: 'deals', column_name: 'amount', data_type: 'FLOAT64', ordinal_position: 2, description: null },
      ]),
      'columns.json',
    );
    const { profile } = catalogExportFromRows(rows, undefined);
    expect(profile.engine).toBe('bigquery');
    expect(profile.database).toBe('columns');
    expect(profile.tables[0]!.columns.map((c) => c.inferredType)).toEqual(['integer', 'real']);
  });

  it('refuses a file missing a required column, an unknown engine, an empty file and JSON of another shape, in one line naming the file', async () => {
    const missing = write('no-type.csv', 'table_schema,table_name,column_name\ns,t,c\n');
    await expect(readCatalogExport(missing)).rejects.toThrow(
      `${missing}: no column "data_type" (an INFORMATION_SCHEMA.COLUMNS export needs table_schema, table_name, column_name, data_type)`,
    );
    const keys = write('bad-keys.csv', 'table_schema,table_name,column_name\ns,t,c\n');
    await expect(readCatalogExport(write('ok.csv', COLUMNS_CSV), { keys })).rejects.toThrow(`${keys}: no column "constraint_type"`);
    expect(() =>
      catalogExportFromRows(exportRows('table_schema,table_name,column_name,data_type,engine\ns,t,c,int,oracle\n', 'x.csv'), undefined),
    ).toThrow('x.csv: engine "oracle" is not one of sqlite, postgres, duckdb, mysql, snowflake, bigquery, redshift, databricks');
    expect(() => catalogExportFromRows(exportRows('', 'empty.csv'), undefined)).toThrow('empty.csv: no rows');
    expect(() => exportRows('{"columns": []}', 'c.json')).toThrow('c.json: expected a JSON array of row objects (one per column)');
    expect(() => exportRows('a\n"open', 'q.csv')).toThrow('q.csv: a quoted field is not closed before the end of the file');
  });
});

const admin = postgresUrl();
describe.skipIf(admin === undefined)('the documented PostgreSQL export queries, run on a real server', () => {
  it('yield exactly the format read: columns with comments, keys with a composite foreign key', async () => {
    const db = await scratchDatabase(admin!, 'dbt_catalog_export', [
      'CREATE SCHEMA billing',
      'CREATE TABLE billing.accounts (region text, account_no int, name text, PRIMARY KEY (region, account_no))',
      "COMMENT ON TABLE billing.accounts IS 'Who we bill.'",
      "COMMENT ON COLUMN billing.accounts.name IS 'The account''s legal name.'",
      'CREATE TABLE public.invoices (invoice_id int PRIMARY KEY, region text, account_no int, FOREIGN KEY (account_no, region) REFERENCES billing.accounts (account_no, region))',
    ]);
    try {
      const columns = (await db.client.query(POSTGRES_COLUMNS_QUERY)).rows;
      const keys = (await db.client.query(STANDARD_KEYS_QUERY)).rows;
      const { profile } = catalogExportFromRows(
        exportRows(JSON.stringify(columns), 'columns.json'),
        exportRows(JSON.stringify(keys), 'keys.json'),
      );
      expect(profile.engine).toBe('postgres');
      expect(profile.database).toBe('dbt_catalog_export');
      const accounts = profile.tables.find((t) => t.name === 'accounts')!;
      expect(accounts).toMatchObject({ schema: 'billing', description: 'Who we bill.', primaryKey: ['region', 'account_no'] });
      expect(accounts.columns[2]!.description).toBe("The account's legal name.");
      const invoices = profile.tables.find((t) => t.name === 'invoices')!;
      expect(invoices.primaryKey).toEqual(['invoice_id']);
      expect(invoices.foreignKeys).toEqual([
        { columns: ['account_no', 'region'], referencedTable: 'accounts', referencedColumns: ['account_no', 'region'] },
      ]);
    } finally {
      await db.drop();
    }
  });
});
