/**
 * Spider-format schema files (Spider's `tables.json`, BIRD's `dev_tables.json`) → SchemaSpec.
 *
 * One entry per database: `table_names_original`, `column_names_original` as `[tableIndex, name]`
 * with `[-1, '*']` first, `column_types` (one per column, `*` included), `primary_keys` (a column
 * index, or an array of indexes for a composite key) and `foreign_keys` as `[from, to]` column
 * indexes, `from` referencing `to`. `table_names` / `column_names` hold natural-language names.
 */
import type { SchemaColumnSpec, SchemaForeignKeySpec, SchemaSpec, SchemaTableSpec } from '@guided-retrieval/context-graph';
import { isRecord } from '@guided-retrieval/profiler/files';
import { type DataFolder, malformed } from './files.js';

export type InferredType = NonNullable<SchemaColumnSpec['inferredType']>;
export type SampleValue = string | number;

export interface SpiderSchemaEntry {
  db_id: string;
  table_names_original: string[];
  /** Natural-language table names, parallel to `table_names_original`, when the file has them. */
  table_names: string[] | null;
  column_names_original: [number, string][];
  /** Natural-language column names, parallel to `column_names_original`, when the file has them. */
  column_names: [number, string][] | null;
  column_types: string[];
  /** Checked entry by entry when converting: a malformed key is skipped, not fatal. */
  primary_keys: unknown[];
  foreign_keys: unknown[];
}

/** What a benchmark adds to a column beyond the schema file (BIRD's description file). */
export interface ColumnExtras {
  description?: string;
  aliases?: string[];
  sample?: SampleValue[];
}

/** Counts of one converted schema. */
export interface SchemaStats {
  tables: number;
  columns: number;
  foreignKeys: number;
  describedColumns: number;
  sampledColumns: number;
  /** Foreign keys left out because they are malformed, each with the reason. */
  skippedForeignKeys: string[];
  /** Foreign keys listed more than once: kept once, the repeats listed here. */
  duplicateForeignKeys: string[];
  /** Primary-key entries left out because they are malformed, each with the reason. */
  skippedPrimaryKeys: string[];
}

/** Validates the shape of a Spider-format schema file (keys are checked later, one by one). */
export function parseSpiderSchemas(raw: unknown, folder: DataFolder, file: string): SpiderSchemaEntry[] {
  if (!Array.isArray(raw)) throw malformed(folder, file, 'expected a JSON array of database schemas');
  return raw.map((entry: unknown, i) => {
    const at = (what: string) =>
      malformed(folder, file, `schema ${i}${isRecord(entry) && typeof entry.db_id === 'string' ? ` (${entry.db_id})` : ''}: ${what}`);
    if (!isRecord(entry)) throw at('expected an object');
    const { db_id, table_names_original, table_names, column_names_original, column_names, column_types, primary_keys, foreign_keys } =
      entry;
    if (typeof db_id !== 'string' || db_id === '') throw at('db_id must be a non-empty string');
    if (!isStringArray(table_names_original)) throw at('table_names_original must be an array of strings');
    if (!isColumnList(column_names_original)) throw at('column_names_original must be an array of [tableIndex, name] pairs');
    for (const [index, [table]] of column_names_original.entries()) {
      if (table !== -1 && (table < 0 || table >= table_names_original.length))
        throw at(`column ${index} names table index ${table}, out of range`);
    }
    if (!isStringArray(column_types) || column_types.length !== column_names_original.length) {
      throw at('column_types must be an array of strings, one per entry of column_names_original');
    }
    const naturalTables = isStringArray(table_names) && table_names.length === table_names_original.length ? table_names : null;
    const naturalColumns = isColumnList(column_names) && column_names.length === column_names_original.length ? column_names : null;
    if (!Array.isArray(primary_keys)) throw at('primary_keys must be an array');
    if (!Array.isArray(foreign_keys)) throw at('foreign_keys must be an array');
    return {
      db_id,
      table_names_original,
      table_names: naturalTables,
      column_names_original,
      column_names: naturalColumns,
      column_types,
      primary_keys: primary_keys as unknown[],
      foreign_keys: foreign_keys as unknown[],
    };
  });
}

/**
 * One database's schema. `extras(table, column)` adds descriptions, aliases and samples (names as
 * in the schema file). Malformed key entries are skipped and listed in the stats; duplicate
 * table names, or duplicate column names within a table, throw (case-insensitively, as the
 * context graph looks names up).
 */
export function schemaFromSpiderEntry(
  entry: SpiderSchemaEntry,
  folder: DataFolder,
  file: string,
  extras: (table: string, column: string) => ColumnExtras | undefined = () => undefined,
  types: TypeReading = 'declared',
): { schema: SchemaSpec; stats: SchemaStats } {
  const stats: SchemaStats = { ...emptySchemaStats(), tables: entry.table_names_original.length };
  const source = { entry, folder, file, stats };
  const tables = tablesOf(source);
  addColumns(source, tables, extras, types);
  const columnAt = columnResolver(entry, tables);
  addPrimaryKeys(source, columnAt);
  const foreignKeys = foreignKeysOf(source, columnAt);
  stats.foreignKeys = foreignKeys.length;
  return { schema: { database: entry.db_id, tables, foreignKeys }, stats };
}

