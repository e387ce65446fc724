import type { JoinEdge } from '@guided-retrieval/join-inference';
import type { ColumnValues, Engine, InferredType, ValueFrequency } from '@guided-retrieval/profiler';

/**
 * Version of the context-graph file format that `serializeGraph` writes (2: compact, tables and
 * columns as rows, edges by index; write-v2.ts). Files of version 1 (indented JSON of the data)
 * are read too; files of any other version are refused on load.
 */
export const GRAPH_FORMAT_VERSION = 2;

/** The SQL engines a graph can be built from (the profiler's connectors). */
export type GraphEngine = Engine;

export interface ColumnStats {
  rowCount: number;
  count: number;
  nulls: number;
  distinct: number;
  min: string | number | null;
  max: string | number | null;
}

export interface GraphColumn {
  name: string;
  declaredType: string;
  inferredType: InferredType;
  /** Human-readable description (from the schema's documentation or an LLM); may be empty. */
  description: string;
  /** Other names users call this column by; grounding indexes them. */
  aliases: string[];
  stats: ColumnStats | null;
  /** Representative values, most frequent first. */
  sample: ValueFrequency[];
  /**
   * Every distinct value of a text column that holds names, listed or as a Bloom filter over their
   * keys (the profile's `values`): absent for other columns, schemas described by hand and graphs
   * built before it existed. Grounding indexes a list like the sample and probes a filter.
   */
  values?: ColumnValues;
}

export interface GraphTable {
  name: string;
  /** The schema or database the table lives in when not the default one (the profile's `schema`): SQL names it `schema.table`. */
  schema?: string;
  /**
   * The namespace the table's name is qualified by, when it is: `DB.SCHEMA` of Spider 2.0-lite's
   * `DB.SCHEMA.TABLE`, `sales` of `sales.orders` (a PostgreSQL table whose name two schemas share).
   * The name is then this, a dot and the table's own name (the graph checks it); absent for a bare
   * name. Unlike `schema` (where SQL finds the table) it says how the name reads: grounding sets it
   * aside when it matches a question's words against the name, and retrieval takes tables whose own
   * names are alike under several namespaces for copies of one table. A union benchmark's
   * `<db>__<table>` prefix is no namespace: it is words of the name. Graph files without it (version
   * 1, or version 2 written before it) get it from the name: what comes before its last dot.
   */
  namespace?: string;
  /** A view or materialized view rather than a base table; absent for tables. */
  kind?: 'view' | 'materialized view';
  description: string;
  aliases: string[];
  rowCount: number;
  primaryKey: string[];
  columns: GraphColumn[];
}

/** The serialisable content of a context graph; everything else is derived from it on load. */
export interface ContextGraphData {
  /** The version the graph is saved as, whichever it was read from. */
  formatVersion: typeof GRAPH_FORMAT_VERSION;
  database: string;
  /** The engine the database runs on (from its profile); absent for a schema described by hand, read as SQLite. */
  engine?: GraphEngine;
  tables: GraphTable[];
  edges: JoinEdge[];
}

/** Which way a path walks a join edge: along its key (referencing → referenced table) or against it. */
export type JoinDirection = 'forward' | 'reverse';

/**
 * A join edge as a path walks it: `fromTable`/`fromColumns` are the side the step leaves,
 * `toTable`/`toColumns` the side it enters. `id` is the stored edge's; a step against the key
 * (`direction: 'reverse'`) has the stored edge's sides swapped.
 */
export interface PathEdge extends JoinEdge {
  direction: JoinDirection;
}

/** A route through the join graph: a sequence of edges, so parallel edges give distinct paths. */
export interface JoinPath {
  source: string;
  target: string;
  /** `[source, …, target]`; one longer than `edges`. */
  tables: string[];
  edges: PathEdge[];
}

export interface PathOptions {
  /** Longest path, in edges: no search goes farther (retrieval's `params/limits.json` says how far). */
  maxLength: number;
  /**
   * Also walk join edges backwards (from the referenced table to the referencing one), as when
   * two fact tables share a dimension. Such steps carry `direction: 'reverse'`.
   */
  reverse?: boolean;
  /**
   * What one step costs (positive; 1 by default, so the cheapest path is the shortest). `edge` is
   * oriented the way the step walks it (`edge.toTable` is the table entered).
   */
  cost?: (edge: PathEdge) => number;
  /**
   * What a step costs when that depends only on the table it enters (`edge.toTable`, as the edge
   * spells it) and the direction it walks the edge: asked once per table and direction rather than
   * once per step, which on a dense graph (hundreds of steps into each table) is most of a search.
   * Positive. When given, `cost` is not asked.
   */
  tableCost?: (table: string, direction: JoinDirection) => number;
  /**
   * A lower bound on what any step costs, so that searches for one target can aim at it (A*);
   * 1 without `cost` or `tableCost`, 0 (plain Dijkstra) with either unless given.
   */
  minStepCost?: number;
}

/** Every table's cheapest path from one source (`ContextGraph.shortestPathTree`). */
export interface ShortestPathTree {
  source: string;
  /** The cheapest path from the source to `table` (the empty path to the source itself), or null when none is within bounds. */
  pathTo(table: string): JoinPath | null;
  /** The cost of that path, or undefined when there is none. */
  cost(table: string): number | undefined;
}

/** What `joinTreePaths` takes besides a search's options. */
export interface JoinTreeOptions extends PathOptions {
  /** Paths already in the tree from the start (a role's, chosen before): targets may hang from them. */
  seed?: readonly JoinPath[];
  /** Taken off a tree table's cost per target its path from the source passes through: joining below a target beats a parallel branch. */
  throughTargetBonus: number;
}
