/**
 * `@guided-retrieval/context-graph/build`: a database or a schema file to its context graph, the
 * way `guided build` builds one — profile (read-only), data dictionary, join edges (declared;
 * inferred when a schema declares none, or as chosen), graph. `buildGraph` does it all in one
 * call from a file path or a connection string; the benchmarks build theirs through the same
 * functions, a step at a time.
 */

export { GraphBuildError } from '../errors.js';
export { type BuildJoins, type BuildOptions, buildGraph } from './build-graph.js';
export { type DictionaryEntry, dictionaryAnnotations, parseDictionary, readDictionary } from './dictionary.js';
export { buildGraphFromProfile, buildGraphFromSchema, type GraphBuild, type GraphBuildOptions } from './graph-build.js';
export type { JoinOptions, JoinSource } from './joins.js';
export { profileForGraph } from './profile.js';
export { profileFromSchema, type SchemaColumnStats, type SchemaTableStats } from './schema-profile.js';
export { resolveSource, SOURCE_KINDS, type Source } from './source.js';
