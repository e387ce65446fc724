import {
  type ContextGraph,
  couldBeValueKey,
  eachValueKey,
  filterHashes,
  type GraphColumn,
  readValueFilter,
  VALUE_MAX_WORDS,
  type ValueFilterReader,
} from '@guided-retrieval/context-graph';
import { commonColumnPrefix, conventionColumnPrefix, segmentCompound, splitIdentifier, tableNamePrefix } from './identifiers.js';
import { ABBREVIATIONS, CONTRACTIONS, lexiconLookup } from './lexicon/abbreviations.js';
import { COMPOUND_WORDS } from './lexicon/vocabulary.js';
import { singular } from './normalize.js';
import type { MatchKind, VariantKind } from './types.js';

export interface IndexEntry {
  table: string;
  column: string | null;
  kind: MatchKind;
  /** How the key was derived from the schema's spelling. */
  keyKind: VariantKind;
  coverage: number;
  /**
   * How many tables the same key names as a value (for a value entry) or as a column or alias
   * (otherwise); 1 for a table's name. Computed once, when the index is built.
   */
  tableFrequency: number;
  /** The same number for every entry naming the same (table, column, kind), whatever the key. */
  element: number;
}

/**
 * The inverted hash index: normalised key → the schema elements and values it names; with the
 * columns whose values are only known through a Bloom filter (`GraphColumn.values.filter`),
 * probed for each key looked up (`lookupKey`).
 */
export interface InvertedIndex extends Map<string, IndexEntry[]> {
  filtered?: FilteredValues;
}

const MAX_FORMS = 16;

export interface IndexOptions {
  /** Synonyms of a schema word, also indexed (WordNet by default; none to switch off). */
  synonyms?: (word: string) => readonly string[];
  /** Index foreign-key columns' names too (default true; their words mostly name the table they reference, and stronger matches on that table win). */
  foreignKeyColumns?: boolean;
  /** Index the opening words of a column's description as an alias of it (`prcp`: "Total precipitation") (default true). */
  descriptionAliases?: boolean;
}

