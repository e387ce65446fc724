import { type ContextGraph, graphFromSchema, type SchemaTableSpec } from '@guided-retrieval/context-graph';
import { describe, expect, it } from 'vitest';
import { buildInvertedIndex, type IndexOptions } from './build-index.js';
import { descriptionIndex } from './descriptions.js';
import type { IndexEntry } from './index-entry.js';
import { defaultGroundingParams, withGroundingParams } from './params.js';
import { buildEagerIndex, eagerDescriptionIndex } from './test-support/eager-index.js';
import { smallSchemaGraph } from './test-support/small-schema.js';
import { tpchSchemaGraph } from './test-support/tpch-schema.js';

/** A warehouse in miniature: namespaces, names repeated in every table, aliases, descriptions, values, islands. */
function warehouse(options: { duplicateColumn?: boolean } = {}): ContextGraph {
  const spaces = ['crm', 'hr', 'fin'];
  const tables: SchemaTableSpec[] = [];
  for (const space of spaces) {
    for (const thing of ['account', 'employee', 'invoice', 'account_owner']) {
      const name = `${space}_${thing}`;
      tables.push({
        name,
        ...(thing === 'invoice' ? { aliases: ['bill'], description: 'Invoices sent to customers' } : {}),
        columns: [
          { name: `${name}_id`, inferredType: 'integer' },
          { name: 'name', inferredType: 'text', sample: [`${thing} one`, 'Sales Manager', 'North'] },
          { name: 'status', inferredType: 'text', sample: ['open', 'closed'] },
          { name: 'customer_id', inferredType: 'integer' },
          { name: 'createddate', inferredType: 'date', description: 'When the row was created' },
          { name: 'acctbal', inferredType: 'real', aliases: ['account balance'] },
          ...(options.duplicateColumn && thing === 'employee' ? [{ name: 'status', inferredType: 'integer' as const }] : []),
        ],
      });
    }
  }
  tables.push({
    name: 'customer',
    columns: [
      { name: 'customer_id', inferredType: 'integer' },
      { name: 'name', inferredType: 'text' },
    ],
  });
  // No key reaches the fin_ tables: each is an island of its own, where "name" and "status" are counted apart.
  const foreignKeys = tables
    .filter((t) => !t.name.startsWith('fin_') && t.name !== 'customer')
    .map((t) => ({ fromTable: t.name, fromColumns: ['customer_id'], toTable: 'customer', toColumns: ['customer_id'] }));
  return graphFromSchema({ database: 'warehouse', tables, foreignKeys });
}

/** A schema written in one case with a naming convention's prefix (`sbcustomer`, `sbcustid`). */
function convention(): ContextGraph {
  return graphFromSchema({
    database: 'broker',
    tables: [
      { name: 'sbcustomer', columns: ['sbcustid', 'sbcustname', 'sbcuststate', 'sbcustemail'] },
      { name: 'sbticker', columns: ['sbtickerid', 'sbtickersymbol', 'sbtickername'] },
    ],
  });
}

/** What the eager index reads an unselective key by (lookup.ts before postings): table names whole, then the tables'. */
function eagerOfTables(entries: readonly IndexEntry[], tables: ReadonlySet<string>): IndexEntry[] {
  const names = entries.filter((e) => e.column === null && e.coverage === 1 && !tables.has(e.table));
  return [...names, ...[...tables].flatMap((t) => entries.filter((e) => e.table === t))];
}

const TESTS: ((e: Pick<IndexEntry, 'kind' | 'keyKind' | 'coverage' | 'column'>) => boolean)[] = [
  (e) => e.kind !== 'value' || e.coverage === 1,
  (e) => e.kind !== 'value' && e.keyKind !== 'synonym' && e.keyKind !== 'abbreviation' && (e.coverage === 1 || e.column === null),
  (e) => e.kind === 'value' && e.coverage < 1,
];

function expectSameIndex(graph: ContextGraph, options: IndexOptions = { params: defaultGroundingParams() }): void {
  const eager = buildEagerIndex(graph, options);
  const index = buildInvertedIndex(graph, options);
  expect(new Set(index.keys())).toEqual(new Set(eager.keys()));
  expect(index.size).toBe(eager.size);
  const someTables = [graph.tables[0]!.name, graph.tables[graph.tables.length - 1]!.name, graph.tables[1]!.name];
  for (const [key, entries] of eager) {
    const posting = index.posting(key)!;
    expect(posting.entries(), key).toEqual(entries);
    expect(posting.size, key).toBe(entries.length);
    for (const test of TESTS) expect(posting.some(test), key).toBe(entries.some(test));
    // Few tables are scanned block by block; many, through the key's entries grouped by table once.
    const all = new Set(graph.tables.map((t) => t.name).reverse());
    for (const tables of [...someTables.map((_, n) => new Set(someTables.slice(0, n + 1))), all, new Set(someTables.slice(0, 1))]) {
      expect(posting.ofTables(tables), key).toEqual(eagerOfTables(entries, tables));
    }
  }
}

describe('the index kept per signature', () => {
  it('lists every key’s entries as the eager index did: same entries, same order, same table frequencies', () => {
    expectSameIndex(tpchSchemaGraph());
    expectSameIndex(smallSchemaGraph());
    expectSameIndex(smallSchemaGraph({ withForeignKeys: false }));
    expectSameIndex(convention());
  });

  it('does so on a warehouse of namespaces, repeated names, aliases, descriptions, values and islands', () => {
    expectSameIndex(warehouse());
    expectSameIndex(warehouse(), { params: withGroundingParams({ foreignKeyColumns: false, descriptionAliases: false }) });
    expectSameIndex(warehouse(), {
      params: defaultGroundingParams(),
      synonyms: (w) => (w === 'account' ? ['history', 'report'] : w === 'status' ? ['position'] : []),
    });
  });

  it('merges an element indexed twice (two columns of one name) as the eager index did', () => {
    expectSameIndex(warehouse({ duplicateColumn: true }));
  });

  it('keeps the description index as the eager one did, words too common in an island left out', () => {
    expect(eagerDescriptionIndex(warehouse(), defaultGroundingParams()).size).toBeGreaterThan(0);
    for (const graph of [warehouse(), warehouse({ duplicateColumn: true }), tpchSchemaGraph()]) {
      for (const describedMaxTables of [1, 3, 100]) {
        const params = { ...defaultGroundingParams(), describedMaxTables };
        const eager = eagerDescriptionIndex(graph, params);
        const index = descriptionIndex(graph, params);
        expect(new Set(index.keys())).toEqual(new Set(eager.keys()));
        for (const [word, entries] of eager) expect(index.get(word), word).toEqual(entries);
      }
    }
  });

  it('shares the keys of a name however many tables repeat it', () => {
    const index = buildInvertedIndex(warehouse(), { params: defaultGroundingParams() });
    // `status` in all 12 tables of the namespaces, counted per island: 8 joined tables, and 4 joined to nothing.
    const status = index.get('status')!.filter((e) => e.kind === 'column');
    expect(status).toHaveLength(12);
    expect(new Set(status.map((e) => e.tableFrequency))).toEqual(new Set([8, 1]));
    expect(index.distinctValues('crm_account', 'status')).toBe(2);
    expect(index.distinctValues('crm_account', 'acctbal')).toBe(0);
  });
});
