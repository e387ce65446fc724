/**
 * A benchmark database's context graph, built as `guided build` builds one
 * (`@guided-retrieval/context-graph/build`): from the real database's profile (Defog, the sample
 * and training databases) or from the schema file (BIRD, Spider).
 */

import type { BenchDatabase } from '@guided-retrieval/benchmarks';
import { buildGraphFromProfile, buildGraphFromSchema, type GraphBuild } from '@guided-retrieval/context-graph/build';
import type { JoinEdge } from '@guided-retrieval/join-inference';

/** The graph of `db`; `edges`, when given, replace whatever the schema declares (no inference). */
export function benchGraph(db: BenchDatabase, edges?: readonly JoinEdge[]): Promise<GraphBuild> {
  const joins = edges ? { joins: { kind: 'only', edges } as const } : {};
  return db.profile ? buildGraphFromProfile(db.profile, joins) : buildGraphFromSchema(db.schema, joins);
}
