/**
 * `@guided-retrieval/profiler/values`: a profile's column values as the other
 * `@guided-retrieval/*` packages read them — the keys values are looked up by, the Bloom filters
 * and sketches they are kept in, which columns hold prose and which declared types structured
 * values. The profiler derives them, so it alone defines them. Not public API: versioned with the
 * package, but any release may change it (the changeset says so).
 *
 * - join inference compares columns' values through the sketches (`containment.ts`: a Bloom
 *   filter's hits above its false-positive rate, `BLOOM_FALSE_POSITIVE_RATE`), tells
 *   structured values from a type it does not know (`declaredKind`, `keys.ts`) and profiles column
 *   sets of synthetic tables as the profiler does (`columnSetProfile`, `profile-from-values.ts`);
 * - grounding looks a column's listed or filtered values up by the profiler's value keys and
 *   leaves prose columns out of its index;
 * - the context graph checks the value filters of a graph file it reads (`valueFilterProblem`), and
 *   its tests build one; the demo hashes a profile JSON's values as it
 *   reads it (`hashProfileValues`, `--hash-values`).
 */
export { columnSetProfile } from '../column-sets.js';
export { declaredKind } from '../infer-type.js';
export { BLOOM_FALSE_POSITIVE_RATE, type BloomReader, buildSketch, canonicalValue, isCompleteSketch, readBloom } from '../sketch.js';
export {
  buildValueFilter,
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  readValueFilter,
  VALUE_MAX_WORDS,
  type ValueFilterReader,
  valueFilterProblem,
} from '../value-keys.js';
export { hashProfileValues, isProseColumn } from '../values.js';