/** The entry being converted, where it comes from (for errors), and the stats being counted. */
interface Source {
  entry: SpiderSchemaEntry;
  folder: DataFolder;
  file: string;
  stats: SchemaStats;
}

type Table = Omit<SchemaTableSpec, 'columns'> & { columns: SchemaColumnSpec[] };

/** A column by its index in `column_names_original`, or why the index names none. */
type ColumnAt = (index: unknown) => { table: Table; column: string } | string;

/** The tables, without columns yet; their natural-language names as aliases. */
function tablesOf({ entry, folder, file }: Source): Table[] {
  const seen = new Set<string>();
  return entry.table_names_original.map((name, i) => {
    if (seen.has(name.toLowerCase())) throw malformed(folder, file, `${entry.db_id}: duplicate table name ${name}`);
    seen.add(name.toLowerCase());
    const table: Table = { name, columns: [] };
    const aliases = differingNames(name, [entry.table_names?.[i]]);
    if (aliases.length > 0) table.aliases = aliases;
    return table;
  });
}

/** Each column into its table, with its type read as `types` says and what `extras` adds. */
function addColumns(
  { entry, folder, file, stats }: Source,
  tables: Table[],
  extras: (table: string, column: string) => ColumnExtras | undefined,
  types: TypeReading,
): void {
  for (const [index, [tableIndex, name]] of entry.column_names_original.entries()) {
    if (tableIndex === -1) continue; // the `*` pseudo-column
    const table = tables[tableIndex]!;
    if (table.columns.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
      throw malformed(folder, file, `${entry.db_id}: duplicate column name ${table.name}.${name}`);
    }
    const extra = extras(table.name, name) ?? {};
    const sample = extra.sample ?? [];
    const declared = entry.column_types[index]!;
    const column: SchemaColumnSpec = { name, type: declared, inferredType: readType(declared, sample, types) };
    const description = extra.description?.trim() ?? '';
    if (description !== '') {
      column.description = description;
      stats.describedColumns++;
    }
    const aliases = differingNames(name, [entry.column_names?.[index]?.[1], ...(extra.aliases ?? [])]);
    if (aliases.length > 0) column.aliases = aliases;
    if (sample.length > 0) {
      column.sample = sample;
      stats.sampledColumns++;
    }
    table.columns.push(column);
    stats.columns++;
  }
}

function columnResolver(entry: SpiderSchemaEntry, tables: readonly Table[]): ColumnAt {
  return (index) => {
    if (typeof index !== 'number' || !Number.isInteger(index)) return `column index ${JSON.stringify(index)} is not an integer`;
    const col = entry.column_names_original[index];
    if (!col) return `column index ${index} is out of range`;
    if (col[0] === -1) return `column index ${index} is the * pseudo-column`;
    return { table: tables[col[0]]!, column: col[1] };
  };
}

/** Each primary-key entry onto its table (a malformed one is skipped and listed). */
function addPrimaryKeys({ entry, stats }: Source, columnAt: ColumnAt): void {
  for (const pk of entry.primary_keys) {
    const indexes = Array.isArray(pk) ? (pk as unknown[]) : [pk];
    const resolved = indexes.map(columnAt);
    const problem = resolved.find((r): r is string => typeof r === 'string');
    const columns = resolved.filter((r): r is { table: Table; column: string } => typeof r !== 'string');
    const table = columns[0]?.table;
    if (problem !== undefined || !table || columns.some((c) => c.table !== table)) {
      stats.skippedPrimaryKeys.push(
        `${entry.db_id}: ${JSON.stringify(pk)}: ${problem ?? (table ? 'columns of different tables' : 'no columns')}`,
      );
      continue;
    }
    // A table has one primary key: several entries for the same table are parts of it.
    const key = table.primaryKey ?? [];
    for (const c of columns) if (!key.includes(c.column)) key.push(c.column);
    table.primaryKey = key;
  }
}

