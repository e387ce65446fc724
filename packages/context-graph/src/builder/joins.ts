/**
 * The join edges a graph is built with: the one policy `guided build` and the benchmarks share,
 * so that a database is measured the way it is built.
 */
import {
  declaredJoinEdges,
  defaultJoinEdges,
  type InferJoinsOptions,
  inferJoins,
  type JoinEdge,
  type JoinInference,
} from '@guided-retrieval/join-inference';
import { edgesForProfile, mergeEdges } from '@guided-retrieval/join-inference/internal';
import type { DatabaseProfile } from '@guided-retrieval/profiler';

/**
 * Where a graph's join edges come from:
 * - `declared` (the default): the declared foreign keys; when a schema of two or more tables
 *   declares none, the edges inference finds instead (join inference's `defaultJoinEdges`);
 * - `infer`: the declared foreign keys and the edges inference finds besides;
 * - `with`: the declared foreign keys and `edges` (a joins file, named `source` in errors),
 *   respelled as the database spells its names;
 * - `only`: exactly `edges`, whatever the schema declares (a benchmark scoring inferred edges).
 */
export type JoinSource =
  | { kind: 'declared' }
  | { kind: 'infer' }
  | { kind: 'with'; edges: readonly JoinEdge[]; source: string }
  | { kind: 'only'; edges: readonly JoinEdge[] };

export interface JoinOptions {
  /** Where the edges come from (default `{ kind: 'declared' }`). */
  joins?: JoinSource;
  /** How inference runs when it does (`minConfidence`, `params`, an `adjudicator`, `onProgress`). */
  inference?: Omit<InferJoinsOptions, 'declared'>;
  /** Told each declared foreign key that names a missing table or column, which is skipped. */
  onSkip?: (reason: string) => void;
}

export interface ChosenJoins {
  edges: JoinEdge[];
  /** The inference that ran, else null. */
  inference: JoinInference | null;
  /** How many of `edges` are the schema's declared foreign keys. */
  declared: number;
}

/** The join edges of `profile` under `options.joins`. */
export async function chooseJoins(profile: DatabaseProfile, options: JoinOptions = {}): Promise<ChosenJoins> {
  const joins = options.joins ?? { kind: 'declared' };
  const inference = options.inference ?? {};
  switch (joins.kind) {
    case 'declared': {
      const found = await defaultJoinEdges(profile, { ...inference, ...(options.onSkip ? { onSkip: options.onSkip } : {}) });
      return { ...found, declared: found.inference ? 0 : found.edges.length };
    }
    case 'infer': {
      const result = await inferJoins(profile, { ...inference, declared: 'use' });
      return { edges: result.edges, inference: result, declared: result.edges.filter((e) => e.origin === 'declared').length };
    }
    case 'with': {
      const declared = declaredJoinEdges(profile, options.onSkip);
      return {
        edges: mergeEdges(declared, edgesForProfile(joins.edges, profile, joins.source)),
        inference: null,
        declared: declared.length,
      };
    }
    case 'only':
      return { edges: [...joins.edges], inference: null, declared: joins.edges.filter((e) => e.origin === 'declared').length };
  }
}
