/**
 * `@guided-retrieval/profiler/internal`: kept only for grounding and retrieval, whose imports the
 * lead moves with their restructuring (issue #43), and eval's `gold-columns.ts` (`isRecord`; the
 * columns branch changes that file). Everything here lives in a concern entry —
 * `./values`, `./hash`, `./files` — import it from there; delete this file (and its `exports`
 * line) when nothing imports it.
 */

export { guidedCacheDir, isRecord } from './entry/files.js';
export { fmix32 } from './entry/hash.js';
export {
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  isProseColumn,
  readValueFilter,
  VALUE_MAX_WORDS,
  type ValueFilterReader,
} from './entry/values.js';
