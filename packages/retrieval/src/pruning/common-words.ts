/**
 * Drops an initial target held only by one question word that many tables of its island carry
 * ("status", "2014"): such a word may be asked of any of them, so it chooses nothing.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { identifierWords, singular } from '@guided-retrieval/text';
import type { HeuristicParams } from '../params.js';
import type { PrunePass } from './pass.js';

/** A target left out because one common word is all that points at it. */
export interface WeaklyHeld {
  table: string;
  word: string;
  /** Tables with a column named by that word, or named by it themselves. */
  tables: number;
  where: 'columns' | 'names';
}

const wordTables = new WeakMap<ContextGraph, { columns: Map<string, number>; names: Map<string, number> }>();

/**
 * How many tables of each island of the join graph carry each word in a column's name, and in
 * their own name (keyed `island:word`), counted once per graph: a warehouse's other databases say
 * nothing of how common a word is in this one.
 */
export function tablesPerWord(graph: ContextGraph): { columns: Map<string, number>; names: Map<string, number> } {
  let counts = wordTables.get(graph);
  if (!counts) {
    counts = { columns: new Map(), names: new Map() };
    const add = (map: Map<string, number>, island: number, words: Iterable<string>) => {
      for (const w of words) map.set(`${island}:${w}`, (map.get(`${island}:${w}`) ?? 0) + 1);
    };
    // A warehouse repeats its column names in every table: each name's words are worked out once.
    const wordsOfName = new Map<string, string[]>();
    const wordsOf = (name: string) => {
      let words = wordsOfName.get(name);
      if (!words) {
        words = identifierWords(name, { digits: 'split' }).map(singular);
        wordsOfName.set(name, words);
      }
      return words;
    };
    for (const table of graph.tables) {
      const island = graph.islandOf(table.name);
      const columnWords = new Set<string>();
      for (const c of table.columns) for (const w of wordsOf(c.name)) columnWords.add(w);
      add(counts.columns, island, columnWords);
      add(counts.names, island, new Set(wordsOf(table.name)));
    }
    wordTables.set(graph, counts);
  }
  return counts;
}

/**
 * Targets whose only evidence is one question word matching a column name, or a piece of their
 * own name, when at least `commonWordTables` tables of its island carry that word in a column
 * name ("time", "year", "status" in a warehouse), or in their name ("2014" of
 * `hospice_providers_2014`, `inpatient_charges_2014`, …): such a word may be asked of any of
 * them, and joining one in for it makes the tree bigger, not better. A word few tables carry, a
 * value, or a table's whole name is evidence enough.
 */
export function heldByCommonWord(
  graph: ContextGraph,
  grounding: GroundingResult,
  targets: readonly string[],
  params: Pick<HeuristicParams, 'commonWordTables'>,
): WeaklyHeld[] {
  const counts = tablesPerWord(graph);
  const weak: WeaklyHeld[] = [];
  for (const t of targets) {
    const matches = grounding.matches.filter((m) => m.table === t);
    const spans = new Set(matches.map((m) => `${m.span[0]}:${m.span[1]}`));
    const first = matches[0];
    if (!first || spans.size !== 1 || first.span[1] - first.span[0] !== 1) continue;
    const byColumn = matches.every((m) => m.kind === 'column' || m.kind === 'alias');
    const byNamePiece = matches.every((m) => m.kind === 'table' && m.coverage < 1);
    if (!byColumn && !byNamePiece) continue;
    const token = grounding.tokens[first.span[0]];
    if (!token) continue;
    const island = graph.islandOf(t);
    const map = byColumn ? counts.columns : counts.names;
    const count = (w: string) => map.get(`${island}:${singular(w)}`) ?? 0;
    const tables = Math.max(count(token.lemma.toLowerCase()), count(token.lower));
    if (tables >= params.commonWordTables) weak.push({ table: t, word: token.text, tables, where: byColumn ? 'columns' : 'names' });
  }
  return weak;
}

/** Each target `heldByCommonWord` finds, dropped on its own (`commonWords`). */
export const commonWordsPass: PrunePass = {
  name: 'common words',
  switch: 'commonWords',
  prepare: (graph) => {
    tablesPerWord(graph);
  },
  run: ({ graph, grounding, targets, params }) =>
    heldByCommonWord(graph, grounding, targets, params).map((w) => ({
      tables: [w.table],
      note: `held only by "${w.word}", a word the ${w.where} of ${w.tables} tables carry`,
    })),
};
