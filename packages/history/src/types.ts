import type { GraphEngine, GraphTable } from '@guided-retrieval/context-graph';

/**
 * What a statement is read against: a context graph's tables and columns (a `ContextGraph` is one),
 * and the engine whose SQL it is (SQLite's when absent).
 */
export interface HistorySchema {
  engine?: GraphEngine;
  tables: readonly (Pick<GraphTable, 'name' | 'schema' | 'namespace'> & { columns: readonly { name: string }[] })[];
}

/**
 * One equi-join a statement makes between two tables, as the graph spells them: `fromColumns[i]`
 * equals `toColumns[i]`. Which side is `from` says nothing about keys: the sides are put in a
 * canonical order (the lower of `table.columns`, case-insensitively, first), so one join reads
 * the same whichever way the SQL wrote it. A composite join holds its column pairs sorted.
 */
export interface LearnedJoin {
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
}

/** The two sides of a join edge (a graph's `JoinEdge` is one), asked about in either direction. */
export interface JoinSides {
  fromTable: string;
  fromColumns: readonly string[];
  toTable: string;
  toColumns: readonly string[];
}

/** One statement learned: the question it answered (when paired), the tables it reads and the joins it makes. */
export interface HistoryEntry {
  /** The question the SQL answers, as the team wrote it (with `hashValues`, its values hashed); absent for a query log's statement. */
  question?: string;
  /**
   * The tables the statement reads, as the graph spells them, sorted: a table read in two roles in
   * one query block (`nation` for the supplier and for the customer) is listed twice.
   */
  tables: string[];
  /** Its equi-joins (ON, and `a.x = b.y` in WHERE), deduplicated, sorted. */
  joins: LearnedJoin[];
  /**
   * A hash of the statement's syntax tree with every literal left out: two statements that differ
   * only in their values are one, and no value can be read back from it. With the question, what
   * makes an entry the same as another.
   */
  fingerprint: string;
}

/** One statement to learn from, before it is parsed: the SQL, the question it answers, where it was read. */
export interface HistoryItem {
  question?: string;
  sql: string;
  /** Where it was read, for a report line: `file:line`, `file row n` (CSV) or `file model.x` (dbt). */
  at: string;
  /** With `line`, the file a statement of a `.sql` file was read from: a parse error names its own line there. */
  file?: string;
  /** The line its SQL starts on in `file`. */
  line?: number;
}

/** The kinds of input `guided learn` reads, told by the file's name and content. */
export type HistoryFormat = 'pairs-jsonl' | 'pairs-json' | 'pairs-csv' | 'sql' | 'pg-stat-statements' | 'dbt-manifest';

/** A file read into statements, with the records it could not read (a JSONL line that is not JSON, a pair without SQL). */
export interface HistoryInput {
  file: string;
  format: HistoryFormat;
  items: HistoryItem[];
  malformed: Problem[];
}

/** A statement or record skipped, and why, in one line. */
export interface Problem {
  at: string;
  error: string;
}

/** What one learning pass read, learned and skipped; `describeLearnReport` says it in lines. */
export interface LearnReport {
  /** Statements read (a record holding several statements counts each). */
  statements: number;
  /** Statements learned, new or not. */
  learned: number;
  /** Of those, the entries the history did not hold before. */
  added: number;
  /** Of those, the entries it already held (the same question and statement). */
  duplicates: number;
  /** Statements the parser could not read, and the first few with where and why. */
  unparseable: number;
  unparseableExamples: Problem[];
  /** Records that held no statement to read (a JSONL line that is not JSON, a CSV row without SQL), and the first few. */
  malformed: number;
  malformedExamples: Problem[];
  /** Statements skipped because they read a table the graph lacks: the table names as written, with how many statements named each. */
  unknownTables: Record<string, number>;
  /** Statements skipped because they read no table of the graph (SET, BEGIN, DDL, `SELECT 1`). */
  noTable: number;
  /** `table.column` references to a column the graph's table lacks (the statement is kept; joins on them are not), with counts. */
  unknownColumns: Record<string, number>;
}
