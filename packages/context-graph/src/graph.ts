import { MultiDirectedGraph } from 'graphology';
import type { JoinEdge } from '@guided-retrieval/join-inference';
import type { ContextGraphData, GraphColumn, GraphTable, JoinPath, PathOptions } from './types.js';

export class GraphValidationError extends Error {
  override name = 'GraphValidationError';
}

/**
 * The context graph: tables (nodes) and join edges (directed, parallel edges allowed), with the
 * reachability of every table computed once so that exploration costs nothing per question.
 * Immutable after construction.
 */
export class ContextGraph {
  readonly database: string;
  private readonly data: ContextGraphData;
  private readonly graph = new MultiDirectedGraph<{ table: GraphTable }, { edge: JoinEdge }>();
  private readonly byLowerName = new Map<string, GraphTable>();
  private readonly reach = new Map<string, ReadonlySet<string>>();
  private readonly linked = new Map<string, ReadonlySet<string>>();

  constructor(data: ContextGraphData) {
    this.data = data;
    this.database = data.database;
    for (const table of data.tables) {
      const key = table.name.toLowerCase();
      if (this.byLowerName.has(key)) throw new GraphValidationError(`duplicate table name: ${table.name}`);
      this.byLowerName.set(key, table);
      this.graph.addNode(table.name, { table });
    }
    for (const edge of data.edges) this.addEdge(edge);
    for (const table of data.tables) {
      this.reach.set(table.name, this.computeReachable(table.name, (t) => this.graph.outNeighbors(t)));
      this.linked.set(table.name, this.computeReachable(table.name, (t) => this.graph.neighbors(t)));
    }
  }

  get tables(): readonly GraphTable[] {
    return this.data.tables;
  }

  get edges(): readonly JoinEdge[] {
    return this.data.edges;
  }

  /** Case-insensitive lookup. */
  table(name: string): GraphTable | undefined {
    return this.byLowerName.get(name.toLowerCase());
  }

  column(table: string, column: string): GraphColumn | undefined {
    const lower = column.toLowerCase();
    return this.table(table)?.columns.find((c) => c.name.toLowerCase() === lower);
  }

  /** Edges leaving `table` (it holds the foreign key), in declaration order. */
  outEdges(table: string): JoinEdge[] {
    const t = this.require(table);
    return this.graph.mapOutEdges(t.name, (_key, attributes) => attributes.edge);
  }

  inEdges(table: string): JoinEdge[] {
    const t = this.require(table);
    return this.graph.mapInEdges(t.name, (_key, attributes) => attributes.edge);
  }

  /** R(t): every table reachable from `table` along directed join edges, `table` excluded. */
  reachable(table: string): ReadonlySet<string> {
    return this.reach.get(this.require(table).name) ?? new Set();
  }

  /** Every table connected to `table` by join edges in either direction, `table` excluded. */
  linkedTables(table: string): ReadonlySet<string> {
    return this.linked.get(this.require(table).name) ?? new Set();
  }

  /**
   * Every simple path (no table visited twice) from `source` to `target`, shortest first, then by
   * edge ids, so the order is deterministic; `maxPaths` keeps the shortest. `source === target`
   * gives the one empty path.
   */
  paths(source: string, target: string, options: PathOptions = {}): JoinPath[] {
    const from = this.require(source).name;
    const to = this.require(target).name;
    if (from === to) return [{ source: from, target: to, tables: [from], edges: [] }];
    const reverse = options.reverse ?? false;
    const reach = (t: string) => (reverse ? this.linkedTables(t) : this.reachable(t));
    if (!reach(from).has(to)) return [];
    const maxLength = options.maxLength ?? 6;
    const maxPaths = options.maxPaths ?? 64;
    const found: JoinPath[] = [];
    // Iterative deepening, so that the paths kept under maxPaths are the shortest ones.
    for (let length = 1; length <= maxLength && found.length < maxPaths; length++) {
      const ofLength: JoinPath[] = [];
      this.walk(from, to, length, [from], [], ofLength, reverse, reach);
      found.push(...ofLength.sort(comparePaths).slice(0, maxPaths - found.length));
    }
    return found;
  }

