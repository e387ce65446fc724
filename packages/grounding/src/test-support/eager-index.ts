/**
 * The inverted index as it was built before it was kept per signature (`index-builder.ts`): one
 * entry per (key, element), every one made at build. Kept as the reference the signature index
 * must equal, entry for entry and in order (`build-index.test.ts`); no filtered columns.
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
// A prose column's words (`P_COMMENT`, `description`) are not values anyone asks for: the profiler lists none either.
import { eachValueKey, isProseColumn } from '@guided-retrieval/profiler/values';
import type { IndexOptions } from '../build-index.js';
import { descriptionWords } from '../descriptions.js';
import {
  commonColumnPrefix,
  conventionColumnPrefix,
  namespacePrefixes,
  tableNamePrefix,
  withoutNamespace,
  withoutPrefix,
} from '../identifiers.js';
import type { IndexEntry } from '../index-entry.js';
import { descriptionPhrase, type NameKey, nameKeys, schemaVocabulary } from '../name-keys.js';
import type { GroundingParams } from '../params.js';
import { tablesPerGroup } from '../postings.js';
import type { MatchKind, VariantKind } from '../types.js';
import { namesOfCodes } from '../value-codes.js';

type EagerIndex = Map<string, IndexEntry[]>;

export function buildEagerIndex(graph: ContextGraph, options: IndexOptions): EagerIndex {
  const { params } = options;
  const dictionary = options.dictionary ? new Set(options.dictionary) : undefined;
  const keysOf = nameKeys(schemaVocabulary(graph, dictionary, params), options.synonyms ?? (() => []), dictionary, params);
  const builder = new IndexBuilder(keysOf, params);
  const joinKeyColumns = new Set(graph.edges.flatMap((e) => e.fromColumns.map((c) => `${e.fromTable}.${c}`.toLowerCase())));
  const namePrefix = tableNamePrefix(graph.tables, params);
  const namespaces = namespacePrefixes(
    graph.tables.map((t) => t.name),
    params,
  );
  const rests = graph.tables.map((t) => withoutNamespace(t.name, namespaces));
  const uniqueRests = namesOfOne(graph.tables.map((t, i) => rests[i] ?? t.name));
  for (const [i, table] of graph.tables.entries()) {
    const rest = rests[i] ?? null;
    indexTableNames(builder, table, namePrefix, rest ? { rest, unique: uniqueRests.has(rest.toLowerCase()) } : null);
    const columnNames = table.columns.map((c) => c.name);
    const prefix = commonColumnPrefix(columnNames, params) || conventionColumnPrefix(columnNames, namePrefix, params);
    for (const column of table.columns) {
      // A foreign-key column names the table it references, not a fact about its own table.
      if (!params.foreignKeyColumns && joinKeyColumns.has(`${table.name}.${column.name}`.toLowerCase())) continue;
      indexColumn(builder, table.name, column, prefix, params);
    }
  }
  // Counted within each island of the join graph: tables no join reaches are not rivals (a
  // warehouse holding several databases would otherwise dilute every database's words).
  const island = new Map(graph.tables.map((t) => [t.name, graph.islandOf(t.name)]));
  countTableFrequencies(builder.index, island);
  return builder.index;
}

/** The names, lower case, that only one table goes by. */
function namesOfOne(names: readonly string[]): ReadonlySet<string> {
  const count = new Map<string, number>();
  for (const n of names) count.set(n.toLowerCase(), (count.get(n.toLowerCase()) ?? 0) + 1);
  return new Set([...count].filter(([, c]) => c === 1).map(([n]) => n));
}

/**
 * A table by its name (and without the schema's naming-convention prefix) and by its aliases; for
 * a table in a namespace, its name's `rest` after it, `unique` when no other table's rest is the same.
 */
function indexTableNames(
  builder: IndexBuilder,
  table: GraphTable,
  namePrefix: string,
  namespaced: { rest: string; unique: boolean } | null,
): void {
  const asTable = builder.element(table.name, null, 'table');
  builder.addName(table.name, asTable);
  if (namePrefix) builder.addName(table.name.slice(namePrefix.length), asTable);
  if (namespaced) {
    const { rest } = namespaced;
    // The rest is the table's whole name when no other namespace holds the same (crm_accountowner is
    // "account owner"); hr_employee and prj_employee are no "employee" (the scale warehouse fell
    // 0.980 → 0.805 when they were). The namespace word itself names none of its tables.
    if (namespaced.unique) builder.addName(rest, asTable);
    const space = table.name.slice(0, table.name.length - rest.length).replace(/_+$/, '');
    for (const [key] of builder.keysOf(space)) builder.capCoverage(key, asTable, builder.params.namespaceCoverage);
  }
  const asAlias = builder.element(table.name, null, 'alias');
  for (const alias of table.aliases) builder.addName(alias, asAlias);
}

/**
 * A column by its name without the table's prefix, by its aliases and its description's opening
 * words, and, for a text column not of prose, by its values; the column's Bloom filter, if any.
 */
function indexColumn(builder: IndexBuilder, table: string, column: GraphColumn, prefix: string, params: GroundingParams): void {
  const bare = withoutPrefix(column.name, prefix);
  builder.addName(bare, builder.element(table, column.name, 'column'));
  const described = params.descriptionAliases ? descriptionPhrase(column.description, params) : null;
  if (column.aliases.length > 0 || described) {
    const asAlias = builder.element(table, column.name, 'alias');
    for (const alias of column.aliases) builder.addName(alias, asAlias);
    if (described) builder.addName(described, asAlias);
  }
  if ((column.inferredType !== 'text' && column.inferredType !== 'unknown') || isProseColumn(bare)) return;
  indexValues(builder, column, builder.element(table, column.name, 'value'), params);
}

