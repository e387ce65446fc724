/**
 * Profile or schema → join edges → context graph: the build `guided build` runs and the
 * benchmarks measure, one function each for a profiled database and for a schema without one.
 */
import type { JoinEdge } from '@guided-retrieval/join-inference';
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { type Annotations, buildContextGraph } from '../build.js';
import { ContextGraph } from '../graph.js';
import { graphFromSchema, type SchemaSpec } from '../schema.js';
import { type ChosenJoins, chooseJoins, type JoinOptions } from './joins.js';
import { profileFromSchema } from './schema-profile.js';

export interface GraphBuildOptions extends JoinOptions {
  /** Descriptions and aliases known besides the profile (a dbt project's, a data dictionary's). */
  annotations?: Annotations;
}

export interface GraphBuild extends Omit<ChosenJoins, 'edges'> {
  graph: ContextGraph;
}

/** The context graph of a profiled database (`guided build`, and the benchmarks on real databases). */
export async function buildGraphFromProfile(profile: DatabaseProfile, options: GraphBuildOptions = {}): Promise<GraphBuild> {
  const { edges, ...chosen } = await chooseJoins(profile, options);
  return { graph: buildContextGraph(profile, edges, options.annotations), ...chosen };
}

/**
 * The context graph of a schema without a database (BIRD's and Spider's schema files): the
 * schema's tables, descriptions and samples as `graphFromSchema` reads them; its declared keys as
 * written, unless other edges are chosen or inference runs (on `profileFromSchema`).
 */
export async function buildGraphFromSchema(spec: SchemaSpec, options: JoinOptions = {}): Promise<GraphBuild> {
  const graph = graphFromSchema(spec);
  const { edges, ...chosen } = await chooseJoins(profileFromSchema(spec), options);
  const asWritten = (options.joins ?? { kind: 'declared' }).kind === 'declared' && chosen.inference === null;
  return asWritten ? { graph, inference: null, declared: graph.edges.length } : { graph: withEdges(graph, edges), ...chosen };
}

/** `graph` with its join edges replaced by `edges`. */
function withEdges(graph: ContextGraph, edges: readonly JoinEdge[]): ContextGraph {
  return new ContextGraph({ ...graph.toData(), edges: [...edges] });
}
