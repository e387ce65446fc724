/**
 * `guided build` from files that describe a schema with no database behind them, through the
 * built CLI: a dbt project's manifest.json (+ catalog.json) and an INFORMATION_SCHEMA.COLUMNS
 * export (+ keys); one-line errors for a manifest of another version and a CSV missing a column;
 * and the real dbt-hubspot project when ../shared/benchmarks has it (skipped and said otherwise).
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGraph } from '@guided-retrieval/context-graph';
import { Retriever } from '@guided-retrieval/retrieval';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, graphData, requireBuiltCli, type Sandbox, sandbox } from './test-support/cli.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURES = resolve(here, '../../../packages/profiler/src/test-support/dbt');
const HUBSPOT = process.env.GUIDED_DBT_HUBSPOT ?? resolve(here, '../../../../shared/benchmarks/dbt-hubspot');
const hubspot = existsSync(join(HUBSPOT, 'manifest.json'));
if (!hubspot) process.stderr.write(`dbt-hubspot tests skipped: ${HUBSPOT}/manifest.json not found (set GUIDED_DBT_HUBSPOT)\n`);

interface Graph {
  engine: string;
  database: string;
  tables: { name: string; schema?: string; description: string; aliases: string[]; columns: { name: string; description: string }[] }[];
  edges: { id: string; origin: string }[];
}

let box: Sandbox;
const file = (name: string) => join(box.work, name);
const graph = (name: string): Graph => graphData(file(name)) as Graph;

beforeAll(() => {
  requireBuiltCli();
  box = sandbox('build-schema-files');
  mkdirSync(file('target'));
  for (const name of ['manifest.json', 'catalog.json', 'manifest-v9.json']) copyFileSync(join(FIXTURES, name), file(`target/${name}`));
  mkdirSync(file('manifest-only'));
  copyFileSync(join(FIXTURES, 'manifest.json'), file('manifest-only/manifest.json'));
  writeFileSync(
    file('columns.csv'),
    '\uFEFFtable_schema,table_name,column_name,data_type,ordinal_position,comment\r\nsales,orders,order_id,INTEGER,1,"The order, by id"\r\nsales,orders,customer_id,INTEGER,2,\r\nsales,customers,customer_id,INTEGER,1,\r\nsales,customers,name,VARCHAR,2,"Full name, as ""typed"""\r\n',
  );
  writeFileSync(
    file('keys.csv'),
    'constraint_type,table_schema,table_name,column_name,referenced_table_schema,referenced_table_name,referenced_column_name\nPRIMARY KEY,sales,customers,customer_id,,,\n',
  );
  writeFileSync(file('no-type.csv'), 'table_schema,table_name,column_name\nsales,orders,order_id\n');
});

describe('guided build from a dbt manifest', () => {
  it('builds the graph from manifest.json, picking up catalog.json beside it and saying so', () => {
    const run = box.run(['build', 'target/manifest.json', '-o', 'dbt.graph.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`note: read ${file('target/catalog.json')} beside the manifest`);
    expect(run.stderr).toContain('inferring the other joins from names and keys (declared ones kept)');
    const g = graph('dbt.graph.json');
    expect(g.engine).toBe('postgres');
    expect(g.tables.map((t) => t.name).sort()).toEqual([
      'analytics.customers',
      'country_codes',
      'marts.customers',
      'orders',
      'payments',
      'products_raw',
    ]);
    const orders = g.tables.find((t) => t.name === 'orders')!;
    expect(orders).toMatchObject({ schema: 'analytics', description: 'One row per order.' });
    expect(orders.columns.find((c) => c.name === 'status')!.description).toBe('placed, shipped, completed or returned.');
    expect(g.tables.find((t) => t.name === 'products_raw')!.aliases).toEqual(['products']);
    const declared = g.edges
      .filter((e) => e.origin === 'declared')
      .map((e) => e.id)
      .sort();
    expect(declared).toEqual(['orders(customer_id)->analytics.customers(customer_id)', 'payments(order_id)->orders(order_id)']);
  });

  it('reads the manifest alone when no catalog.json is beside it, and --catalog names one', () => {
    const alone = box.run(['build', 'manifest-only/manifest.json', '-o', 'alone.graph.json']);
    expect(alone.status, alone.stderr).toBe(0);
    expect(alone.stderr).toContain('note: no catalog.json');
    const given = box.run(['build', 'manifest-only/manifest.json', '--catalog', 'target/catalog.json', '-o', 'given.graph.json']);
    expect(given.status, given.stderr).toBe(0);
    expect(graph('given.graph.json').tables.find((t) => t.name === 'orders')!.columns).toHaveLength(4);
  });

  it('refuses a v9 manifest, --keys with a manifest and --catalog with anything else, in one line', () => {
    expectOneLineError(
      box.run(['build', 'target/manifest-v9.json', '-o', 'v9.graph.json']),
      file('target/manifest-v9.json'),
      'dbt manifest schema v9 is not read',
    );
    expectOneLineError(box.run(['build', 'target/manifest.json', '--keys', 'keys.csv', '-o', 'x.graph.json']), '--keys applies to');
    expectOneLineError(box.run(['build', 'columns.csv', '--catalog', 'target/catalog.json', '-o', 'x.graph.json']), '--catalog applies to');
  });
});

describe('guided build from an INFORMATION_SCHEMA.COLUMNS export', () => {
  it('builds from columns.csv with --keys', () => {
    const run = box.run(['build', 'columns.csv', '--keys', 'keys.csv', '-o', 'export.graph.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('read the catalog export');
    const g = graph('export.graph.json');
    expect(g.tables.map((t) => [t.name, t.schema])).toEqual([
      ['orders', 'sales'],
      ['customers', 'sales'],
    ]);
    expect(g.tables[1]!.columns[1]!.description).toBe('Full name, as "typed"');
    expect(g.edges.map((e) => e.id)).toContain('orders(customer_id)->customers(customer_id)');
  });

  it('refuses a CSV missing a required column in one line naming the file and the column', () => {
    expectOneLineError(box.run(['build', 'no-type.csv', '-o', 'x.graph.json']), file('no-type.csv'), 'no column "data_type"');
  });
});

describe.skipIf(!hubspot)('guided build on dbt-hubspot (../shared/benchmarks)', () => {
  it('builds every relation, and plain questions find their tables', async () => {
    const run = box.run(['build', join(HUBSPOT, 'manifest.json'), '-o', 'hubspot.graph.json']);
    expect(run.status, run.stderr).toBe(0);
    const g = graph('hubspot.graph.json');
    expect(g.tables).toHaveLength(211);
    expect(g.edges.length).toBeGreaterThan(100);
    const retriever = await Retriever.create(await loadGraph(file('hubspot.graph.json')));
    const tables = async (question: string) => (await retriever.retrieve(question)).tables;
    expect(await tables('Which deals were won last month?')).toEqual(['hubspot__deals']);
    expect(await tables('Tickets per owner')).toEqual(['hubspot__tickets', 'stg_hubspot__owner']);
  });
});
