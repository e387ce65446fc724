/**
 * A data dictionary (`buildGraph`'s `dictionary`, `guided build --dictionary FILE`): what cryptic tables and columns mean
 * (`HR` → "home runs"), as a database's readme table or spreadsheet gives it. Three shapes, told
 * by the file:
 *
 * - CSV with a header naming `table`, `column` and `description` (`table_name`, `column_name`,
 *   `comment` too); a row without a column describes the table;
 * - a Markdown table with the same header;
 * - YAML: dbt's `schema.yml` (`models:`, `seeds:`, `snapshots:`, `sources: … tables:`, each with
 *   `name`, `description` and `columns:`), or a list of `{ table, column, description }`.
 *
 * Each description becomes the graph's (over the profile's), so grounding reads it. Rows naming a
 * table or column the database lacks, repeating a table and column already described, or holding
 * text that is not valid UTF-8 are left out, each named in a warning; a file that is no table at all
 * is one error naming it.
 */
import { readFile } from 'node:fs/promises';
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { isRecord, parseCsv } from '@guided-retrieval/profiler/files';
import { parse as parseYaml } from 'yaml';
import type { Annotation, Annotations } from '../build.js';
import { GraphBuildError } from '../errors.js';

/** One described table (no `column`) or column. */
export interface DictionaryEntry {
  table: string;
  column?: string;
  description: string;
  /** Where it is in the file, for warnings: `line 4`, `models[2].columns[0]`. */
  at: string;
}

/** Header names a table's, a column's and a description's field go by. */
const FIELDS = {
  table: ['table', 'table_name', 'tablename', 'model', 'entity'],
  column: ['column', 'column_name', 'columnname', 'field', 'attribute'],
  description: ['description', 'comment', 'meaning', 'definition', 'desc'],
} as const;

/** The replacement character a broken UTF-8 sequence decodes to. */
const BROKEN = '\uFFFD';

const notATable = (file: string, why: string) =>
  new GraphBuildError(
    `${file} is not a data dictionary: ${why} (expected a CSV or Markdown table with columns table, column, description, or a YAML file such as dbt's schema.yml)`,
  );

/** Which of a header's fields holds the table, the column and the description; undefined when it names no table or description. */
function headerIndexes(header: readonly string[]): { table: number; column: number; description: number } | undefined {
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const find = (options: readonly string[]) => names.findIndex((n) => options.includes(n));
  const table = find(FIELDS.table);
  const description = find(FIELDS.description);
  if (table < 0 || description < 0) return undefined;
  return { table, column: find(FIELDS.column), description };
}

function rowsToEntries(rows: readonly (readonly string[])[], file: string, line: (i: number) => number): DictionaryEntry[] {
  const [header, ...body] = rows;
  const at = header && headerIndexes(header);
  if (!at) throw notATable(file, 'its first row names no table and description column');
  return body.flatMap((fields, i) => {
    const table = (fields[at.table] ?? '').trim();
    const column = at.column >= 0 ? (fields[at.column] ?? '').trim() : '';
    const description = (fields[at.description] ?? '').trim();
    if (table === '' && column === '' && description === '') return [];
    return [{ table, ...(column ? { column } : {}), description, at: `line ${line(i)}` }];
  });
}

/** A Markdown pipe table's rows (the separator row dropped), with their line numbers. */
function markdownRows(text: string): { rows: string[][]; lines: number[] } | undefined {
  const rows: string[][] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line.startsWith('|')) return;
    const cells = line
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    if (cells.every((c) => /^:?-{3,}:?$/.test(c))) return;
    rows.push(cells);
    lines.push(i + 1);
  });
  return rows.length >= 1 ? { rows, lines } : undefined;
}

