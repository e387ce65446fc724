/**
 * How the inverted index keeps its entries: not one entry per (key, element), but per distinct
 * signature (the names, or the values, an element is indexed by) the keys it gives, and per
 * signature the elements indexed by it. A warehouse's `customer_id` in 500 tables is one
 * signature; the key `customer` lists it once, and its entries are made when the key is read.
 */
import type { EntryShape, IndexEntry, Posting } from './index-entry.js';
import type { MatchKind, VariantKind } from './types.js';

/**
 * The index's elements and blocks. A block is one element's run of names or values, added in one
 * go while the index was built (an element normally has one); blocks are numbered in build order,
 * which is the order a key lists its entries in.
 */
export interface IndexLayout {
  /** The tables, by their position in the graph. */
  readonly tableNames: readonly string[];
  readonly elementColumn: readonly (string | null)[];
  /** The element's kind, by `KIND_CODE`. */
  readonly elementKind: Int32Array;
  /** The element's table, by its position in the graph. */
  readonly elementTableIndex: Int32Array;
  readonly blockElement: Int32Array;
  readonly blockSignature: Int32Array;
  /** Per signature, its blocks in build order. */
  readonly signatureBlocks: readonly Int32Array[];
  /** Per signature, one block of each shape among its blocks (kind, and whether it names a column). */
  readonly signatureShapes: readonly (readonly number[])[];
  /** Per table, by its position in the graph: its first block and the block after its last. */
  readonly tableBlocks: readonly (readonly [number, number])[];
  readonly tableIndex: ReadonlyMap<string, number>;
  /** Per table, by its position: its island of the join graph. */
  readonly island: readonly number[];
  /**
   * Whether some element was indexed in two blocks (a table with two columns of one name): its
   * entries are then merged as the index adds them, keeping the better spelling and coverage.
   */
  readonly split: boolean;
  /** `GroundingParams.exactKeyBonus`: how merged entries are ranked. */
  readonly exactKeyBonus: number;
  /** Whether entries number their elements -1, -2, … (the description index's, apart from the name index's). */
  readonly negativeElements: boolean;
  /** Per table, its value-indexed columns' distinct values. */
  readonly distinct: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** A key's signatures, each with how the key was derived from it and the share of the name it covers. */
export interface KeySignatures {
  readonly signatures: number[];
  readonly kinds: VariantKind[];
  readonly coverage: number[];
  /** Blocks over all its signatures: its entries, unless some element is split. */
  blocks: number;
}

/** Each kind's number in `IndexLayout.elementKind`, and back. */
export const KIND_CODE: Readonly<Record<MatchKind, number>> = { table: 0, column: 1, alias: 2, value: 3, measure: 4, time: 5 };
const KINDS: readonly MatchKind[] = ['table', 'column', 'alias', 'value', 'measure', 'time'];
const TABLE = KIND_CODE.table;
const VALUE = KIND_CODE.value;

export class KeyPosting implements Posting {
  #list: IndexEntry[] | undefined;
  #merged: ListPosting | undefined;
  #frequency: Map<number, number> | undefined;
  #position: Map<number, number> | undefined;
  #tableNames: IndexEntry[] | undefined;
  /** The key's entries by table (by position), once reading them is cheaper than scanning the tables asked for. */
  #byTable: Map<number, IndexEntry[]> | undefined;

  constructor(
    private readonly signatures: KeySignatures,
    private readonly layout: IndexLayout,
  ) {}

  get size(): number {
    return this.layout.split ? this.#mergedPosting().size : this.signatures.blocks;
  }

  entries(): readonly IndexEntry[] {
    if (this.layout.split) return this.#mergedPosting().entries();
    this.#list ??= this.#inOrder(this.#allBlocks());
    return this.#list;
  }

