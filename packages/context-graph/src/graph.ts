import type { JoinEdge } from '@guided-retrieval/join-inference';
import { buildAdjacency, type JoinAdjacency, type JoinStep } from './adjacency.js';
import { GraphValidationError } from './errors.js';
import { computeReachability, connectedComponents, type Reachability } from './reachability.js';
import {
  cheapestPathsFrom,
  dijkstra,
  pathsByLastStep,
  type SearchOptions,
  StepCosts,
  shortestPath,
  stepsLeftTo,
  stepsTo,
  TableTest,
} from './search.js';
import { steinerPaths } from './steiner.js';
import { TableEdges } from './table-edges.js';
import type {
  ContextGraphData,
  GraphColumn,
  GraphEngine,
  GraphTable,
  JoinPath,
  JoinTreeOptions,
  PathOptions,
  ShortestPathTree,
} from './types.js';
import { kShortestPaths } from './yen.js';

/** Targets whose distances `distancesTo` (and whose reaching tables `reachingTables`) keeps: a few KB each on a schema of a thousand tables. */
const DISTANCE_CACHE = 64;

/**
 * The context graph: tables (nodes) and join edges (directed, parallel edges allowed), with the
 * reachability of every table and its island computed once, so that exploration costs nothing per
 * question, and weighted searches (shortest paths, k shortest, a Steiner-tree approximation) for
 * the join tree, bounded by the question, not by the number of paths. Immutable after construction.
 */
export class ContextGraph {
  readonly database: string;
  /** The engine the database runs on; SQLite for a schema described by hand. */
  readonly engine: GraphEngine;
  private readonly data: ContextGraphData;
  private readonly tableEdges: TableEdges;
  private readonly byLowerName = new Map<string, GraphTable>();
  private readonly indexOf = new Map<string, number>();
  private readonly adjacency: JoinAdjacency;
  private readonly reach: Reachability;
  private readonly component: Int32Array;
  private readonly reachableSets = new Map<string, ReadonlySet<string>>();
  private readonly linkedSets = new Map<number, ReadonlySet<string>>();
  /** `distancesTo`'s answers, least recently asked first. */
  private readonly distanceCache = new Map<number, Int32Array>();
  /** `reachingTables`' answers, least recently asked first. */
  private readonly reachingCache = new Map<number, readonly string[]>();

  constructor(data: ContextGraphData) {
    this.data = data;
    this.database = data.database;
    this.engine = data.engine ?? 'sqlite';
    data.tables.forEach((table, i) => {
      // Two tables whose names differ only in case (PostgreSQL's "Orders" and orders) are two tables.
      const same = this.indexOf.get(table.name);
      if (same !== undefined) throw new GraphValidationError(`tables[${i}].name: duplicate table name ${table.name} (tables[${same}])`);
      const ns = table.namespace;
      if (ns !== undefined && (ns === '' || table.name.length <= ns.length + 1 || !table.name.startsWith(`${ns}.`))) {
        throw new GraphValidationError(
          `tables[${i}].namespace: table ${table.name} is not qualified by its namespace ${JSON.stringify(ns)}`,
        );
      }
      const key = table.name.toLowerCase();
      if (!this.byLowerName.has(key)) this.byLowerName.set(key, table);
      this.indexOf.set(table.name, i);
    });
    this.tableEdges = new TableEdges(data.tables, data.edges, (name) => this.findTable(name));
    // A key names the table's own columns, as an edge does (TableEdges): a tampered one is refused, not reported.
    data.tables.forEach((table, i) => {
      table.primaryKey.forEach((column, j) => {
        if (!this.tableEdges.column(i, column))
          throw new GraphValidationError(`tables[${i}].primaryKey[${j}]: table ${table.name} has no column ${JSON.stringify(column)}`);
      });
    });
    this.adjacency = buildAdjacency(
      data.tables.map((t) => t.name),
      data.edges,
      this.indexOf,
    );
    this.reach = computeReachability(this.adjacency.forward);
    this.component = connectedComponents(this.adjacency);
  }

  get tables(): readonly GraphTable[] {
    return this.data.tables;
  }

  get edges(): readonly JoinEdge[] {
    return this.data.edges;
  }

  /** The table named exactly `name`, else the first named so in another case. */
  table(name: string): GraphTable | undefined {
    const exact = this.indexOf.get(name);
    return exact === undefined ? this.byLowerName.get(name.toLowerCase()) : this.data.tables[exact];
  }

