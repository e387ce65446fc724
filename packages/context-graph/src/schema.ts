import type { JoinEdge } from '@guided-retrieval/join-inference';
import { joinEdgeId } from '@guided-retrieval/join-inference/internal';
import type { InferredType } from '@guided-retrieval/profiler';
import { ContextGraph } from './graph.js';
import { namespaceFromName } from './namespace.js';
import { GRAPH_FORMAT_VERSION, type GraphTable } from './types.js';

/**
 * A schema described without a live database (a benchmark's schema file, a hand-written
 * example): names, types, descriptions, a few sample values and declared keys.
 */
export interface SchemaSpec {
  database: string;
  tables: SchemaTableSpec[];
  foreignKeys?: SchemaForeignKeySpec[];
}

export interface SchemaTableSpec {
  /** `DB.SCHEMA.TABLE` or `schema.table` for a table in a namespace (`GraphTable.namespace`: what comes before the last dot). */
  name: string;
  description?: string;
  aliases?: string[];
  primaryKey?: string[];
  /** A bare string is a column name of unknown type. */
  columns: (string | SchemaColumnSpec)[];
}

export interface SchemaColumnSpec {
  name: string;
  type?: string;
  inferredType?: InferredType;
  description?: string;
  aliases?: string[];
  /** Sample values, most representative first. */
  sample?: (string | number)[];
}

export interface SchemaForeignKeySpec {
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
}

export function graphFromSchema(spec: SchemaSpec): ContextGraph {
  const tables: GraphTable[] = spec.tables.map((t) => ({
    name: t.name,
    ...namespaceOf(t.name),
    description: t.description ?? '',
    aliases: t.aliases ?? [],
    rowCount: 0,
    primaryKey: t.primaryKey ?? [],
    columns: t.columns.map((c) => {
      const col = typeof c === 'string' ? { name: c } : c;
      return {
        name: col.name,
        declaredType: col.type ?? '',
        inferredType: col.inferredType ?? 'unknown',
        description: col.description ?? '',
        aliases: col.aliases ?? [],
        stats: null,
        sample: (col.sample ?? []).map((value) => ({ value, count: 1 })),
      };
    }),
  }));
  const edges: JoinEdge[] = (spec.foreignKeys ?? []).map((fk) => ({
    id: joinEdgeId(fk.fromTable, fk.fromColumns, fk.toTable, fk.toColumns),
    fromTable: fk.fromTable,
    fromColumns: fk.fromColumns,
    toTable: fk.toTable,
    toColumns: fk.toColumns,
    origin: 'declared',
    confidence: 1,
    evidence: ['declared FOREIGN KEY'],
  }));
  return new ContextGraph({ formatVersion: GRAPH_FORMAT_VERSION, database: spec.database, tables, edges });
}

function namespaceOf(name: string): { namespace?: string } {
  const namespace = namespaceFromName(name);
  return namespace === undefined ? {} : { namespace };
}

/**
 * Shorthand for small hand-made graphs: `edges` as `'A.x->B.y'` (composite: `'A.x,y->B.p,q'`).
 * Tables are created with the columns the edges mention plus `columns`.
 */
export function graphFromEdgeList(database: string, edges: readonly string[], columns: Record<string, string[]> = {}): ContextGraph {
  const tableColumns = new Map<string, Set<string>>();
  const add = (table: string, cols: readonly string[]) => {
    const set = tableColumns.get(table) ?? new Set<string>();
    for (const c of cols) set.add(c);
    tableColumns.set(table, set);
  };
  for (const [table, cols] of Object.entries(columns)) add(table, cols);
  const foreignKeys = edges.map((text) => {
    const match = /^(?<fromTable>\w+)\.(?<from>[\w,]+)->(?<toTable>\w+)\.(?<to>[\w,]+)$/.exec(text.replace(/\s+/g, ''));
    const { fromTable, from, toTable, to } = match?.groups ?? {};
    if (!fromTable || !from || !toTable || !to) throw new Error(`edge must look like 'A.x->B.y': ${text}`);
    add(fromTable, from.split(','));
    add(toTable, to.split(','));
    return { fromTable, fromColumns: from.split(','), toTable, toColumns: to.split(',') };
  });
  return graphFromSchema({
    database,
    tables: [...tableColumns].map(([name, cols]) => ({ name, columns: [...cols] })),
    foreignKeys,
  });
}