  ofTables(tables: ReadonlySet<string>): IndexEntry[] {
    if (this.layout.split) return this.#mergedPosting().ofTables(tables);
    this.#tableNames ??= this.#inOrder(this.#tableNameBlocks());
    const picked: IndexEntry[] = [];
    const { tableIndex, tableBlocks } = this.layout;
    const at = [...tables].map((t) => tableIndex.get(t));
    // Scan the tables' blocks, or group the key's blocks by table once: whichever reads fewer.
    let scanned = 0;
    for (const t of at) if (t !== undefined) scanned += tableBlocks[t]![1] - tableBlocks[t]![0];
    if (this.#byTable || scanned > this.signatures.blocks) {
      const byTable = this.#entriesByTable();
      for (const t of at) for (const e of (t === undefined ? undefined : byTable.get(t)) ?? []) picked.push(e);
    } else for (const t of at) if (t !== undefined) this.#entriesOfTable(t, picked);
    return [...this.#tableNames.filter((e) => !tables.has(e.table)), ...picked];
  }

  some(test: (entry: EntryShape) => boolean): boolean {
    if (this.layout.split) return this.#mergedPosting().some(test);
    const { elementKind, elementColumn, blockElement, signatureShapes } = this.layout;
    const { signatures, kinds, coverage } = this.signatures;
    for (let i = 0; i < signatures.length; i++) {
      for (const block of signatureShapes[signatures[i]!]!) {
        const element = blockElement[block]!;
        if (test({ kind: KINDS[elementKind[element]!]!, keyKind: kinds[i]!, coverage: coverage[i]!, column: elementColumn[element]! }))
          return true;
      }
    }
    return false;
  }

  /** Every block of the key, in build order. */
  #allBlocks(): Int32Array {
    const { signatures } = this.signatures;
    const { signatureBlocks } = this.layout;
    if (signatures.length === 1) return signatureBlocks[signatures[0]!]!;
    const blocks = new Int32Array(this.signatures.blocks);
    let at = 0;
    for (const s of signatures) {
      blocks.set(signatureBlocks[s]!, at);
      at += signatureBlocks[s]!.length;
    }
    return blocks.sort();
  }

  /** The blocks of a table's own name or alias whose key covers the whole name, in build order. */
  #tableNameBlocks(): number[] {
    const { signatureBlocks, signatureShapes, blockElement, elementColumn } = this.layout;
    const { signatures, coverage } = this.signatures;
    const blocks: number[] = [];
    for (let i = 0; i < signatures.length; i++) {
      const s = signatures[i]!;
      if (coverage[i] !== 1 || !signatureShapes[s]!.some((b) => elementColumn[blockElement[b]!] === null)) continue;
      for (const b of signatureBlocks[s]!) if (elementColumn[blockElement[b]!] === null) blocks.push(b);
    }
    return blocks.sort((a, b) => a - b);
  }

  /** The key's entries, table by table (by position), each table's in build order. */
  #entriesByTable(): Map<number, IndexEntry[]> {
    if (this.#byTable) return this.#byTable;
    const { tableIndex } = this.layout;
    const byTable = new Map<number, IndexEntry[]>();
    for (const e of this.entries()) {
      const t = tableIndex.get(e.table)!;
      const entries = byTable.get(t);
      if (entries) entries.push(e);
      else byTable.set(t, [e]);
    }
    this.#byTable = byTable;
    return byTable;
  }

  /** The entries of one table (by position), in build order, onto `out`. */
  #entriesOfTable(at: number, out: IndexEntry[]): void {
    const { tableBlocks, blockSignature } = this.layout;
    const [start, end] = tableBlocks[at]!;
    const position = this.#positions();
    for (let b = start; b < end; b++) {
      const i = position.get(blockSignature[b]!);
      if (i !== undefined) out.push(this.#entry(b, i));
    }
  }

  #inOrder(blocks: ArrayLike<number>): IndexEntry[] {
    const { signatures } = this.signatures;
    if (signatures.length === 1) return Array.from(blocks, (b) => this.#entry(b, 0));
    const position = this.#positions();
    const { blockSignature } = this.layout;
    return Array.from(blocks, (b) => this.#entry(b, position.get(blockSignature[b]!)!));
  }

  /** Signature → its place among the key's. */
  #positions(): Map<number, number> {
    this.#position ??= new Map(this.signatures.signatures.map((s, i) => [s, i]));
    return this.#position;
  }

