import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dbtArtifactsFromJson, readDbtArtifacts } from './dbt.js';
import { DBT_HUBSPOT, hasDbtHubspot } from './test-support/dbt-hubspot.js';
import type { TableProfile } from './types.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'test-support/dbt');
const MANIFEST = join(FIXTURES, 'manifest.json');
const json = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
interface DbtNode {
  unique_id: string;
  resource_type: string;
  name: string;
  alias?: string;
  identifier?: string;
  config: { materialized?: string };
  columns: Record<string, { name: string; description: string }>;
}

const byName = (tables: readonly TableProfile[]) => new Map(tables.map((t) => [t.name, t]));

describe('readDbtArtifacts on a hand-made v12 project', () => {
  it('reads models, seeds and sources as tables named by their relation; ephemeral, disabled, tests and analyses are no table', async () => {
    const { profile, aliases, notes } = await readDbtArtifacts(MANIFEST);
    expect(profile.engine).toBe('postgres');
    expect(profile.database).toBe('shop');
    expect(profile.tables.map((t) => t.name).sort()).toEqual([
      'analytics.customers',
      'country_codes',
      'marts.customers',
      'orders',
      'payments',
      'products_raw',
    ]);
    const tables = byName(profile.tables);
    expect(tables.get('orders')!.schema).toBe('analytics');
    expect(tables.get('marts.customers')!.schema).toBe('marts');
    expect(tables.get('payments')!.kind).toBe('view');
    expect(aliases).toEqual({ 'marts.customers': ['dim_customers'], products_raw: ['products'] });
    expect(notes[0]).toBe(`read ${join(FIXTURES, 'catalog.json')} beside the manifest for the warehouse's columns and types`);
    expect(notes).toContain('left out 1 columns the manifest documents but the catalog does not have (not in the warehouse)');
  });

  it('takes columns and types from the catalog, descriptions from the manifest', async () => {
    const tables = byName((await readDbtArtifacts(MANIFEST)).profile.tables);
    const orders = tables.get('orders')!;
    expect(orders.description).toBe('One row per order.');
    expect(orders.columns.map((c) => [c.name, c.declaredType, c.inferredType])).toEqual([
      ['order_id', 'integer', 'integer'],
      ['customer_id', 'integer', 'integer'],
      ['ordered_at', 'timestamp without time zone', 'date'],
      ['status', 'text', 'text'],
    ]);
    expect(orders.columns[3]!.description).toBe('placed, shipped, completed or returned.');
    const products = tables.get('products_raw')!;
    expect(products.columns.map((c) => c.name)).toEqual(['product_id', 'title', 'tags']);
    expect(products.columns[2]).toMatchObject({ declaredType: 'text[]', inferredType: 'unknown' });
    expect(products.columns[2]!.description).toBeUndefined();
    expect(orders.columns[0]).toMatchObject({ rowCount: 0, count: 0, distinct: 0, distinctExact: false, min: null, sample: [] });
  });

  it('declares keys from unique + not_null tests, constraints and relationships tests', async () => {
    const { profile, notes } = await readDbtArtifacts(MANIFEST);
    const tables = byName(profile.tables);
    expect(tables.get('analytics.customers')!.primaryKey).toEqual(['customer_id']); // email is unique but may be NULL
    expect(tables.get('orders')!.primaryKey).toEqual(['order_id']); // a column constraint
    expect(tables.get('payments')!.primaryKey).toEqual([]); // its not_null test has a where filter
    expect(tables.get('orders')!.foreignKeys).toEqual([
      { columns: ['customer_id'], referencedTable: 'analytics.customers', referencedColumns: ['customer_id'] },
    ]);
    expect(tables.get('payments')!.foreignKeys).toEqual([
      { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['order_id'] },
    ]);
    expect(notes).toContain('left out 1 relationships tests or foreign_key constraints naming a table or column not found');
  });

  it('reads the manifest alone (types from data_type) when told catalog: false', async () => {
    const { profile, notes } = await readDbtArtifacts(MANIFEST, { catalog: false });
    const orders = byName(profile.tables).get('orders')!;
    expect(orders.columns.map((c) => c.name)).toContain('dropped_column');
    expect(orders.columns[0]!.declaredType).toBe('');
    expect(notes[0]).toMatch(/^no catalog.json/);
  });

  it('maps the adapter onto an engine, an unknown one onto PostgreSQL with a note', () => {
    const withAdapter = (adapter: string) => {
      const manifest = json('manifest.json');
      manifest.metadata = { ...(manifest.metadata as object), adapter_type: adapter };
      return dbtArtifactsFromJson(manifest, undefined, { manifest: 'm.json' });
    };
    expect(withAdapter('snowflake').profile.engine).toBe('snowflake');
    expect(withAdapter('spark').profile.engine).toBe('databricks');
    const trino = withAdapter('trino');
    expect(trino.profile.engine).toBe('postgres');
    expect(trino.notes).toContain('dbt adapter "trino" has no SQL dialect here: SQL is written as for PostgreSQL');
  });

  it('refuses another manifest version, a file that is no manifest and a catalog of another kind, in one line naming the file', async () => {
    const v9 = join(FIXTURES, 'manifest-v9.json');
    await expect(readDbtArtifacts(v9)).rejects.toThrow(
      `${v9}: dbt manifest schema v9 is not read (v10, v11 or v12 are: dbt 1.6 or later writes them)`,
    );
    expect(() => dbtArtifactsFromJson({ nodes: {} }, undefined, { manifest: 'x.json' })).toThrow(
      'x.json: not a dbt manifest (no metadata.dbt_schema_version)',
    );
    expect(() => dbtArtifactsFromJson(json('manifest.json'), json('manifest.json'), { manifest: 'm.json', catalog: 'c.json' })).toThrow(
      'c.json: not a dbt catalog v1 (https://schemas.getdbt.com/dbt/manifest/v12.json)',
    );
    await expect(readDbtArtifacts(join(FIXTURES, 'missing.json'))).rejects.toThrow(
      `${join(FIXTURES, 'missing.json')}: cannot read it (ENOENT)`,
    );
  });
});

describe.skipIf(!hasDbtHubspot())('readDbtArtifacts on dbt-hubspot (../shared/benchmarks)', () => {
  it('has every model and source, and carries the description of every described column the warehouse has', async () => {
    const { profile } = await readDbtArtifacts(join(DBT_HUBSPOT, 'manifest.json'));
    const manifest = JSON.parse(readFileSync(join(DBT_HUBSPOT, 'manifest.json'), 'utf8'));
    const tables = new Map(profile.tables.map((t) => [t.name.toLowerCase(), t]));
    let described = 0;
    let carried = 0;
    const relations = [...Object.values(manifest.nodes), ...Object.values(manifest.sources)] as DbtNode[];
    for (const node of relations) {
      if (!['model', 'seed', 'snapshot', 'source'].includes(node.resource_type)) continue;
      const table = tables.get(String(node.identifier ?? node.alias ?? node.name).toLowerCase());
      if (node.config.materialized === 'ephemeral') {
        expect(table, node.unique_id).toBeUndefined();
        continue;
      }
      expect(table, node.unique_id).toBeDefined();
      for (const column of Object.values(node.columns)) {
        const present = table!.columns.find((c) => c.name.toLowerCase() === column.name.toLowerCase());
        if (!column.description || !present) continue;
        described += 1;
        if (present.description === column.description) carried += 1;
      }
    }
    expect(profile.tables.length).toBe(211);
    expect(described).toBeGreaterThan(1400);
    expect(carried / described).toBeGreaterThanOrEqual(0.99);
  });
});
