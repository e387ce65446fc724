/**
 * Spider dev: `dev.json` (questions, gold SQL in `query`) and `tables.json` (the Spider-format
 * schemas of train and dev; only the databases dev.json asks about are loaded). Spider ships no
 * descriptions or sample values. The gold SQL is only copied into `BenchQuestion.sql`.
 *
 * Spider-Syn dev has the same layout: its `question` is the synonym-substituted wording, and each
 * item also carries `spider_question` (Spider's original wording), which is never read: only
 * `db_id`, `question` and `query` are.
 */

import { isRecord } from '@guided-retrieval/profiler/files';
import { type DataFolder, malformed, readJson, requireDirectory } from './files.js';
import { addSchemaStats, emptyLoadStats, type LoadStats, parseSpiderSchemas, schemaFromSpiderEntry } from './spider-format.js';
import type { BenchDatabase, Benchmark, BenchQuestion } from './types.js';

export const SPIDER_QUESTIONS_FILE = 'dev.json';
export const SPIDER_TABLES_FILE = 'tables.json';

const LABELS = { 'spider-dev': 'Spider dev', 'spider-syn': 'Spider-Syn dev' } as const;

/**
 * A Spider-format folder: Spider dev, or Spider-Syn dev (`name` is what the benchmark is reported
 * as); `questionsFile` another file of the same format in it (Spider's training set: `train.json`).
 */
export function loadSpider(
  dataDir: string,
  name: keyof typeof LABELS = 'spider-dev',
  questionsFile = SPIDER_QUESTIONS_FILE,
): { benchmark: Benchmark; stats: LoadStats } {
  const folder: DataFolder = { label: LABELS[name], dir: dataDir, required: `${questionsFile} and ${SPIDER_TABLES_FILE}` };
  requireDirectory(folder);
  const questions = parseSpiderQuestions(readJson(folder, questionsFile), folder, questionsFile);
  const schemas = parseSpiderSchemas(readJson(folder, SPIDER_TABLES_FILE), folder, SPIDER_TABLES_FILE);
  const known = new Set(schemas.map((s) => s.db_id));
  for (const q of questions) {
    if (!known.has(q.db))
      throw malformed(folder, questionsFile, `question ${q.id} names database ${q.db}, which ${SPIDER_TABLES_FILE} does not describe`);
  }
  const used = new Set(questions.map((q) => q.db));
  const stats = emptyLoadStats();
  stats.questions = questions.length;
  const databases: BenchDatabase[] = [];
  const loaded = new Set<string>();
  for (const entry of schemas) {
    if (!used.has(entry.db_id) || loaded.has(entry.db_id)) continue;
    loaded.add(entry.db_id);
    const { schema, stats: schemaStats } = schemaFromSpiderEntry(entry, folder, SPIDER_TABLES_FILE);
    addSchemaStats(stats, schemaStats);
    databases.push({ name: entry.db_id, schema });
  }
  return { benchmark: { name, databases, questions }, stats };
}

function parseSpiderQuestions(raw: unknown, folder: DataFolder, file: string): BenchQuestion[] {
  if (!Array.isArray(raw)) throw malformed(folder, file, 'expected a JSON array of questions');
  return raw.map((item: unknown, i) => {
    const at = (what: string) => malformed(folder, file, `item ${i}: ${what}`);
    if (!isRecord(item)) throw at('expected an object');
    // Only these three: Spider-Syn's spider_question (the original wording) must not reach the retriever.
    const { db_id, question, query } = item;
    if (typeof db_id !== 'string' || db_id === '') throw at('db_id must be a non-empty string');
    if (typeof question !== 'string') throw at('question must be a string');
    if (typeof query !== 'string') throw at('query must be a string');
    return { id: String(i), db: db_id, question, evidence: null, sql: query };
  });
}
