/**
 * What the inverted index (`inverted-index.ts`) lists per key: its entries, and a key's posting
 * they are read through (`postings.ts`). Types only, so that the index, its postings and the
 * filtered columns (`filtered-values.ts`) share them without importing one another.
 */
import type { MatchKind, VariantKind } from './types.js';

export interface IndexEntry {
  table: string;
  column: string | null;
  kind: MatchKind;
  /** The same number for every entry naming the same (table, column, kind), whatever the key. */
  element: number;
  /** How the key was derived from the schema's spelling. */
  keyKind: VariantKind;
  coverage: number;
  /**
   * How many tables the same key names as a value (for a value entry) or as a column or alias
   * (otherwise), within the entry's island of the join graph; 1 for a table's name.
   */
  tableFrequency: number;
}

/** What a test of an entry may read: not which table or column it names, only whether it names a column. */
export type EntryShape = Pick<IndexEntry, 'kind' | 'keyKind' | 'coverage' | 'column'>;

/** A key's entries, in the order the index was built (the schema's order). */
export interface Posting {
  /** How many entries. */
  readonly size: number;
  /** Every entry. */
  entries(): readonly IndexEntry[];
  /**
   * The entries naming a table itself (a table's name or alias, whole), then, table by table in
   * the order of `tables`, every entry of those tables: what a key too common to read whole
   * ("name", "id" in every table) is read by, near the tables the question's telling words name.
   */
  ofTables(tables: ReadonlySet<string>): IndexEntry[];
  /** Whether some entry passes `test`, which reads its shape only. */
  some(test: (entry: EntryShape) => boolean): boolean;
}
