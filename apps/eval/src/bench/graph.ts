/**
 * A benchmark database's context graph, built as `guided build` builds one: its declared keys,
 * or — when the schema declares none — the edges join inference finds from the schema's names,
 * types, descriptions and sample values (`defaultJoinEdges`, the product's own policy).
 */
import { buildContextGraph, ContextGraph, graphFromSchema } from '@guided-retrieval/context-graph';
import { defaultJoinEdges, type JoinEdge, type JoinInference } from '@guided-retrieval/join-inference';
import { profileFromSchema } from '../joins/schema-profile.js';
import type { BenchDatabase } from './types.js';

export interface BenchGraph {
  graph: ContextGraph;
  /** The inference that ran because the schema declares no key, else null. */
  inference: JoinInference | null;
}

/** The graph of `db`; `edges`, when given, replace whatever the schema declares (no inference). */
export async function benchGraph(db: BenchDatabase, edges?: readonly JoinEdge[]): Promise<BenchGraph> {
  if (db.profile) {
    if (edges) return { graph: buildContextGraph(db.profile, edges), inference: null };
    const { edges: found, inference } = await defaultJoinEdges(db.profile);
    return { graph: buildContextGraph(db.profile, found), inference };
  }
  const declared = graphFromSchema(db.schema);
  if (edges) return { graph: withEdges(declared, edges), inference: null };
  const { edges: found, inference } = await defaultJoinEdges(profileFromSchema(db.schema));
  return inference ? { graph: withEdges(declared, found), inference } : { graph: declared, inference: null };
}

/** The graph with its join edges replaced by `edges`. */
export function withEdges(graph: ContextGraph, edges: readonly JoinEdge[]): ContextGraph {
  return new ContextGraph({ ...graph.toData(), edges: [...edges] });
}