/**
 * A column's sampled and listed values (`values.list`), each by its keys (`eachValueKey`): the
 * whole normalised value, and each run of its words with its share of the value as coverage; a
 * column of codes also by the names its codes stand for.
 */
function indexValues(builder: IndexBuilder, column: GraphColumn, asValue: Element, params: GroundingParams): void {
  const index = (value: string | number, kind: VariantKind) =>
    eachValueKey(value, (key, words, of) => builder.add(key, asValue, kind, words / of));
  const values = [...column.sample.map((s) => s.value), ...(column.values?.list ?? [])];
  for (const value of values) index(value, 'exact');
  const codes = params.codeNames
    ? namesOfCodes(
        values.filter((v): v is string => typeof v === 'string'),
        params,
      )
    : null;
  for (const name of codes?.names ?? []) index(name, 'demonym');
}

/**
 * Each entry's table frequency: how many tables of its island the key names as a value (for a
 * value entry) or as a column or alias (otherwise); 1 for a table's own name.
 */
function countTableFrequencies(index: EagerIndex, island: ReadonlyMap<string, number>): void {
  // Tables naming the key, per island and per sort (value or name): group = 2·island + (value ? 1 : 0).
  const group = (e: IndexEntry) => 2 * island.get(e.table)! + (e.kind === 'value' ? 1 : 0);
  for (const entries of index.values()) {
    const naming = tablesPerGroup(entries, (e) => (e.kind === 'table' ? null : group(e)));
    for (const e of entries) e.tableFrequency = e.kind === 'table' ? 1 : naming.get(group(e))!.size;
  }
}

/** What an entry names: (table, column, kind), with its element number. */
type Element = Pick<IndexEntry, 'table' | 'column' | 'kind' | 'element'>;

/**
 * The index while it is built: one entry per (key, element), keeping the key's best spelling and
 * coverage; a map per key, so adding stays O(1) however many tables share a key ("name",
 * "status" in every table of a warehouse).
 */
class IndexBuilder {
  readonly index: EagerIndex = new Map();
  readonly #postings = new Map<string, { entries: Map<number, IndexEntry>; list: IndexEntry[] }>();
  readonly #elements = new Map<string, number>();

  constructor(
    readonly keysOf: (name: string) => readonly NameKey[],
    readonly params: GroundingParams,
  ) {}

  /** The element (table, column, kind), numbered in the order first asked for. */
  element(table: string, column: string | null, kind: MatchKind): Element {
    const name = `${table}\u0000${column ?? ''}\u0000${kind}`;
    let id = this.#elements.get(name);
    if (id === undefined) {
      id = this.#elements.size;
      this.#elements.set(name, id);
    }
    return { table, column, kind, element: id };
  }

  /** `element` under every key of `name`. */
  addName(name: string, element: Element): void {
    for (const [key, keyKind, coverage] of this.keysOf(name)) this.add(key, element, keyKind, coverage);
  }

  /** The entry of `key` for `element`, if any, kept to at most `coverage`. */
  capCoverage(key: string, element: Element, coverage: number): void {
    const entry = this.#postings.get(key)?.entries.get(element.element);
    if (entry && entry.coverage > coverage) entry.coverage = coverage;
  }

  add(key: string, element: Element, keyKind: VariantKind, coverage: number): void {
    if (key.length < this.params.minKeyLength) return;
    let posting = this.#postings.get(key);
    if (!posting) {
      posting = { entries: new Map(), list: [] };
      this.#postings.set(key, posting);
      this.index.set(key, posting.list);
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
    } else if (rank(keyKind, coverage, this.params) > rank(same.keyKind, same.coverage, this.params)) {
      same.keyKind = keyKind;
      same.coverage = coverage;
    }
  }
}

function rank(keyKind: VariantKind, coverage: number, params: GroundingParams): number {
  return coverage + (keyKind === 'exact' ? params.exactKeyBonus : 0);
}

/** The description index as it was built before it was kept per description: every entry made at build. */
export function eagerDescriptionIndex(graph: ContextGraph, params: GroundingParams): EagerIndex {
  const elements = new Map<string, number>();
  const found = new Map<string, Map<number, IndexEntry>>();
  const add = (description: string, table: string, column: string | null) => {
    const name = `${table}\u0000${column ?? ''}`;
    let element = elements.get(name);
    if (element === undefined) {
      element = -1 - elements.size;
      elements.set(name, element);
    }
    for (const word of descriptionWords(description, params)) {
      const entries = found.get(word) ?? new Map<number, IndexEntry>();
      found.set(word, entries);
      const entry: IndexEntry = {
        table,
        column,
        kind: 'alias',
        keyKind: 'described',
        coverage: params.describedCoverage,
        tableFrequency: 1,
        element,
      };
      if (!entries.has(element)) entries.set(element, entry);
    }
  };
  for (const table of graph.tables) {
    if (table.description) add(table.description, table.name, null);
    for (const column of table.columns) if (column.description) add(column.description, table.name, column.name);
  }
  const index: EagerIndex = new Map();
  for (const [word, entries] of found) {
    const list = [...entries.values()];
    const perIsland = tablesPerGroup(list, (e) => graph.islandOf(e.table));
    if (Math.max(...[...perIsland.values()].map((t) => t.size)) > params.describedMaxTables) continue;
    const tables = new Set(list.map((e) => e.table)).size;
    for (const e of list) e.tableFrequency = tables;
    index.set(word, list);
  }
  return index;
}