  /** The fewest edges from `source` to `target` (0 for itself), or undefined when unreachable. */
  distance(source: string, target: string): number | undefined {
    const from = this.require(source).name;
    const to = this.require(target).name;
    const depth = new Map([[from, 0]]);
    const queue = [from];
    while (queue.length > 0) {
      const at = queue.shift()!;
      if (at === to) return depth.get(at);
      for (const next of this.graph.outNeighbors(at)) {
        if (!depth.has(next)) {
          depth.set(next, depth.get(at)! + 1);
          queue.push(next);
        }
      }
    }
    return undefined;
  }

  private walk(
    at: string, to: string, left: number, tables: string[], edges: JoinEdge[], out: JoinPath[],
    reverse: boolean, reach: (t: string) => ReadonlySet<string>,
  ): void {
    const steps = reverse ? [...this.outEdges(at), ...this.inEdges(at).map(reverseEdge)] : this.outEdges(at);
    for (const edge of steps) {
      const next = edge.toTable;
      if (tables.includes(next)) continue;
      if (left === 1) {
        if (next === to) out.push({ source: tables[0]!, target: to, tables: [...tables, next], edges: [...edges, edge] });
        continue;
      }
      if (next === to || !reach(next).has(to)) continue;
      tables.push(next);
      edges.push(edge);
      this.walk(next, to, left - 1, tables, edges, out, reverse, reach);
      tables.pop();
      edges.pop();
    }
  }

  toData(): ContextGraphData {
    return this.data;
  }

  private require(name: string): GraphTable {
    const table = this.table(name);
    if (!table) throw new GraphValidationError(`unknown table: ${name}`);
    return table;
  }

  private addEdge(edge: JoinEdge): void {
    const from = this.table(edge.fromTable);
    const to = this.table(edge.toTable);
    if (!from || !to) {
      throw new GraphValidationError(`join edge ${edge.id} names a missing table: ${from ? edge.toTable : edge.fromTable}`);
    }
    for (const [table, columns] of [[from, edge.fromColumns], [to, edge.toColumns]] as const) {
      for (const c of columns) {
        if (!this.column(table.name, c)) throw new GraphValidationError(`join edge ${edge.id} names a missing column: ${table.name}.${c}`);
      }
    }
    if (this.graph.hasEdge(edge.id)) throw new GraphValidationError(`duplicate join edge: ${edge.id}`);
    this.graph.addEdgeWithKey(edge.id, from.name, to.name, { edge });
  }

  private computeReachable(start: string, neighbours: (table: string) => string[]): ReadonlySet<string> {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const at = queue.shift()!;
      for (const next of neighbours(at)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    seen.delete(start);
    return seen;
  }
}

const REVERSED = '~';

/**
 * The same join walked backwards: from the referenced table to the referencing one. Its id is
 * the original's with a leading `~`, so paths stay distinguishable and the predicate stays right.
 */
export function reverseEdge(edge: JoinEdge): JoinEdge {
  return {
    ...edge,
    id: `${REVERSED}${edge.id}`,
    fromTable: edge.toTable,
    fromColumns: edge.toColumns,
    toTable: edge.fromTable,
    toColumns: edge.fromColumns,
    evidence: [...edge.evidence, `reverse of ${edge.id}`],
  };
}

export function isReversed(edge: JoinEdge): boolean {
  return edge.id.startsWith(REVERSED);
}

/** Shortest first, then fewer reversed steps, then by edge ids. */
function comparePaths(a: JoinPath, b: JoinPath): number {
  if (a.edges.length !== b.edges.length) return a.edges.length - b.edges.length;
  const ra = a.edges.filter(isReversed).length;
  const rb = b.edges.filter(isReversed).length;
  if (ra !== rb) return ra - rb;
  const ka = a.edges.map((e) => e.id).join('|');
  const kb = b.edges.map((e) => e.id).join('|');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
