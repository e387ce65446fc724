/**
 * Builds the inverted index once per context graph: every table by its name and aliases, every
 * column by its name (the table's column prefix dropped), aliases and description, and every
 * text column by its sampled and listed values; then how many tables each key names.
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
// A prose column's words (`P_COMMENT`, `description`) are not values anyone asks for: the profiler lists none either.
import { isProseColumn, readValueFilter } from '@guided-retrieval/profiler/values';
import { type FilteredColumn, FilteredValues } from './filtered-values.js';
import {
  commonColumnPrefix,
  conventionColumnPrefix,
  namespacePrefixes,
  tableNamePrefix,
  withoutNamespace,
  withoutPrefix,
} from './identifiers.js';
import { IndexBuilder } from './index-builder.js';
import type { InvertedIndex } from './inverted-index.js';
import { perName } from './memo.js';
import { descriptionPhrase, nameKeys, schemaVocabulary } from './name-keys.js';
import type { GroundingParams } from './params.js';
import { namesOfCodes } from './value-codes.js';

export interface IndexOptions {
  /** General English words that glued names are cut into (the word vectors' most frequent words when installed). */
  dictionary?: readonly string[];
  /** Synonyms of a schema word, also indexed (WordNet by default; none to switch off). */
  synonyms?: (word: string) => readonly string[];
  /** The verbs a schema noun is derived from or gives (WordNet's derivational pointers), also indexed. */
  derived?: (word: string) => readonly string[];
  /** The numbers and switches the keys are made by. */
  params: GroundingParams;
}

export function buildInvertedIndex(graph: ContextGraph, options: IndexOptions): InvertedIndex {
  const { params } = options;
  const dictionary = options.dictionary ? new Set(options.dictionary) : undefined;
  const keysOf = nameKeys(
    schemaVocabulary(graph, dictionary, params),
    options.synonyms ?? (() => []),
    dictionary,
    params,
    options.derived ?? (() => []),
  );
  const builder = new IndexBuilder(keysOf, params);
  const joinKeyColumns = params.foreignKeyColumns
    ? new Set<string>()
    : new Set(graph.edges.flatMap((e) => e.fromColumns.map((c) => `${e.fromTable}.${c}`.toLowerCase())));
  const namePrefix = tableNamePrefix(graph.tables, params);
  const namespaces = namespacePrefixes(
    graph.tables.map((t) => t.name),
    params,
  );
  const rests = graph.tables.map((t) => withoutNamespace(t.name, namespaces));
  const uniqueRests = namesOfOne(graph.tables.map((t, i) => rests[i] ?? t.name));
  const filtered: FilteredColumn[] = [];
  const prose = perName(isProseColumn);
  for (const [i, table] of graph.tables.entries()) {
    const columnNames = table.columns.map((c) => c.name);
    builder.startTable(table.name, new Set(columnNames).size === columnNames.length);
    const rest = rests[i] ?? null;
    indexTableNames(builder, table, namePrefix, rest ? { rest, unique: uniqueRests.has(rest.toLowerCase()) } : null, params);
    const prefix = commonColumnPrefix(columnNames, params) || conventionColumnPrefix(columnNames, namePrefix, params);
    for (const column of table.columns) {
      const bare = withoutPrefix(column.name, prefix);
      // A text column not of prose: its values are indexed.
      const valued = (column.inferredType === 'text' || column.inferredType === 'unknown') && !prose(bare);
      // The last of two columns of one name counts, as a map of names would keep it.
      if (valued || builder.hasDistinct(table.name, column.name)) builder.setDistinct(table.name, column.name, distinctValues(column));
      // A foreign-key column names the table it references, not a fact about its own table.
      if (!params.foreignKeyColumns && joinKeyColumns.has(`${table.name}.${column.name}`.toLowerCase())) continue;
      const filter = indexColumn(builder, table.name, column, bare, valued, params);
      if (filter) filtered.push(filter);
    }
  }
  // Table frequencies are counted within each island of the join graph: tables no join reaches are
  // not rivals (a warehouse holding several databases would otherwise dilute every database's words).
  const island = graph.tables.map((t) => graph.islandOf(t.name));
  const islandOf = new Map(graph.tables.map((t, i) => [t.name, island[i]!]));
  return builder.finish(island, filtered.length > 0 ? new FilteredValues(filtered, islandOf) : undefined);
}

/** A column's distinct values: profiled, listed or sampled. */
function distinctValues(column: GraphColumn): number {
  return column.stats?.distinct ?? column.values?.distinct ?? column.sample.length;
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
  params: GroundingParams,
): void {
  const names = [table.name];
  if (namePrefix) names.push(table.name.slice(namePrefix.length));
  let capped: { name: string; coverage: number } | undefined;
  if (namespaced) {
    const { rest } = namespaced;
    // The rest is the table's whole name when no other namespace holds the same (crm_accountowner is
    // "account owner"); hr_employee and prj_employee are no "employee" (the scale warehouse fell
    // 0.980 → 0.805 when they were). The namespace word itself names none of its tables.
    if (namespaced.unique) names.push(rest);
    capped = { name: table.name.slice(0, table.name.length - rest.length).replace(/_+$/, ''), coverage: params.namespaceCoverage };
  }
  builder.addNames(builder.element(null, 'table'), names, capped);
  builder.addNames(builder.element(null, 'alias'), table.aliases);
}

/**
 * A column by its name without the table's prefix, by its aliases and its description's opening
 * words, and, for a text column not of prose, by its values; the column's Bloom filter, if any.
 */
function indexColumn(
  builder: IndexBuilder,
  table: string,
  column: GraphColumn,
  bare: string,
  valued: boolean,
  params: GroundingParams,
): FilteredColumn | undefined {
  builder.addNames(builder.element(column.name, 'column'), [bare]);
  const described = params.descriptionAliases ? descriptionPhrase(column.description, params) : null;
  if (column.aliases.length > 0 || described) {
    const asAlias = builder.element(column.name, 'alias');
    builder.addNames(asAlias, described ? [...column.aliases, described] : column.aliases);
  }
  if (!valued) return undefined;
  const asValue = builder.element(column.name, 'value');
  indexValues(builder, column, asValue, params);
  const reader = column.values?.filter ? readValueFilter(column.values.filter) : undefined;
  return reader ? { table, column: column.name, element: asValue, reader } : undefined;
}

/**
 * A column's sampled and listed values (`values.list`), each by its keys (`IndexBuilder.addValues`);
 * a column of codes (states, countries) also by the names its codes stand for (`value-codes.ts`),
 * as a place is by its demonym.
 */
function indexValues(builder: IndexBuilder, column: GraphColumn, asValue: number, params: GroundingParams): void {
  const listed = column.values?.list ?? [];
  if (column.sample.length === 0 && listed.length === 0) return;
  const values = [...column.sample.map((s) => s.value), ...listed];
  builder.addValues(asValue, values);
  if (params.codeNames) {
    const codes = namesOfCodes(
      values.filter((v): v is string => typeof v === 'string'),
      params,
    );
    if (codes) builder.addValues(asValue, codes.names, 'demonym');
  }
}
