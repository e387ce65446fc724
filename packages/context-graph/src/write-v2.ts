/**
 * The graph file, format version 2: columnar JSON, a line per table and per field of the edges.
 *
 * ```text
 * { "formatVersion": 2, "database": "shop", "engine"?: "sqlite",
 *   "evidence": ["declared FOREIGN KEY", …],          every distinct evidence text, once
 *   "tables": [ { "name", "schema"?, "namespace"?, "kind"?, "description"?, "aliases"?, "rowCount"?, "primaryKey"?,
 *                 "columns": { "name": […], "declaredType"?: […], "inferredType"?: […], "description"?: […],
 *                              "aliases"?: […], "stats"?: […], "sample"?: […], "values"?: […] } }, … ],
 *   "edges": { "from": […], "fromColumns": […], "to": […], "toColumns": […],
 *              "evidence"?: […], "confidence"?: […], "origin"?: […], "id"?: { "7": "…" } } }
 * ```
 *
 * - A table's `description` (""), `aliases` ([]), `rowCount` (0) and `primaryKey` ([]) are left
 *   out at their defaults; `namespace` is written when the table has one. A file without it (one
 *   written before it existed) gets it from each name on load: what comes before the last dot.
 * - A table's columns are a list per field, an entry per column; a field whose every entry is at
 *   its default ("", "unknown", "", [], null, [], none) is left out. A `stats` entry is null or
 *   `[rowCount, count, nulls, distinct, min, max]`; a `sample` entry is `[value, count, value,
 *   count, …]`; a `values` entry is null or the profile's object as it is.
 * - The edges are a list per field, an entry per edge. `from`/`to` hold the table's index in
 *   `tables`, `fromColumns`/`toColumns` the column's index in its table's `columns.name` (a list
 *   for a key of several columns); a name an edge spells otherwise than its table does (another
 *   case) is written as the edge spells it. An `evidence` entry is an index into the top-level
 *   `evidence` or a list of them; `evidence` (none), `confidence` (1), `origin` ("declared") and
 *   `role` (`null`: none) are left out when every edge has the default, and `id` holds, by edge
 *   index, only the ids that are not the one `joinEdgeId` gives.
 *
 * Lists of numbers rather than an object or array per edge: JSON.parse reads 188,000 edges'
 * worth in a fifth of the time, and the parsed file is a few long lists instead of as many
 * small objects for the garbage collector to move while the graph is built.
 */
import type { JoinEdge } from '@guided-retrieval/join-inference';
import { joinEdgeId } from '@guided-retrieval/join-inference/internal';
import type { ContextGraph } from './graph.js';
import type { GraphColumn, GraphTable } from './types.js';

/** Version 2's text: what `serializeGraph` writes. */
export function writeGraphV2(graph: ContextGraph): string {
  const data = graph.toData();
  const head: Record<string, unknown> = { formatVersion: 2, database: data.database };
  if (data.engine !== undefined) head.engine = data.engine;
  const evidence = new Map<string, number>();
  const edges = edgeFields(data.edges, new TableRefs(data.tables), evidence);
  const tables = data.tables.map(tableText);
  return [
    `${JSON.stringify(head).slice(0, -1)},`,
    `"evidence":${JSON.stringify([...evidence.keys()])},`,
    `"tables":[\n${tables.join(',\n')}\n],`,
    `"edges":{\n${edges}\n}}\n`,
  ].join('\n');
}

function tableText(table: GraphTable): string {
  const head: Record<string, unknown> = { name: table.name };
  if (table.schema !== undefined) head.schema = table.schema;
  if (table.namespace !== undefined) head.namespace = table.namespace;
  if (table.kind !== undefined) head.kind = table.kind;
  if (table.description !== '') head.description = table.description;
  if (table.aliases.length > 0) head.aliases = table.aliases;
  if (table.rowCount !== 0) head.rowCount = table.rowCount;
  if (table.primaryKey.length > 0) head.primaryKey = table.primaryKey;
  return `${JSON.stringify(head).slice(0, -1)},"columns":${JSON.stringify(columnFields(table.columns))}}`;
}

