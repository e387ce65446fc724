import type { JoinEdge } from '@guided-retrieval/join-inference';
import { GraphValidationError } from './errors.js';
import type { GraphColumn, GraphTable } from './types.js';

/**
 * The columns and join edges of each table, by the table's index: column look-ups through a Map
 * per table (made when the table is first asked about), each edge checked against them once.
 */
export class TableEdges {
  private readonly columnsByName: (Map<string, GraphColumn> | undefined)[] = [];
  /** The tables each edge leaves and enters. */
  private readonly edgeFrom: Int32Array;
  private readonly edgeTo: Int32Array;
  /** The edges leaving and entering each table, in the order given. */
  private readonly outIds: number[][];
  private readonly inIds: number[][];
  private readonly outOrdered: (readonly JoinEdge[] | undefined)[] = [];
  private readonly inOrdered: (readonly JoinEdge[] | undefined)[] = [];

  /** `find` gives a table's index by its name in any case, or -1. Throws `GraphValidationError` for an edge naming what is not there, or given twice. */
  constructor(
    private readonly tables: readonly GraphTable[],
    private readonly edges: readonly JoinEdge[],
    find: (table: string) => number,
  ) {
    this.edgeFrom = new Int32Array(edges.length);
    this.edgeTo = new Int32Array(edges.length);
    this.outIds = tables.map(() => []);
    this.inIds = tables.map(() => []);
    const ids = new Set<string>();
    for (let i = 0; i < edges.length; i++) {
      const edge = edges[i]!;
      const from = find(edge.fromTable);
      const to = find(edge.toTable);
      if (from < 0 || to < 0) {
        throw new GraphValidationError(`join edge ${edge.id} names a missing table: ${from >= 0 ? edge.toTable : edge.fromTable}`);
      }
      this.requireColumns(edge, from, edge.fromColumns);
      this.requireColumns(edge, to, edge.toColumns);
      if (ids.has(edge.id)) throw new GraphValidationError(`duplicate join edge: ${edge.id}`);
      ids.add(edge.id);
      this.edgeFrom[i] = from;
      this.edgeTo[i] = to;
      this.outIds[from]!.push(i);
      this.inIds[to]!.push(i);
    }
  }

  /** The column of `table` named exactly `name`, else the first named so in another case. */
  column(table: number, name: string): GraphColumn | undefined {
    let columns = this.columnsByName[table];
    if (!columns) {
      // Exact names, then each lower-case name not already there (`ID` and `id` are two columns).
      columns = new Map();
      for (const c of this.tables[table]!.columns) if (!columns.has(c.name)) columns.set(c.name, c);
      for (const c of this.tables[table]!.columns) {
        const key = c.name.toLowerCase();
        if (!columns.has(key)) columns.set(key, c);
      }
      this.columnsByName[table] = columns;
    }
    return columns.get(name) ?? columns.get(name.toLowerCase());
  }

  /**
   * Edges leaving `table`, grouped by the table they enter in the order each was first entered,
   * within a group the last given first: the order of the graphology multigraph the graph was kept
   * in until version 2 of the file, which callers' tie-breaks were tuned on.
   */
  out(table: number): JoinEdge[] {
    this.outOrdered[table] ??= this.byNeighbour(this.outIds[table]!, this.edgeTo);
    return [...this.outOrdered[table]];
  }

  /** Edges entering `table`, grouped by the table they leave, as `out` groups them. */
  in(table: number): JoinEdge[] {
    this.inOrdered[table] ??= this.byNeighbour(this.inIds[table]!, this.edgeFrom);
    return [...this.inOrdered[table]];
  }

  inDegree(table: number): number {
    return this.inIds[table]!.length;
  }

  private requireColumns(edge: JoinEdge, table: number, columns: readonly string[]): void {
    for (const c of columns) {
      if (!this.column(table, c))
        throw new GraphValidationError(`join edge ${edge.id} names a missing column: ${this.tables[table]!.name}.${c}`);
    }
  }

  private byNeighbour(ids: readonly number[], neighbourOf: Int32Array): JoinEdge[] {
    const groups = new Map<number, number[]>();
    for (const i of ids) {
      const group = groups.get(neighbourOf[i]!);
      if (group) group.push(i);
      else groups.set(neighbourOf[i]!, [i]);
    }
    const out: JoinEdge[] = [];
    for (const group of groups.values()) for (let k = group.length - 1; k >= 0; k--) out.push(this.edges[group[k]!]!);
    return out;
  }
}
