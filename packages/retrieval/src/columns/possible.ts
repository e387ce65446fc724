/**
 * Tables beyond the result whose columns a prompt may offer: the question's words matched them
 * before settling (`GroundingResult.evidence`), or a candidate tree the fitted choice weighed holds
 * them, and one key edge joins them to a table of the result. The tree stays as chosen; these are
 * only "possibly needed", and the column model weighs their columns with what is known of them.
 */
import type { ContextGraph, JoinEdge } from '@guided-retrieval/context-graph';
import type { GroundingMatch, TableEvidence } from '@guided-retrieval/grounding';
import type { CandidateTrace } from '../types.js';

/** What is known of a possible table, the same for each of its columns. */
export interface PossibleFacts {
  table: string;
  /** The result's table it joins, and the edge's column pairs (its column, then the other's). */
  joins: string;
  on: { column: string; to: string }[];
  /** Its strongest match before settling (0 when only a candidate tree holds it). */
  evidence: number;
  /** The question's words its matches cover. */
  words: string[];
  /** How many of those no settled match on a table of the result covers: words only it explains. */
  explains: number;
  /** How far the best candidate tree holding it scores below the chosen one; null when none holds it. */
  gap: number | null;
}

export interface PossibleInput {
  graph: ContextGraph;
  /** The result's tables. */
  tables: readonly string[];
  evidence: readonly TableEvidence[];
  /** The candidate trees a fitted choice weighed (none from another disambiguator). */
  candidates?: readonly Pick<CandidateTrace, 'tables' | 'score'>[];
  /** The question's words, by position (what evidence's `word` indexes). */
  words: readonly string[];
  /** The settled matches. */
  matches: readonly Pick<GroundingMatch, 'table' | 'span'>[];
}

/** The possible tables, evidence first (strongest first), then candidate trees' (best first); each once. */
export function possibleTables(input: PossibleInput): PossibleFacts[] {
  const { graph, evidence, words } = input;
  const inResult = new Set(input.tables);
  const covered = new Set<number>();
  for (const m of input.matches) if (inResult.has(m.table)) for (let i = m.span[0]; i < m.span[1]; i++) covered.add(i);
  const candidates = input.candidates ?? [];
  const top = Math.max(...candidates.map((c) => c.score));
  const bestScore = new Map<string, number>();
  for (const c of candidates) for (const t of c.tables) bestScore.set(t, Math.max(bestScore.get(t) ?? -Infinity, c.score));
  const order = [...evidence.map((e) => e.table), ...[...bestScore].sort((a, b) => b[1] - a[1]).map(([t]) => t)];
  const out: PossibleFacts[] = [];
  const seen = new Set<string>();
  for (const table of order) {
    if (inResult.has(table) || seen.has(table) || !graph.table(table)) continue;
    seen.add(table);
    const link = linkingEdge(graph, table, input.tables);
    if (!link) continue;
    const found = evidence.find((e) => e.table === table);
    const score = bestScore.get(table);
    out.push({
      table,
      ...link,
      evidence: found?.best ?? 0,
      words: (found?.words ?? []).map((w) => words[w.word] ?? '').filter((w) => w !== ''),
      explains: (found?.words ?? []).filter((w) => !covered.has(w.word)).length,
      gap: score === undefined ? null : top - score,
    });
  }
  return out;
}

/** Why a possible table is offered, in words. */
export function possibleWhy(facts: PossibleFacts): string {
  const parts: string[] = [];
  if (facts.words.length > 0)
    parts.push(`the question's ${facts.words.map((w) => `"${w}"`).join(', ')} matched it (${facts.evidence.toFixed(2)})`);
  if (facts.gap !== null) parts.push(`a candidate tree holds it, ${facts.gap.toFixed(2)} below the chosen one`);
  return parts.join('; ');
}

/** The first key edge between `table` and a table of the result, in the result's order. */
function linkingEdge(graph: ContextGraph, table: string, tables: readonly string[]): Pick<PossibleFacts, 'joins' | 'on'> | null {
  const out = graph.outEdges(table);
  const inn = graph.inEdges(table);
  for (const other of tables) {
    const edge: JoinEdge | undefined = out.find((e) => e.toTable === other);
    if (edge) return { joins: other, on: edge.fromColumns.map((c, i) => ({ column: c, to: edge.toColumns[i]! })) };
    const back = inn.find((e) => e.fromTable === other);
    if (back) return { joins: other, on: back.toColumns.map((c, i) => ({ column: c, to: back.fromColumns[i]! })) };
  }
  return null;
}
