/**
 * `@guided-retrieval/profiler/hash`: the 32-bit mixing the profiler hashes value keys, sketches
 * and Bloom filters with, for the packages that hash alike. Not public API: versioned with the
 * package, but any release may change it.
 *
 * - tpch mixes a seed and its stream ids into the seeded generator's state (`random.ts`);
 * - grounding's offline embedder hashes its features.
 */
export { fmix32 } from '../hash.js';
