/**
 * A warehouse's `INFORMATION_SCHEMA.COLUMNS` export (CSV, or JSON as an array of row objects as
 * `bq --format=json` and SnowSQL's `output_format=json` write them) with an optional export of
 * its primary and foreign keys, as a schema-only profile. Headers are matched case-insensitively.
 *
 * Columns: `table_schema`, `table_name`, `column_name`, `data_type` (required); `table_catalog`,
 * `ordinal_position`, `comment` (or `column_comment`, `description`, `remarks`), `table_comment`,
 * `engine` (one of ENGINES: the SQL dialect) optional.
 * Keys: `constraint_type` (`PRIMARY KEY` or `FOREIGN KEY`; other rows are ignored), `table_schema`,
 * `table_name`, `column_name` (required); `constraint_name`, `ordinal_position`,
 * `referenced_table_schema`, `referenced_table_name`, `referenced_column_name` (a foreign key's).
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { csvObjects, parseCsv } from './csv.js';
import { ProfilerError } from './errors.js';
import { isRecord } from './is-record.js';
import { engineOf, type SchemaRead, schemaColumn, tableNames } from './schema-only.js';
import { ENGINES, type Engine, type ForeignKey, PROFILE_FORMAT_VERSION, type TableProfile } from './types.js';

export interface CatalogExportOptions {
  /** The key-constraint export (CSV or JSON). */
  keys?: string;
  /** The SQL dialect when the export has no `engine` column (default: PostgreSQL's, said in a note). */
  engine?: Engine;
  /** The profile's database name (default: the export's one `table_catalog`, else the file's name). */
  database?: string;
}

/** An export's rows, keyed by lower-cased field name. */
export interface ExportRows {
  file: string;
  fields: string[];
  rows: Record<string, string>[];
}

const COLUMN_FIELDS = ['table_schema', 'table_name', 'column_name', 'data_type'];
const KEY_FIELDS = ['constraint_type', 'table_schema', 'table_name', 'column_name'];
const COMMENT_FIELDS = ['comment', 'column_comment', 'description', 'remarks'];

export async function readCatalogExport(columnsPath: string, options: CatalogExportOptions = {}): Promise<SchemaRead> {
  const columns = exportRows(await readText(columnsPath), columnsPath);
  const keys = options.keys === undefined ? undefined : exportRows(await readText(options.keys), options.keys);
  return catalogExportFromRows(columns, keys, options);
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ProfilerError(code === 'ENOENT' ? 'not-found' : 'bad-schema-file', `${path}: cannot read it (${code ?? 'unknown error'})`, {
      cause: error,
    });
  }
}

