import { writeFile } from 'node:fs/promises';
import { columnSetsToProfile } from '@guided-retrieval/join-inference';
import { loadProfile, mergeProfiles, profileConnection, redactUrl, type ViewMode } from '@guided-retrieval/profiler';
import { hashProfileValues } from '@guided-retrieval/profiler/values';
import { type Command, InvalidArgumentError } from 'commander';
import { outputPath } from '../output-path.js';
import { plural, profiledAll, progress, tableDone, tableStarted } from '../progress.js';
import { VIEWS_HELP, viewMode } from '../views-option.js';

interface ProfileCliOptions {
  output: string;
  tables?: string;
  sampleSize?: number;
  top?: number;
  merge?: boolean;
  json?: boolean;
  schema?: string;
  hashValues?: boolean;
  views?: ViewMode;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError(`must be a positive integer, got "${value}"`);
  return n;
}

/** `guided profile <connection> -o profile.json`: profiles read-only; progress per table on stderr. */
export function registerProfile(cli: Command): void {
  cli
    .command('profile')
    .description(
      'profile a database read-only: a SQLite/DuckDB/Parquet file, a Parquet folder, sqlite:<file>, duckdb:<file>, postgres://… or mysql://…',
    )
    .argument('<connection>', 'file path or connection URL (the password is never printed)')
    .requiredOption('-o, --output <file>', 'where to write the profile JSON')
    .option('--tables <names>', 'comma-separated tables to profile (default: all)')
    .option('--sample-size <rows>', 'rows sampled per table (default 100000)', positiveInt)
    .option('--top <n>', 'top values kept per column (default 50)', positiveInt)
    .option('--merge', 'merge into an existing output file: only the tables profiled now are replaced')
    .option(
      '--schema <names>',
      'PostgreSQL schemas, comma-separated (default: every non-system schema; a name two schemas share becomes schema.table)',
    )
    .option(
      '--hash-values',
      'store no readable text value: column values only as Bloom filters of their hashes, no strings in samples, min or max (with --merge, the whole file)',
    )
    .option('--views <mode>', VIEWS_HELP, viewMode)
    .option('--json', 'log progress as JSON lines on stderr (--quiet: none)')
    .action(async (target: string, options: ProfileCliOptions) => {
      const log = (event: Record<string, unknown>, text: string) => progress(options.json ? JSON.stringify(event) : text);
      const output = outputPath(options.output);
      const started = performance.now();
      let profile = await profileConnection(target, {
        ...(options.schema ? { schema: options.schema } : {}),
        ...(options.tables
          ? {
              tables: options.tables
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
            }
          : {}),
        ...(options.sampleSize ? { sampleRows: options.sampleSize } : {}),
        ...(options.top ? { sampleSize: options.top } : {}),
        ...(options.hashValues ? { hashValues: true } : {}),
        ...(options.views ? { views: options.views } : {}),
        // The column sets join inference reads composite keys from (`guided infer-joins`).
        columnSets: columnSetsToProfile,
        onProgress: (e) => log({ event: 'table', ...e }, tableStarted(e)),
        onTableDone: (e) => log({ event: 'done', ...e }, tableDone(e)),
        onWarning: (message) => log({ event: 'warning', message }, `warning: ${message}`),
      });
      log(
        { event: 'profiled', tables: profile.tables.length },
        profiledAll(profile.tables.length, redactUrl(target), performance.now() - started),
      );
      if (options.merge) {
        // Nothing readable to merge with (no file yet, or not a profile): the new profile stands alone.
        const existing = await loadProfile(output).catch(() => undefined);
        if (existing) profile = mergeProfiles(existing, profile);
      }
      if (options.hashValues) profile = hashProfileValues(profile);
      await writeFile(output, `${JSON.stringify(profile, null, 2)}\n`);
      log(
        { event: 'wrote', file: options.output, engine: profile.engine, tables: profile.tables.length },
        `wrote ${options.output} (${plural(profile.tables.length, 'table')})`,
      );
    });
}
