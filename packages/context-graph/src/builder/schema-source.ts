/**
 * The sources with no database behind them that are not profiles: a dbt project's artifacts and
 * a warehouse's `INFORMATION_SCHEMA` export, read into a schema-only profile with progress.
 */
import { ProfilerError, readCatalogExport, readDbtArtifacts, type SchemaRead } from '@guided-retrieval/profiler';
import type { Annotations } from '../build.js';
import { GraphBuildError } from '../errors.js';
import type { Source } from './source.js';

export type SchemaSource = Extract<Source, { kind: 'dbt' | 'catalog-export' }>;

export interface SchemaFiles {
  /** dbt only: `catalog.json` (default: the one beside the manifest, when there is one). */
  catalog?: string;
  /** Catalog exports only: the key-constraint export. */
  keys?: string;
}

export function isSchemaSource(source: Source): source is SchemaSource {
  return source.kind === 'dbt' || source.kind === 'catalog-export';
}

/** Refuses `--catalog` / `--keys` given with a source they do not apply to. */
export function checkSchemaFiles(source: Source, files: SchemaFiles): void {
  if (files.catalog !== undefined && source.kind !== 'dbt')
    throw new GraphBuildError(`--catalog applies to a dbt manifest.json only, not to ${source.display}`);
  if (files.keys !== undefined && source.kind !== 'catalog-export')
    throw new GraphBuildError(`--keys applies to an INFORMATION_SCHEMA.COLUMNS export only, not to ${source.display}`);
}

/** Reads the files; errors are one line naming the file. */
export async function readSchemaSource(
  source: SchemaSource,
  files: SchemaFiles,
  name: string | undefined,
  progress: (message: string) => void,
): Promise<{ read: SchemaRead; annotations: Annotations }> {
  let read: SchemaRead;
  try {
    read =
      source.kind === 'dbt'
        ? await readDbtArtifacts(source.path, files.catalog === undefined ? {} : { catalog: files.catalog })
        : await readCatalogExport(source.path, files.keys === undefined ? {} : { keys: files.keys });
  } catch (error) {
    if (error instanceof ProfilerError) throw new GraphBuildError(error.message, { cause: error });
    throw error;
  }
  const { profile } = read;
  const columns = profile.tables.flatMap((t) => t.columns);
  const described = columns.filter((c) => c.description).length;
  const keys = profile.tables.filter((t) => t.primaryKey.length > 0).length;
  const foreign = profile.tables.reduce((n, t) => n + t.foreignKeys.length, 0);
  const what = source.kind === 'dbt' ? 'dbt manifest' : 'catalog export';
  progress(
    `read the ${what} ${source.path}: ${profile.tables.length} tables, ${columns.length} columns (${described} described), ${keys} primary keys, ${foreign} foreign keys (${profile.engine})`,
  );
  for (const note of read.notes) progress(`note: ${note}`);
  const annotations: Annotations = {
    tables: Object.fromEntries(Object.entries(read.aliases).map(([table, aliases]) => [table, { aliases }])),
  };
  return { read: name === undefined ? read : { ...read, profile: { ...profile, database: name } }, annotations };
}
