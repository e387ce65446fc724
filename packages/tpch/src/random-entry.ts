/**
 * `@guided-retrieval/tpch/random`: the seeded generator the TPC-H data is drawn from, for the
 * other `@guided-retrieval/*` packages' tests and benchmarks that draw at random — one generator
 * in the repository. Not public API: versioned with the package, but any release may change it.
 *
 * - context-graph's and retrieval's tests (random graphs, schemas listed in another order);
 * - join inference's scale benchmark (`bench/scale.mjs`: synthetic schemas);
 * - eval's scale generator, its hidden-key draw and the dbt project's hand-checked sample.
 */
export { mulberry32, shuffled } from './random.js';
