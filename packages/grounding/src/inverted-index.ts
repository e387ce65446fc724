/**
 * The inverted hash index grounding looks question words up in (built by `build-index.ts`), and
 * the lookup itself: the index's own entries for a key, with the hits of the columns whose values
 * are only known through a Bloom filter (`filtered-values.ts`).
 */
import type { FilteredValues } from './filtered-values.js';
import { type IndexLayout, KeyPosting, type KeySignatures } from './postings.js';
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

/**
 * The inverted hash index: normalised key → the schema elements and values it names, kept as the
 * keys of each distinct name (a warehouse spells `customer_id` in hundreds of tables: its keys are
 * worked out once, and each key lists the name, not every column); with the columns whose values
 * are only known through a Bloom filter, probed for each key looked up (`lookupKey`).
 */
export class InvertedIndex {
  readonly #postings = new Map<string, KeyPosting>();

  constructor(
    private readonly keySignatures: ReadonlyMap<string, KeySignatures>,
    private readonly layout: IndexLayout,
    readonly filtered?: FilteredValues,
  ) {}

  /** Number of distinct keys. */
  get size(): number {
    return this.keySignatures.size;
  }

  keys(): IterableIterator<string> {
    return this.keySignatures.keys();
  }

  has(key: string): boolean {
    return this.keySignatures.has(key);
  }

  /** The index's own entries for `key` (no filtered column's), or undefined when it has none. */
  posting(key: string): Posting | undefined {
    let posting = this.#postings.get(key);
    if (!posting) {
      const signatures = this.keySignatures.get(key);
      if (!signatures) return undefined;
      posting = new KeyPosting(signatures, this.layout);
      this.#postings.set(key, posting);
    }
    return posting;
  }

  /** Every entry of `key`, or undefined. */
  get(key: string): readonly IndexEntry[] | undefined {
    return this.posting(key)?.entries();
  }

  /** The distinct values of a column whose values are indexed (profiled, listed or sampled); 0 for any other. */
  distinctValues(table: string, column: string): number {
    return this.layout.distinct.get(table)?.get(column) ?? 0;
  }
}

/**
 * The index's entries for a key, with the matches of the columns known through a filter: what
 * grounding looks every variant of every run of question words up by.
 */
export function lookupKey(index: InvertedIndex, key: string): Posting | undefined {
  const posting = index.posting(key);
  return index.filtered ? index.filtered.lookup(key, posting) : posting;
}

/**
 * Per group, the tables the entries of that group name; an entry whose group is null is not
 * counted. What table frequency is: `tablesPerGroup(…).get(group).size`.
 */
export function tablesPerGroup(entries: readonly IndexEntry[], groupOf: (e: IndexEntry) => number | null): Map<number, Set<string>> {
  const naming = new Map<number, Set<string>>();
  for (const e of entries) {
    const g = groupOf(e);
    if (g === null) continue;
    const tables = naming.get(g);
    if (tables) tables.add(e.table);
    else naming.set(g, new Set([e.table]));
  }
  return naming;
}
