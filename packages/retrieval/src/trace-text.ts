/**
 * The trace in words, for people: the CLI's text output, the web page. Light (types only besides
 * this), so the page's bundle can take it from `@guided-retrieval/retrieval/internal`.
 */
import { formatNote } from './notes.js';
import type { TracePath } from './types.js';

/**
 * A path for people: `LINEITEM → ORDERS`, a step against the key's direction as
 * `schools ← satscores`. Text only: two paths over parallel edges read alike, so compare paths by
 * their edges' ids, never by this.
 */
export function formatPath(path: TracePath): string {
  return path.tables.map((t, i) => (i === 0 ? t : `${path.edges[i - 1]?.direction === 'reverse' ? ' ← ' : ' → '}${t}`)).join('');
}

/** The parts of a trace in words: `note` a disambiguation note, `path` a path (`formatPath`). */
export const formatTrace = { note: formatNote, path: formatPath } as const;