  column(table: string, column: string): GraphColumn | undefined {
    const i = this.findTable(table);
    return i < 0 ? undefined : this.tableEdges.column(i, column);
  }

  /** Edges leaving `table` (it holds the foreign key), grouped by the table they reference (`TableEdges.out`). */
  outEdges(table: string): JoinEdge[] {
    return this.tableEdges.out(this.indexOfTable(table));
  }

  inEdges(table: string): JoinEdge[] {
    return this.tableEdges.in(this.indexOfTable(table));
  }

  /** How many join edges reference `table`: a dimension referenced by many tables is a hub. */
  inDegree(table: string): number {
    return this.tableEdges.inDegree(this.indexOfTable(table));
  }

  /** Whether `to` is reachable from `from` along directed join edges (precomputed; `from` itself only through a cycle). */
  reaches(from: string, to: string): boolean {
    return this.reach.has(this.indexOfTable(from), this.indexOfTable(to));
  }

  /**
   * Every table that reaches `table` along directed join edges, `table` excluded, in the graph's
   * order: one pass over the precomputed reachability, with no name looked up per table.
   */
  reachingTables(table: string): readonly string[] {
    const t = this.indexOfTable(table);
    const known = this.reachingCache.get(t);
    if (known) {
      this.reachingCache.delete(t);
      this.reachingCache.set(t, known);
      return known;
    }
    const out: string[] = [];
    const names = this.adjacency.names;
    for (let i = 0; i < names.length; i++) if (i !== t && this.reach.has(i, t)) out.push(names[i]!);
    this.reachingCache.set(t, out);
    if (this.reachingCache.size > DISTANCE_CACHE) this.reachingCache.delete(this.reachingCache.keys().next().value!);
    return out;
  }

  /** How many tables `table` reaches along directed join edges, itself excluded. */
  reachableCount(table: string): number {
    const i = this.indexOfTable(table);
    return this.reach.count(i) - (this.reach.has(i, i) ? 1 : 0);
  }

  /** R(t): every table reachable from `table` along directed join edges, `table` excluded. */
  reachable(table: string): ReadonlySet<string> {
    const name = this.require(table).name;
    let set = this.reachableSets.get(name);
    if (!set) {
      const i = this.indexOfTable(name);
      const names = new Set<string>();
      this.reach.forEach(i, (j) => {
        if (j !== i) names.add(this.adjacency.names[j]!);
      });
      set = names;
      this.reachableSets.set(name, set);
    }
    return set;
  }

  /** Whether two tables are connected by join edges in either direction (one island of the graph). */
  linked(a: string, b: string): boolean {
    return this.component[this.indexOfTable(a)] === this.component[this.indexOfTable(b)];
  }

  /** The island of the join graph `table` lies in: tables of one island, and only they, share the number. */
  islandOf(table: string): number {
    return this.component[this.indexOfTable(table)]!;
  }

  /** Every table connected to `table` by join edges in either direction, `table` excluded. */
  linkedTables(table: string): ReadonlySet<string> {
    const name = this.require(table).name;
    const c = this.component[this.indexOfTable(name)]!;
    let members = this.linkedSets.get(c);
    if (!members) {
      members = new Set(this.adjacency.names.filter((_, i) => this.component[i] === c));
      this.linkedSets.set(c, members);
    }
    if (members.size === 1) return new Set();
    return new Set([...members].filter((t) => t !== name));
  }

  /** The cheapest path from `source` to `target` (fewest edges by default), or null when there is none within the bounds. */
  shortestPath(source: string, target: string, options: PathOptions): JoinPath | null {
    const [s, t] = [this.indexOfTable(source), this.indexOfTable(target)];
    const found = shortestPath(this.adjacency, s, t, this.searchOptions(options, [t]));
    return found ? this.toJoinPath(found.nodes, found.steps) : null;
  }

  /** The cheapest path from `source` to each target it can reach, in one search. */
  cheapestPathsFrom(source: string, targets: readonly string[], options: PathOptions): Map<string, JoinPath> {
    const s = this.indexOfTable(source);
    const wanted = targets.map((t) => this.indexOfTable(t));
    const found = cheapestPathsFrom(this.adjacency, s, wanted, this.searchOptions(options, wanted));
    return new Map([...found].map(([t, p]) => [this.adjacency.names[t]!, this.toJoinPath(p.nodes, p.steps)]));
  }

