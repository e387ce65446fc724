/**
 * Columns that never join, set aside before inference: what a loader or a modelling tool adds to
 * every table it writes (`_fivetran_synced`, `_airbyte_ab_id`, dbt's `source_relation`), a
 * timestamp or a constant most tables carry under one name (`_loaded_at`, `updated_at`). Joined on, they tie every table to every other (`ON
 * a.source_relation = b.source_relation`); each is reported with its reason.
 */
import type { ColumnProfile, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { squeeze } from './names.js';
import type { JoinParams } from './params.js';

/** A column left out of inference, and why. */
export interface SetAsideColumn {
  table: string;
  column: string;
  reason: string;
}

/**
 * Prefixes of the columns data loaders add to every table they sync (Fivetran, Airbyte, Stitch
 * and Singer, Hevo, Rivery; dbt's and ETL tools' own): general data-engineering vocabulary.
 */
const LOADER_PREFIXES = ['_fivetran_', '_airbyte_', '_sdc_', '_stitch_', '_hevo_', '_rivery_', '_etl_', '_dbt_'];
/** Whole names of load and modelling bookkeeping (dbt snapshots' validity columns, dbt packages' union source). */
const LOADER_NAMES = new Set([
  'source_relation',
  'dbt_scd_id',
  'dbt_updated_at',
  'dbt_valid_from',
  'dbt_valid_to',
  '_loaded_at',
  '_ingested_at',
  '_extracted_at',
  '_synced_at',
  '_inserted_at',
  '_batched_at',
  '_dlt_load_id',
]);

/** Whether a name is a loader's or modelling tool's own column. */
export function isLoaderColumn(name: string): boolean {
  const lower = name.toLowerCase();
  return LOADER_NAMES.has(lower) || LOADER_PREFIXES.some((p) => lower.startsWith(p));
}

/** Points in time and flags: what a load stamps on every row, never a key. */
function isStamp(column: ColumnProfile): boolean {
  return column.inferredType === 'date' || column.inferredType === 'boolean' || /time|date/i.test(column.declaredType);
}

/** `table\0column`, the key of `SetAside`. */
export function columnKey(table: string, column: string): string {
  return `${table}\u0000${column}`;
}

/** The columns set aside, by `columnKey`, with their reasons. */
export type SetAside = ReadonlyMap<string, SetAsideColumn>;

/**
 * The columns of a profile that join nothing: a loader's or modelling tool's own column (by name);
 * a timestamp, a flag or a constant (one value
 * over `constantMinRows` rows or more) whose name at least `conventionShare` of the tables (and
 * `conventionMinTables`) carry, most of them alike. A constant alone may well be a reference (the
 * one store of a table of online orders), and a column holding no value may be one its name says. Pure.
 */
export function bookkeepingColumns(profile: DatabaseProfile, params: JoinParams): Map<string, SetAsideColumn> {
  const out = new Map<string, SetAsideColumn>();
  const add = (table: TableProfile, column: ColumnProfile, reason: string) => {
    const key = columnKey(table.name, column.name);
    if (!out.has(key)) out.set(key, { table: table.name, column: column.name, reason });
  };
  const holders = new Map<string, { table: TableProfile; column: ColumnProfile }[]>();
  for (const table of profile.tables) {
    for (const column of table.columns) {
      const name = squeeze(column.name);
      const list = holders.get(name) ?? [];
      list.push({ table, column });
      holders.set(name, list);
      if (isLoaderColumn(column.name)) add(table, column, 'a data loader’s or modelling tool’s bookkeeping column');
    }
  }
  const tables = profile.tables.length;
  const widespread = Math.max(params.conventionMinTables, Math.ceil(params.conventionShare * tables));
  for (const list of holders.values()) {
    if (list.length < widespread) continue;
    const stamps = list.filter((h) => isStamp(h.column)).length;
    const constants = list.filter((h) => h.column.count >= params.constantMinRows && h.column.distinct === 1).length;
    const what = stamps * 2 > list.length ? 'a timestamp or flag' : constants * 2 > list.length ? 'a constant' : undefined;
    if (!what) continue;
    for (const { table, column } of list) add(table, column, `${what} ${list.length} of ${tables} tables carry`);
  }
  return out;
}
