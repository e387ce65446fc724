/**
 * What the schema says of itself in prose: the words of column and table descriptions (BIRD's
 * column descriptions, PostgreSQL and DuckDB comments), read for a question word that no name
 * and no whole value matched. A description's word is weaker evidence than a name (it is said in
 * passing: "location of branch"), so it only stands in where the names are silent.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { IndexEntry } from './inverted-index.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { perName } from './memo.js';
import type { GroundingParams } from './params.js';
import { defaultGroundingParams } from './params-load.js';
import { singular } from './singular.js';

/**
 * Description word (singular) → an index entry for each column (or table, `column` null) whose
 * description holds it: an alias match of the description's coverage, counted against the tables
 * the word describes, its elements numbered apart from the inverted index's (negative).
 */
export type DescriptionIndex = ReadonlyMap<string, readonly IndexEntry[]>;

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
export function descriptionWords(description: string, params: GroundingParams = defaultGroundingParams()): string[] {
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
export function descriptionIndex(graph: ContextGraph, params: GroundingParams = defaultGroundingParams()): DescriptionIndex {
  const elements = new Map<string, number>();
  const found = new Map<string, Map<number, IndexEntry>>();
  // Per word, the tables it describes per island; a word past `describedMaxTables` in one is left out at once.
  const describing = new Map<string, Map<number, Set<string>>>();
  const tooCommon = new Set<string>();
  const wordsOf = perName((description) => descriptionWords(description, params));
  const add = (description: string, table: string, column: string | null) => {
    const name = `${table}\u0000${column ?? ''}`;
    let element = elements.get(name);
    if (element === undefined) {
      element = -1 - elements.size;
      elements.set(name, element);
    }
    const island = graph.islandOf(table);
    for (const word of wordsOf(description)) {
      if (tooCommon.has(word)) continue;
      const entries = found.get(word) ?? new Map<number, IndexEntry>();
      found.set(word, entries);
      if (!entries.has(element)) entries.set(element, describedEntry(table, column, element, params.describedCoverage));
      const perIsland = describing.get(word) ?? new Map<number, Set<string>>();
      describing.set(word, perIsland);
      const tables = perIsland.get(island) ?? new Set<string>();
      perIsland.set(island, tables.add(table));
      if (tables.size > params.describedMaxTables) {
        tooCommon.add(word);
        found.delete(word);
        describing.delete(word);
      }
    }
  };
  for (const table of graph.tables) {
    if (table.description) add(table.description, table.name, null);
    for (const column of table.columns) if (column.description) add(column.description, table.name, column.name);
  }
  const index = new Map<string, IndexEntry[]>();
  for (const [word, entries] of found) index.set(word, withTableFrequency([...entries.values()]));
  return index;
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