  /**
   * Every table's cheapest path from `source` within `options.maxLength`, from one search over its
   * whole island: the shortest-path tree that several questions about one source share (a question's
   * candidate trees rooted at one table). Paths are built when asked; their union over any set of
   * tables is a tree, each table reached by one path.
   */
  shortestPathTree(source: string, options: PathOptions & { until?: readonly string[] }): ShortestPathTree {
    const s = this.indexOfTable(source);
    const search = this.searchOptions(options, []);
    // Tables no later question of the caller will ask about need not be reached: the search stops once those it will are.
    const until = options.until ? new Set(options.until.map((t) => this.indexOfTable(t))) : undefined;
    const { frontier } = dijkstra(
      this.adjacency,
      { ...search, useful: undefined },
      { starts: [{ table: s, cost: 0, hops: 0 }], ...(until ? { stopAt: until, stop: 'all' as const } : {}) },
    );
    return {
      source: this.adjacency.names[s]!,
      pathTo: (table) => {
        const t = this.indexOfTable(table);
        if (t === s)
          return { source: this.adjacency.names[s]!, target: this.adjacency.names[s]!, tables: [this.adjacency.names[s]!], edges: [] };
        if (!Number.isFinite(frontier.dist[t]!)) return null;
        const steps = stepsTo(this.adjacency, frontier, t);
        return this.toJoinPath([s, ...steps.map((x) => x.to)], steps);
      },
      cost: (table) => {
        const d = frontier.dist[this.indexOfTable(table)]!;
        return Number.isFinite(d) ? d : undefined;
      },
    };
  }

  /**
   * The k cheapest simple paths (no table twice) from `source` to `target`, cheapest first, then
   * fewer edges, then by edge ids (Yen's algorithm: bounded by k and the path length, never by
   * the number of paths in the graph). `source === target` gives the one empty path.
   */
  kShortestPaths(source: string, target: string, k: number, options: PathOptions): JoinPath[] {
    const [s, t] = [this.indexOfTable(source), this.indexOfTable(target)];
    return kShortestPaths(this.adjacency, s, t, k, this.searchOptions(options, [t])).map((p) => this.toJoinPath(p.nodes, p.steps));
  }

  /**
   * For a table needed in several roles: the cheapest path from `source` for each distinct last
   * edge into `table`, cheapest first, at most `limit`.
   */
  pathsByLastEdge(source: string, table: string, limit: number, options: PathOptions): JoinPath[] {
    const [s, t] = [this.indexOfTable(source), this.indexOfTable(table)];
    return pathsByLastStep(this.adjacency, s, t, limit, this.searchOptions(options, [t])).map((p) => this.toJoinPath(p.nodes, p.steps));
  }

  /**
   * A join tree from `source` to `targets` as one path per reached target (a Steiner-tree
   * approximation: the cheapest remaining target is attached to the tree built so far). Paths
   * given in `seed` are part of the tree from the start. Targets that cannot be reached are absent.
   */
  joinTreePaths(source: string, targets: readonly string[], options: JoinTreeOptions): Map<string, JoinPath> {
    const s = this.indexOfTable(source);
    const wanted = targets.map((t) => this.indexOfTable(t));
    const seed = new Map<number, JoinStep[]>();
    for (const path of options.seed ?? []) {
      const steps = this.toSteps(path);
      steps.forEach((step, i) => {
        if (!seed.has(step.to) && step.to !== s) seed.set(step.to, steps.slice(0, i + 1));
      });
    }
    const found = steinerPaths(this.adjacency, s, wanted, {
      ...this.searchOptions(options, wanted),
      seed,
      throughTargetBonus: options.throughTargetBonus,
      reaches: (a, b) => this.reach.has(a, b),
    });
    const out = new Map<string, JoinPath>();
    for (const [t, steps] of found) out.set(this.adjacency.names[t]!, this.toJoinPath([s, ...steps.map((x) => x.to)], steps));
    return out;
  }

  /** Whether `path` is a real route through this graph: consecutive tables joined by its edges, in the directions it walks them. */
  isPath(path: JoinPath): boolean {
    try {
      this.toSteps(path);
      return (
        path.tables.length === path.edges.length + 1 &&
        path.tables[0] === path.source &&
        path.tables[path.tables.length - 1] === path.target
      );
    } catch {
      return false;
    }
  }

