import type { ColumnProfile, DatabaseProfile, InferredType, TableProfile } from '@guided-retrieval/profiler';
import { buildSketch, columnSetProfile } from '@guided-retrieval/profiler/values';

type Value = string | number | null;

/**
 * A column profile computed from its values as the profiler would from a whole-table sample:
 * counts, min, max, top values, text lengths and the value sketch (with a Bloom filter when every
 * value is distinct). For tests and synthetic benchmarks that need profiles without a database.
 */
export function columnFromValues(name: string, values: readonly Value[], type?: InferredType): ColumnProfile {
  const present = values.filter((v): v is string | number => v !== null);
  const counts = new Map<string | number, number>();
  for (const v of present) counts.set(v, (counts.get(v) ?? 0) + 1);
  const inferredType: InferredType =
    type ??
    (present.every((v) => typeof v === 'number' && Number.isInteger(v))
      ? 'integer'
      : present.every((v) => typeof v === 'number')
        ? 'real'
        : 'text');
  const sorted = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const texts = present.filter((v): v is string => typeof v === 'string');
  const sketchable = inferredType === 'integer' || inferredType === 'text';
  return {
    name,
    declaredType: inferredType.toUpperCase(),
    inferredType,
    rowCount: values.length,
    count: present.length,
    nulls: values.length - present.length,
    distinct: counts.size,
    min: sorted[0] ?? null,
    max: sorted.at(-1) ?? null,
    sample: [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, 50)
      .map(([value, count]) => ({ value, count })),
    length:
      texts.length > 0
        ? {
            min: Math.min(...texts.map((t) => t.length)),
            max: Math.max(...texts.map((t) => t.length)),
            mean: texts.reduce((n, t) => n + t.length, 0) / texts.length,
          }
        : null,
    ...(sketchable ? { sketch: buildSketch(present, { bloom: present.length > 0 && counts.size === present.length }) } : {}),
  };
}

/**
 * A table from named columns of equal length; `columnSets` profiled together as the profiler would
 * over the whole table (rows holding every column, distinct tuples, their sketch).
 */
export function tableFromColumns(
  name: string,
  columns: Record<string, readonly Value[]>,
  keys: Partial<Pick<TableProfile, 'primaryKey' | 'foreignKeys'>> & { columnSets?: readonly (readonly string[])[] } = {},
): TableProfile {
  const profiles = Object.entries(columns).map(([column, values]) => columnFromValues(column, values));
  const rowCount = profiles[0]?.rowCount ?? 0;
  const sets = (keys.columnSets ?? []).map((set) => {
    const groups = new Map<string, [...Value[], number]>();
    for (let row = 0; row < rowCount; row++) {
      const tuple = set.map((c) => columns[c]?.[row] ?? null);
      if (tuple.some((v) => v === null)) continue;
      const id = JSON.stringify(tuple);
      const group = groups.get(id) ?? [...tuple, 0];
      group[tuple.length] = (group[tuple.length] as number) + 1;
      groups.set(id, group);
    }
    return columnSetProfile(set, [...groups.values()], rowCount, rowCount);
  });
  return {
    name,
    rowCount,
    columns: profiles,
    primaryKey: keys.primaryKey ?? [],
    foreignKeys: keys.foreignKeys ?? [],
    ...(sets.length > 0 ? { columnSets: sets } : {}),
  };
}

export function databaseFromTables(database: string, tables: TableProfile[]): DatabaseProfile {
  return { formatVersion: 1, engine: 'sqlite', database, tables };
}
