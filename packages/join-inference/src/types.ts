import type { DatabaseProfile } from '@guided-retrieval/profiler';
import type { SetAsideColumn } from './bookkeeping.js';
import type { JoinParams } from './params.js';

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
  /**
   * The part the referenced row plays, when the referencing names say one beside the key's
   * (`winner` of `teamIDwinner`, `manager` of `manager_staff_id`, `order` of `lo_orderdate`): two
   * references to one table are two roles, and a join tree gives each its own alias. Absent when
   * the names say none.
   */
  role?: string;
}

/** A column set that could be its table's primary key, scored in [0, 1]. */
export interface KeyCandidate {
  table: string;
  columns: string[];
  score: number;
  /** `declared` keys are taken as they are; `inferred` ones come from statistics and names. */
  origin: 'declared' | 'inferred';
  evidence: string[];
}

/** Answers whether an inferred edge holds; only ever confirms or rejects a candidate. */
export interface JoinAdjudicator {
  readonly id: string;
  judge(candidates: readonly JoinEdge[], profile: DatabaseProfile): Promise<Map<string, boolean>>;
}

export interface InferJoinsOptions {
  /**
   * `use` (default): declared foreign keys are kept as edges and declared primary keys trusted;
   * `hide`: inference sees neither, as if the schema declared nothing (how it is evaluated).
   */
  declared?: 'use' | 'hide';
  /** Inferred edges below this confidence are dropped (default `DEFAULT_MIN_CONFIDENCE`). */
  minConfidence?: number;
  /** Confirms or rejects the candidates whose confidence falls in `adjudicationBand`. */
  adjudicator?: JoinAdjudicator;
  /** The ambiguous middle band handed to the adjudicator, [low, high) (default [0.35, 0.75)). */
  adjudicationBand?: readonly [number, number];
  /** Parameters other than `params/join-inference.json`'s (some of them); `minConfidence` and `adjudicationBand` above win. */
  params?: Partial<JoinParams>;
  onProgress?: (message: string) => void;
}

/** What inference found and how much work it did. */
export interface JoinInference {
  /** Declared (when used) and inferred edges, sorted by id. */
  edges: JoinEdge[];
  /** Primary-key candidates, per table best first; tables in profile order. */
  keys: KeyCandidate[];
  /** Columns left out of inference, each with its reason (`bookkeeping.ts`: load bookkeeping, constants, empty columns). */
  setAside: SetAsideColumn[];
  stats: {
    tables: number;
    columns: number;
    /** Column pairs (referencing, referenced key) considered before pruning. */
    candidatePairs: number;
    /** Pairs left after the cheap type, range and cardinality checks. */
    afterPruning: number;
    /** Inferred edges kept. */
    accepted: number;
    /** Candidates the adjudicator was asked about. */
    adjudicated: number;
    ms: number;
  };
}
