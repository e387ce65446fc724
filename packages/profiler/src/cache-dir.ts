import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the guided tools keep what they derive once and reuse (the demo's TPC-H database and graph,
 * the compact word vectors): `$GUIDED_CACHE_DIR`, else `$XDG_CACHE_HOME/guided-retrieval`, else
 * `~/.cache/guided-retrieval`.
 */
export function guidedCacheDir(): string {
  return process.env.GUIDED_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'guided-retrieval');
}
