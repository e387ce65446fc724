import type { SchemaSpec } from '@guided-retrieval/context-graph';
import type { DatabaseProfile } from '@guided-retrieval/profiler';

export type BenchName = 'bird-dev' | 'spider-dev' | 'spider-syn' | 'spider2-lite' | 'defog' | 'sample-questions' | 'train-questions';

export interface BenchQuestion {
  /** Stable id within the benchmark (BIRD's question_id, Spider's and Spider-Syn's index in dev.json). */
  id: string;
  db: string;
  /** What the retriever reads (Spider-Syn: the reworded question, never Spider's original). */
  question: string;
  /** BIRD's evidence hint; null where the benchmark has none. */
  evidence: string | null;
  /** The gold SQL: read only to score, never by the retriever. */
  sql: string;
  /**
   * The tables the gold SQL reads, when the benchmark lists them (Spider 2.0-lite: its gold SQL is
   * BigQuery or Snowflake SQL, which no parser here reads); scored instead of parsing `sql`.
   */
  goldTables?: string[];
  /** Sample questions: tables the answer may also read, scored as neither right nor wrong (see metrics.ts). */
  optionalTables?: string[];
  /** The engine the question was written for (Spider 2.0-lite: bigquery, snowflake, sqlite). */
  backend?: string;
  /** Defog: the gold SQL used Defog's alternatives notation and `sql` is its first alternative, braces expanded. */
  goldRewritten?: boolean;
}

export interface BenchDatabase {
  name: string;
  /** Names, types, descriptions, sample values and declared keys, as the benchmark ships them. */
  schema: SchemaSpec;
  /** Defog: the profile of the real database (the graph is built from it, as `guided build` does). */
  profile?: DatabaseProfile;
}

export interface Benchmark {
  name: BenchName;
  databases: BenchDatabase[];
  questions: BenchQuestion[];
}
