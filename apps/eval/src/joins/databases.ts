/** The SQLite databases of the joins benchmark: each folder's `*.sqlite` under the data dir, and TPC-H. */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchmarkDataError } from '@guided-retrieval/benchmarks';
import { DEFAULT_SEED, generateTpch } from '@guided-retrieval/tpch';

export interface SqliteDatabase {
  /** The folder's name (`chinook`), or `folder/file` when a folder holds several databases. */
  name: string;
  path: string;
  /** The set it belongs to when `--data` holds several (`sample`, `train`). */
  group?: string;
}

/** A benchmarks folder's sets of SQLite databases, by the name each is reported under. */
const DATABASE_SETS: readonly [string, string][] = [
  ['sample', 'sample-dbs'],
  ['train', 'train-dbs'],
];
/** A benchmarks folder's dbt project, and the hand check of its inferred joins (in this package). */
const DBT_PROJECT = join('dbt-hubspot', 'manifest.json');
export const DBT_HAND_CHECKED = fileURLToPath(new URL('../../benchmarks/dbt-hubspot-joins.json', import.meta.url));

/**
 * What `--data` holds for the joins benchmark: a benchmarks folder (`sample-dbs/`, `train-dbs/`,
 * `dbt-hubspot/`) gives each set of databases under its name and the dbt project; any other folder
 * is one set of databases (`findSqliteDatabases`).
 */
export function findJoinsData(dataDir: string): { databases: SqliteDatabase[]; dbt?: string } {
  const sets = DATABASE_SETS.filter(([, folder]) => existsSync(join(dataDir, folder)));
  if (sets.length === 0) return { databases: findSqliteDatabases(dataDir) };
  const databases = sets.flatMap(([group, folder]) => findSqliteDatabases(join(dataDir, folder)).map((d) => ({ ...d, group })));
  const dbt = join(dataDir, DBT_PROJECT);
  return existsSync(dbt) ? { databases, dbt } : { databases };
}

/**
 * Every `*.sqlite` file directly in `dataDir` (named by its base name) or in one of its
 * subfolders (named by the folder), sorted by name. Throws a one-line error when the folder is
 * missing or holds none.
 */
export function findSqliteDatabases(dataDir: string): SqliteDatabase[] {
  const hint = 'point --data at a folder whose subfolders hold *.sqlite files, e.g. ../shared/benchmarks/sample-dbs';
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory())
    throw new BenchmarkDataError(`sample databases not found: ${dataDir} is not a directory (${hint})`);
  const out: SqliteDatabase[] = [];
  const entries = readdirSync(dataDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dataDir, entry.name);
    if (entry.isFile() && isSqlite(entry.name)) out.push({ name: basename(entry.name, '.sqlite'), path });
    if (!entry.isDirectory()) continue;
    const files = readdirSync(path).filter(isSqlite).sort();
    for (const file of files)
      out.push({ name: files.length === 1 ? entry.name : `${entry.name}/${basename(file, '.sqlite')}`, path: join(path, file) });
  }
  if (out.length === 0) throw new BenchmarkDataError(`no *.sqlite database in ${dataDir} or its subfolders (${hint})`);
  return out;
}

function isSqlite(file: string): boolean {
  return file.endsWith('.sqlite');
}

/** TPC-H at `scaleFactor` in `cacheDir`, generated on first use (named as the demo names it). */
export function tpchDatabase(cacheDir: string, scaleFactor: number, log: (message: string) => void = () => {}): SqliteDatabase {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `tpch-sf${scaleFactor}-seed${DEFAULT_SEED}.sqlite`);
  if (!existsSync(path)) {
    log(`generating TPC-H at scale factor ${scaleFactor} into ${path}`);
    generateTpch({ path, scaleFactor, seed: DEFAULT_SEED, overwrite: true });
  }
  return { name: 'tpch', path };
}