/** dbt's schema.yml (models, seeds, snapshots, sources' tables) or a list of `{ table, column, description }`. */
function yamlEntries(doc: unknown, file: string): DictionaryEntry[] {
  const out: DictionaryEntry[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const node = (n: unknown, at: string) => {
    if (!isRecord(n) || typeof n.name !== 'string') return;
    const table = n.name;
    if (text(n.description)) out.push({ table, description: text(n.description), at });
    if (Array.isArray(n.columns))
      n.columns.forEach((c, j) => {
        if (isRecord(c) && typeof c.name === 'string' && text(c.description))
          out.push({ table, column: c.name, description: text(c.description), at: `${at}.columns[${j}]` });
      });
  };
  if (Array.isArray(doc)) {
    doc.forEach((row, i) => {
      if (isRecord(row) && typeof row.table === 'string' && text(row.description))
        out.push({
          table: row.table,
          ...(typeof row.column === 'string' && row.column ? { column: row.column } : {}),
          description: text(row.description),
          at: `[${i}]`,
        });
    });
    if (out.length === 0) throw notATable(file, 'its YAML list holds no { table, description }');
    return out;
  }
  if (!isRecord(doc)) throw notATable(file, 'its YAML is neither a list nor a mapping');
  const kinds = ['models', 'seeds', 'snapshots'].filter((k) => Array.isArray(doc[k]));
  for (const kind of kinds)
    (doc[kind] as unknown[]).forEach((n, i) => {
      node(n, `${kind}[${i}]`);
    });
  if (Array.isArray(doc.sources))
    doc.sources.forEach((s, i) => {
      if (isRecord(s) && Array.isArray(s.tables))
        s.tables.forEach((t, j) => {
          node(t, `sources[${i}].tables[${j}]`);
        });
    });
  if (kinds.length === 0 && !Array.isArray(doc.sources)) throw notATable(file, 'its YAML has no models, seeds, snapshots or sources');
  return out;
}

/**
 * The entries of a dictionary file's bytes, and the rows set aside for broken encoding (named).
 * Throws a `GraphBuildError` naming the file when it is no table at all.
 */
export function parseDictionary(bytes: Uint8Array, file: string): { entries: DictionaryEntry[]; warnings: string[] } {
  if (bytes.includes(0)) throw notATable(file, 'it is a binary file');
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  let entries: DictionaryEntry[];
  if (/\.ya?ml$/i.test(file) || /^\s*(models|sources|seeds|snapshots|version)\s*:/m.test(text)) {
    let doc: unknown;
    try {
      doc = parseYaml(text);
    } catch (error) {
      throw notATable(file, `its YAML does not parse (${(error as Error).message.split('\n')[0]})`);
    }
    entries = yamlEntries(doc, file);
  } else {
    const markdown = /^\s*\|/m.test(text) ? markdownRows(text) : undefined;
    if (markdown) entries = rowsToEntries(markdown.rows, file, (i) => markdown.lines[i + 1] ?? 0);
    else {
      let rows: string[][];
      try {
        rows = parseCsv(text);
      } catch (error) {
        throw notATable(file, (error as Error).message);
      }
      entries = rowsToEntries(rows, file, (i) => i + 2);
    }
  }
  const warnings: string[] = [];
  const clean = entries.filter((e) => {
    const broken = [e.table, e.column ?? '', e.description].some((s) => s.includes(BROKEN));
    if (broken) warnings.push(`${file} ${e.at}: not valid UTF-8 text (${describe(e)}): left out`);
    return !broken;
  });
  return { entries: clean, warnings };
}

function describe(e: Pick<DictionaryEntry, 'table' | 'column'>): string {
  return e.column ? `${e.table}.${e.column}` : e.table;
}

/**
 * The entries that name a table (and column) of the profile, as annotations, case-insensitively;
 * each that does not, or repeats one already taken, or has no description, named in a warning.
 */
export function dictionaryAnnotations(
  entries: readonly DictionaryEntry[],
  profile: DatabaseProfile,
  file: string,
): { annotations: Annotations; applied: number; warnings: string[] } {
  const tables = new Map(profile.tables.map((t) => [t.name.toLowerCase(), t]));
  // No prototype: a table or column named `__proto__` or `constructor` is a key like any other.
  const annotations: Required<Annotations> = { tables: nameRecord(), columns: nameRecord() };
  const seen = new Set<string>();
  const warnings: string[] = [];
  let applied = 0;
  for (const e of entries) {
    const where = `${file} ${e.at}`;
    const table = tables.get(e.table.toLowerCase());
    if (!table) {
      warnings.push(`${where}: no table ${JSON.stringify(e.table)} in ${profile.database}: left out`);
      continue;
    }
    const column = e.column === undefined ? undefined : table.columns.find((c) => c.name.toLowerCase() === e.column!.toLowerCase());
    if (e.column !== undefined && !column) {
      warnings.push(`${where}: no column ${JSON.stringify(e.column)} in table ${table.name}: left out`);
      continue;
    }
    if (e.description === '') {
      warnings.push(`${where}: ${describe(e)} has no description: left out`);
      continue;
    }
    const key = `${table.name}\u0000${column?.name ?? ''}`.toLowerCase();
    if (seen.has(key)) {
      warnings.push(
        `${where}: ${describe({ table: table.name, ...(column ? { column: column.name } : {}) })} is described again: the first kept`,
      );
      continue;
    }
    seen.add(key);
    applied++;
    if (column) {
      annotations.columns[table.name] ??= nameRecord();
      annotations.columns[table.name]![column.name] = { description: e.description };
    } else annotations.tables[table.name] = { description: e.description };
  }
  return { annotations, applied, warnings };
}

/** Reads a dictionary file (one line naming it when it cannot be read). */
export async function readDictionary(path: string): Promise<{ entries: DictionaryEntry[]; warnings: string[] }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GraphBuildError(
      `cannot read the dictionary ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (code ?? 'unreadable')}`,
    );
  }
  return parseDictionary(bytes, path);
}

/** Annotations laid over others: the dictionary's descriptions win, aliases are kept. */
export function overAnnotations(base: Annotations, over: Annotations): Annotations {
  const tables = Object.assign(nameRecord<Annotation>(), base.tables);
  for (const [t, a] of Object.entries(over.tables ?? {})) tables[t] = { ...(tables[t] ?? {}), ...a };
  const columns = nameRecord<Record<string, Annotation>>();
  for (const [t, cs] of Object.entries(base.columns ?? {})) columns[t] = Object.assign(nameRecord<Annotation>(), cs);
  for (const [t, cs] of Object.entries(over.columns ?? {})) {
    columns[t] ??= nameRecord();
    for (const [c, a] of Object.entries(cs)) columns[t]![c] = { ...(columns[t]![c] ?? {}), ...a };
  }
  return { tables, columns };
}

/** A record keyed by names, with no prototype: `__proto__`, `constructor` or `toString` is a name like any other. */
function nameRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
