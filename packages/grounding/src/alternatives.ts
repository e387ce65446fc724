/**
 * One word, several tables: "sales representative" is a job title in Employees, Customers and
 * Suppliers alike; "population" a column of both city and country. Inverse table frequency weighs
 * such a match down in all of them, so that none reaches T0, even when the question clearly means
 * one. When the question also names tables outright, the tables tied on that word are
 * alternatives: the one nearest the named tables is meant (a table the named one references
 * directly wins a tie: "albums by AC/DC" is the album's artist, not a track's composer), and it
 * keeps the word's whole weight; the others lose the word.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingParams } from './params.js';
import { nearTables } from './table-rings.js';
import type { GroundingMatch, QuestionToken } from './types.js';
import { spelledAsName } from './value-evidence.js';

export function chooseAmongAlternatives(
  matches: readonly GroundingMatch[],
  tokens: readonly QuestionToken[],
  graph: ContextGraph,
  params: Pick<GroundingParams, 'rarityDamping' | 'namedTableRatio' | 'maxAlternativeHops'>,
): GroundingMatch[] {
  const anchors = namedOutright(matches, params.namedTableRatio);
  if (anchors.size === 0) return [...matches];
  let distance: Map<string, number> | undefined;
  const dropped = new Set<string>();
  const boosted = new Map<GroundingMatch, number>();
  for (const [span, group] of bySpan(matches)) {
    // A place or a name in several tables ("Chicago" in airport, city and state) filters through
    // whichever is on the path: only a category word tied across tables names one of them.
    if (spelledAsName(tokens, group[0]!.span)) continue;
    const best = new Map<string, number>();
    for (const m of group) best.set(m.table, Math.max(best.get(m.table) ?? 0, m.score));
    const top = Math.max(...best.values());
    const tied = [...best].filter(([, s]) => s >= top - 1e-6).map(([t]) => t);
    if (tied.length < 2) continue;
    distance ??= new Map(
      nearTables(graph, [...anchors], params.maxAlternativeHops).flatMap((ring, d) => ring.map((t) => [t.name, d] as const)),
    );
    const hops = (t: string) => distance!.get(t) ?? Number.POSITIVE_INFINITY;
    const nearest = Math.min(...tied.map(hops));
    if (!Number.isFinite(nearest)) continue;
    let chosen = tied.filter((t) => hops(t) === nearest);
    if (nearest === 1) {
      const referenced = chosen.filter((t) => [...anchors].some((a) => graph.outEdges(a).some((e) => e.toTable === t)));
      if (referenced.length > 0) chosen = referenced;
    }
    if (chosen.length === tied.length) continue;
    for (const t of tied) if (!chosen.includes(t)) dropped.add(`${span}|${t}`);
    const restore = 1 + params.rarityDamping * Math.log(tied.length);
    for (const m of group) if (chosen.includes(m.table) && m.score >= top - 1e-6) boosted.set(m, Math.min(1, m.score * restore));
  }
  if (dropped.size === 0) return [...matches];
  // Most matches are of tables no span dropped: those are kept without making their key.
  const droppedTables = new Set([...dropped].map((d) => d.slice(d.indexOf('|') + 1)));
  return matches
    .filter((m) => !droppedTables.has(m.table) || !dropped.has(`${m.span[0]}:${m.span[1]}|${m.table}`))
    .map((m) => (boosted.has(m) ? { ...m, score: Math.round(boosted.get(m)! * 1e6) / 1e6 } : m));
}

/** The tables the question names outright (a table's name or alias), within `ratio` of the strongest. */
function namedOutright(matches: readonly GroundingMatch[], ratio: number): Set<string> {
  const named = matches.filter((m) => m.kind === 'table' || (m.kind === 'alias' && m.column === null));
  const strongest = Math.max(0, ...named.map((m) => m.score));
  return new Set(named.filter((m) => m.score >= ratio * strongest).map((m) => m.table));
}

/** The value matches of each span that names no table outright. */
function bySpan(matches: readonly GroundingMatch[]): Map<string, GroundingMatch[]> {
  const spans = new Map<string, GroundingMatch[]>();
  const naming = new Set(matches.filter((m) => m.column === null).map((m) => `${m.span[0]}:${m.span[1]}`));
  for (const m of matches) {
    if (m.column === null || m.kind !== 'value') continue;
    const key = `${m.span[0]}:${m.span[1]}`;
    if (naming.has(key)) continue;
    const list = spans.get(key);
    if (list) list.push(m);
    else spans.set(key, [m]);
  }
  return spans;
}
