import type { JoinEdge } from '@guided-retrieval/join-inference';
import type { DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { ContextGraph } from './graph.js';
import { namespaceFromName } from './namespace.js';
import { GRAPH_FORMAT_VERSION, type GraphColumn, type GraphTable } from './types.js';

/** Descriptions and aliases known besides the profile: schema documentation, an LLM, a user. */
export interface Annotation {
  description?: string;
  aliases?: string[];
}

export interface Annotations {
  /** Keyed by table name (matched case-insensitively). */
  tables?: Record<string, Annotation>;
  /**
   * Keyed by table name, then by column name (both matched case-insensitively): not one
   * `table.column` string, which a table in a namespace (`sales.orders`) would make ambiguous.
   */
  columns?: Record<string, Record<string, Annotation>>;
}

/** Builds the context graph from a profile and its join edges (declared or inferred). */
export function buildContextGraph(profile: DatabaseProfile, edges: readonly JoinEdge[], annotations: Annotations = {}): ContextGraph {
  const tableNotes = lowerKeys(annotations.tables);
  const columnNotes = new Map(
    Object.entries(annotations.columns ?? {}).map(([table, columns]) => [table.toLowerCase(), lowerKeys(columns)]),
  );
  const tables = profile.tables.map((t) => toGraphTable(t, tableNotes, columnNotes));
  return new ContextGraph({
    formatVersion: GRAPH_FORMAT_VERSION,
    database: profile.database,
    engine: profile.engine,
    tables,
    edges: [...edges],
  });
}

function toGraphTable(
  table: TableProfile,
  tableNotes: Map<string, Annotation>,
  columnNotes: Map<string, Map<string, Annotation>>,
): GraphTable {
  const note = tableNotes.get(table.name.toLowerCase()) ?? {};
  const notesOfColumns = columnNotes.get(table.name.toLowerCase());
  const columns: GraphColumn[] = table.columns.map((c) => {
    const cn = notesOfColumns?.get(c.name.toLowerCase()) ?? {};
    return {
      name: c.name,
      declaredType: c.declaredType,
      inferredType: c.inferredType,
      description: cn.description ?? c.description ?? '',
      aliases: uniq(cn.aliases ?? []),
      stats: { rowCount: c.rowCount, count: c.count, nulls: c.nulls, distinct: c.distinct, min: c.min, max: c.max },
      sample: c.sample,
      ...(c.values ? { values: c.values } : {}),
    };
  });
  // `sales.orders` of schema `sales` is qualified by it; a name no `schema` explains (`public.orders`
  // of the default schema, a catalog export's names) by what comes before its last dot.
  const namespace = table.schema && table.name.startsWith(`${table.schema}.`) ? table.schema : namespaceFromName(table.name);
  return {
    name: table.name,
    ...(table.schema ? { schema: table.schema } : {}),
    ...(namespace === undefined ? {} : { namespace }),
    ...(table.kind ? { kind: table.kind } : {}),
    description: note.description ?? table.description ?? '',
    aliases: uniq(note.aliases ?? []),
    rowCount: table.rowCount,
    primaryKey: table.primaryKey,
    columns,
  };
}

function lowerKeys(record: Record<string, Annotation> | undefined): Map<string, Annotation> {
  return new Map(Object.entries(record ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

function uniq(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v.length > 0))];
}
