/**
 * BIRD dev: `dev.json` (questions), `dev_tables.json` (Spider-format schemas) and, when present,
 * `database_description_derived/dev_tables_cleaned.json` for column descriptions, value
 * descriptions, original (CSV) names and sample values. The gold SQL is only copied into
 * `BenchQuestion.sql`; nothing here reads it.
 */
import { join } from 'node:path';
import { isRecord } from '@guided-retrieval/profiler/files';
import { type DataFolder, malformed, readJson, readOptionalJson, requireDirectory } from './files.js';
import {
  addSchemaStats,
  type ColumnExtras,
  emptyLoadStats,
  type LoadStats,
  parseSpiderSchemas,
  type SampleValue,
  schemaFromSpiderEntry,
  type TypeReading,
} from './spider-format.js';
import type { BenchDatabase, Benchmark, BenchName, BenchQuestion } from './types.js';

export const BIRD_QUESTIONS_FILE = 'dev.json';
export const BIRD_TABLES_FILE = 'dev_tables.json';
export const BIRD_DESCRIPTIONS_FILE = join('database_description_derived', 'dev_tables_cleaned.json');

export function loadBird(dataDir: string): { benchmark: Benchmark; stats: LoadStats } {
  return loadBirdLayout(dataDir, 'bird-dev', 'BIRD dev', 'declared');
}

/**
 * Spider 2.0-lite, converted to BIRD's layout: the same three files, and per question the tables
 * its gold SQL reads (`gold_tables`) and its backend (`bigquery`, `snowflake`, `sqlite`).
 */
export function loadSpider2Lite(dataDir: string): { benchmark: Benchmark; stats: LoadStats } {
  // Its converter typed every BigQuery and Snowflake number `real` (ids included): samples decide.
  return loadBirdLayout(dataDir, 'spider2-lite', 'Spider 2.0-lite', 'real-is-number');
}

function loadBirdLayout(dataDir: string, name: BenchName, label: string, types: TypeReading): { benchmark: Benchmark; stats: LoadStats } {
  const folder: DataFolder = { label, dir: dataDir, required: `${BIRD_QUESTIONS_FILE} and ${BIRD_TABLES_FILE}` };
  requireDirectory(folder);
  const questions = parseBirdQuestions(readJson(folder, BIRD_QUESTIONS_FILE), folder);
  const schemas = parseSpiderSchemas(readJson(folder, BIRD_TABLES_FILE), folder, BIRD_TABLES_FILE);
  const rawDescriptions = readOptionalJson(folder, BIRD_DESCRIPTIONS_FILE);
  const descriptions = rawDescriptions === undefined ? null : parseDescriptions(rawDescriptions, folder);

  const stats = emptyLoadStats();
  stats.questions = questions.length;
  if (descriptions) stats.descriptionFile = join(dataDir, BIRD_DESCRIPTIONS_FILE);
  const used = new Set(questions.map((q) => q.db));
  const known = new Set(schemas.map((s) => s.db_id));
  for (const q of questions) {
    if (!known.has(q.db))
      throw malformed(folder, BIRD_QUESTIONS_FILE, `question ${q.id} names database ${q.db}, which ${BIRD_TABLES_FILE} does not describe`);
  }
  const databases: BenchDatabase[] = [];
  for (const entry of schemas.filter((s) => used.has(s.db_id))) {
    const dbDescriptions = descriptions?.get(entry.db_id.toLowerCase());
    const { schema, stats: schemaStats } = schemaFromSpiderEntry(
      entry,
      folder,
      BIRD_TABLES_FILE,
      (table, column) => dbDescriptions?.take(table, column),
      types,
    );
    addSchemaStats(stats, schemaStats);
    databases.push({ name: entry.db_id, schema });
  }
  if (descriptions) {
    const usedLower = new Set([...used].map((db) => db.toLowerCase()));
    for (const [db, entry] of descriptions) if (usedLower.has(db)) stats.unmatchedDescriptions.push(...entry.untaken());
  }
  return { benchmark: { name, databases, questions }, stats };
}

