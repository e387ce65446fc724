/**
 * One table's profile, in the steps the engine runs: the count and the pass over every row
 * (`fullPass`, beside the rest where it can), the sample statements (`sampleColumns`), the values of
 * the columns that hold names (`readValues`), then each column's profile from what they found.
 */
import { cleanSample } from './clean.js';
import { type ColumnSample, emptySample, mayBeKey, num, sampleColumns, sketchable, sketchOf } from './column-sample.js';
import type { ColumnDescription, ColumnExpressions, Connector, Dialect, SampleSource, Scalar, TableDescription } from './connector.js';
import { ProfilerError } from './errors.js';
import { estimateDistinct } from './estimate.js';
import { chunks, type FullStats, fullPass, MAX_VALUE_LENGTH } from './full-pass.js';
import { declaredKind, inferType } from './infer-type.js';
import { tagOntology } from './ontology.js';
import type { ColumnProfile, ColumnValues, TableProfile } from './types.js';
import {
  hideColumnStrings,
  planValueReads,
  readValueGroup,
  type ValueColumn,
  type ValueRead,
  type ValueSettings,
  wantsValues,
} from './values.js';

/** Columns per statement over the sample, unless the dialect says otherwise. */
const SAMPLE_COLUMNS_PER_STATEMENT = 16;

/** `ProfileOptions` checked and with their defaults. */
export interface Settings {
  sampleRows: number;
  sampleSize: number;
  exactDistinctMaxRows: number;
  values: ValueSettings;
  warn: (message: string) => void;
}

/** A column as profiling reads it: as described, whether it is unique, its SQL expressions. */
interface TableColumn extends ColumnDescription {
  unique: boolean;
  sql: ColumnExpressions;
}

/**
 * One table's profile. A column whose SQL the engine refuses (a type no expression of the
 * dialect fits) is left out with a warning naming the table, column and type, and the table is
 * profiled without it: one column never stops a build. `listOnly`: the declared columns only
 * (a view not to be run), with no statistics, as a schema file gives them.
 */
export async function profileTable(connector: Connector, table: string, settings: Settings, listOnly = false): Promise<TableProfile> {
  const description = await connector.describeTable(table);
  if (listOnly) return listedTable(table, description);
  const attempt = () => profileDescribed(connector, table, description, settings);
  try {
    return await (connector.isolate ? connector.isolate(attempt) : attempt());
  } catch (error) {
    if (!(error instanceof ProfilerError) || error.code !== 'query-failed' || /statement timeout|canceling statement/i.test(error.message))
      throw error;
    const refused = await refusedColumns(connector, table, description);
    if (refused.length === 0) throw error;
    for (const { column, reason } of refused)
      settings.warn(`table ${JSON.stringify(table)}: column ${JSON.stringify(column.name)} (${column.declaredType}) skipped: ${reason}`);
    const skipped = new Set(refused.map((r) => r.column));
    const left = new Set(description.columns.filter((c) => !skipped.has(c)).map((c) => c.name));
    // A key over a column left out is no key of the table profiled (a graph refuses a key naming no column).
    const primaryKey = description.primaryKey.every((c) => left.has(c)) ? description.primaryKey : [];
    const foreignKeys = description.foreignKeys.filter((fk) => fk.columns.every((c) => left.has(c)));
    return profileDescribed(
      connector,
      table,
      { ...description, columns: description.columns.filter((c) => !skipped.has(c)), primaryKey, foreignKeys },
      settings,
    );
  }
}

/** A table or view as its catalog declares it, without reading a row. */
function listedTable(table: string, description: TableDescription): TableProfile {
  return {
    name: table,
    ...tableFacts(description),
    rowCount: 0,
    columns: description.columns.map((c) => ({
      name: c.name,
      ...(c.description ? { description: c.description } : {}),
      declaredType: c.declaredType,
      inferredType: inferType(c.baseType ?? c.declaredType, []),
      rowCount: 0,
      count: 0,
      nulls: 0,
      distinct: 0,
      min: null,
      max: null,
      sample: [],
    })),
    primaryKey: description.primaryKey,
    foreignKeys: description.foreignKeys,
    sampledRows: 0,
    sampleMethod: 'not read',
  };
}