  /**
   * The fewest edges from every table to `target` along directed join edges (undefined when it
   * cannot reach it). Kept for the last `DISTANCE_CACHE` targets asked: a question's candidate
   * trees ask the same few targets again and again.
   */
  distancesTo(target: string): (table: string) => number | undefined {
    const t = this.indexOfTable(target);
    let depth = this.distanceCache.get(t);
    if (depth) this.distanceCache.delete(t);
    else depth = stepsLeftTo(this.adjacency, t, false);
    this.distanceCache.set(t, depth);
    if (this.distanceCache.size > DISTANCE_CACHE) this.distanceCache.delete(this.distanceCache.keys().next().value!);
    const found = depth;
    return (table) => {
      const d = found[this.indexOfTable(table)]!;
      return d < 0 ? undefined : d;
    };
  }

  /** The fewest edges from `source` to `target` (0 for itself), or undefined when unreachable. */
  distance(source: string, target: string): number | undefined {
    return this.distancesTo(target)(source);
  }

  toData(): ContextGraphData {
    return this.data;
  }

  /** Costs already asked of a cost function, by step or by table entered: a question's searches share one function. */
  private readonly stepCosts = new WeakMap<NonNullable<PathOptions['cost']>, Float64Array>();
  private readonly tableCosts = new WeakMap<NonNullable<PathOptions['tableCost']>, Float64Array>();
  private unitCosts: Float64Array | undefined;

  private searchOptions(options: PathOptions, targets: readonly number[]): SearchOptions {
    const reverse = options.reverse ?? false;
    const anyTarget = targets.length > 0 ? targets[0]! : -1;
    return {
      reverse,
      maxLength: options.maxLength,
      cost: this.costsOf(options),
      minStepCost: options.minStepCost ?? (options.cost || options.tableCost ? 0 : 1),
      // Only tables that can still lead to a target are worth a step.
      useful: new TableTest(
        this.adjacency.names.length,
        reverse
          ? (table) => this.component[table] === this.component[anyTarget]
          : (table) => targets.some((t) => t === table || this.reach.has(table, t)),
      ),
    };
  }

  private costsOf({ cost, tableCost }: PathOptions): StepCosts {
    const known = <F extends object>(cache: WeakMap<F, Float64Array>, f: F, size: number) => {
      let values = cache.get(f);
      if (!values) {
        values = new Float64Array(size).fill(Number.NaN);
        cache.set(f, values);
      }
      return values;
    };
    const steps = 2 * this.data.edges.length;
    if (tableCost) {
      const ask = (step: JoinStep) => tableCost(step.edge.toTable, step.edge.direction);
      // Once per table only where every edge spells its tables as the graph does: `tableCost` hears the edge's spelling.
      return this.adjacency.canonicalNames
        ? StepCosts.perTable(known(this.tableCosts, tableCost, 2 * this.adjacency.names.length), ask)
        : StepCosts.perStep(known(this.tableCosts, tableCost, steps), ask);
    }
    if (cost) return StepCosts.perStep(known(this.stepCosts, cost, steps), (step) => cost(step.edge));
    this.unitCosts ??= new Float64Array(2 * this.adjacency.names.length).fill(1);
    return StepCosts.perTable(this.unitCosts, () => 1);
  }

  private indexOfTable(name: string): number {
    // Most names asked are spelled as the graph spells them: found without lower-casing.
    return this.indexOf.get(name) ?? this.indexOf.get(this.require(name).name)!;
  }

  private toJoinPath(nodes: readonly number[], steps: readonly JoinStep[]): JoinPath {
    const tables = nodes.map((n) => this.adjacency.names[n]!);
    return { source: tables[0]!, target: tables[tables.length - 1]!, tables, edges: steps.map((s) => s.edge) };
  }

  /** The steps a path walks; throws when an edge is not in the graph or does not continue the path. */
  private toSteps(path: JoinPath): JoinStep[] {
    let at = this.indexOfTable(path.source);
    return path.edges.map((edge) => {
      const steps = edge.direction === 'reverse' ? this.adjacency.backward[at]! : this.adjacency.forward[at]!;
      const step = steps.find((s) => s.edge.id === edge.id && s.edge.toTable === edge.toTable && s.edge.fromTable === edge.fromTable);
      if (!step) throw new GraphValidationError(`join edge ${edge.id} does not leave ${this.adjacency.names[at]}`);
      at = step.to;
      return step;
    });
  }

  private require(name: string): GraphTable {
    const table = this.table(name);
    if (!table) throw new GraphValidationError(`unknown table: ${name}`);
    return table;
  }

  /** The index of a table named exactly or in another case, or -1. */
  private findTable(name: string): number {
    const exact = this.indexOf.get(name);
    if (exact !== undefined) return exact;
    const table = this.byLowerName.get(name.toLowerCase());
    return table ? this.indexOf.get(table.name)! : -1;
  }
}
