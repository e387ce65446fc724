/**
 * The inverted index while it is built (`build-index.ts` walks the graph): each element's names or
 * values are added in one block; a block's keys depend on its names alone (its signature), so
 * they are worked out once per distinct signature however many tables repeat it ("status",
 * "customer_id" in every table of a warehouse), and a key lists the signatures, not the elements.
 */
import { eachValueKey } from '@guided-retrieval/profiler/values';
import type { FilteredValues } from './filtered-values.js';
import { IntList } from './int-list.js';
import { InvertedIndex } from './inverted-index.js';
import type { NameKey } from './name-keys.js';
import type { GroundingParams } from './params.js';
import { type IndexLayout, type KeySignatures, KIND_CODE } from './postings.js';
import type { MatchKind, VariantKind } from './types.js';

/** What a signature gives: each key with how it was derived and its share of the name (the best of each key's). */
type Keys = Map<string, [VariantKind, number]>;

export class IndexBuilder {
  /** The current table's elements, per kind, by column (null for the table's own). */
  #tableElements: Map<MatchKind, Map<string | null, number>> | undefined = new Map();
  readonly #elementColumn: (string | null)[] = [];
  readonly #elementKind = new IntList(1024);
  readonly #elementTableIndex = new IntList(1024);
  readonly #elementBlocks = new IntList(1024);
  readonly #blockElement = new IntList(1024);
  readonly #blockSignature = new IntList(1024);
  readonly #signatureIds = new Map<string, number>();
  /** Signatures of one name (most are: a column's), by the name itself. */
  readonly #nameSignatureIds = new Map<string, number>();
  readonly #signatureBlocks: IntList[] = [];
  readonly #signatureShapes: number[][] = [];
  readonly #signatureShapeSeen: number[] = [];
  readonly #signatureHasKeys: boolean[] = [];
  readonly #keys = new Map<string, KeySignatures>();
  readonly #tableBlocks: [number, number][] = [];
  readonly #tableNames: string[] = [];
  readonly #distinct = new Map<string, Map<string, number>>();
  #table = -1;
  #split = false;

  /**
   * `minKeyLength`: shorter keys are not indexed (`GroundingParams.minKeyLength`); `exactKeyBonus`
   * ranks a key's spellings; `negativeElements` numbers elements -1, -2, … apart from another index's.
   */
  constructor(
    readonly keysOf: (name: string) => readonly NameKey[],
    private readonly options: Pick<GroundingParams, 'minKeyLength' | 'exactKeyBonus'> & { negativeElements?: boolean },
  ) {}

  /**
   * Begins the next table of the graph: the elements asked for next are its. `columnsUnique`: no two
   * of its columns have one name, so no element is asked for twice and none is looked up.
   */
  startTable(name: string, columnsUnique = false): void {
    this.#endTable();
    this.#table = this.#tableNames.length;
    this.#tableNames.push(name);
    this.#tableElements = columnsUnique ? undefined : new Map();
    this.#tableBlocks.push([this.#blockElement.length, this.#blockElement.length]);
  }

  #endTable(): void {
    if (this.#table >= 0) this.#tableBlocks[this.#table]![1] = this.#blockElement.length;
  }

  /** The element (column, kind) of the current table (column null: the table's own), numbered in the order first asked for. */
  element(column: string | null, kind: MatchKind): number {
    let ofKind = this.#tableElements?.get(kind);
    if (this.#tableElements && !ofKind) {
      ofKind = new Map();
      this.#tableElements.set(kind, ofKind);
    }
    let id = ofKind?.get(column);
    if (id === undefined) {
      id = this.#elementColumn.length;
      ofKind?.set(column, id);
      this.#elementColumn.push(column);
      this.#elementKind.push(KIND_CODE[kind]);
      this.#elementTableIndex.push(this.#table);
      this.#elementBlocks.push(0);
    }
    return id;
  }

  /**
   * `element` under every key of each of `names`, the key's best spelling and coverage kept; then,
   * for the keys of `capped` it has, its coverage kept to at most `coverage`.
   */
  addNames(element: number, names: readonly string[], capped?: { name: string; coverage: number }): void {
    if (names.length === 0) return;
    const one = names.length === 1 && !capped;
    const ids = one ? this.#nameSignatureIds : this.#signatureIds;
    const signature = one ? names[0]! : `n${names.join('\u0000')}\u0001${capped ? `${capped.name}\u0000${capped.coverage}` : ''}`;
    const id = ids.get(signature) ?? this.#newSignature(ids, signature, this.#keysOfNames(names, capped));
    this.#addBlock(element, id);
  }

