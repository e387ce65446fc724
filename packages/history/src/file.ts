/**
 * The history file, beside its graph (`shop.graph.json` → `shop.history.json`): versioned, the
 * graph's database named, one entry a line, written whole or not at all (the profiler's atomic
 * writer). No SQL is stored, only what it reads and joins and a literal-free fingerprint, so no
 * value of it can be read back; questions are kept as written unless learned with `hashValues`.
 * Learning files appends to what is there (each file saved once learned), so a later file that
 * fails loses nothing learned before it.
 */
import { access } from 'node:fs/promises';
import { isRecord, readTextFile, writeFileAtomic } from '@guided-retrieval/profiler/files';
import { History } from './history.js';
import { HistoryInputError, readHistoryFile } from './inputs.js';
import { addReports, emptyReport, learnInto, withMalformed } from './learn.js';
import type { HistoryEntry, HistorySchema, LearnedJoin, LearnReport } from './types.js';

/** Version of the history file this package writes and reads. */
export const HISTORY_FORMAT_VERSION = 1;

/** A history file that cannot be read or is not this graph's: the message is one line naming it. */
export class HistoryFileError extends Error {
  override name = 'HistoryFileError';
}

/** Where a graph's history lives: `shop.graph.json` → `shop.history.json`, `g.json` → `g.history.json`. */
export function historyPathFor(graphPath: string): string {
  const stem = graphPath.replace(/\.graph\.json$/i, '').replace(/\.json$/i, '');
  return `${stem}.history.json`;
}

/** The file's text: a header line, then one entry a line. */
export function serializeHistory(history: History, database: string): string {
  const header = JSON.stringify({ formatVersion: HISTORY_FORMAT_VERSION, database, hashValues: history.hashValues });
  if (history.entries.length === 0) return `${header.slice(0, -1)},"entries":[]}\n`;
  const lines = history.entries.map((e) => JSON.stringify(e));
  return `${header.slice(0, -1)},"entries":[\n${lines.join(',\n')}\n]}\n`;
}

/** A history file's content, checked: the database it was learned for and its history. */
export function parseHistory(text: string, file: string): { database: string; history: History } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HistoryFileError(`${file}: not a history file (not JSON: ${(error as Error).message})`);
  }
  const fail = (path: string, what: string): never => {
    throw new HistoryFileError(`${file}: ${path}: ${what}`);
  };
  if (!isRecord(value)) return fail('(top)', 'expected an object');
  if (value.formatVersion !== HISTORY_FORMAT_VERSION)
    fail('formatVersion', `${JSON.stringify(value.formatVersion)} is not a version this reads (${HISTORY_FORMAT_VERSION})`);
  if (typeof value.database !== 'string') fail('database', 'expected a name');
  if (typeof value.hashValues !== 'boolean') fail('hashValues', 'expected true or false');
  if (!Array.isArray(value.entries)) return fail('entries', 'expected a list');
  const names = (v: unknown, path: string): string[] =>
    Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : fail(path, 'expected a list of names');
  const entries = value.entries.map((e: unknown, i): HistoryEntry => {
    const at = `entries[${i}]`;
    if (!isRecord(e)) return fail(at, 'expected an object');
    if (e.question !== undefined && typeof e.question !== 'string') fail(`${at}.question`, 'expected text');
    if (typeof e.fingerprint !== 'string') fail(`${at}.fingerprint`, 'expected text');
    if (!Array.isArray(e.joins)) fail(`${at}.joins`, 'expected a list');
    const joins = (e.joins as unknown[]).map((j, k): LearnedJoin => {
      const jat = `${at}.joins[${k}]`;
      if (!isRecord(j) || typeof j.fromTable !== 'string' || typeof j.toTable !== 'string')
        return fail(jat, 'expected fromTable, fromColumns, toTable, toColumns');
      const fromColumns = names(j.fromColumns, `${jat}.fromColumns`);
      const toColumns = names(j.toColumns, `${jat}.toColumns`);
      if (fromColumns.length === 0 || fromColumns.length !== toColumns.length)
        fail(jat, 'expected as many columns on each side, at least one');
      return { fromTable: j.fromTable, fromColumns, toTable: j.toTable, toColumns };
    });
    return {
      ...(typeof e.question === 'string' ? { question: e.question } : {}),
      tables: names(e.tables, `${at}.tables`),
      joins,
      fingerprint: e.fingerprint as string,
    };
  });
  return { database: value.database as string, history: History.of(entries, { hashValues: value.hashValues as boolean }) };
}