/** The rows of a CSV or JSON export (told by its first character: `[` is JSON). */
export function exportRows(body: string, file: string): ExportRows {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  if (/^\s*[[{]/.test(text)) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ProfilerError('bad-schema-file', `${file}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
    if (!Array.isArray(json) || !json.every(isRecord))
      throw new ProfilerError('bad-schema-file', `${file}: expected a JSON array of row objects (one per column)`);
    const rows = json.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k.trim().toLowerCase(), v === null || v === undefined ? '' : String(v)])),
    );
    return { file, fields: [...new Set(rows.flatMap((r) => Object.keys(r)))], rows };
  }
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    throw new ProfilerError('bad-schema-file', `${file}: ${(error as Error).message}`, { cause: error });
  }
  return { file, fields: (records[0] ?? []).map((h) => h.trim().toLowerCase()), rows: csvObjects(records) };
}

function requireFields(rows: ExportRows, required: readonly string[], what: string): void {
  if (rows.rows.length === 0) throw new ProfilerError('bad-schema-file', `${rows.file}: no rows: expected ${what} with a header`);
  const missing = required.find((f) => !rows.fields.includes(f));
  if (missing) throw new ProfilerError('bad-schema-file', `${rows.file}: no column "${missing}" (${what} needs ${required.join(', ')})`);
}

interface ExportTable {
  schema: string;
  name: string;
  description: string;
  columns: { name: string; type: string; description: string; position: number }[];
}

/** The profile of an export's rows (and its keys' rows). */
export function catalogExportFromRows(columns: ExportRows, keys: ExportRows | undefined, options: CatalogExportOptions = {}): SchemaRead {
  requireFields(columns, COLUMN_FIELDS, 'an INFORMATION_SCHEMA.COLUMNS export');
  if (keys) requireFields(keys, KEY_FIELDS, 'a key-constraint export');
  const notes: string[] = [];
  const byRelation = new Map<string, ExportTable>();
  const catalogs = new Set<string>();
  const commentField = COMMENT_FIELDS.find((f) => columns.fields.includes(f));
  columns.rows.forEach((row, i) => {
    const schema = row.table_schema!.trim();
    const name = row.table_name!.trim();
    const column = row.column_name!.trim();
    if (!name || !column)
      throw new ProfilerError('bad-schema-file', `${columns.file}: row ${i + 2} has no ${name ? 'column_name' : 'table_name'}`);
    if (row.table_catalog?.trim()) catalogs.add(row.table_catalog.trim());
    const key = `${schema}\u0000${name}`.toLowerCase();
    const table = byRelation.get(key) ?? { schema, name, description: '', columns: [] };
    byRelation.set(key, table);
    table.description ||= row.table_comment?.trim() ?? '';
    const position = Number(row.ordinal_position);
    table.columns.push({
      name: column,
      type: row.data_type!.trim(),
      description: commentField ? (row[commentField]?.trim() ?? '') : '',
      position: Number.isFinite(position) && row.ordinal_position?.trim() ? position : table.columns.length + 1,
    });
  });
  const list = [...byRelation.values()];
  const names = tableNames(list);
  const nameOf = new Map(list.map((t, i) => [t, names[i]!]));
  const { primaryKeys, foreignKeys } = keys
    ? exportKeys(keys, byRelation, nameOf, notes)
    : { primaryKeys: new Map(), foreignKeys: new Map() };
  const tables: TableProfile[] = list.map((t) => ({
    name: nameOf.get(t)!,
    ...(t.schema ? { schema: t.schema } : {}),
    ...(t.description ? { description: t.description } : {}),
    rowCount: 0,
    columns: [...t.columns].sort((a, b) => a.position - b.position).map((c) => schemaColumn(c.name, c.type, c.description)),
    primaryKey: primaryKeys.get(t) ?? [],
    foreignKeys: foreignKeys.get(t) ?? [],
  }));
  const engine = exportEngine(columns, options.engine, notes);
  const database = options.database ?? (catalogs.size === 1 ? [...catalogs][0]! : basename(columns.file, extname(columns.file)));
  if (catalogs.size > 1) notes.push(`${columns.file} spans ${catalogs.size} catalogs: tables are named by schema and name only`);
  return { profile: { formatVersion: PROFILE_FORMAT_VERSION, engine, database, tables }, aliases: {}, notes };
}

function exportEngine(columns: ExportRows, given: Engine | undefined, notes: string[]): Engine {
  const named = columns.rows.map((r) => r.engine?.trim() ?? '').find((e) => e !== '');
  if (named !== undefined) {
    const engine = engineOf(named);
    if (!engine) throw new ProfilerError('bad-schema-file', `${columns.file}: engine "${named}" is not one of ${ENGINES.join(', ')}`);
    return engine;
  }
  if (given) return given;
  notes.push(`${columns.file} has no engine column: SQL is written as for PostgreSQL (double-quoted names)`);
  return 'postgres';
}

function exportKeys(
  keys: ExportRows,
  byRelation: ReadonlyMap<string, ExportTable>,
  nameOf: ReadonlyMap<ExportTable, string>,
  notes: string[],
): { primaryKeys: Map<ExportTable, string[]>; foreignKeys: Map<ExportTable, ForeignKey[]> } {
  const find = (schema: string | undefined, name: string | undefined): ExportTable | undefined => {
    const table = (name ?? '').trim();
    const exact = byRelation.get(`${(schema ?? '').trim()}\u0000${table}`.toLowerCase());
    if (exact) return exact;
    const byName = [...byRelation.values()].filter((t) => t.name.toLowerCase() === table.toLowerCase());
    return byName.length === 1 ? byName[0] : undefined;
  };
  const column = (table: ExportTable, name: string | undefined) =>
    table.columns.find((c) => c.name.toLowerCase() === (name ?? '').trim().toLowerCase())?.name;
  const groups = new Map<string, Record<string, string>[]>();
  keys.rows.forEach((row, i) => {
    const type = row.constraint_type!.trim().toUpperCase().replace(/_/g, ' ');
    if (type !== 'PRIMARY KEY' && type !== 'FOREIGN KEY') return;
    const id = [type, row.table_schema, row.table_name, type === 'PRIMARY KEY' ? '' : row.constraint_name?.trim() || `row ${i}`].join(
      '\u0000',
    );
    groups.set(id, [...(groups.get(id) ?? []), row]);
  });
  const primaryKeys = new Map<ExportTable, string[]>();
  const foreignKeys = new Map<ExportTable, ForeignKey[]>();
  let unresolved = 0;
  for (const [id, rows] of groups) {
    rows.sort((a, b) => Number(a.ordinal_position ?? 0) - Number(b.ordinal_position ?? 0));
    const first = rows[0]!;
    const table = find(first.table_schema, first.table_name);
    const cols = table ? rows.map((r) => column(table, r.column_name)) : [];
    if (!table || cols.some((c) => c === undefined)) {
      unresolved += 1;
      continue;
    }
    if (id.startsWith('PRIMARY KEY')) {
      primaryKeys.set(table, cols as string[]);
      continue;
    }
    const to = find(first.referenced_table_schema, first.referenced_table_name);
    const toCols = to ? rows.map((r) => column(to, r.referenced_column_name)) : [];
    if (!to || toCols.some((c) => c === undefined)) {
      unresolved += 1;
      continue;
    }
    const fk = { columns: cols as string[], referencedTable: nameOf.get(to)!, referencedColumns: toCols as string[] };
    foreignKeys.set(table, [...(foreignKeys.get(table) ?? []), fk]);
  }
  if (unresolved > 0) notes.push(`${keys.file}: left out ${unresolved} keys naming a table or column not in the columns export`);
  return { primaryKeys, foreignKeys };
}
