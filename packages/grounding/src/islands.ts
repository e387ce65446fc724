/**
 * One island of the join graph per question. A join tree cannot leave the island its source lies
 * in, so the question's matches are weighed island by island — how many of its words each island
 * explains, and how well — and only the best island's matches go on. On a warehouse built from
 * several databases, or with tables no key connects, this keeps a stray match in an unrelated
 * island from taking the source or pushing the real targets out as "weak".
 */

import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingParams } from './params.js';
import type { GroundingMatch } from './types.js';

interface IslandChoice {
  /** The matches in the chosen island, settled. */
  matches: GroundingMatch[];
  /** The matches in the chosen island before settling. */
  unsettled: readonly GroundingMatch[];
  /** Tables matched in other islands, strongest first: no join path reaches them from the chosen one. */
  elsewhere: { table: string; score: number; byName: boolean }[];
}

/**
 * Each island is scored on its matches: the question's words it explains, by their best score,
 * plus a bonus for a table it names outright; the best island's matches are settled by `settle`
 * (strongest per word, weak tables dropped) as T0's.
 */
export function chooseIsland(
  graph: ContextGraph,
  matches: readonly GroundingMatch[],
  settle: (matches: readonly GroundingMatch[]) => GroundingMatch[],
  ranked: readonly RankedIsland[],
  preferred?: number,
): IslandChoice {
  if (ranked.length <= 1) return { matches: settle(matches), unsettled: matches, elsewhere: [] };
  const chosen = ranked.find((r) => r.id === preferred) ?? ranked[0];
  const explained = new Set<number>();
  for (const m of chosen!.list) for (let i = m.span[0]; i < m.span[1]; i++) explained.add(i);
  const elsewhere = new Map<string, { score: number; byName: boolean }>();
  const islandOf = islandsOf(graph);
  for (const m of matches) {
    if (islandOf(m.table) === chosen!.id) continue;
    const seen = elsewhere.get(m.table);
    const byName = m.column === null && !explainsAny(m, explained);
    if (seen) {
      seen.score = Math.max(seen.score, m.score);
      seen.byName ||= byName;
    } else elsewhere.set(m.table, { score: Math.max(0, m.score), byName });
  }
  return {
    matches: settle(chosen!.list),
    unsettled: chosen!.list,
    elsewhere: [...elsewhere].map(([table, e]) => ({ table, ...e })).sort((a, b) => b.score - a.score || (a.table < b.table ? -1 : 1)),
  };
}

/** `graph.islandOf`, each table asked once: a question's matches name the same tables many times over. */
function islandsOf(graph: ContextGraph): (table: string) => number {
  const known = new Map<string, number>();
  return (table) => {
    let id = known.get(table);
    if (id === undefined) {
      id = graph.islandOf(table);
      known.set(table, id);
    }
    return id;
  };
}

/** Whether a match covers one of the `words` (positions), read off its span. */
function explainsAny(m: GroundingMatch, words: ReadonlySet<number>): boolean {
  for (let i = m.span[0]; i < m.span[1]; i++) if (words.has(i)) return true;
  return false;
}

/** An island and the question's matches in it, with how much of the question they explain. */
export interface RankedIsland {
  id: number;
  list: GroundingMatch[];
  total: number;
  best: number;
  first: number;
}

/** The islands the matches fall in, best explained first (ties: best match, earliest word, island number). */
export function rankIslands(graph: ContextGraph, matches: readonly GroundingMatch[], params: GroundingParams): RankedIsland[] {
  const byIsland = new Map<number, GroundingMatch[]>();
  const islandOf = islandsOf(graph);
  for (const m of matches) {
    const id = islandOf(m.table);
    const list = byIsland.get(id);
    if (list) list.push(m);
    else byIsland.set(id, [m]);
  }
  return [...byIsland]
    .map(([id, list]) => ({ id, list, ...score(list, params.tableNamedWeight) }))
    .sort((a, b) => b.total - a.total || b.best - a.best || a.first - b.first || a.id - b.id);
}

function score(matches: readonly GroundingMatch[], tableNamedWeight: number): { total: number; best: number; first: number } {
  const words = new Map<number, number>();
  let best = 0;
  let named = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const m of matches) {
    for (let i = m.span[0]; i < m.span[1]; i++) words.set(i, Math.max(words.get(i) ?? 0, m.score));
    best = Math.max(best, m.score);
    if (m.kind === 'table' || (m.kind === 'alias' && m.column === null)) named = Math.max(named, m.score);
    first = Math.min(first, m.span[0]);
  }
  let total = tableNamedWeight * named;
  for (const s of words.values()) total += s;
  return { total, best, first };
}
