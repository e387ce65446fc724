/**
 * `@guided-retrieval/profiler/files`: the files the tools read and write — a file's text or one
 * line saying why not, what `JSON.parse` gave, CSV, an atomic write, which engine a file holds,
 * and the folder for what is derived once and kept. The profiler is the first package to read
 * files and depends on none, so the other packages read theirs through it. Not public API:
 * versioned with the package, but any release may change it.
 *
 * - `readTextFile`: the context graph's and join inference's files;
 * - `writeFileAtomic`: every file the tools write — the graph, the profile (`guided profile -o`),
 *   joins files, the caches (word vectors, model answers);
 * - `takeLock`, `lockHeld`: a lock that knows its owner (grounding's word vectors, derived once);
 * - `isRecord`: every package and app that checks parsed JSON (files, model answers: retrieval's
 *   LLM disambiguator, eval's gold columns);
 * - `parseCsv`: the demo's data dictionary, Defog's questions (benchmarks), as catalog exports are read;
 * - `sniffFile`: the demo tells a source by its first bytes;
 * - `guidedCacheDir`: the demo's TPC-H cache, eval's, grounding's word vectors.
 */

export { type WriteFileAtomicOptions, writeFileAtomic } from '../atomic-file.js';
export { guidedCacheDir } from '../cache-dir.js';
export { parseCsv } from '../csv.js';
export { isRecord } from '../is-record.js';
export { type HeldLock, type LockAttempt, type LockOwner, lockHeld, takeLock } from '../lock-file.js';
export { sniffFile } from '../sniff.js';
export { readTextFile } from '../text-file.js';
// ENGINES (also public): a graph file's engine checked without loading the connectors the main entry does.
export { ENGINES } from '../types.js';
