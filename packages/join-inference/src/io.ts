/**
 * The joins file: the edges (and primary-key candidates) inference found for one database, as
 * versioned, deterministic JSON that a person can read, review and edit before `guided build`.
 */
import { isRecord, readTextFile, writeFileAtomic } from '@guided-retrieval/profiler/files';
import { byEdgeId, joinEdgeId } from './declared.js';
import type { JoinEdge, JoinInference, KeyCandidate } from './types.js';

/** Version of the joins file format; bump on any incompatible change. */
export const JOINS_FORMAT_VERSION = 1;

export interface JoinsDocument {
  database: string;
  edges: readonly JoinEdge[];
  keys: readonly KeyCandidate[];
  /** What inference did (counts); informational. Its `ms` is not written, so reruns give the same bytes. */
  stats?: JoinsStats;
}

export type JoinsStats = Omit<JoinInference['stats'], 'ms'> & { ms?: number };

export interface JoinsFile {
  formatVersion: typeof JOINS_FORMAT_VERSION;
  database: string;
  edges: JoinEdge[];
  keys: KeyCandidate[];
  stats?: JoinsStats;
}

/** A joins file that cannot be read: the one-line message names the file and what is wrong. */
export class JoinsFileError extends Error {
  override name = 'JoinsFileError';
}

/**
 * The document as pretty JSON: fields in a fixed order, edges sorted by id, keys in the order
 * given (inference gives them per table, best first), stats without the time. The same edges,
 * keys and counts give the same bytes.
 */
export function serializeJoins(doc: JoinsDocument): string {
  const file = {
    formatVersion: JOINS_FORMAT_VERSION,
    database: doc.database,
    ...(doc.stats ? { stats: withoutTime(doc.stats) } : {}),
    edges: [...doc.edges].sort(byEdgeId).map(edgeFields),
    keys: doc.keys.map(keyFields),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Parses and validates a joins file; `fileName` names it in errors. Edge ids are recomputed
 * from the columns, so a hand-edited edge cannot carry a stale id.
 */
export function parseJoins(text: string, fileName: string): JoinsFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new JoinsFileError(`${fileName} is not a joins file: not valid JSON`);
  }
  if (!isRecord(json)) throw new JoinsFileError(`${fileName} is not a joins file: expected a JSON object`);
  if (!('formatVersion' in json)) throw new JoinsFileError(`${fileName} is not a joins file: no formatVersion`);
  if (json.formatVersion !== JOINS_FORMAT_VERSION) {
    throw new JoinsFileError(
      `${fileName} has joins format version ${JSON.stringify(json.formatVersion)}; this version reads ${JOINS_FORMAT_VERSION}: rerun \`guided infer-joins\``,
    );
  }
  const fail = (what: string) => new JoinsFileError(`${fileName}: ${what}`);
  if (typeof json.database !== 'string') throw fail('missing "database" (a string)');
  if (!Array.isArray(json.edges)) throw fail('missing "edges" (an array)');
  const keys = json.keys === undefined ? [] : json.keys;
  if (!Array.isArray(keys)) throw fail('"keys" must be an array');
  if (json.stats !== undefined && !isRecord(json.stats)) throw fail('"stats" must be an object');
  const edges = json.edges.map((edge: unknown, i) => parseEdge(edge, (what) => fail(`edge ${i}${label(edge)}: ${what}`)));
  const seen = new Set<string>();
  edges.forEach((edge, i) => {
    if (seen.has(edge.id.toLowerCase())) throw fail(`edge ${i} (${edge.id}): listed twice`);
    seen.add(edge.id.toLowerCase());
  });
  const file: JoinsFile = {
    formatVersion: JOINS_FORMAT_VERSION,
    database: json.database,
    edges,
    keys: keys.map((key: unknown, i) => parseKey(key, (what) => fail(`key ${i}: ${what}`))),
  };
  if (isRecord(json.stats)) file.stats = json.stats as JoinsStats;
  return file;
}

