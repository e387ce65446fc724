/**
 * The per-table and per-column statistics of BIRD's derived description file
 * (`database_description_derived/dev_tables_cleaned.json`): row counts, null fractions, distinct
 * counts, min and max. Descriptions and sample values are read by the benchmark loader.
 */

import type { SchemaColumnStats, SchemaTableStats } from '@guided-retrieval/context-graph/build';
import { isRecord } from '@guided-retrieval/profiler/files';
import { BIRD_DESCRIPTIONS_FILE } from './bird.js';
import { type DataFolder, malformed, readOptionalJson } from './files.js';

/** Keyed by lower-cased database name, then lower-cased table name (`profileFromSchema` reads a database's). */
export type BenchStats = Map<string, Map<string, SchemaTableStats>>;

/** The statistics in `dataDir`, or an empty map when the file is absent (Spider has none). */
export function loadBirdStats(dataDir: string): BenchStats {
  const folder: DataFolder = { label: 'BIRD dev', dir: dataDir, required: BIRD_DESCRIPTIONS_FILE };
  const raw = readOptionalJson(folder, BIRD_DESCRIPTIONS_FILE);
  return raw === undefined ? new Map() : parseBirdStats(raw, (what) => malformed(folder, BIRD_DESCRIPTIONS_FILE, what));
}

/** Parses the file's JSON; values that are missing or of the wrong type are left out, not fatal. */
export function parseBirdStats(raw: unknown, fail: (what: string) => Error): BenchStats {
  if (!Array.isArray(raw)) throw fail('expected a JSON array of databases');
  const out: BenchStats = new Map();
  raw.forEach((db: unknown, i) => {
    if (!isRecord(db) || typeof db.name !== 'string' || !Array.isArray(db.tables))
      throw fail(`database ${i}: expected {name, tables: [...]}`);
    const tables = new Map<string, SchemaTableStats>();
    for (const table of db.tables as unknown[]) {
      if (!isRecord(table) || typeof table.name !== 'string' || !Array.isArray(table.columns)) continue;
      const columns = new Map<string, SchemaColumnStats>();
      for (const column of table.columns as unknown[]) {
        if (!isRecord(column) || typeof column.name !== 'string') continue;
        const stats: SchemaColumnStats = {};
        const fraction = finite(column.null_fraction);
        if (fraction !== undefined && fraction >= 0 && fraction <= 1) stats.nullFraction = fraction;
        const unique = finite(column.unique_count);
        if (unique !== undefined && unique >= 0) stats.uniqueCount = Math.round(unique);
        const min = scalar(column.min_value);
        const max = scalar(column.max_value);
        if (min !== undefined) stats.min = min;
        if (max !== undefined) stats.max = max;
        columns.set(column.name.toLowerCase(), stats);
      }
      const rowCount = finite(table.row_count);
      tables.set(table.name.toLowerCase(), {
        ...(rowCount !== undefined && rowCount >= 0 ? { rowCount: Math.round(rowCount) } : {}),
        columns,
      });
    }
    out.set(db.name.toLowerCase(), tables);
  });
  return out;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function scalar(value: unknown): string | number | undefined {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}