export function buildInvertedIndex(graph: ContextGraph, options: IndexOptions = {}): InvertedIndex {
  const synonyms = options.synonyms ?? (() => []);
  // A warehouse repeats names (`status`, `customer_id` in hundreds of tables): each name's keys are worked out once.
  const formsOf = new Map<string, [string, VariantKind][]>();
  const forms: Forms = (word) => {
    let found = formsOf.get(word);
    if (!found) {
      found = wordForms(word, synonyms);
      formsOf.set(word, found);
    }
    return found;
  };
  const keysOf = new Map<string, [string, VariantKind, number][]>();
  const nameKeys = (name: string) => {
    let keys = keysOf.get(name);
    if (!keys) {
      const found: [string, VariantKind, number][] = [];
      indexName(name, vocabulary, forms, (key, kind, coverage) => found.push([key, kind, coverage]));
      keys = found;
      keysOf.set(name, keys);
    }
    return keys;
  };
  const indexNameOnce = (name: string, emit: (key: string, kind: VariantKind, coverage: number) => void) => {
    for (const [key, kind, coverage] of nameKeys(name)) emit(key, kind, coverage);
  };
  const index: InvertedIndex = new Map();
  const filtered: FilteredColumn[] = [];
  const vocabulary = schemaVocabulary(graph);
  // One entry per (key, element): a map per key while building, so adding stays O(1) however
  // many tables share a key ("name", "status" in every table of a warehouse).
  const byElement = new Map<string, { entries: Map<number, IndexEntry>; list: IndexEntry[] }>();
  const elements = new Map<string, number>();
  const elementId = (table: string, column: string | null, kind: MatchKind) => {
    const name = `${table}\u0000${column ?? ''}\u0000${kind}`;
    let id = elements.get(name);
    if (id === undefined) {
      id = elements.size;
      elements.set(name, id);
    }
    return id;
  };
  const add: AddEntry = (key, element, keyKind, coverage) => {
    if (key.length < 2) return;
    let posting = byElement.get(key);
    if (!posting) {
      posting = { entries: new Map(), list: [] };
      byElement.set(key, posting);
      index.set(key, posting.list);
    }
    const same = posting.entries.get(element.element);
    if (!same) {
      const created: IndexEntry = {
        table: element.table,
        column: element.column,
        kind: element.kind,
        element: element.element,
        keyKind,
        coverage,
        tableFrequency: 1,
      };
      posting.entries.set(element.element, created);
      posting.list.push(created);
    } else if (rank(keyKind, coverage) > rank(same.keyKind, same.coverage)) {
      same.keyKind = keyKind;
      same.coverage = coverage;
    }
  };
  const joinKeyColumns = new Set(graph.edges.flatMap((e) => e.fromColumns.map((c) => `${e.fromTable}.${c}`.toLowerCase())));
  const namePrefix = tableNamePrefix(graph.tables);
  for (const table of graph.tables) {
    const asTable = elementId(table.name, null, 'table');
    const asTableElement: Element = { table: table.name, column: null, kind: 'table', element: asTable };
    indexNameOnce(table.name, (key, keyKind, coverage) => add(key, asTableElement, keyKind, coverage));
    if (namePrefix)
      indexNameOnce(table.name.slice(namePrefix.length), (key, keyKind, coverage) => add(key, asTableElement, keyKind, coverage));
    const asAlias = elementId(table.name, null, 'alias');
    for (const alias of table.aliases) {
      indexNameOnce(alias, (key, keyKind, coverage) =>
        add(key, { table: table.name, column: null, kind: 'alias', element: asAlias }, keyKind, coverage),
      );
    }
    const columnNames = table.columns.map((c) => c.name);
    const prefix = commonColumnPrefix(columnNames) || conventionColumnPrefix(columnNames, namePrefix);
    for (const column of table.columns) {
      // A foreign-key column names the table it references, not a fact about its own table.
      if (options.foreignKeyColumns === false && joinKeyColumns.has(`${table.name}.${column.name}`.toLowerCase())) continue;
      const bare = prefix && column.name.toLowerCase().startsWith(prefix) ? column.name.slice(prefix.length) : column.name;
      const entry = (kind: MatchKind) => {
        const element = elementId(table.name, column.name, kind);
        const base: Element = { table: table.name, column: column.name, kind, element };
        return (key: string, keyKind: VariantKind, coverage: number) => add(key, base, keyKind, coverage);
      };
      indexNameOnce(bare, entry('column'));
      const described = options.descriptionAliases !== false ? descriptionPhrase(column.description) : null;
      if (column.aliases.length > 0 || described) {
        const asAlias = entry('alias');
        for (const alias of column.aliases) indexNameOnce(alias, asAlias);
        if (described) indexNameOnce(described, asAlias);
      }
      if ((column.inferredType === 'text' || column.inferredType === 'unknown') && !isFreeText(bare)) {
        const element = elementId(table.name, column.name, 'value');
        indexValues(table.name, column, element, add);
        const reader = column.values?.filter ? readValueFilter(column.values.filter) : undefined;
        if (reader) filtered.push({ table: table.name, column: column.name, element, reader });
      }
    }
  }
  // Counted within each island of the join graph: tables no join reaches are not rivals (a
  // warehouse holding several databases would otherwise dilute every database's words).
  const island = new Map(graph.tables.map((t) => [t.name, graph.islandOf(t.name)]));
  for (const entries of index.values()) {
    // Tables naming the key, per island and per sort (value or name): group = 2·island + (value ? 1 : 0).
    const naming = new Map<number, Set<string>>();
    const group = (e: IndexEntry) => 2 * island.get(e.table)! + (e.kind === 'value' ? 1 : 0);
    for (const e of entries) {
      if (e.kind === 'table') continue;
      const g = group(e);
      const tables = naming.get(g);
      if (tables) tables.add(e.table);
      else naming.set(g, new Set([e.table]));
    }
    for (const e of entries) e.tableFrequency = e.kind === 'table' ? 1 : naming.get(group(e))!.size;
  }
  if (filtered.length > 0) index.filtered = new FilteredValues(filtered, island);
  return index;
}

/**
 * The index's entries for a key, with the matches of the columns known through a filter: what
 * grounding looks every variant of every run of question words up by.
 */
export function lookupKey(index: InvertedIndex, key: string): readonly IndexEntry[] | undefined {
  const entries = index.get(key);
  return index.filtered ? index.filtered.lookup(key, entries) : entries;
}

/** A column whose values are known through a Bloom filter. */
interface FilteredColumn {
  table: string;
  column: string;
  element: number;
  reader: ValueFilterReader;
}

/** Keys remembered per index: a server's questions repeat their words. */
const MAX_REMEMBERED_KEYS = 50_000;

