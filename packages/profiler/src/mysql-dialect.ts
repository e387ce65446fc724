/** MySQL's and MariaDB's SQL for the profiler: how values are read, compared, listed and sampled. */
import type { ColumnExpressions, Dialect, SampleSource } from './connector.js';

/** `` `name` `` with embedded backticks doubled: safe for any MySQL identifier. */
export function quoteMysqlIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** Text types (ENUM and SET read as their labels). */
const TEXT = /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set|national|nchar|nvarchar)\b/;
/** Types never sampled: bytes, spatial values, vectors. */
const BYTES =
  /^((tiny|medium|long)?blob|binary|varbinary|geometry|point|linestring|polygon|multipoint|multilinestring|multipolygon|geometrycollection|geomcollection|vector)\b/;
/** Numbers, dates and times: compared and returned as they are (mysql2 gives dates as their text). */
const NATIVE =
  /^(tinyint|smallint|mediumint|int|integer|bigint|decimal|numeric|dec|fixed|float|double|real|date|datetime|timestamp|time|year)\b/;

/**
 * Text as UTF-8 compared byte by byte. A column's own collation is usually case- and
 * accent-insensitive (`utf8mb4_general_ci`, …): `COUNT(DISTINCT …)` and `GROUP BY` would count
 * `Ann` and `ann` as one value, where every other engine counts two.
 */
const binaryText = (c: string) => `CONVERT(${c} USING utf8mb4) COLLATE utf8mb4_bin`;
/** Any other value (JSON, UUID, INET6, …) as its text, compared the same way. */
const asText = (c: string) => `CAST(${c} AS CHAR CHARACTER SET utf8mb4) COLLATE utf8mb4_bin`;
/** A JSON array of the (text) values `e` takes, NULLs left out, `[]` when there is none. */
const jsonList = (e: string, distinct = false) =>
  `CONCAT('[', COALESCE(GROUP_CONCAT(${distinct ? 'DISTINCT ' : ''}${e} SEPARATOR ','), ''), ']')`;

function columnExpressions(c: string, declaredType: string): ColumnExpressions {
  const type = declaredType.toLowerCase().trim();
  const clip = (e: string, max: number) => `LEFT(${e}, ${max})`;
  if (TEXT.test(type)) {
    const value = binaryText(c);
    return { value, distinct: value, length: `CHAR_LENGTH(${c})`, clip, type: 'text' };
  }
  if (BYTES.test(type)) return { value: 'CAST(NULL AS CHAR)', distinct: c, length: null, clip, type: 'text' };
  // BIT(n) comes back as bytes: read it as its number.
  if (/^bit\b/.test(type)) return { value: `CAST(${c} AS UNSIGNED)`, distinct: c, length: null, clip: (e) => e, type: 'unsigned' };
  if (NATIVE.test(type)) return { value: c, distinct: c, length: null, clip: (e) => e, type };
  const value = asText(c);
  return { value, distinct: value, length: null, clip, type: 'text' };
}

/**
 * A bounded, repeatable sample, as InnoDB has no TABLESAMPLE. With a primary key, the rows whose
 * key hashes lowest (`CRC32` of the seed and the key, ties by key): the same rows on every run and
 * whatever plan the server picks, and only the key is sorted before the rows are fetched by it.
 * Without one, `ORDER BY RAND(seed)`, repeatable because a full scan reads InnoDB's clustered index
 * in the same order each time. Either way one pass over the table, kept to `sampleRows` rows.
 */
export function mysqlSample(
  tableRef: string,
  quotedKey: readonly string[],
  rowCount: number,
  sampleRows: number,
  seed: number,
): SampleSource {
  if (rowCount <= sampleRows) return { from: `${tableRef} AS s`, method: 'all rows' };
  const limit = Math.max(0, Math.floor(sampleRows));
  if (quotedKey.length === 0)
    return { from: `(SELECT * FROM ${tableRef} ORDER BY RAND(${seed}) LIMIT ${limit}) AS s`, method: `ORDER BY RAND(${seed})` };
  const key = quotedKey.join(', ');
  const on = quotedKey.map((k) => `t.${k} = k.${k}`).join(' AND ');
  const hash = `CRC32(CONCAT_WS(',', ${seed}, ${key}))`;
  return {
    from: `(SELECT t.* FROM ${tableRef} AS t JOIN (SELECT ${key} FROM ${tableRef} ORDER BY ${hash}, ${key} LIMIT ${limit}) AS k ON ${on}) AS s`,
    method: 'lowest primary-key hashes',
  };
}

/** MySQL's and MariaDB's SQL for the tables of one database. */
export function mysqlDialect(database: string): Dialect {
  return {
    quoteIdentifier: quoteMysqlIdentifier,
    tableRef: (table) => `${quoteMysqlIdentifier(database)}.${quoteMysqlIdentifier(table)}`,
    column: columnExpressions,
    castTypes: { bigint: 'SIGNED', integer: 'SIGNED', text: 'CHAR' },
    materializedCte: false,
    valueList(v, n, maxLength, maxMean) {
      const t = `CHAR_LENGTH(CAST(${v} AS CHAR))`;
      return (
        `CASE WHEN COALESCE(SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} * ${t} END), 0) <= ${maxMean} * SUM(CASE WHEN ${v} IS NOT NULL THEN ${n} ELSE 0 END) ` +
        `THEN ${jsonList(`CASE WHEN ${v} IS NOT NULL AND ${t} < ${maxLength} THEN JSON_QUOTE(CAST(${v} AS CHAR)) END`)} END`
      );
    },
    distinctValues(from, columns, maxLength) {
      // One pass, one DISTINCT per column (no GROUPING SETS in MySQL); GROUP_CONCAT leaves NULLs
      // out, as JSON_ARRAYAGG would not, and compares the quoted texts byte by byte.
      const texts = columns
        .map(({ quoted, declaredType }, i) => `${TEXT.test(declaredType.toLowerCase()) ? binaryText(quoted) : asText(quoted)} AS v${i}`)
        .join(', ');
      const lists = columns.map((_, i) =>
        jsonList(`CASE WHEN v${i} IS NOT NULL AND CHAR_LENGTH(v${i}) <= ${maxLength} THEN JSON_QUOTE(v${i}) END`, true),
      );
      return `SELECT ${lists.join(', ')} FROM (SELECT ${texts} FROM ${from}) AS r`;
    },
    sampleFrom: (tableRef, rowCount, sampleRows, seed) => mysqlSample(tableRef, [], rowCount, sampleRows, seed),
  };
}
