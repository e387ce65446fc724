import { plural, profiledAll, tableDone, tableStarted } from '@guided-retrieval/context-graph/internal';
import { columnSetsToProfile } from '@guided-retrieval/join-inference';
import { loadProfile, mergeProfiles, profileConnection, redactUrl, type ViewMode } from '@guided-retrieval/profiler';
import { writeFileAtomic } from '@guided-retrieval/profiler/files';
import { hashProfileValues } from '@guided-retrieval/profiler/values';
import { outputPath } from '../output-path.js';
import { progress } from '../progress.js';

export interface ProfileCliOptions {
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

/** `guided profile <connection> -o profile.json`: profiles read-only; progress per table on stderr. */
export async function runProfile(target: string, options: ProfileCliOptions): Promise<void> {
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
  // Whole or not at all: a profile there before stays as it was when the disk is full.
  await writeFileAtomic(output, `${JSON.stringify(profile, null, 2)}\n`, { what: 'profile file' });
  log(
    { event: 'wrote', file: options.output, engine: profile.engine, tables: profile.tables.length },
    `wrote ${options.output} (${plural(profile.tables.length, 'table')})`,
  );
}