/**
 * The columns known through Bloom filters. A key of w words is probed as the key of a value of w
 * words (coverage 1), then of w + 1 … 4 words (coverage w / n), each only where a value could
 * have it as a key (`couldBeValueKey`: every probe risks a false positive); the first hit per
 * column counts, as the index keeps a key's best coverage. The hits join the index's own entries
 * for the key with their table frequency counted as the index counts it (value entries per
 * island), which may change the index's value entries' too (copies, never the index's own).
 */
class FilteredValues {
  readonly #remembered = new Map<string, readonly IndexEntry[] | undefined>();

  constructor(
    private readonly columns: readonly FilteredColumn[],
    private readonly island: ReadonlyMap<string, number>,
  ) {}

  lookup(key: string, entries: readonly IndexEntry[] | undefined): readonly IndexEntry[] | undefined {
    if (this.#remembered.has(key)) return this.#remembered.get(key);
    const found = this.#probe(key, entries);
    if (this.#remembered.size >= MAX_REMEMBERED_KEYS) this.#remembered.clear();
    this.#remembered.set(key, found);
    return found;
  }

  #probe(key: string, entries: readonly IndexEntry[] | undefined): readonly IndexEntry[] | undefined {
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
          keyKind: 'exact',
          coverage: words / of,
          tableFrequency: 1,
          element: c.element,
        });
      }
    }
    if (hits.length === 0) return entries;
    // A column may also have the key from its sample: one entry per element, the better coverage.
    const own = new Map((entries ?? []).filter((e) => e.kind === 'value').map((e) => [e.element, e.coverage]));
    const fresh = hits.filter((h) => (own.get(h.element) ?? -1) < h.coverage);
    if (fresh.length === 0) return entries;
    const replaced = new Set(fresh.map((h) => h.element));
    const all = [...(entries ?? []).filter((e) => e.kind !== 'value' || !replaced.has(e.element)), ...fresh];
    const naming = new Map<number, Set<string>>();
    for (const e of all) {
      if (e.kind !== 'value') continue;
      const g = this.island.get(e.table)!;
      const tables = naming.get(g);
      if (tables) tables.add(e.table);
      else naming.set(g, new Set([e.table]));
    }
    return all.map((e) => {
      if (e.kind !== 'value') return e;
      const tableFrequency = naming.get(this.island.get(e.table)!)!.size;
      return e.tableFrequency === tableFrequency ? e : { ...e, tableFrequency };
    });
  }
}

/** Words a description opens with that say nothing about what the column holds. */
const DESCRIPTION_FILLER = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'in',
  'on',
  'to',
  'and',
  'or',
  'by',
  'with',
  'this',
  'that',
  'is',
  'are',
  'field',
  'column',
  'value',
  'values',
]);
/** Longest description opening indexed: beyond it a description is prose, not a name. */
const MAX_DESCRIPTION_WORDS = 4;

/**
 * A description's opening clause, filler words dropped, as a name (`Total precipitation (rain
 * and/or melted snow) reported…` → "total precipitation"); null when it has no word to offer.
 */
export function descriptionPhrase(description: string): string | null {
  const clause = description.split(/[.;:,()[\]\n—–]|\s-\s/)[0] ?? '';
  const words = clause
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !DESCRIPTION_FILLER.has(w));
  if (words.length === 0) return null;
  return words.slice(0, MAX_DESCRIPTION_WORDS).join(' ');
}

/** Columns of prose (`P_COMMENT`, `description`): their words are not values anyone asks for. */
const FREE_TEXT_WORDS = new Set([
  'body',
  'comment',
  'comments',
  'content',
  'desc',
  'description',
  'message',
  'note',
  'notes',
  'remark',
  'remarks',
  'review',
  'summary',
  'text',
]);

function isFreeText(columnName: string): boolean {
  const words = splitIdentifier(columnName);
  return FREE_TEXT_WORDS.has(words[words.length - 1] ?? '');
}

/** What an entry names: (table, column, kind), with its element number. */
type Element = Pick<IndexEntry, 'table' | 'column' | 'kind' | 'element'>;

type AddEntry = (key: string, element: Element, keyKind: VariantKind, coverage: number) => void;

function rank(keyKind: VariantKind, coverage: number): number {
  return coverage + (keyKind === 'exact' ? 0.01 : 0);
}

