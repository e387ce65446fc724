/**
 * `@guided-retrieval/profiler/internal`: what the profiler shares with the other
 * `@guided-retrieval/*` packages and apps, one copy each. Not public API: it is versioned with the
 * package, but any release may change it (the changeset says so). Grouped by concern; each group
 * names who uses it. The profiler is the root of the dependency graph (it depends on no workspace
 * package), which is why the generic primitives live here.
 */

// ─── Primitives ─────────────────────────────────────────────────────────────────────────────────
// fmix32: grounding (offline embedder), tpch (random numbers). isRecord: context-graph,
// join-inference, retrieval, the demo and eval (reading JSON). readTextFile, writeFileAtomic:
// context-graph and join-inference (their files). guidedCacheDir: grounding (word vectors), the
// demo's cache, eval's joins bench.

export { guidedCacheDir } from './cache-dir.js';
// parseCsv: the demo reads a data dictionary (`guided build --dictionary`) as the catalog exports are read.
export { parseCsv } from './csv.js';
export { fmix32 } from './hash.js';
export { isRecord } from './is-record.js';
export { readTextFile, writeFileAtomic } from './text-file.js';
// ENGINES (also public): context-graph checks a graph file's engine without loading the connectors the main entry does.
export { ENGINES } from './types.js';

// ─── Value sketches: join-inference compares columns' values through them ────────────────────────

// columnSetProfile: join inference's tests and benchmarks profile column sets of synthetic tables as the profiler does.
export { columnSetProfile } from './column-sets.js';
// declaredKind: join inference tells structured values (arrays, JSON, ranges) from a type it does not know.
export { declaredKind } from './infer-type.js';
export { type BloomReader, buildSketch, canonicalValue, isCompleteSketch, readBloom } from './sketch.js';

// ─── Value keys ─────────────────────────────────────────────────────────────────────────────────
// Grounding looks a column's listed or filtered values up by the keys the profiler derived them by
// (the context graph carries the filters; its test builds one); isProseColumn: grounding leaves
// free-text columns' values out of its index.

export {
  buildValueFilter,
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  readValueFilter,
  VALUE_MAX_WORDS,
  type ValueFilterReader,
} from './value-keys.js';
export { isProseColumn } from './values.js';

// ─── Sources and secrets, for the demo's CLI ─────────────────────────────────────────────────────
// sniffFile: a file's engine from its first bytes (`source.ts`). hashProfileValues: a profile JSON
// hashed as it is read (`--hash-values`). connectionSecrets, redactSecrets, redactUrls: the output
// guard and the preview child keep passwords out of every stream.

export { connectionSecrets, redactSecrets, redactUrls } from './redact.js';
export { sniffFile } from './sniff.js';
export { hashProfileValues } from './values.js';
