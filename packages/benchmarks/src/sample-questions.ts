/**
 * The sample questions (`benchmarks/sample-questions/questions.jsonl`): plain business questions
 * over real sample databases, one JSON object a line —
 * `{"id":"chinook-01","db":"chinook","question":"…","gold":["Customer","Invoice"],"optional":["InvoiceLine"]}`
 * — and the resolution of their gold and optional names to the tables of one build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { BenchmarkDataError } from './files.js';

export interface SampleQuestion {
  id: string;
  db: string;
  question: string;
  /** The tables the answer needs, as the file spells them. */
  gold: string[];
  /** Tables that may also appear without penalty, as the file spells them; absent when the line has none. */
  optional?: string[];
  /** The line of the file (1-based), for errors. */
  line: number;
}

const KEYS = new Set(['id', 'db', 'question', 'gold', 'optional']);

/**
 * Parses a questions file: blank lines are skipped; every other line must be one object with a
 * unique non-empty `id`, a `db` among `databases`, a non-empty `question`, a non-empty `gold` list
 * and optionally an `optional` list, of non-empty names, and nothing else. A bad line is an error
 * naming the file and its line number.
 */
export function parseSampleQuestions(text: string, file: string, databases: readonly string[]): SampleQuestion[] {
  const out: SampleQuestion[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const bad = (what: string) => new BenchmarkDataError(`sample-questions: ${file} line ${line}: ${what}`);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw bad(`not JSON (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('not a JSON object');
    const record = value as Record<string, unknown>;
    const unknown = Object.keys(record).filter((k) => !KEYS.has(k));
    if (unknown.length > 0) throw bad(`unknown key ${unknown.join(', ')} (expected ${[...KEYS].join(', ')})`);
    const text = (key: string) => {
      const v = record[key];
      if (typeof v !== 'string' || v.trim() === '') throw bad(`"${key}" must be a non-empty string`);
      return v;
    };
    const names = (key: string) => {
      const v = record[key];
      if (!Array.isArray(v) || v.some((n) => typeof n !== 'string' || n.trim() === '')) throw bad(`"${key}" must be a list of table names`);
      return v as string[];
    };
    const id = text('id');
    const db = text('db');
    if (!databases.includes(db)) throw bad(`unknown db "${db}" (expected one of ${databases.join(', ')})`);
    const gold = names('gold');
    if (gold.length === 0) throw bad('"gold" lists no table');
    const earlier = seen.get(id);
    if (earlier !== undefined) throw bad(`id "${id}" already used on line ${earlier}`);
    seen.set(id, line);
    out.push({ id, db, question: text('question'), gold, ...(record.optional !== undefined ? { optional: names('optional') } : {}), line });
  });
  return out;
}

/** Reads and parses the questions file; a missing file is a one-line error. */
export function loadSampleQuestions(file: string, databases: readonly string[]): SampleQuestion[] {
  if (!existsSync(file)) throw new BenchmarkDataError(`sample-questions: questions file ${file} not found`);
  const questions = parseSampleQuestions(readFileSync(file, 'utf8'), file, databases);
  if (questions.length === 0) throw new BenchmarkDataError(`sample-questions: ${file} holds no question`);
  return questions;
}

/** Reads and parses several questions files as one (ids unique across them). */
export function loadQuestionFiles(files: readonly string[], databases: readonly string[]): SampleQuestion[] {
  const all = files.flatMap((file) => loadSampleQuestions(file, databases));
  const seen = new Set<string>();
  for (const q of all) {
    if (seen.has(q.id)) throw new BenchmarkDataError(`sample-questions: id "${q.id}" appears in more than one of ${files.join(', ')}`);
    seen.add(q.id);
  }
  return all;
}

/** A table name compared across spellings: lower case, every non-alphanumeric character dropped. */
export function normalizeTableName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The one table of `tables` that `name` names: the table whose normalized name equals the name's;
 * failing that, the one differing only by a trailing "s" (singular/plural). Two tables at either
 * step make the name ambiguous; none at both, unresolved. Errors are strings for the caller to place.
 */
export function resolveTableName(name: string, tables: readonly string[]): { ok: true; table: string } | { ok: false; error: string } {
  const key = normalizeTableName(name);
  const exact = tables.filter((t) => normalizeTableName(t) === key);
  const plural = tables.filter((t) => {
    const other = normalizeTableName(t);
    return other === `${key}s` || key === `${other}s`;
  });
  for (const found of [exact, plural]) {
    if (found.length === 1) return { ok: true, table: found[0]! };
    if (found.length > 1) return { ok: false, error: `is ambiguous: it matches ${found.join(', ')}` };
  }
  return { ok: false, error: 'matches no table' };
}

/**
 * The question's gold and optional names as the build's table names. Any name that matches no
 * table or two is an error naming the question, the name and the build: nothing is skipped.
 */
export function resolveQuestionTables(
  q: SampleQuestion,
  tables: readonly string[],
  build: string,
): { gold: string[]; optional?: string[] } {
  const resolve = (list: readonly string[], kind: string) =>
    [
      ...new Set(
        list.map((name) => {
          const r = resolveTableName(name, tables);
          if (r.ok) return r.table;
          throw new BenchmarkDataError(
            `sample-questions: question ${q.id} (line ${q.line}): ${kind} table "${name}" ${r.error} in the ${build} build of ${q.db} (its tables: ${tables.join(', ')})`,
          );
        }),
      ),
    ].sort();
  return { gold: resolve(q.gold, 'gold'), ...(q.optional ? { optional: resolve(q.optional, 'optional') } : {}) };
}
