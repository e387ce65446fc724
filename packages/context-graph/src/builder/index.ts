/**
 * `@guided-retrieval/context-graph/build`: a database or a schema file to its context graph, the
 * way `guided build` builds one — profile (read-only), join edges (declared; inferred when a schema
 * declares none, or as chosen), graph. The benchmarks build theirs through the same functions.
 */
export { buildGraphFromProfile, buildGraphFromSchema, type GraphBuild, type GraphBuildOptions } from './graph-build.js';
export type { JoinOptions, JoinSource } from './joins.js';
export { profileForGraph } from './profile.js';
export { profileFromSchema, type SchemaColumnStats, type SchemaTableStats } from './schema-profile.js';
