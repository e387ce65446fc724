/**
 * Statements learned onto a graph: each parsed and read (`read-statement.ts`) into an entry, or
 * skipped with its reason counted — unparseable (the first few kept with where and why), a table
 * the graph lacks (named, never guessed), no table of the graph at all — and the report said in
 * lines (`describeLearnReport`), one per kind of trouble.
 */
import type { History } from './history.js';
import { readSql } from './read-statement.js';
import type { HistoryEntry, HistoryItem, HistorySchema, LearnReport, Problem } from './types.js';
import { hashQuestionValues } from './words.js';

export interface LearnOptions {
  /** Keep no value of the SQL readable: the question's values hashed (`hashQuestionValues`); SQL is never kept either way. */
  hashValues?: boolean;
  /** Called every `PROGRESS_EVERY` statements and at the end, for a long input. */
  onProgress?: (done: number, total: number) => void;
}

/** Statements read between two progress calls. */
const PROGRESS_EVERY = 1000;
/** Unparseable statements and malformed records a report names (the rest are counted). */
export const EXAMPLES = 5;

/** A report of nothing read. */
export function emptyReport(): LearnReport {
  return {
    statements: 0,
    learned: 0,
    added: 0,
    duplicates: 0,
    unparseable: 0,
    unparseableExamples: [],
    malformed: 0,
    malformedExamples: [],
    unknownTables: {},
    noTable: 0,
    unknownColumns: {},
  };
}

/** Reads `items` onto `schema`: the entries learned and what was skipped (`added` and `duplicates` are the merge's: 0 here). */
export function learnItems(
  schema: HistorySchema,
  items: readonly HistoryItem[],
  options: LearnOptions = {},
): { entries: HistoryEntry[]; report: LearnReport } {
  const report = emptyReport();
  const entries: HistoryEntry[] = [];
  items.forEach((item, done) => {
    if (done > 0 && done % PROGRESS_EVERY === 0) options.onProgress?.(done, items.length);
    const read = readSql(item.sql, schema);
    if (!read.ok) {
      report.statements++;
      report.unparseable++;
      const at = item.file !== undefined && item.line !== undefined ? `${item.file}:${item.line + (read.line ?? 1) - 1}` : item.at;
      if (report.unparseableExamples.length < EXAMPLES) report.unparseableExamples.push({ at, error: read.error });
      return;
    }
    for (const statement of read.statements) {
      report.statements++;
      for (const column of statement.unknownColumns) count(report.unknownColumns, column);
      if (statement.unknownTables.length > 0) {
        for (const table of statement.unknownTables) count(report.unknownTables, table);
        continue;
      }
      if (statement.tables.length === 0) {
        report.noTable++;
        continue;
      }
      report.learned++;
      const question = item.question?.trim();
      entries.push({
        ...(question ? { question: options.hashValues ? hashQuestionValues(question, statement.literals) : question } : {}),
        tables: statement.tables,
        joins: statement.joins,
        fingerprint: statement.fingerprint,
      });
    }
  });
  options.onProgress?.(items.length, items.length);
  return { entries, report };
}

/** `history` with `items` learned: the merged history and the report, `added` and `duplicates` counted against it. */
export function learnInto(
  history: History,
  schema: HistorySchema,
  items: readonly HistoryItem[],
  options: Omit<LearnOptions, 'hashValues'> = {},
): { history: History; report: LearnReport } {
  const { entries, report } = learnItems(schema, items, { ...options, hashValues: history.hashValues });
  const merged = history.with(entries);
  return { history: merged.history, report: { ...report, added: merged.added, duplicates: merged.duplicates } };
}

/** Records of an input that held no statement, added to a report. */
export function withMalformed(report: LearnReport, malformed: readonly Problem[]): LearnReport {
  const room = Math.max(0, EXAMPLES - report.malformedExamples.length);
  return {
    ...report,
    malformed: report.malformed + malformed.length,
    malformedExamples: [...report.malformedExamples, ...malformed.slice(0, room)],
  };
}

/** Two reports summed (the examples of the first kept first). */
export function addReports(a: LearnReport, b: LearnReport): LearnReport {
  const sum = (x: Record<string, number>, y: Record<string, number>) => {
    const out = { ...x };
    for (const [k, n] of Object.entries(y)) out[k] = (out[k] ?? 0) + n;
    return out;
  };
  return {
    statements: a.statements + b.statements,
    learned: a.learned + b.learned,
    added: a.added + b.added,
    duplicates: a.duplicates + b.duplicates,
    unparseable: a.unparseable + b.unparseable,
    unparseableExamples: [...a.unparseableExamples, ...b.unparseableExamples].slice(0, EXAMPLES),
    malformed: a.malformed + b.malformed,
    malformedExamples: [...a.malformedExamples, ...b.malformedExamples].slice(0, EXAMPLES),
    unknownTables: sum(a.unknownTables, b.unknownTables),
    noTable: a.noTable + b.noTable,
    unknownColumns: sum(a.unknownColumns, b.unknownColumns),
  };
}

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

const n = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, word: string) => `${n(value)} ${word}${value === 1 ? '' : 's'}`;
const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([name, c]) => `${name} (${n(c)})`)
    .join(', ');
const examples = (list: readonly Problem[], total: number) =>
  `${list.map((p) => `${p.at}: ${p.error}`).join('; ')}${total > list.length ? `; and ${n(total - list.length)} more` : ''}`;

/**
 * The report in lines: first the summary, then one line per kind of trouble there was —
 * unparseable statements (the first few, where and why), malformed records, unknown tables (each
 * named, with its count), unknown columns.
 */
export function describeLearnReport(report: LearnReport): string[] {
  const skipped = [
    report.unparseable > 0 && `${n(report.unparseable)} unparseable`,
    Object.keys(report.unknownTables).length > 0 &&
      `${n(report.statements - report.learned - report.unparseable - report.noTable)} reading unknown tables`,
    report.noTable > 0 && `${n(report.noTable)} reading no table (not a query)`,
    report.malformed > 0 && `${plural(report.malformed, 'malformed record')}`,
  ].filter((s): s is string => typeof s === 'string');
  const lines = [
    `learned ${plural(report.learned, 'statement')} of ${n(report.statements)} read (${n(report.added)} new, ${n(report.duplicates)} already known)${skipped.length > 0 ? `; skipped ${skipped.join(', ')}` : ''}`,
  ];
  if (report.unparseable > 0)
    lines.push(
      `${plural(report.unparseable, 'statement')} unparseable, skipped: ${examples(report.unparseableExamples, report.unparseable)}`,
    );
  if (report.malformed > 0)
    lines.push(
      `${plural(report.malformed, 'record')} without a statement, skipped: ${examples(report.malformedExamples, report.malformed)}`,
    );
  if (Object.keys(report.unknownTables).length > 0)
    lines.push(`unknown tables (not in the graph; their statements skipped, nothing guessed): ${counted(report.unknownTables)}`);
  if (Object.keys(report.unknownColumns).length > 0)
    lines.push(`unknown columns (not in the graph; joins on them not learned): ${counted(report.unknownColumns)}`);
  return lines;
}
