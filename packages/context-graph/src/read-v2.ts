/**
 * Reads a version 2 graph file (laid out in write-v2.ts) into the graph's data, checking every
 * field in the one pass that decodes it: a wrong field is refused with its JSON path
 * (`tables[3].columns.inferredType[5]`), an edge that refers to a table or column the file does
 * not have names the edge and what it lacks. Hand-written rather than a schema library's: a walk
 * of the parsed file by a generic validator cost more than reading it.
 */
import type { InferredType } from '@guided-retrieval/profiler';
import { ENGINES, isRecord } from '@guided-retrieval/profiler/files';
import { FileShapeError, type Path, stringList } from './file-shape.js';
import { namespaceFromName } from './namespace.js';
import { readEdgesV2 } from './read-v2-edges.js';
import { readColumnValues } from './read-values.js';
import { type ColumnStats, type ContextGraphData, GRAPH_FORMAT_VERSION, type GraphColumn, type GraphTable } from './types.js';

export const INFERRED_TYPES: readonly InferredType[] = ['integer', 'real', 'text', 'date', 'boolean', 'blob', 'unknown'];

const TABLE_KINDS = ['view', 'materialized view'] as const;

/** The data of a version 2 file; throws `FileShapeError` (a wrong field) or `GraphValidationError` (a dangling reference). */
export function readGraphV2(json: Record<string, unknown>): ContextGraphData {
  const database = json.database;
  if (typeof database !== 'string') throw new FileShapeError(() => 'database', 'expected a string');
  const engine = json.engine;
  if (engine !== undefined && !(ENGINES as readonly unknown[]).includes(engine)) {
    throw new FileShapeError(() => 'engine', `expected one of ${ENGINES.join(', ')}`);
  }
  const evidence = stringList(json.evidence, () => 'evidence');
  if (!Array.isArray(json.tables)) throw new FileShapeError(() => 'tables', 'expected a list');
  const tables = json.tables.map(readTable);
  const edges = readEdgesV2(json.edges, tables, evidence);
  return { formatVersion: GRAPH_FORMAT_VERSION, database, ...(engine === undefined ? {} : { engine }), tables, edges } as ContextGraphData;
}

function readTable(raw: unknown, i: number): GraphTable {
  const at = (key?: string) => () => `tables[${i}]${key === undefined ? '' : `.${key}`}`;
  if (!isRecord(raw)) throw new FileShapeError(at(), 'expected an object');
  if (typeof raw.name !== 'string' || raw.name === '') throw new FileShapeError(at('name'), 'expected a name (a non-empty string)');
  const table = { name: raw.name } as GraphTable;
  if (raw.schema !== undefined) {
    if (typeof raw.schema !== 'string' || raw.schema === '') throw new FileShapeError(at('schema'), 'expected a name (a non-empty string)');
    table.schema = raw.schema;
  }
  if (raw.namespace !== undefined) {
    if (typeof raw.namespace !== 'string' || raw.namespace === '')
      throw new FileShapeError(at('namespace'), 'expected a name (a non-empty string)');
    table.namespace = raw.namespace;
  } else {
    // Written before the field existed: the name is all there is.
    const namespace = namespaceFromName(raw.name);
    if (namespace !== undefined) table.namespace = namespace;
  }
  if (raw.kind !== undefined) {
    if (!(TABLE_KINDS as readonly unknown[]).includes(raw.kind))
      throw new FileShapeError(at('kind'), `expected ${TABLE_KINDS.join(' or ')}`);
    table.kind = raw.kind as GraphTable['kind'];
  }
  const description = raw.description ?? '';
  if (typeof description !== 'string') throw new FileShapeError(at('description'), 'expected a string');
  table.description = description;
  table.aliases = raw.aliases === undefined ? [] : stringList(raw.aliases, at('aliases'));
  const rowCount = raw.rowCount ?? 0;
  if (typeof rowCount !== 'number') throw new FileShapeError(at('rowCount'), 'expected a number');
  table.rowCount = rowCount;
  table.primaryKey = raw.primaryKey === undefined ? [] : stringList(raw.primaryKey, at('primaryKey'));
  table.columns = readColumns(raw.columns, i);
  return table;
}