/** Writes `history` to `path` whole or not at all. */
export async function saveHistory(history: History, database: string, path: string): Promise<void> {
  await writeFileAtomic(path, serializeHistory(history, database));
}

/** Reads a history file (`HistoryFileError` naming it when it cannot). */
export async function loadHistory(path: string): Promise<{ database: string; history: History }> {
  return parseHistory(await readTextFile(path, 'history file', { error: HistoryFileError }), path);
}

/**
 * The history learned beside the graph file `graphPath`, or null when there is none. With
 * `database`, a history learned for another database is refused (a graph file moved over another).
 */
export async function loadHistoryFor(graphPath: string, database?: string): Promise<History | null> {
  const path = historyPathFor(graphPath);
  if (!(await exists(path))) return null;
  const loaded = await loadHistory(path);
  if (database !== undefined && loaded.database !== database)
    throw new HistoryFileError(
      `${path} was learned for database ${loaded.database}, not ${database} (the graph beside it): move it away or learn again`,
    );
  return loaded.history;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

export interface LearnFilesOptions {
  /** Hash the values of the questions (`hashQuestionValues`); a history learned so keeps hashing whatever this says. */
  hashValues?: boolean;
  /** Progress through one file's statements. */
  onProgress?: (event: { file: string; done: number; total: number }) => void;
}

export interface LearnFilesResult {
  /** The history file, beside the graph. */
  path: string;
  /** The history after learning (what the file holds). */
  history: History;
  /** Every file's report summed. */
  report: LearnReport;
  /** Files that could not be read at all, each with its one-line error; the others were learned. */
  failed: { file: string; error: string }[];
  /** Whether the file was written (something new was learned). */
  written: boolean;
}

/**
 * Learns `files` into the history beside `graphPath` (created when absent), saving after each
 * file that taught something new: a file that cannot be read is reported and skipped, and
 * nothing learned before it is lost. What `guided learn` does.
 */
export async function learnFiles(
  graph: HistorySchema & { database: string },
  graphPath: string,
  files: readonly string[],
  options: LearnFilesOptions = {},
): Promise<LearnFilesResult> {
  const path = historyPathFor(graphPath);
  const before = await loadHistoryFor(graphPath, graph.database);
  if (options.hashValues && before !== null && before.statements > 0 && !before.hashValues)
    throw new HistoryFileError(
      `${path} was learned without hashing values: its questions keep theirs readable; move it away to learn a hashed history`,
    );
  let history = before === null || before.statements === 0 ? History.empty({ hashValues: Boolean(options.hashValues) }) : before;
  let report = emptyReport();
  const failed: LearnFilesResult['failed'] = [];
  let written = false;
  for (const file of files) {
    let input: Awaited<ReturnType<typeof readHistoryFile>>;
    try {
      input = await readHistoryFile(file);
    } catch (error) {
      if (!(error instanceof HistoryInputError)) throw error;
      failed.push({ file, error: error.message });
      continue;
    }
    const onProgress = options.onProgress;
    const learned = learnInto(
      history,
      graph,
      input.items,
      onProgress ? { onProgress: (done, total) => onProgress({ file, done, total }) } : {},
    );
    report = addReports(report, withMalformed(learned.report, input.malformed));
    if (learned.history !== history) {
      await saveHistory(learned.history, graph.database, path);
      written = true;
    }
    history = learned.history;
  }
  return { path, history, report, failed, written };
}
