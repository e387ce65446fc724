/** The columns whose values the index knows only through a Bloom filter (`GraphColumn.values.filter`). */
import { couldBeValueKey, filterHashes, VALUE_MAX_WORDS, type ValueFilterReader } from '@guided-retrieval/profiler/values';
import type { IndexEntry, Posting } from './index-entry.js';
import { ListPosting, tablesPerGroup } from './postings.js';

/** A column whose values are known through a Bloom filter. */
export interface FilteredColumn {
  table: string;
  column: string;
  element: number;
  reader: ValueFilterReader;
}

/** Keys remembered per index: a server's questions repeat their words (a memo size; speed, not results). */
const MAX_REMEMBERED_KEYS = 50_000;

/**
 * The columns known through Bloom filters. A key of w words is probed as the key of a value of w
 * words (coverage 1), then of w + 1 … 4 words (coverage w / n), each only where a value could
 * have it as a key (`couldBeValueKey`: every probe risks a false positive); the first hit per
 * column counts, as the index keeps a key's best coverage. The hits join the index's own entries
 * for the key with their table frequency counted as the index counts it (value entries per
 * island), which may change the index's value entries' too (copies, never the index's own).
 */
export class FilteredValues {
  readonly #remembered = new Map<string, Posting | undefined>();

  constructor(
    private readonly columns: readonly FilteredColumn[],
    private readonly island: ReadonlyMap<string, number>,
  ) {}

  lookup(key: string, posting: Posting | undefined): Posting | undefined {
    if (this.#remembered.has(key)) return this.#remembered.get(key);
    const found = this.#probe(key, posting);
    if (this.#remembered.size >= MAX_REMEMBERED_KEYS) this.#remembered.clear();
    this.#remembered.set(key, found);
    return found;
  }

  #probe(key: string, posting: Posting | undefined): Posting | undefined {
    const hits = this.#hits(key);
    if (hits.length === 0) return posting;
    const entries = posting?.entries() ?? [];
    // A column may also have the key from its sample: one entry per element, the better coverage.
    const own = new Map(entries.filter((e) => e.kind === 'value').map((e) => [e.element, e.coverage]));
    const fresh = hits.filter((h) => (own.get(h.element) ?? -1) < h.coverage);
    if (fresh.length === 0) return posting;
    const replaced = new Set(fresh.map((h) => h.element));
    const all = [...entries.filter((e) => e.kind !== 'value' || !replaced.has(e.element)), ...fresh];
    const naming = tablesPerGroup(all, (e) => (e.kind === 'value' ? this.island.get(e.table)! : null));
    return new ListPosting(
      all.map((e) => {
        if (e.kind !== 'value') return e;
        const tableFrequency = naming.get(this.island.get(e.table)!)!.size;
        return e.tableFrequency === tableFrequency ? e : { ...e, tableFrequency };
      }),
    );
  }

  /** The filtered columns that may hold a value with `key`, each at the best coverage it may have it. */
  #hits(key: string): IndexEntry[] {
    const words = key.split(' ').length;
    const hits: IndexEntry[] = [];
    const hit = new Set<number>();
    for (let of = words; of <= VALUE_MAX_WORDS; of++) {
      if (!couldBeValueKey(key, of)) continue;
      const hashes = filterHashes(key, of);
      for (const c of this.columns) {
        if (hit.has(c.element) || !c.reader.hasHashes(hashes)) continue;
        hit.add(c.element);
        hits.push({
          table: c.table,
          column: c.column,
          kind: 'value',
          element: c.element,
          keyKind: 'exact',
          coverage: words / of,
          tableFrequency: 1,
        });
      }
    }
    return hits;
  }
}
