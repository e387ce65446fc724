import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

/** `../shared/benchmarks` beside the repository (or `$GUIDED_BENCHMARKS_DIR`): the visible benchmarks' data. */
export const BENCHMARKS_DIR =
  process.env.GUIDED_BENCHMARKS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/benchmarks');

/** One schema's names: which benchmark and database it is, its tables and their columns. */
export interface BenchmarkSchema {
  /** `bird-dev/california_schools`, `sample-dbs/chinook`. */
  id: string;
  tables: { name: string; columns: string[] }[];
}

/** The files in the Spider format (`tables.json`: `table_names_original`, `column_names_original`), by benchmark. */
const SPIDER_FORMAT: Readonly<Record<string, string>> = {
  'bird-dev': 'bird-dev/dev_tables.json',
  'spider-dev': 'spider-dev/tables.json',
  'spider-syn': 'spider-syn/tables.json',
  'spider2-lite': 'spider2-lite/dev_tables.json',
};

/** Whether the benchmarks' data is there; says so on stderr when it is not (the tests that need it are skipped). */
export function hasBenchmarks(): boolean {
  const present = Object.values(SPIDER_FORMAT).every((file) => existsSync(join(BENCHMARKS_DIR, file)));
  if (!present)
    process.stderr.write(`benchmark schema tests skipped: ${BENCHMARKS_DIR} has no benchmark data (set GUIDED_BENCHMARKS_DIR)\n`);
  return present;
}

interface SpiderEntry {
  db_id: string;
  table_names_original: string[];
  column_names_original: [number, string][];
}

/**
 * Every visible benchmark schema, read from its files as `@guided-retrieval/benchmarks` reads them:
 * BIRD dev, Spider dev, Spider-Syn and Spider 2.0-lite from their Spider-format files, Defog from
 * each database's `table_metadata`, the sample databases from their SQLite files (read-only).
 */
export function benchmarkSchemas(dir = BENCHMARKS_DIR): BenchmarkSchema[] {
  const schemas: BenchmarkSchema[] = [];
  for (const [bench, file] of Object.entries(SPIDER_FORMAT)) {
    for (const entry of JSON.parse(readFileSync(join(dir, file), 'utf8')) as SpiderEntry[]) {
      const tables = entry.table_names_original.map((name) => ({ name, columns: [] as string[] }));
      for (const [table, column] of entry.column_names_original) if (table >= 0) tables[table]!.columns.push(column);
      schemas.push({ id: `${bench}/${entry.db_id}`, tables });
    }
  }
  const defog = join(dir, 'defog', 'databases');
  for (const db of existsSync(defog) ? readdirSync(defog).sort() : []) {
    const file = join(defog, db, `${db}.json`);
    if (!existsSync(file)) continue;
    const metadata = (JSON.parse(readFileSync(file, 'utf8')) as { table_metadata: Record<string, { column_name: string }[]> })
      .table_metadata;
    schemas.push({
      id: `defog/${db}`,
      tables: Object.entries(metadata).map(([name, columns]) => ({ name, columns: columns.map((c) => c.column_name) })),
    });
  }
  const samples = join(dir, 'sample-dbs');
  for (const db of existsSync(samples) ? readdirSync(samples).sort() : []) {
    const folder = join(samples, db);
    for (const file of statSync(folder).isDirectory() ? readdirSync(folder).filter((f) => f.endsWith('.sqlite')) : []) {
      schemas.push({ id: `sample-dbs/${db}`, tables: sqliteTables(join(folder, file)) });
    }
  }
  return schemas;
}

/** The tables of a SQLite file and their columns, read-only. */
function sqliteTables(path: string): { name: string; columns: string[] }[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    return names.map((name) => ({
      name,
      columns: db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(name) as string[],
    }));
  } finally {
    db.close();
  }
}