/**
 * A column's sampled and listed values (`values.list`), each by its keys (`eachValueKey`): the
 * whole normalised value, and each run of its words with its share of the value as coverage.
 */
function indexValues(table: string, column: GraphColumn, element: number, add: AddEntry): void {
  const base: Element = { table, column: column.name, kind: 'value', element };
  const index = (value: string | number) => eachValueKey(value, (key, words, of) => add(key, base, 'exact', words / of));
  for (const { value } of column.sample) index(value);
  for (const value of column.values?.list ?? []) index(value);
}

/**
 * Every key a name is findable by: the whole name in each spelling (exact, singular, with
 * abbreviations expanded or contracted, glued), and, for names of several words, each word alone
 * with its share of the name as coverage.
 */
type Forms = (word: string) => [string, VariantKind][];

function indexName(
  name: string,
  vocabulary: ReadonlySet<string>,
  forms: Forms,
  emit: (key: string, kind: VariantKind, coverage: number) => void,
): void {
  const raw = splitIdentifier(name);
  // Capitals already mark where a camel-case name's words end (`ReportsTo` is "reports to", never
  // "rep orts"): only names written in one case are cut into glued words (`L_SHIPDATE`, `acctbal`).
  const camel = /[a-z]/.test(name) && /[A-Z]/.test(name);
  const words = camel ? raw : raw.flatMap((w) => segmentCompound(w, vocabulary));
  if (words.length === 0) return;
  const segmented = words.length > raw.length;
  const glued = words.join('');
  emit(glued, 'exact', 1);
  emit(singular(glued), 'singular', 1);
  emit(raw.join(' '), 'exact', 1);
  for (const [form, kind] of wholeForms(words, forms)) emit(form, segmented && kind === 'exact' ? 'compound' : kind, 1);
  // A glued name is a word of its own too: `salespersons` is a "sales representative".
  if (segmented) for (const [form, kind] of forms(glued)) if (kind === 'synonym') emit(form, 'synonym', 1);
  if (words.length < 2) return;
  const share = 1 / words.length;
  for (const word of new Set(words)) {
    for (const [form, kind] of forms(word)) emit(form, segmented && kind === 'exact' ? 'compound' : kind, share);
  }
}

function wordForms(word: string, synonyms: (word: string) => readonly string[]): [string, VariantKind][] {
  const forms: [string, VariantKind][] = [
    [word, 'exact'],
    [singular(word), 'singular'],
  ];
  const expansions = lexiconLookup(ABBREVIATIONS, word);
  for (const expansion of expansions) forms.push([expansion, 'abbreviation']);
  for (const contraction of lexiconLookup(CONTRACTIONS, word)) forms.push([contraction, 'abbreviation']);
  if (word.length >= 4 && /^[a-z]+$/.test(word)) {
    for (const base of [singular(word), ...expansions]) for (const synonym of synonyms(base)) forms.push([synonym, 'synonym']);
  }
  return forms;
}

function wholeForms(words: readonly string[], wordForms: Forms): [string, VariantKind][] {
  let forms: [string[], VariantKind][] = [[[], 'exact']];
  for (const word of words) {
    const next: [string[], VariantKind][] = [];
    for (const [prefix, kind] of forms) {
      for (const [form, formKind] of wordForms(word)) {
        if (next.length >= MAX_FORMS) break;
        // A synonym stands for its word alone: in a phrase of several it multiplies keys, not matches.
        if (formKind === 'synonym' && words.length > 1) continue;
        next.push([[...prefix, form], formKind === 'exact' ? kind : kind === 'exact' ? formKind : kind]);
      }
    }
    forms = next;
  }
  return forms.map(([parts, kind]) => [parts.join(' '), kind]);
}

/**
 * Known words for compound splitting: the built-in vocabulary plus the words the schema itself
 * spells apart (`order_status` teaches `status`), unless they are glued compounds themselves.
 */
function schemaVocabulary(graph: ContextGraph): ReadonlySet<string> {
  const base = new Set(COMPOUND_WORDS);
  const words = new Set(base);
  const names = graph.tables.flatMap((t) => [t.name, ...t.columns.map((c) => c.name)]);
  for (const name of names) {
    const parts = splitIdentifier(name);
    if (parts.length < 2) continue;
    for (const part of parts) {
      if (part.length >= 3 && segmentCompound(part, base).length === 1) words.add(singular(part));
    }
  }
  return words;
}
