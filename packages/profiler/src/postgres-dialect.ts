/** PostgreSQL's SQL for the profiler: how values are read, compared, listed and sampled. */
import { type Dialect, quoteIdentifier, type SampleSource } from './connector.js';
import type { PostgresTable } from './postgres-schemas.js';

/**
 * Types compared and returned as they are (with their arguments: `numeric(10,2)`, `timestamp(3)
 * with time zone`); everything else is cast to text (json, uuid, arrays, ranges, geometry, enums, …).
 */
const NATIVE =
  /^(smallint|integer|bigint|real|double precision|numeric|decimal|character|character varying|text|date|timestamp|time)(\(\d+(,\d+)?\))?( with(out)? time zone)?$|^"char"$/;
/** Text types, measured in characters: not their arrays (`text[]` has no `char_length`). */
const TEXT = /^(character|character varying|text|"char"|citext|name)(\(\d+\))?$/;

/**
 * PostgreSQL's SQL: bytea never sampled, other non-native types compared as text, TABLESAMPLE
 * SYSTEM. `schema` is the one schema of every table, or a function giving a table's real
 * `{ schema, table }` (a profile's name may be `schema.table`).
 */
export function postgresDialect(schema: string | ((table: string) => PostgresTable)): Dialect {
  const locate = typeof schema === 'string' ? (table: string) => ({ schema, table }) : schema;
  return {
    quoteIdentifier,
    tableRef: (name) => {
      const { schema: s, table } = locate(name);
      return `${quoteIdentifier(s)}.${quoteIdentifier(table)}`;
    },
    column(c, declaredType) {
      const type = declaredType.toLowerCase();
      const blob = type === 'bytea';
      // money's text depends on lc_monetary ('$1,000.00'): its amount, as numeric, is a number.
      if (type === 'money') return { value: `CAST(${c} AS numeric)`, distinct: c, length: null, clip: (e) => e, type: 'numeric' };
      const native = NATIVE.test(type);
      const text = TEXT.test(type);
      return {
        value: blob ? 'CAST(NULL AS text)' : native ? c : `CAST(${c} AS text)`,
        distinct: blob || native ? c : `CAST(${c} AS text)`,
        length: text ? `char_length(${c})` : null,
        clip: (e, max) => (text || !native ? `left(${e}, ${max})` : e),
        type: text || !native ? 'text' : type,
      };
    },
    valueList(v, n, maxLength, maxMean) {
      const t = `char_length(CAST(${v} AS text))`;
      return (
        `CASE WHEN COALESCE(SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} * ${t} END), 0) <= ${maxMean} * SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} ELSE 0 END) ` +
        `THEN COALESCE(CAST(json_agg(CAST(${v} AS text)) FILTER (WHERE ${v} IS NOT NULL AND ${t} < ${maxLength}) AS text), '[]') END`
      );
    },
    distinctValues(from, columns, maxLength) {
      // One pass, one hash table per column (GROUPING SETS): json_agg(DISTINCT …) would sort every
      // row (TPC-H SF 1 lineitem, two columns: 7.2 s against 2.4 s).
      // Text types grouped as they are (a cast of every row costs as much as the grouping), other
      // types (json has no equality) as text; char(n) loses its padding in the cast of each group.
      const v = columns.map((_, i) => `v${i}`);
      const texts = columns
        .map(({ quoted, declaredType }, i) => `${TEXT.test(declaredType.toLowerCase()) ? quoted : `CAST(${quoted} AS text)`} AS v${i}`)
        .join(', ');
      const full = 2 ** v.length - 1;
      const lists = v.map((name, i) => {
        const mask = full ^ (1 << (v.length - 1 - i));
        const t = `CAST(${name} AS text)`;
        return `COALESCE(CAST(json_agg(${t}) FILTER (WHERE g = ${mask} AND ${name} IS NOT NULL AND char_length(${t}) <= ${maxLength}) AS text), '[]')`;
      });
      return (
        `SELECT ${lists.join(', ')} FROM (SELECT GROUPING(${v.join(', ')}) AS g, ${v.join(', ')} ` +
        `FROM (SELECT ${texts} FROM ${from}) AS r GROUP BY GROUPING SETS (${v.map((name) => `(${name})`).join(', ')})) AS d`
      );
    },
    sampleFrom(tableRef, rowCount, sampleRows, seed): SampleSource {
      if (rowCount <= sampleRows) return { from: `${tableRef} AS s`, method: 'all rows' };
      // Pages, not rows: 20% more than needed so the LIMIT is usually reached.
      const percent = Math.min(100, ((sampleRows * 1.2) / rowCount) * 100);
      return {
        from: `(SELECT * FROM ${tableRef} TABLESAMPLE SYSTEM (${percent.toFixed(6)}) REPEATABLE (${seed}) LIMIT ${sampleRows}) AS s`,
        method: 'TABLESAMPLE SYSTEM',
      };
    },
  };
}
