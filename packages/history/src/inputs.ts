/**
 * The files a team already has, read into statements: question–SQL pairs (JSONL lines
 * `{"question": …, "sql": …}`, a JSON list of them, or CSV with `question` and `sql` columns),
 * and query logs (a `.sql` file, cut into statements by `split.ts`; a `pg_stat_statements` export
 * as CSV with a `query` column; a dbt `manifest.json`'s compiled models). The kind is told by the
 * file's name, else its content; a file that is none of them, or empty, is one line naming it.
 */
import { basename, extname } from 'node:path';
import { isRecord, parseCsv, readTextFile } from '@guided-retrieval/profiler/files';
import { splitStatements } from './split.js';
import type { HistoryFormat, HistoryInput, HistoryItem, Problem } from './types.js';

/** A file `guided learn` cannot read at all: the message is one line naming it. */
export class HistoryInputError extends Error {
  override name = 'HistoryInputError';
}

/** Reads `path` as `readHistoryInput` does (an unreadable file is a `HistoryInputError` naming it). */
export async function readHistoryFile(path: string): Promise<HistoryInput> {
  const text = await readTextFile(path, 'history input', { error: HistoryInputError });
  return readHistoryInput(text, path);
}

/**
 * The statements of a file's text; `file` names it in every line said about it, and its extension
 * (else its content) says its kind, unless `sql` says the text is SQL statements whatever its name.
 */
export function readHistoryInput(text: string, file: string, kind?: 'sql'): HistoryInput {
  const body = text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  if (body.trim() === '') throw new HistoryInputError(`${file} is empty: nothing to learn`);
  const format = kind ?? formatOf(body, file);
  switch (format) {
    case 'pairs-jsonl':
      return jsonLines(body, file);
    case 'pairs-json':
      return jsonPairs(body, file);
    case 'dbt-manifest':
      return dbtManifest(body, file);
    case 'csv':
      return csv(body, file);
    default:
      return {
        file,
        format: 'sql',
        items: splitStatements(body).map((p) => ({ sql: p.text, at: `${file}:${p.line}`, file, line: p.line })),
        malformed: [],
      };
  }
}

const BYTE_ORDER_MARK = 0xfeff;

/** What a file is: its extension when it says, else its first character and line (CSV's kind is its header's). */
function formatOf(text: string, file: string): Exclude<HistoryFormat, 'pairs-csv' | 'pg-stat-statements'> | 'csv' {
  const ext = extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'pairs-jsonl';
  if (ext === '.csv') return 'csv';
  if (ext === '.sql') return 'sql';
  const start = text.trimStart();
  if (ext === '.json' || start.startsWith('{') || start.startsWith('[')) {
    if (start.startsWith('[')) return 'pairs-json';
    const firstLine = start.slice(0, start.indexOf('\n') === -1 ? undefined : start.indexOf('\n')).trim();
    if (ext !== '.json' && parsesAsObject(firstLine)) return 'pairs-jsonl';
    return 'dbt-manifest';
  }
  const header = parseCsv(start.slice(0, start.indexOf('\n') === -1 ? undefined : start.indexOf('\n')))[0] ?? [];
  return columnIndex(header, SQL_COLUMNS) !== -1 && header.length > 1 ? 'csv' : 'sql';
}

function parsesAsObject(line: string): boolean {
  try {
    return isRecord(JSON.parse(line));
  } catch {
    return false;
  }
}

/** The column names a pair's SQL goes by (`sql`, or `query` as `pg_stat_statements` names it). */
const SQL_COLUMNS = ['sql', 'query'];
const QUESTION_COLUMNS = ['question'];

function columnIndex(header: readonly string[], names: readonly string[]): number {
  const lower = header.map((h) => h.trim().toLowerCase());
  for (const name of names) {
    const i = lower.indexOf(name);
    if (i !== -1) return i;
  }
  return -1;
}

function csvFormat(header: readonly string[], file: string): HistoryFormat {
  if (columnIndex(header, SQL_COLUMNS) === -1)
    throw new HistoryInputError(
      `${file}: a CSV file needs a sql column (question–SQL pairs: question and sql) or a query column (a pg_stat_statements export); its columns are ${header.join(', ') || 'none'}`,
    );
  return columnIndex(header, QUESTION_COLUMNS) === -1 ? 'pg-stat-statements' : 'pairs-csv';
}

