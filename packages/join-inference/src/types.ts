import type { DatabaseProfile } from '@guided-retrieval/profiler';

/**
 * A directed join relationship: `fromTable.fromColumns` references `toTable.toColumns`.
 * Direction follows the foreign key, from the referencing (fact) table to the referenced
 * (dimension) table, which is the direction join trees grow in.
 */
export interface JoinEdge {
  /** Stable identity: `FROM(c1,c2)->TO(d1,d2)`. */
  id: string;
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
  /** `declared` comes from the schema's FOREIGN KEY; `inferred` from data and names. */
  origin: 'declared' | 'inferred';
  /** 1 for declared keys; in (0, 1) for inferred ones. */
  confidence: number;
  /** Human-readable reasons the edge exists. */
  evidence: string[];
}

/** Anything that turns a database profile into join edges. */
export interface JoinInferrer {
  readonly name: string;
  infer(profile: DatabaseProfile): Promise<JoinEdge[]>;
}
