import { num } from './column-sample.js';
import type { ColumnExpressions, Connector, Scalar } from './connector.js';

/** Text values (min, max, sample) longer than this come back cut to this many characters. */
export const MAX_VALUE_LENGTH = 1000;
/** Columns per statement over every row (engines cap a SELECT's width). */
const COLUMNS_PER_QUERY = 64;

/** One column of the pass over every row, with what the schema guarantees about it. */
export interface PassColumn {
  name: string;
  sql: ColumnExpressions;
  /** Declared NOT NULL: its count is the row count. */
  notNull?: boolean;
  /** A declared single-column primary key or unique constraint: every non-null value is distinct. */
  unique?: boolean;
}

/** What one pass over every row found for one column. */
export interface FullStats {
  count: number;
  min: string | number | null;
  max: string | number | null;
  /** Exact distinct non-null values: counted (small tables) or known from a unique constraint. */
  exactDistinct?: number;
  /** The engine's estimate over every row (DuckDB), or the count of a unique column. */
  approxDistinct?: number;
}

export function clipValue(value: Scalar | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * One pass over every row per group of columns: non-null counts, min, max, exact distinct counts
 * (when `exact`) and the engine's distinct estimate. What the schema already guarantees is not
 * computed: a NOT NULL column's count is the row count, a unique column's distinct count is its
 * count. Bounds an index gave (`indexed`) are not computed again; where the dialect offers cheaper
 * bounds (`ColumnExpressions.bounds`), they are used, and a column whose cheap bounds turn out not
 * to be its bounds gets a second pass of its own.
 */
export async function fullPass(
  connector: Pick<Connector, 'dialect' | 'query'>,
  ref: string,
  counted: number | undefined,
  columns: readonly PassColumn[],
  exact: boolean,
  /** Bounds already known from indexes (`Connector.indexBounds`), by column. */
  indexed: ReadonlyMap<string, readonly [Scalar, Scalar]> = new Map(),
): Promise<{ rowCount: number; stats: FullStats[] }> {
  const { dialect } = connector;
  const out: FullStats[] = [];
  let rowCount = counted ?? 0;
  for (const [g, group] of chunks(columns, COLUMNS_PER_QUERY).entries()) {
    const parts: string[] = [];
    const at = (expression: string) => parts.push(expression) - 1;
    const rows = counted === undefined && g === 0 ? at('COUNT(*)') : -1;
    const plan = group.map(({ name, sql, notNull, unique }) => ({
      count: notNull ? -1 : at(`COUNT(${sql.distinct})`),
      min: indexed.has(name) ? -1 : at(sql.bounds ? sql.bounds.min : `MIN(${sql.value})`),
      max: indexed.has(name) ? -1 : at(sql.bounds ? sql.bounds.max : `MAX(${sql.value})`),
      bounded: sql.bounds && !indexed.has(name) ? at(sql.bounds.exact) : -1,
      distinct: exact && !unique ? at(`COUNT(DISTINCT ${sql.distinct})`) : -1,
      approx: dialect.approxDistinct && !unique ? at(dialect.approxDistinct(sql.distinct)) : -1,
    }));
    const row = counted === 0 || parts.length === 0 ? [] : ((await connector.query(`SELECT ${parts.join(', ')} FROM ${ref}`))[0] ?? []);
    const value = (k: number) => (k < 0 ? undefined : row[k]);
    if (rows >= 0) rowCount = num(value(rows));

    // Columns whose cheap bounds are not their bounds (SQLite: a blob among the values).
    const again = plan.flatMap((p, i) => (p.bounded >= 0 && rowCount > 0 && !num(value(p.bounded)) ? [i] : []));
    const bounds = new Map<number, Scalar[]>();
    if (again.length > 0) {
      const list = again.flatMap((i) => [`MIN(${group[i]?.sql.value})`, `MAX(${group[i]?.sql.value})`]);
      const [second] = await connector.query(`SELECT ${list.join(', ')} FROM ${ref}`);
      for (const [k, i] of again.entries()) bounds.set(i, [second?.[2 * k] ?? null, second?.[2 * k + 1] ?? null]);
    }

    group.forEach(({ name, notNull, unique }, i) => {
      const p = plan[i];
      if (p === undefined) return;
      const count = notNull ? rowCount : num(value(p.count));
      const [min, max] = indexed.get(name) ?? bounds.get(i) ?? [value(p.min), value(p.max)];
      out.push({
        count,
        min: clipValue(min),
        max: clipValue(max),
        ...(unique ? { exactDistinct: count, approxDistinct: count } : {}),
        ...(p.distinct >= 0 ? { exactDistinct: num(value(p.distinct)) } : {}),
        ...(p.approx >= 0 ? { approxDistinct: num(value(p.approx)) } : {}),
      });
    });
  }
  if (counted === undefined && columns.length === 0) rowCount = num((await connector.query(`SELECT COUNT(*) FROM ${ref}`))[0]?.[0]);
  return { rowCount, stats: out };
}