export async function loadJoins(path: string): Promise<JoinsFile> {
  return parseJoins(await readTextFile(path, 'joins file', { error: JoinsFileError }), path);
}

/**
 * Writes whole or not at all (the profiler's atomic writer: temp file, fsync, rename; nothing left
 * on failure or on SIGTERM); a failure is one line naming the file and the cause.
 */
export async function saveJoins(path: string, doc: JoinsDocument): Promise<void> {
  await writeFileAtomic(path, serializeJoins(doc), { what: 'joins file' });
}

function parseEdge(raw: unknown, fail: (what: string) => JoinsFileError): JoinEdge {
  if (!isRecord(raw)) throw fail('expected an object');
  const { fromTable, fromColumns, toTable, toColumns, origin, confidence, evidence, role } = raw;
  if (!isName(fromTable)) throw fail('missing "fromTable" (a table name)');
  if (!isNameList(fromColumns)) throw fail('"fromColumns" must be a non-empty array of column names');
  if (!isName(toTable)) throw fail('missing "toTable" (a table name)');
  if (!isNameList(toColumns)) throw fail('"toColumns" must be a non-empty array of column names');
  if (fromColumns.length !== toColumns.length) throw fail(`${fromColumns.length} fromColumns but ${toColumns.length} toColumns`);
  if (origin !== 'declared' && origin !== 'inferred')
    throw fail(`"origin" must be "declared" or "inferred", got ${JSON.stringify(origin)}`);
  if (!isUnit(confidence)) throw fail(`"confidence" must be a number in [0, 1], got ${JSON.stringify(confidence)}`);
  const reasons = evidence === undefined ? [] : evidence;
  if (!isStringList(reasons)) throw fail('"evidence" must be an array of strings');
  if (role !== undefined && !isName(role)) throw fail(`"role" must be a non-empty string, got ${JSON.stringify(role)}`);
  return {
    id: joinEdgeId(fromTable, fromColumns, toTable, toColumns),
    fromTable,
    fromColumns,
    toTable,
    toColumns,
    origin,
    confidence,
    evidence: reasons,
    ...(role === undefined ? {} : { role }),
  };
}

function parseKey(raw: unknown, fail: (what: string) => JoinsFileError): KeyCandidate {
  if (!isRecord(raw)) throw fail('expected an object');
  const { table, columns, score, origin, evidence } = raw;
  if (!isName(table)) throw fail('missing "table" (a table name)');
  if (!isNameList(columns)) throw fail(`${table}: "columns" must be a non-empty array of column names`);
  if (!isUnit(score)) throw fail(`${table}: "score" must be a number in [0, 1], got ${JSON.stringify(score)}`);
  if (origin !== 'declared' && origin !== 'inferred')
    throw fail(`${table}: "origin" must be "declared" or "inferred", got ${JSON.stringify(origin)}`);
  const reasons = evidence === undefined ? [] : evidence;
  if (!isStringList(reasons)) throw fail(`${table}: "evidence" must be an array of strings`);
  return { table, columns, score, origin, evidence: reasons };
}

function withoutTime(stats: JoinsStats): JoinsStats {
  const { ms: _ms, ...rest } = stats;
  return rest;
}

function edgeFields(e: JoinEdge): JoinEdge {
  return {
    id: e.id,
    fromTable: e.fromTable,
    fromColumns: [...e.fromColumns],
    toTable: e.toTable,
    toColumns: [...e.toColumns],
    origin: e.origin,
    confidence: e.confidence,
    evidence: [...e.evidence],
    ...(e.role ? { role: e.role } : {}),
  };
}

function keyFields(k: KeyCandidate): KeyCandidate {
  return { table: k.table, columns: [...k.columns], score: k.score, origin: k.origin, evidence: [...k.evidence] };
}

/** ` (A(x)->B(y))` when the raw edge names its id, for errors. */
function label(raw: unknown): string {
  return isRecord(raw) && typeof raw.id === 'string' ? ` (${raw.id})` : '';
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every(isName);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isUnit(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
}