function csvRecords(text: string, file: string): string[][] {
  try {
    return parseCsv(text);
  } catch (error) {
    throw new HistoryInputError(`${file}: not CSV: ${(error as Error).message}`);
  }
}

function csv(text: string, file: string): HistoryInput {
  const [header = [], ...rows] = csvRecords(text, file);
  const format = csvFormat(header, file);
  const sqlAt = columnIndex(header, SQL_COLUMNS);
  const questionAt = columnIndex(header, QUESTION_COLUMNS);
  const items: HistoryItem[] = [];
  const malformed: Problem[] = [];
  rows.forEach((row, i) => {
    // Rows counted from the header's 1, as a spreadsheet numbers them.
    const at = `${file} row ${i + 2}`;
    const sql = row[sqlAt]?.trim() ?? '';
    if (sql === '') {
      malformed.push({ at, error: 'no SQL' });
      return;
    }
    const question = questionAt === -1 ? '' : (row[questionAt]?.trim() ?? '');
    items.push({ ...(question ? { question } : {}), sql, at });
  });
  return { file, format, items, malformed };
}

/** One pair from a parsed JSON value, or why not. */
function pair(value: unknown): { question?: string; sql: string } | string {
  if (!isRecord(value)) return 'not an object';
  const sql = typeof value.sql === 'string' ? value.sql : typeof value.query === 'string' ? value.query : null;
  if (sql === null || sql.trim() === '') return 'no "sql" string';
  if (value.question !== undefined && value.question !== null && typeof value.question !== 'string') return '"question" is not a string';
  const question = typeof value.question === 'string' ? value.question.trim() : '';
  return { ...(question ? { question } : {}), sql };
}

function jsonLines(text: string, file: string): HistoryInput {
  const items: HistoryItem[] = [];
  const malformed: Problem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const at = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed.push({ at, error: 'not JSON' });
      return;
    }
    const read = pair(value);
    if (typeof read === 'string') malformed.push({ at, error: read });
    else items.push({ ...read, at });
  });
  return { file, format: 'pairs-jsonl', items, malformed };
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HistoryInputError(`${file}: not JSON: ${(error as Error).message}`);
  }
}

function jsonPairs(text: string, file: string): HistoryInput {
  const value = parseJson(text, file);
  if (!Array.isArray(value)) throw new HistoryInputError(`${file}: expected a list of {"question", "sql"} objects`);
  const items: HistoryItem[] = [];
  const malformed: Problem[] = [];
  value.forEach((v, i) => {
    const at = `${file} [${i}]`;
    const read = pair(v);
    if (typeof read === 'string') malformed.push({ at, error: read });
    else items.push({ ...read, at });
  });
  return { file, format: 'pairs-json', items, malformed };
}

/** The models' compiled SQL (`compiled_code`, dbt ≥ 1.3; `compiled_sql` before). */
function dbtManifest(text: string, file: string): HistoryInput {
  const value = parseJson(text, file);
  if (!isRecord(value) || !isRecord(value.nodes))
    throw new HistoryInputError(
      `${file}: not a file guided learn reads: a JSON object should be a dbt manifest.json (with "nodes"); pairs go one per line in a .jsonl file`,
    );
  const items: HistoryItem[] = [];
  let models = 0;
  for (const [id, node] of Object.entries(value.nodes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!isRecord(node) || node.resource_type !== 'model') continue;
    models++;
    const sql =
      typeof node.compiled_code === 'string' ? node.compiled_code : typeof node.compiled_sql === 'string' ? node.compiled_sql : '';
    if (sql.trim() !== '') items.push({ sql, at: `${basename(file)} ${id}` });
  }
  if (items.length === 0)
    throw new HistoryInputError(
      models === 0
        ? `${file}: the dbt manifest has no model`
        : `${file}: none of the dbt manifest's ${models} models is compiled: run \`dbt compile\` (or \`dbt build\`) first`,
    );
  return { file, format: 'dbt-manifest', items, malformed: [] };
}