function parseBirdQuestions(raw: unknown, folder: DataFolder): BenchQuestion[] {
  if (!Array.isArray(raw)) throw malformed(folder, BIRD_QUESTIONS_FILE, 'expected a JSON array of questions');
  const ids = new Set<string>();
  return raw.map((item: unknown, i) => {
    const at = (what: string) => malformed(folder, BIRD_QUESTIONS_FILE, `item ${i}: ${what}`);
    if (!isRecord(item)) throw at('expected an object');
    const { question_id, db_id, question, evidence, SQL, gold_tables, backend } = item;
    if (typeof question_id !== 'number' && typeof question_id !== 'string') throw at('question_id must be a number');
    if (typeof db_id !== 'string' || db_id === '') throw at('db_id must be a non-empty string');
    if (typeof question !== 'string') throw at('question must be a string');
    if (evidence !== undefined && evidence !== null && typeof evidence !== 'string') throw at('evidence must be a string');
    if (typeof SQL !== 'string') throw at('SQL must be a string');
    const id = String(question_id);
    if (ids.has(id)) throw at(`duplicate question_id ${id}`);
    ids.add(id);
    if (gold_tables !== undefined && (!Array.isArray(gold_tables) || gold_tables.some((t) => typeof t !== 'string' || t === ''))) {
      throw at('gold_tables must be an array of table names');
    }
    if (backend !== undefined && typeof backend !== 'string') throw at('backend must be a string');
    const hint = typeof evidence === 'string' ? evidence.trim() : '';
    const out: BenchQuestion = { id, db: db_id, question, evidence: hint === '' ? null : hint, sql: SQL };
    if (gold_tables !== undefined) out.goldTables = [...(gold_tables as string[])];
    if (typeof backend === 'string') out.backend = backend;
    return out;
  });
}

/** One database of the description file, its columns looked up case-insensitively. */
interface DatabaseDescriptions {
  name: string;
  take(table: string, column: string): ColumnExtras | undefined;
  /** The tables and columns never taken, as `db.table` / `db.table.column`. */
  untaken(): string[];
}

function parseDescriptions(raw: unknown, folder: DataFolder): Map<string, DatabaseDescriptions> {
  const file = BIRD_DESCRIPTIONS_FILE;
  if (!Array.isArray(raw)) throw malformed(folder, file, 'expected a JSON array of databases');
  const out = new Map<string, DatabaseDescriptions>();
  raw.forEach((db: unknown, i) => {
    if (!isRecord(db) || typeof db.name !== 'string' || !Array.isArray(db.tables)) {
      throw malformed(folder, file, `database ${i}: expected {name, tables: [...]}`);
    }
    const dbName = db.name;
    const tables = new Map<string, { name: string; columns: Map<string, { name: string; extras: ColumnExtras }> }>();
    (db.tables as unknown[]).forEach((table: unknown, j) => {
      if (!isRecord(table) || typeof table.name !== 'string' || !Array.isArray(table.columns)) {
        throw malformed(folder, file, `${dbName} table ${j}: expected {name, columns: [...]}`);
      }
      const columns = new Map<string, { name: string; extras: ColumnExtras }>();
      (table.columns as unknown[]).forEach((column: unknown, k) => {
        if (!isRecord(column) || typeof column.name !== 'string')
          throw malformed(folder, file, `${dbName}.${String(table.name)} column ${k}: expected {name, ...}`);
        columns.set(column.name.toLowerCase(), { name: column.name, extras: columnExtras(column) });
      });
      tables.set(table.name.toLowerCase(), { name: table.name, columns });
    });
    const taken = new Set<string>();
    out.set(dbName.toLowerCase(), {
      name: dbName,
      take(table, column) {
        const t = tables.get(table.toLowerCase());
        const c = t?.columns.get(column.toLowerCase());
        if (!t || !c) return undefined;
        taken.add(table.toLowerCase());
        taken.add(`${table.toLowerCase()}.${column.toLowerCase()}`);
        return c.extras;
      },
      untaken() {
        const left: string[] = [];
        for (const [tKey, t] of tables) {
          if (!taken.has(tKey)) {
            left.push(`${dbName}.${t.name}`);
            continue;
          }
          for (const [cKey, c] of t.columns) if (!taken.has(`${tKey}.${cKey}`)) left.push(`${dbName}.${t.name}.${c.name}`);
        }
        return left;
      },
    });
  });
  return out;
}

/** Description (value description appended on its own line), original name, sample values. */
function columnExtras(column: Record<string, unknown>): ColumnExtras {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const description = [text(column.description), text(column.value_description)].filter((t) => t !== '').join('\n');
  const extras: ColumnExtras = {};
  if (description !== '') extras.description = description;
  const original = text(column.original_name);
  if (original !== '') extras.aliases = [original];
  const sample = Array.isArray(column.sample_values)
    ? (column.sample_values as unknown[]).filter(
        (v): v is SampleValue => (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v)),
      )
    : [];
  if (sample.length > 0) extras.sample = sample;
  return extras;
}
