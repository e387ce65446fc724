/**
 * The inverted hash index grounding looks question words up in (built by `build-index.ts`), and
 * the lookup itself: the index's own entries for a key, with the hits of the columns whose values
 * are only known through a Bloom filter (`filtered-values.ts`).
 */
import type { FilteredValues } from './filtered-values.js';
import type { IndexEntry, Posting } from './index-entry.js';
import { type IndexLayout, KeyPosting, type KeySignatures } from './postings.js';

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