  #keysOfNames(names: readonly string[], capped: { name: string; coverage: number } | undefined): Keys {
    const keys: Keys = new Map();
    for (const name of names) for (const [key, kind, coverage] of this.keysOf(name)) this.#add(keys, key, kind, coverage);
    if (capped) {
      for (const [key] of this.keysOf(capped.name)) {
        const same = keys.get(key);
        if (same && same[1] > capped.coverage) same[1] = capped.coverage;
      }
    }
    return keys;
  }

  /**
   * `element` under every key of each value (`eachValueKey`): the whole normalised value, and
   * each run of its words with its share of the value as coverage.
   */
  addValues(element: number, values: readonly (string | number)[], kind: VariantKind = 'exact'): void {
    // A number has no key: values of the same text have the same keys.
    const texts = values.filter((v): v is string => typeof v === 'string');
    if (texts.length === 0) return;
    const signature = `v${kind}\u0001${texts.join('\u0000')}`;
    const id = this.#signatureIds.get(signature) ?? this.#newSignature(this.#signatureIds, signature, this.#keysOfValues(texts, kind));
    this.#addBlock(element, id);
  }

  #keysOfValues(texts: readonly string[], kind: VariantKind): Keys {
    const keys: Keys = new Map();
    for (const value of texts) eachValueKey(value, (key, words, of) => this.#add(keys, key, kind, words / of));
    return keys;
  }

  /** A value-indexed column's distinct values, for the evidence its value matches carry. */
  setDistinct(table: string, column: string, distinct: number): void {
    let columns = this.#distinct.get(table);
    if (!columns) {
      columns = new Map();
      this.#distinct.set(table, columns);
    }
    columns.set(column, distinct);
  }

  hasDistinct(table: string, column: string): boolean {
    return this.#distinct.get(table)?.has(column) ?? false;
  }

  /**
   * The index, each table's island of the join graph given by its position (what table frequency
   * is counted within); without the keys naming more than `rare.max` tables of one island of `rare.island`.
   */
  finish(island: readonly number[], filtered?: FilteredValues, rare?: { island: readonly number[]; max: number }): InvertedIndex {
    this.#endTable();
    for (const signatures of this.#keys.values()) {
      for (const s of signatures.signatures) signatures.blocks += this.#signatureBlocks[s]!.length;
    }
    if (rare)
      for (const [key, signatures] of this.#keys) if (this.#mostTablesPerIsland(signatures, rare.island) > rare.max) this.#keys.delete(key);
    const layout: IndexLayout = {
      tableNames: this.#tableNames,
      elementColumn: this.#elementColumn,
      elementKind: this.#elementKind.view(),
      elementTableIndex: this.#elementTableIndex.view(),
      blockElement: this.#blockElement.view(),
      blockSignature: this.#blockSignature.view(),
      signatureBlocks: this.#signatureBlocks.map((blocks) => blocks.view()),
      signatureShapes: this.#signatureShapes,
      tableBlocks: this.#tableBlocks,
      tableIndex: new Map(this.#tableNames.map((t, i) => [t, i])),
      island,
      split: this.#split,
      exactKeyBonus: this.options.exactKeyBonus,
      negativeElements: this.options.negativeElements ?? false,
      distinct: this.#distinct,
    };
    return new InvertedIndex(this.#keys, layout, filtered);
  }

  /** A signature's number, its keys listed under it. */
  #newSignature(ids: Map<string, number>, signature: string, keys: Keys): number {
    const id = this.#signatureBlocks.length;
    ids.set(signature, id);
    this.#signatureBlocks.push(new IntList(4));
    this.#signatureShapes.push([]);
    this.#signatureShapeSeen.push(0);
    this.#signatureHasKeys.push(keys.size > 0);
    for (const [key, [kind, coverage]] of keys) {
      let signatures = this.#keys.get(key);
      if (!signatures) {
        signatures = { signatures: [], kinds: [], coverage: [], blocks: 0 };
        this.#keys.set(key, signatures);
      }
      signatures.signatures.push(id);
      signatures.kinds.push(kind);
      signatures.coverage.push(coverage);
    }
    return id;
  }

  #addBlock(e: number, id: number): void {
    // A block of no key adds nothing, and does not split its element.
    if (!this.#signatureHasKeys[id]) return;
    const block = this.#blockElement.length;
    this.#blockElement.push(e);
    this.#blockSignature.push(id);
    this.#signatureBlocks[id]!.push(block);
    if (this.#elementBlocks.at(e) > 0) this.#split = true;
    this.#elementBlocks.set(e, this.#elementBlocks.at(e) + 1);
    const shape = 1 << (2 * this.#elementKind.at(e) + (this.#elementColumn[e] === null ? 1 : 0));
    if ((this.#signatureShapeSeen[id]! & shape) === 0) {
      this.#signatureShapeSeen[id]! |= shape;
      this.#signatureShapes[id]!.push(block);
    }
  }

  #add(keys: Keys, key: string, kind: VariantKind, coverage: number): void {
    if (key.length < this.options.minKeyLength) return;
    const same = keys.get(key);
    if (!same) keys.set(key, [kind, coverage]);
    else if (this.#rank(kind, coverage) > this.#rank(same[0], same[1])) {
      same[0] = kind;
      same[1] = coverage;
    }
  }

  #rank(keyKind: VariantKind, coverage: number): number {
    return coverage + (keyKind === 'exact' ? this.options.exactKeyBonus : 0);
  }

  /** The most tables a key's blocks lie in, in any one island. */
  #mostTablesPerIsland(signatures: KeySignatures, island: readonly number[]): number {
    const tables = new Set<number>();
    const perIsland = new Map<number, number>();
    let most = 0;
    for (const s of signatures.signatures) {
      for (const b of this.#signatureBlocks[s]!.view()) {
        const table = this.#elementTableIndex.at(this.#blockElement.at(b));
        if (tables.has(table)) continue;
        tables.add(table);
        const n = (perIsland.get(island[table]!) ?? 0) + 1;
        perIsland.set(island[table]!, n);
        most = Math.max(most, n);
      }
    }
    return most;
  }
}