  #entry(block: number, i: number): IndexEntry {
    const { blockElement, tableNames, elementTableIndex, elementColumn, elementKind } = this.layout;
    const element = blockElement[block]!;
    const kind = KINDS[elementKind[element]!]!;
    return {
      table: tableNames[elementTableIndex[element]!]!,
      column: elementColumn[element]!,
      kind,
      element: this.layout.negativeElements ? -1 - element : element,
      keyKind: this.signatures.kinds[i]!,
      coverage: this.signatures.coverage[i]!,
      tableFrequency: kind === 'table' ? 1 : this.#frequencies().get(this.#group(element))!,
    };
  }

  /** Tables naming the key, per island and per sort (value or name): group = 2·island + (value ? 1 : 0). */
  #group(element: number): number {
    const { island, elementTableIndex, elementKind } = this.layout;
    return 2 * island[elementTableIndex[element]!]! + (elementKind[element] === VALUE ? 1 : 0);
  }

  /** How many tables of each group the key names (a table's own name not counted): each entry's table frequency. */
  #frequencies(): Map<number, number> {
    if (this.#frequency) return this.#frequency;
    const { blockElement, elementKind, elementTableIndex, signatureBlocks, island } = this.layout;
    const counted = new Uint8Array(2 * island.length);
    const frequency = new Map<number, number>();
    for (const s of this.signatures.signatures) {
      for (const b of signatureBlocks[s]!) {
        const element = blockElement[b]!;
        const kind = elementKind[element];
        if (kind === TABLE) continue;
        const table = elementTableIndex[element]!;
        const sort = kind === VALUE ? 1 : 0;
        if (counted[2 * table + sort]) continue;
        counted[2 * table + sort] = 1;
        const group = 2 * island[table]! + sort;
        frequency.set(group, (frequency.get(group) ?? 0) + 1);
      }
    }
    this.#frequency = frequency;
    return frequency;
  }

  /** With a split element: the entries merged per element as the index adds them (the better rank stays, the first on a tie). */
  #mergedPosting(): ListPosting {
    if (this.#merged) return this.#merged;
    const byElement = new Map<number, IndexEntry>();
    const rank = (e: Pick<IndexEntry, 'keyKind' | 'coverage'>) => e.coverage + (e.keyKind === 'exact' ? this.layout.exactKeyBonus : 0);
    for (const entry of this.#inOrder(this.#allBlocks())) {
      const same = byElement.get(entry.element);
      if (!same) byElement.set(entry.element, entry);
      else if (rank(entry) > rank(same)) {
        same.keyKind = entry.keyKind;
        same.coverage = entry.coverage;
      }
    }
    this.#merged = new ListPosting([...byElement.values()]);
    return this.#merged;
  }
}

/** A posting held as a list of entries (a description word's, a key with a filtered column's hits). */
export class ListPosting implements Posting {
  #byTable: Map<string, IndexEntry[]> | undefined;
  #tableNames: IndexEntry[] | undefined;
  constructor(private readonly list: readonly IndexEntry[]) {}

  get size(): number {
    return this.list.length;
  }

  entries(): readonly IndexEntry[] {
    return this.list;
  }

  ofTables(tables: ReadonlySet<string>): IndexEntry[] {
    if (!this.#byTable || !this.#tableNames) {
      this.#byTable = new Map();
      this.#tableNames = [];
      for (const e of this.list) {
        if (e.column === null && e.coverage === 1) this.#tableNames.push(e);
        const list = this.#byTable.get(e.table);
        if (list) list.push(e);
        else this.#byTable.set(e.table, [e]);
      }
    }
    const byTable = this.#byTable;
    const picked = [...tables].flatMap((t) => byTable.get(t) ?? []);
    return [...this.#tableNames.filter((e) => !tables.has(e.table)), ...picked];
  }

  some(test: (entry: EntryShape) => boolean): boolean {
    return this.list.some(test);
  }
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
