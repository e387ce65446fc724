/**
 * Which join edges a context graph gets when nobody supplied any: the one policy `guided build`
 * and the benchmark harness share, so that a schema without keys is measured the way it is built.
 */
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { declaredJoinEdges } from './declared.js';
import { inferJoins } from './infer.js';
import type { InferJoinsOptions, JoinEdge, JoinInference } from './types.js';

export interface DefaultJoinEdges {
  edges: JoinEdge[];
  /** The inference that ran (the schema declared no key), else null. */
  inference: JoinInference | null;
}

/**
 * The declared foreign keys; when a schema of two or more tables declares none, the edges
 * inference finds from names, types and values instead (without them the graph is islands and no
 * question can join two tables). Skipped declared keys are reported through `onSkip`.
 */
export async function defaultJoinEdges(
  profile: DatabaseProfile,
  options: Omit<InferJoinsOptions, 'declared'> & { onSkip?: (reason: string) => void } = {},
): Promise<DefaultJoinEdges> {
  const { onSkip, ...inferOptions } = options;
  const declared = declaredJoinEdges(profile, onSkip);
  if (declared.length > 0 || profile.tables.length < 2) return { edges: declared, inference: null };
  const inference = await inferJoins(profile, { ...inferOptions, declared: 'use' });
  return { edges: inference.edges, inference };
}