function tableFacts(description: TableDescription): Pick<TableProfile, 'schema' | 'description' | 'kind'> {
  return {
    ...(description.schema ? { schema: description.schema } : {}),
    ...(description.description ? { description: description.description } : {}),
    ...(description.kind ? { kind: description.kind } : {}),
  };
}

/**
 * The columns whose expressions the engine refuses, each tried alone in one statement that
 * reads no row (every expression the profile uses for it, over `LIMIT 0`), with the engine's reason.
 */
async function refusedColumns(
  connector: Connector,
  table: string,
  description: TableDescription,
): Promise<{ column: ColumnDescription; reason: string }[]> {
  const { dialect } = connector;
  const refused: { column: ColumnDescription; reason: string }[] = [];
  for (const column of description.columns) {
    const quoted = dialect.quoteIdentifier(column.name);
    const type = column.baseType ?? column.declaredType;
    const sql = dialect.column(quoted, type);
    const parts = [`COUNT(${sql.distinct})`, `COUNT(DISTINCT ${sql.distinct})`, `MIN(${sql.value})`, `MAX(${sql.value})`];
    if (sql.length) parts.push(`MAX(${sql.length})`);
    if (dialect.approxDistinct) parts.push(dialect.approxDistinct(sql.distinct));
    parts.push(`MAX(${sql.clip(sql.value, MAX_VALUE_LENGTH)})`);
    const from = `(SELECT * FROM ${dialect.tableRef(table)} LIMIT 0) AS t`;
    const statements = [`SELECT ${parts.join(', ')} FROM ${from}`];
    if (dialect.distinctValues) statements.push(dialect.distinctValues(from, [{ quoted, declaredType: type }], MAX_VALUE_LENGTH));
    const probe = async () => {
      for (const statement of statements) await connector.query(statement);
    };
    try {
      await (connector.isolate ? connector.isolate(probe) : probe());
    } catch (error) {
      refused.push({ column, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return refused;
}

async function profileDescribed(
  connector: Connector,
  table: string,
  description: TableDescription,
  settings: Settings,
): Promise<TableProfile> {
  const pass = await startFullPass(connector, table, description, settings);
  const rowCount = pass.counted ?? (await pass.result).rowCount;
  const source = await connector.sampleSource(table, rowCount, settings.sampleRows);
  const samples = await sampleEveryColumn(connector, pass.columns, rowCount, source.from, settings);
  // The values of the columns that hold names (the sample tells which), read while the pass over
  // every row may still run on the other connection.
  const named = nameColumns(connector.dialect, pass.columns, samples, rowCount, settings);
  const reading = readValues(connector, table, rowCount, named, settings, pass.result);
  reading.catch(() => undefined); // awaited below
  const { stats } = await pass.result;
  const values = await reading;
  const primaryKey = new Set(description.primaryKey.length === 1 ? description.primaryKey : []);
  const columns = pass.columns.map((column, i) =>
    columnProfile(column, rowCount, { full: stats[i], sampled: samples[i], values: values.get(i) }, settings, primaryKey.has(column.name)),
  );
  return {
    name: table,
    ...tableFacts(description),
    rowCount,
    columns: settings.values.hashed ? columns.map((c) => hideColumnStrings(c)) : columns,
    primaryKey: description.primaryKey,
    foreignKeys: description.foreignKeys,
    sampledRows: Math.max(0, ...samples.map((s) => s.sampledRows)),
    sampleMethod: source.method,
  };
}

/**
 * Counts the rows first where the pass over every row cannot, and starts that pass: on another
 * thread where the connector can (SQLite), beside the sample statements.
 */
async function startFullPass(connector: Connector, table: string, description: TableDescription, settings: Settings) {
  const { dialect } = connector;
  const ref = dialect.tableRef(table);
  // With the catalog's estimate, rows are counted in the pass over every row; without, first (and
  // first when the pass runs beside the sample statements, which need the count).
  const counted =
    description.estimatedRows === undefined || connector.offload
      ? num((await connector.query(`SELECT COUNT(*) FROM ${ref}`))[0]?.[0])
      : undefined;
  const exact = (counted ?? description.estimatedRows ?? 0) <= settings.exactDistinctMaxRows;
  const unique = new Set([...(description.unique ?? []), ...(description.primaryKey.length === 1 ? description.primaryKey : [])]);
  const columns: TableColumn[] = description.columns.map((c) => ({
    ...c,
    unique: unique.has(c.name),
    sql: dialect.column(dialect.quoteIdentifier(c.name), c.baseType ?? c.declaredType),
  }));
  const indexed = connector.indexBounds && counted !== 0 ? await connector.indexBounds(table, description.columns) : undefined;
  const offload = connector.offload?.bind(connector);
  const result = fullPass(offload ? { dialect, query: offload } : connector, ref, counted, columns, exact, indexed);
  result.catch(() => undefined); // awaited by the caller; not unhandled meanwhile
  return { counted, columns, result };
}

/**
 * One statement per group of columns over the sample, drawn once for the group: top values,
 * totals and, for possible join keys, every distinct value (hashed for the sketch).
 */
async function sampleEveryColumn(
  connector: Connector,
  columns: readonly TableColumn[],
  rowCount: number,
  from: string,
  settings: Settings,
): Promise<ColumnSample[]> {
  const samples: ColumnSample[] = [];
  const wanted = columns.map(({ sql, declaredType, baseType }) => ({ sql, sketch: mayBeKey(baseType ?? declaredType) }));
  const options = { candidates: settings.sampleSize * 2, maxLength: MAX_VALUE_LENGTH };
  for (const group of chunks(wanted, connector.dialect.sampleColumnsPerStatement ?? SAMPLE_COLUMNS_PER_STATEMENT)) {
    samples.push(...(rowCount > 0 ? await sampleColumns(connector, group, from, options) : group.map((c) => emptySample(c.sketch))));
  }
  return samples;
}

/** The columns whose values are read (`wantsValues`: they hold names, by the sample), by position. */
function nameColumns(
  dialect: Dialect,
  columns: readonly TableColumn[],
  samples: readonly ColumnSample[],
  rowCount: number,
  settings: Settings,
): Map<number, ValueColumn> {
  const named = new Map<number, ValueColumn>();
  for (const [i, { name, declaredType: declared, baseType }] of columns.entries()) {
    const sampled = samples[i];
    if (sampled === undefined || sampled.nonNull === 0) continue;
    const declaredType = baseType ?? declared;
    // Structured values (JSON, arrays, ranges, geometry) name nothing, whatever their text.
    if (declaredKind(declaredType) === 'unknown') continue;
    const type = inferType(
      declaredType,
      sampled.top.slice(0, settings.sampleSize).map((s) => s.value),
    );
    if (!wantsValues(name, type, sampled.top)) continue;
    const distinct = estimateDistinct({
      sampleNonNull: sampled.nonNull,
      sampleDistinct: sampled.distinct,
      singletons: sampled.singletons,
      totalNonNull: rowCount,
    });
    named.set(i, { name, quoted: dialect.quoteIdentifier(name), declaredType, sampleDistinct: sampled.distinct, distinct });
  }
  return named;
}

/** What the pass over every row, the sample and the value reads found of one column. */
interface Found {
  full: FullStats | undefined;
  sampled: ColumnSample | undefined;
  values: ColumnValues | undefined;
}

function columnProfile(column: TableColumn, rowCount: number, found: Found, settings: Settings, primaryKey: boolean): ColumnProfile {
  const { name, declaredType } = column;
  const stats = found.full ?? { count: 0, min: null, max: null };
  const sampled = found.sampled ?? emptySample(false);
  const estimated = distinctEstimate(stats, sampled, catalogDistinct(column.catalogDistinct, rowCount));
  const distinct = stats.exactDistinct ?? estimated;
  const { top } = sampled;
  const sample = top.slice(0, settings.sampleSize);
  const inferredType = inferType(
    column.baseType ?? declaredType,
    sample.map((s) => s.value),
  );
  return {
    name,
    ...(column.description ? { description: column.description } : {}),
    declaredType,
    inferredType,
    rowCount,
    count: stats.count,
    nulls: rowCount - stats.count,
    distinct,
    min: stats.min,
    max: stats.max,
    sample,
    distinctExact: stats.exactDistinct !== undefined,
    approxDistinct: estimated,
    cleanSample: cleanSample(top, settings.sampleSize),
    length: sampled.length,
    ontology: tagOntology({ name, values: top, distinct, count: stats.count, primaryKey }),
    ...(sketchable(inferredType, sampled) ? { sketch: sketchOf(sampled) } : {}),
    ...(found.values ? { values: found.values } : {}),
  };
}

/** Distinct non-null values estimated, at most the count: the engine's over every row, else the sample's or the catalog's. */
function distinctEstimate(stats: FullStats, sampled: ColumnSample, catalog: number): number {
  // The sample's distinct values are all in the table: a floor for the engine's sketch.
  if (stats.approxDistinct !== undefined) return Math.min(stats.count, Math.max(stats.approxDistinct, sampled.distinct));
  const fromSample = estimateDistinct({
    sampleNonNull: sampled.nonNull,
    sampleDistinct: sampled.distinct,
    singletons: sampled.singletons,
    totalNonNull: stats.count,
  });
  // Both estimates fall short on clustered columns; the catalog's comes from a row sample.
  return Math.min(stats.count, Math.max(catalog, fromSample));
}

/** The catalog's distinct estimate as a count (PostgreSQL: negative is minus a fraction of the rows); 0 without one. */
function catalogDistinct(value: number | undefined, rowCount: number): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  return Math.round(value < 0 ? -value * rowCount : value);
}

/**
 * The values of the columns that hold names, by column position (`planValueReads`): one
 * statement per group of columns over the table, or over a sample of `valueScanRows` rows of a
 * larger one, on the connector's connection and, once the pass over every row (`passing`) has
 * left it, on its second one (SQLite's worker thread) too.
 */
async function readValues(
  connector: Connector,
  table: string,
  rowCount: number,
  wanted: ReadonlyMap<number, ValueColumn>,
  settings: Settings,
  passing: Promise<unknown>,
): Promise<Map<number, ColumnValues>> {
  const found = new Map<number, ColumnValues>();
  const { dialect } = connector;
  if (wanted.size === 0 || !dialect.distinctValues || settings.values.listMax <= 0) return found;
  const position = new Map([...wanted].map(([i, c]) => [c, i]));
  const perStatement = dialect.sampleColumnsPerStatement ?? SAMPLE_COLUMNS_PER_STATEMENT;
  const queue = planValueReads([...wanted.values()], rowCount, settings.values, perStatement);
  let scan: Promise<SampleSource> | undefined;
  const scanned = () => {
    scan ??= connector.sampleSource(table, rowCount, settings.values.scanRows);
    return scan;
  };
  const lane = async (query: (sql: string) => Promise<Scalar[][]>) => {
    for (let read = queue.shift(); read !== undefined; read = queue.shift()) {
      const values = await readGroup(connector, table, read, query, scanned, settings);
      for (const [j, c] of read.columns.entries()) {
        const v = values[j];
        if (v) found.set(position.get(c)!, v);
      }
    }
  };
  const lanes = [lane((sql) => connector.query(sql))];
  const offload = connector.offload?.bind(connector);
  if (offload && queue.length > 1) lanes.push(passing.then(() => lane(offload)));
  await Promise.all(lanes);
  return found;
}

/** One group's values; none, with a warning, when they cannot be read (a statement timeout). */
async function readGroup(
  connector: Connector,
  table: string,
  read: ValueRead,
  query: (sql: string) => Promise<Scalar[][]>,
  scanned: () => Promise<SampleSource>,
  settings: Settings,
): Promise<(ColumnValues | undefined)[]> {
  const work = async () => {
    const from = read.whole ? `${connector.dialect.tableRef(table)} AS t` : (await scanned()).from;
    return readValueGroup(connector.dialect, query, from, read, settings.values);
  };
  try {
    return await (connector.isolate ? connector.isolate(work) : work());
  } catch (error) {
    if (error instanceof ProfilerError && error.code === 'no-such-table') throw error;
    const names = read.columns.map((c) => JSON.stringify(c.name)).join(', ');
    settings.warn(`table ${JSON.stringify(table)}: values of ${names} not read: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
