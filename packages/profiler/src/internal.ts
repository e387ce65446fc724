/**
 * Primitives the other `@guided-retrieval/*` packages share, one copy each: not part of the
 * profiler's public API, and may change in any release.
 */
export { fmix32 } from './hash.js';
export { type DigitPolicy, identifierWords } from './identifier-words.js';
export { isRecord } from './is-record.js';
export { type ReadTextFileOptions, readTextFile, writeFileAtomic } from './text-file.js';
export { normalizeText } from './value-keys.js';