/** A table's columns from their lists of fields; a graph may have hundreds of thousands, so a path is made only for what is wrong. */
function readColumns(raw: unknown, i: number): GraphColumn[] {
  const at =
    (key?: string, j?: number): Path =>
    () =>
      `tables[${i}].columns${key === undefined ? '' : `.${key}`}${j === undefined ? '' : `[${j}]`}`;
  if (!isRecord(raw)) throw new FileShapeError(at(), 'expected an object of lists { name, declaredType?, inferredType?, … }');
  const names = raw.name;
  if (!Array.isArray(names)) throw new FileShapeError(at('name'), 'expected a list of names');
  const n = names.length;
  const field = (key: string): unknown[] | undefined => {
    const list = raw[key];
    if (list === undefined) return undefined;
    if (!Array.isArray(list) || list.length !== n) throw new FileShapeError(at(key), `expected a list of ${n} (one per column)`);
    return list;
  };
  const [declaredTypes, inferredTypes, descriptions] = [field('declaredType'), field('inferredType'), field('description')];
  const [aliases, stats, samples, values] = [field('aliases'), field('stats'), field('sample'), field('values')];
  const columns = new Array<GraphColumn>(n);
  for (let j = 0; j < n; j++) {
    const name = names[j];
    if (typeof name !== 'string' || name === '') throw new FileShapeError(at('name', j), 'expected a name (a non-empty string)');
    const declaredType = declaredTypes ? declaredTypes[j] : '';
    if (typeof declaredType !== 'string') throw new FileShapeError(at('declaredType', j), 'expected a string');
    const inferredType = inferredTypes ? inferredTypes[j] : 'unknown';
    if (!(INFERRED_TYPES as readonly unknown[]).includes(inferredType)) {
      throw new FileShapeError(at('inferredType', j), `expected an inferred type (${INFERRED_TYPES.join(', ')})`);
    }
    const description = descriptions ? descriptions[j] : '';
    if (typeof description !== 'string') throw new FileShapeError(at('description', j), 'expected a string');
    const column: GraphColumn = {
      name,
      declaredType,
      inferredType: inferredType as InferredType,
      description,
      aliases: aliases ? stringList(aliases[j], at('aliases', j)) : [],
      stats: stats ? readStats(stats[j], at('stats', j)) : null,
      sample: samples ? readSample(samples[j], at('sample', j)) : [],
    };
    if (values && values[j] !== null) column.values = readColumnValues(values[j], at('values', j));
    columns[j] = column;
  }
  return columns;
}

function readStats(raw: unknown, at: Path): ColumnStats | null {
  if (raw === null) return null;
  if (!Array.isArray(raw) || raw.length !== 6)
    throw new FileShapeError(at, 'expected null or [rowCount, count, nulls, distinct, min, max]');
  const [rowCount, count, nulls, distinct, min, max] = raw as unknown[];
  const n = (v: unknown, k: number) => {
    if (typeof v === 'number') return v;
    throw new FileShapeError(() => `${at()}[${k}]`, 'expected a number');
  };
  const scalar = (v: unknown, k: number) => {
    if (v === null || typeof v === 'string' || typeof v === 'number') return v;
    throw new FileShapeError(() => `${at()}[${k}]`, 'expected a string, a number or null');
  };
  return {
    rowCount: n(rowCount, 0),
    count: n(count, 1),
    nulls: n(nulls, 2),
    distinct: n(distinct, 3),
    min: scalar(min, 4),
    max: scalar(max, 5),
  };
}

function readSample(raw: unknown, at: Path): GraphColumn['sample'] {
  if (!Array.isArray(raw) || raw.length % 2 !== 0) throw new FileShapeError(at, 'expected [value, count, value, count, …]');
  const sample: GraphColumn['sample'] = [];
  for (let k = 0; k < raw.length; k += 2) {
    const value: unknown = raw[k];
    const count: unknown = raw[k + 1];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new FileShapeError(() => `${at()}[${k}]`, 'expected a string or a number');
    if (typeof count !== 'number') throw new FileShapeError(() => `${at()}[${k + 1}]`, 'expected a number');
    sample.push({ value, count });
  }
  return sample;
}
