/**
 * `@guided-retrieval/profiler/testing`: test fixtures the profiler shares with the other
 * `@guided-retrieval/*` packages' and apps' tests. Not public API: it is versioned with the package,
 * but any release may change it.
 *
 * - `HOSTILE_NAMES`: table and column names from the hard cases (`__proto__`, SQL keywords, quotes,
 *   dots, spaces, Unicode, 1 and 200 characters) — the property tests of join-inference,
 *   context-graph and the demo draw from them.
 * - `HOSTILE_URLS`: connection URLs with hostile passwords — the redaction's test table
 *   (`redact.test.ts`), run by the demo's leak test too (`apps/demo/src/secrets.test.ts`).
 * - `fullDisk`, `spawnSignalledAtFsync` and their kin: the fault tests' full disk and a process held
 *   mid-write (`atomic-file.test.ts`, the demo's `src/faults/`).
 */

export { cannotSignalAtFsync, type FullDisk, fullDisk, spawnSignalledAtFsync, until } from './faults.js';
export { HOSTILE_NAMES } from './hostile-names.js';
export { HOSTILE_URLS, type HostileUrl } from './hostile-urls.js';