/** The foreign keys, each once (case-insensitively); malformed or self-referencing ones skipped and listed. */
function foreignKeysOf({ entry, stats }: Source, columnAt: ColumnAt): SchemaForeignKeySpec[] {
  const foreignKeys: SchemaForeignKeySpec[] = [];
  const seen = new Set<string>();
  for (const fk of entry.foreign_keys) {
    if (!Array.isArray(fk) || fk.length !== 2) {
      stats.skippedForeignKeys.push(`${entry.db_id}: ${JSON.stringify(fk)}: not a [from, to] pair`);
      continue;
    }
    const from = columnAt(fk[0]);
    const to = columnAt(fk[1]);
    if (typeof from === 'string' || typeof to === 'string') {
      stats.skippedForeignKeys.push(`${entry.db_id}: ${JSON.stringify(fk)}: ${typeof from === 'string' ? from : to}`);
      continue;
    }
    const text = `${from.table.name}.${from.column} -> ${to.table.name}.${to.column}`;
    if (from.table === to.table && from.column.toLowerCase() === to.column.toLowerCase()) {
      stats.skippedForeignKeys.push(`${entry.db_id}: ${JSON.stringify(fk)}: ${text} references itself`);
      continue;
    }
    const id = text.toLowerCase();
    if (seen.has(id)) {
      stats.duplicateForeignKeys.push(`${entry.db_id}: ${text}`);
      continue;
    }
    seen.add(id);
    foreignKeys.push({ fromTable: from.table.name, fromColumns: [from.column], toTable: to.table.name, toColumns: [to.column] });
  }
  return foreignKeys;
}

/**
 * How a schema file's numeric types are read: as declared, or — where a converter wrote `real`
 * for every numeric type (Spider 2.0-lite: BigQuery's INT64 and NUMERIC, Snowflake's NUMBER) —
 * as Spider's `number`, the sample deciding between integer and real.
 */
export type TypeReading = 'declared' | 'real-is-number';

function readType(declared: string, sample: readonly SampleValue[], types: TypeReading): InferredType {
  if (types === 'declared' || !/^real$/i.test(declared.trim())) return inferredTypeOf(declared, sample);
  // No sample to decide: an integer key as likely as a measure.
  return sample.length === 0 ? 'unknown' : inferredTypeOf('number', sample);
}

/**
 * The schema file's declared type as an InferredType. Spider's `number` covers integers and
 * reals: the sample decides when there is one (integral values → integer), else `real`.
 */
export function inferredTypeOf(declared: string, sample: readonly SampleValue[] = []): InferredType {
  const type = declared.trim().toLowerCase();
  if (/^(integer|int|bigint|smallint|tinyint)\b/.test(type)) return 'integer';
  if (/^(real|float|double|numeric|decimal)\b/.test(type)) return 'real';
  if (type === 'number') {
    const numeric = sample.filter((v) => typeof v === 'number' || /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim()));
    if (numeric.length === 0) return 'real';
    return numeric.every((v) => (typeof v === 'number' ? Number.isInteger(v) : /^[+-]?\d+$/.test(v.trim()))) ? 'integer' : 'real';
  }
  if (/^(text|varchar|char|nvarchar|string)\b/.test(type)) return 'text';
  if (/^(date|datetime|time|timestamp)\b/.test(type)) return 'date';
  if (type === 'boolean' || type === 'bool') return 'boolean';
  if (type === 'blob') return 'blob';
  return 'unknown';
}

/** Case, underscores and spacing don't make a name different. */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

/** The candidates that differ from `name` and from each other (after normalizeName), trimmed. */
function differingNames(name: string, candidates: readonly (string | null | undefined)[]): string[] {
  const seen = new Set([normalizeName(name)]);
  const out: string[] = [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const key = normalizeName(candidate);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(candidate.trim());
  }
  return out;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isColumnList(value: unknown): value is [number, string][] {
  return (
    Array.isArray(value) && value.every((c) => Array.isArray(c) && c.length === 2 && Number.isInteger(c[0]) && typeof c[1] === 'string')
  );
}

/** Counts over a whole loaded benchmark. */
export interface LoadStats extends SchemaStats {
  databases: number;
  questions: number;
  /** The description file used (BIRD's dev_tables_cleaned.json), or null. */
  descriptionFile: string | null;
  /** Tables and columns of the description file that the schema file doesn't have. */
  unmatchedDescriptions: string[];
}

function emptySchemaStats(): SchemaStats {
  return {
    tables: 0,
    columns: 0,
    foreignKeys: 0,
    describedColumns: 0,
    sampledColumns: 0,
    skippedForeignKeys: [],
    duplicateForeignKeys: [],
    skippedPrimaryKeys: [],
  };
}

export function emptyLoadStats(): LoadStats {
  return { ...emptySchemaStats(), databases: 0, questions: 0, descriptionFile: null, unmatchedDescriptions: [] };
}

/** Adds one schema's counts to `total`. */
export function addSchemaStats(total: LoadStats, stats: SchemaStats): void {
  total.databases++;
  total.tables += stats.tables;
  total.columns += stats.columns;
  total.foreignKeys += stats.foreignKeys;
  total.describedColumns += stats.describedColumns;
  total.sampledColumns += stats.sampledColumns;
  total.skippedForeignKeys.push(...stats.skippedForeignKeys);
  total.duplicateForeignKeys.push(...stats.duplicateForeignKeys);
  total.skippedPrimaryKeys.push(...stats.skippedPrimaryKeys);
}