function columnFields(columns: readonly GraphColumn[]): Record<string, unknown[]> {
  const fields: Record<string, unknown[]> = { name: columns.map((c) => c.name) };
  const field = (key: string, entry: (c: GraphColumn) => unknown, isDefault: (c: GraphColumn) => boolean) => {
    if (!columns.every(isDefault)) fields[key] = columns.map(entry);
  };
  field(
    'declaredType',
    (c) => c.declaredType,
    (c) => c.declaredType === '',
  );
  field(
    'inferredType',
    (c) => c.inferredType,
    (c) => c.inferredType === 'unknown',
  );
  field(
    'description',
    (c) => c.description,
    (c) => c.description === '',
  );
  field(
    'aliases',
    (c) => c.aliases,
    (c) => c.aliases.length === 0,
  );
  field(
    'stats',
    ({ stats: s }) => s && [s.rowCount, s.count, s.nulls, s.distinct, s.min, s.max],
    (c) => c.stats === null,
  );
  field(
    'sample',
    (c) => c.sample.flatMap((s) => [s.value, s.count]),
    (c) => c.sample.length === 0,
  );
  field(
    'values',
    (c) => c.values ?? null,
    (c) => c.values === undefined,
  );
  return fields;
}

function edgeFields(edges: readonly JoinEdge[], refs: TableRefs, evidence: Map<string, number>): string {
  const from: unknown[] = [];
  const fromColumns: unknown[] = [];
  const to: unknown[] = [];
  const toColumns: unknown[] = [];
  const texts: unknown[] = [];
  const ids: Record<string, string> = {};
  for (const [i, edge] of edges.entries()) {
    const f = refs.table(edge.fromTable);
    const t = refs.table(edge.toTable);
    from.push(f ?? edge.fromTable);
    fromColumns.push(refs.columns(f, edge.fromColumns));
    to.push(t ?? edge.toTable);
    toColumns.push(refs.columns(t, edge.toColumns));
    const indexes = edge.evidence.map((text) => {
      const known = evidence.get(text);
      if (known !== undefined) return known;
      evidence.set(text, evidence.size);
      return evidence.size - 1;
    });
    texts.push(indexes.length === 1 ? indexes[0] : indexes);
    if (edge.id !== joinEdgeId(edge.fromTable, edge.fromColumns, edge.toTable, edge.toColumns)) ids[i] = edge.id;
  }
  const lines = [`"from":${JSON.stringify(from)}`, `"fromColumns":${JSON.stringify(fromColumns)}`];
  lines.push(`"to":${JSON.stringify(to)}`, `"toColumns":${JSON.stringify(toColumns)}`);
  if (edges.some((e) => e.evidence.length > 0)) lines.push(`"evidence":${JSON.stringify(texts)}`);
  if (edges.some((e) => e.confidence !== 1)) lines.push(`"confidence":${JSON.stringify(edges.map((e) => e.confidence))}`);
  if (edges.some((e) => e.origin !== 'declared')) lines.push(`"origin":${JSON.stringify(edges.map((e) => e.origin))}`);
  if (edges.some((e) => e.role)) lines.push(`"role":${JSON.stringify(edges.map((e) => e.role ?? null))}`);
  if (Object.keys(ids).length > 0) lines.push(`"id":${JSON.stringify(ids)}`);
  return lines.join(',\n');
}

/** Tables and columns by their exact names, for the indexes edges refer to them by. */
class TableRefs {
  private readonly index = new Map<string, number>();
  private readonly columnIndex: (Map<string, number> | undefined)[] = [];

  constructor(private readonly tables: readonly GraphTable[]) {
    for (const [i, t] of tables.entries()) if (!this.index.has(t.name)) this.index.set(t.name, i);
  }

  table(name: string): number | undefined {
    return this.index.get(name);
  }

  /** One column's reference bare, several as a list; by name where the table is, or the column is not found, by name. */
  columns(table: number | undefined, names: readonly string[]): unknown {
    const refs = names.map((name) => (table === undefined ? name : (this.columnsOf(table).get(name) ?? name)));
    return refs.length === 1 ? refs[0] : refs;
  }

  private columnsOf(table: number): Map<string, number> {
    let map = this.columnIndex[table];
    if (!map) {
      map = new Map();
      for (const [i, c] of this.tables[table]!.columns.entries()) if (!map.has(c.name)) map.set(c.name, i);
      this.columnIndex[table] = map;
    }
    return map;
  }
}
