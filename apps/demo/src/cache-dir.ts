import { mkdirSync } from 'node:fs';
import { guidedCacheDir } from '@guided-retrieval/profiler/files';

/** Where the demo keeps its TPC-H database and graph, and model answers: `$GUIDED_CACHE_DIR`, else the user cache. */
export function cacheDir(): string {
  const dir = guidedCacheDir();
  mkdirSync(dir, { recursive: true });
  return dir;
}
