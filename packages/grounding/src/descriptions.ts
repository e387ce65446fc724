/**
 * What the schema says of itself in prose: the words of column and table descriptions (BIRD's
 * column descriptions, PostgreSQL and DuckDB comments), read for a question word that no name
 * and no whole value matched. A description's word is weaker evidence than a name (it is said in
 * passing: "location of branch"), so it only stands in where the names are silent.
 */

import type { ContextGraph } from '@guided-retrieval/context-graph';
import { STOP_WORDS, singular } from '@guided-retrieval/text';
import { IndexBuilder } from './index-builder.js';
import type { IndexEntry } from './index-entry.js';
import type { InvertedIndex } from './inverted-index.js';
import type { NameKey } from './name-keys.js';
import type { GroundingParams } from './params.js';

/**
 * Description word (singular) → an index entry for each column (or table, `column` null) whose
 * description holds it: an alias match of the description's coverage, counted against the tables
 * the word describes, its elements numbered apart from the inverted index's (negative). Kept, as
 * the inverted index is, per distinct description: a warehouse repeats its columns' descriptions
 * in every table.
 */
export type DescriptionIndex = Pick<InvertedIndex, 'get' | 'keys'>;

/**
 * Words for the data itself (how it is stored, not what it holds): they tell no column from
 * another in a description, and in a question ("businesses in the database") they ask for no table.
 */
export const DATA_WORDS: ReadonlySet<string> = new Set([
  'database',
  'databases',
  'dataset',
  'entry',
  'entries',
  'column',
  'field',
  'value',
  'values',
  'table',
  'record',
  'records',
  'row',
  'rows',
  'data',
  'unique',
  'identifier',
  'number',
  'form',
  'refer',
  'refers',
  'mean',
  'means',
  'stand',
  'stands',
  'example',
  'null',
  'true',
  'false',
]);

/** The content words of a description, each once, singular. */
export function descriptionWords(description: string, params: GroundingParams): string[] {
  const words = new Set<string>();
  for (const raw of description.toLowerCase().split(/[^a-z]+/)) {
    if (raw.length < params.minDescribedWordLength || STOP_WORDS.has(raw) || DATA_WORDS.has(raw)) continue;
    words.add(singular(raw));
  }
  return [...words];
}

/**
 * Every description word → the columns and tables it describes; a word in the descriptions of
 * more than `describedMaxTables` tables of an island says nothing of which is meant and is left out.
 */
export function descriptionIndex(graph: ContextGraph, params: GroundingParams): DescriptionIndex {
  const coverage = params.describedCoverage;
  const wordsOf = (description: string): NameKey[] => descriptionWords(description, params).map((w) => [w, 'described', coverage]);
  const builder = new IndexBuilder(wordsOf, { minKeyLength: 0, exactKeyBonus: params.exactKeyBonus, negativeElements: true });
  for (const table of graph.tables) {
    builder.startTable(table.name);
    if (table.description) builder.addNames(builder.element(null, 'alias'), [table.description]);
    for (const column of table.columns)
      if (column.description) builder.addNames(builder.element(column.name, 'alias'), [column.description]);
  }
  // Counted against every table the word describes, in whichever island (one group for all).
  const island = graph.tables.map((t) => graph.islandOf(t.name));
  return builder.finish(
    island.map(() => 0),
    undefined,
    { island, max: params.describedMaxTables },
  );
}

/** The entries of several description words for one question word: each element once, counted against their tables. */
export function describedEntries(index: DescriptionIndex, words: ReadonlySet<string>): readonly IndexEntry[] {
  const lists = [...words].map((w) => index.get(w)).filter((l): l is readonly IndexEntry[] => l !== undefined);
  if (lists.length <= 1) return lists[0] ?? [];
  const byElement = new Map<number, IndexEntry>();
  for (const list of lists) for (const e of list) if (!byElement.has(e.element)) byElement.set(e.element, e);
  return withTableFrequency([...byElement.values()].map((e) => describedEntry(e.table, e.column, e.element, e.coverage)));
}

function describedEntry(table: string, column: string | null, element: number, coverage: number): IndexEntry {
  return { table, column, kind: 'alias', keyKind: 'described', coverage, tableFrequency: 1, element };
}

/** The entries, each counted against how many tables they name together. */
function withTableFrequency(entries: IndexEntry[]): IndexEntry[] {
  const tables = new Set(entries.map((e) => e.table)).size;
  for (const e of entries) e.tableFrequency = tables;
  return entries;
}
