/**
 * What the schema says of itself in prose: the words of column and table descriptions (BIRD's
 * column descriptions, PostgreSQL and DuckDB comments), read for a question word that no name
 * and no whole value matched. A description's word is weaker evidence than a name (it is said in
 * passing: "location of branch"), so it only stands in where the names are silent.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { singular } from './singular.js';
import { DESCRIBED_MAX_TABLES, MIN_DESCRIBED_WORD_LENGTH } from './thresholds.js';

/** A described element: a column (or the table itself, `column` null) whose description holds the word. */
export interface DescribedElement {
  table: string;
  column: string | null;
}

/** Description word (singular) → the elements whose description holds it. */
export type DescriptionIndex = ReadonlyMap<string, readonly DescribedElement[]>;

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
export function descriptionWords(description: string): string[] {
  const words = new Set<string>();
  for (const raw of description.toLowerCase().split(/[^a-z]+/)) {
    if (raw.length < MIN_DESCRIBED_WORD_LENGTH || STOP_WORDS.has(raw) || DATA_WORDS.has(raw)) continue;
    words.add(singular(raw));
  }
  return [...words];
}

/**
 * Every description word → the columns and tables it describes; a word in the descriptions of
 * more than `DESCRIBED_MAX_TABLES` tables of an island says nothing of which is meant and is left out.
 */
export function descriptionIndex(graph: ContextGraph): DescriptionIndex {
  const found = new Map<string, DescribedElement[]>();
  const add = (description: string, element: DescribedElement) => {
    for (const word of descriptionWords(description)) {
      const list = found.get(word);
      if (!list) found.set(word, [element]);
      else if (!list.some((e) => e.table === element.table && e.column === element.column)) list.push(element);
    }
  };
  for (const table of graph.tables) {
    if (table.description) add(table.description, { table: table.name, column: null });
    for (const column of table.columns) if (column.description) add(column.description, { table: table.name, column: column.name });
  }
  for (const [word, elements] of found) {
    const perIsland = new Map<number, Set<string>>();
    for (const e of elements) {
      const island = graph.islandOf(e.table);
      const tables = perIsland.get(island) ?? new Set<string>();
      tables.add(e.table);
      perIsland.set(island, tables);
    }
    if (Math.max(...[...perIsland.values()].map((t) => t.size)) > DESCRIBED_MAX_TABLES) found.delete(word);
  }
  return found;
}
