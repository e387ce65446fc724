/** Reading a profile written by `guided profile`, with one-line errors naming the file. */
import { readFile } from 'node:fs/promises';
import { type DatabaseProfile, PROFILE_FORMAT_VERSION } from '@guided-retrieval/profiler';
import { UserError } from './errors.js';

export async function loadProfile(path: string): Promise<DatabaseProfile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'is a directory'
            : (code ?? 'unreadable');
    throw new UserError(`cannot read profile file ${path}: ${why}`);
  }
  return parseProfile(text, path);
}

/** Checks the shape that join inference and the graph builder rely on; `source` names the file. */
export function parseProfile(text: string, source: string): DatabaseProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UserError(`${source} is not a profile: not valid JSON`);
  }
  if (!isRecord(json)) throw new UserError(`${source} is not a profile: expected a JSON object`);
  if (!('formatVersion' in json)) throw new UserError(`${source} is not a profile: no formatVersion (write one with \`guided profile\`)`);
  if (json.formatVersion !== PROFILE_FORMAT_VERSION) {
    throw new UserError(
      `${source} has profile format version ${JSON.stringify(json.formatVersion)}; this version reads ${PROFILE_FORMAT_VERSION}: rerun \`guided profile\``,
    );
  }
  if (typeof json.database !== 'string') throw new UserError(`${source} is not a profile: missing "database"`);
  if (!Array.isArray(json.tables)) throw new UserError(`${source} is not a profile: missing "tables"`);
  json.tables.forEach((table: unknown, i) => {
    const at = (what: string) =>
      new UserError(`${source}: table ${i}${isRecord(table) && typeof table.name === 'string' ? ` (${table.name})` : ''}: ${what}`);
    if (!isRecord(table) || typeof table.name !== 'string') throw at('missing "name"');
    if (!Array.isArray(table.columns)) throw at('missing "columns"');
    if (!Array.isArray(table.primaryKey)) throw at('missing "primaryKey"');
    if (!Array.isArray(table.foreignKeys)) throw at('missing "foreignKeys"');
    table.columns.forEach((column: unknown, j) => {
      if (!isRecord(column) || typeof column.name !== 'string') throw at(`column ${j}: missing "name"`);
      if (!Array.isArray(column.sample)) throw at(`column ${column.name}: missing "sample"`);
    });
  });
  return json as unknown as DatabaseProfile;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
