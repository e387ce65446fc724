/**
 * What the other `@guided-retrieval/*` packages share with the profiler, one copy each: the
 * primitives (hashing, JSON and file helpers, text and identifier words), the value sketches join
 * inference compares and the value keys grounding looks values up by. Not part of the profiler's
 * public API: it may change in any release.
 */
export { guidedCacheDir } from './cache-dir.js';
export { fmix32 } from './hash.js';
/** Connection URLs with hostile passwords: the redaction's test table, run by the CLI's leak test too. */
export { HOSTILE_URLS, type HostileUrl } from './hostile-urls.js';
export { isRecord } from './is-record.js';
export { checkParams, deepFreeze, mergeParams, type ParamSpec, readParamsFile } from './params-file.js';
export { type BloomReader, buildSketch, canonicalValue, isCompleteSketch, readBloom } from './sketch.js';
export { type ReadTextFileOptions, readTextFile, writeFileAtomic } from './text-file.js';
export {
  buildValueFilter,
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  normalizeText,
  readValueFilter,
  VALUE_MAX_WORDS,
  type ValueFilterReader,
  type ValueKey,
  valueKeys,
} from './value-keys.js';
export { isProseColumn } from './values.js';
