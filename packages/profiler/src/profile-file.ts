/** Reading back a profile written as JSON (`guided profile`), with one-line errors naming the file. */
import { isRecord } from './is-record.js';
import { readTextFile } from './text-file.js';
import { type DatabaseProfile, PROFILE_FORMAT_VERSION } from './types.js';

/** A profile file that cannot be read: the one-line message names the file and what is wrong. */
export class ProfileFileError extends Error {
  override name = 'ProfileFileError';
}

export async function loadProfile(path: string): Promise<DatabaseProfile> {
  return parseProfile(await readTextFile(path, 'profile file', { error: ProfileFileError }), path);
}

/** Checks the shape that join inference and the graph builder rely on; `source` names the file. */
export function parseProfile(text: string, source: string): DatabaseProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProfileFileError(`${source} is not a profile: not valid JSON`);
  }
  if (!isRecord(json)) throw new ProfileFileError(`${source} is not a profile: expected a JSON object`);
  if (!('formatVersion' in json))
    throw new ProfileFileError(`${source} is not a profile: no formatVersion (write one with \`guided profile\`)`);
  if (json.formatVersion !== PROFILE_FORMAT_VERSION) {
    throw new ProfileFileError(
      `${source} has profile format version ${JSON.stringify(json.formatVersion)}; this version reads ${PROFILE_FORMAT_VERSION}: rerun \`guided profile\``,
    );
  }
  if (typeof json.database !== 'string') throw new ProfileFileError(`${source} is not a profile: missing "database"`);
  if (!Array.isArray(json.tables)) throw new ProfileFileError(`${source} is not a profile: missing "tables"`);
  json.tables.forEach((table: unknown, i) => {
    checkTable(table, (what) => new ProfileFileError(`${source}: table ${i}${label(table)}: ${what}`));
  });
  return json as unknown as DatabaseProfile;
}

function checkTable(table: unknown, at: (what: string) => ProfileFileError): void {
  if (!isRecord(table) || typeof table.name !== 'string') throw at('missing "name"');
  if (!Array.isArray(table.columns)) throw at('missing "columns"');
  if (!Array.isArray(table.primaryKey)) throw at('missing "primaryKey"');
  if (!Array.isArray(table.foreignKeys)) throw at('missing "foreignKeys"');
  table.columns.forEach((column: unknown, j) => {
    if (!isRecord(column) || typeof column.name !== 'string') throw at(`column ${j}: missing "name"`);
    if (!Array.isArray(column.sample)) throw at(`column ${column.name}: missing "sample"`);
  });
}

/** ` (orders)` when the raw table names itself, for errors. */
function label(table: unknown): string {
  return isRecord(table) && typeof table.name === 'string' ? ` (${table.name})` : '';
}
