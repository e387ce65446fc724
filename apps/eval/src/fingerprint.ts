/**
 * What two runs compare to tell whether a change moved any answer: a result's join tree as SQL
 * (tables, aliases, edges and order, readable in a diff) and a hash of the whole result but its
 * timings (the only part that differs between identical runs).
 */
import { createHash } from 'node:crypto';
import type { RetrievalResult } from '@guided-retrieval/retrieval';

export interface ResultFingerprint {
  /** The tree's `FROM … JOIN … ON …`; null when nothing was found. */
  sql: string | null;
  /** SHA-1 of the result as JSON, trace timings left out. */
  resultHash: string;
}

export function fingerprint(result: RetrievalResult): ResultFingerprint {
  const { timings: _timings, ...trace } = result.trace;
  const hash = createHash('sha1')
    .update(JSON.stringify({ ...result, trace }))
    .digest('hex');
  return { sql: result.sql, resultHash: hash };
}
