import type { DisambiguationNote } from './types.js';

/** A note in words, as the trace and the demo show it: `pruned ORDERS: not reachable from PART`. */
export function formatNote(note: DisambiguationNote): string {
  return note.tables.length > 0 ? `${note.kind} ${note.tables.join(', ')}: ${note.reason}` : `${note.kind}: ${note.reason}`;
}
