import type { SchemaSpec } from '@guided-retrieval/context-graph';

export type BenchName = 'bird-dev' | 'spider-dev';

export interface BenchQuestion {
  /** Stable id within the benchmark (BIRD's question_id, Spider's index in dev.json). */
  id: string;
  db: string;
  question: string;
  /** BIRD's evidence hint; null where the benchmark has none. */
  evidence: string | null;
  /** The gold SQL: read only to score, never by the retriever. */
  sql: string;
}

export interface BenchDatabase {
  name: string;
  /** Names, types, descriptions, sample values and declared keys, as the benchmark ships them. */
  schema: SchemaSpec;
}

export interface Benchmark {
  name: BenchName;
  databases: BenchDatabase[];
  questions: BenchQuestion[];
}
