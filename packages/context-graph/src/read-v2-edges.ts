import type { JoinEdge } from '@guided-retrieval/join-inference';
import { joinEdgeId } from '@guided-retrieval/join-inference/internal';
import { isRecord } from '@guided-retrieval/profiler/files';
import { GraphValidationError } from './errors.js';
import { FileShapeError, type Path } from './file-shape.js';
import type { GraphTable } from './types.js';

/**
 * A version 2 file's edges (a list per field, an entry per edge: write-v2.ts) as join edges.
 * A table or column not in the file is a `GraphValidationError` naming the edge; one the edge
 * names by name is left for the graph to look up, as in a version 1 file.
 */
export function readEdgesV2(raw: unknown, tables: readonly GraphTable[], evidence: readonly string[]): JoinEdge[] {
  if (!isRecord(raw)) throw new FileShapeError(() => 'edges', 'expected an object of lists { from, fromColumns, to, toColumns, … }');
  if (!Array.isArray(raw.from)) throw new FileShapeError(() => 'edges.from', 'expected a list');
  const n = raw.from.length;
  const field = (key: string, required = false): unknown[] | undefined => {
    const list = raw[key];
    if (list === undefined && !required) return undefined;
    if (!Array.isArray(list) || list.length !== n) throw new FileShapeError(() => `edges.${key}`, `expected a list of ${n} (one per edge)`);
    return list;
  };
  const from = raw.from as unknown[];
  const [fromColumns, to, toColumns] = [field('fromColumns', true)!, field('to', true)!, field('toColumns', true)!];
  const [texts, confidences, origins, roles] = [field('evidence'), field('confidence'), field('origin'), field('role')];
  const ids = raw.id ?? {};
  if (!isRecord(ids)) throw new FileShapeError(() => 'edges.id', 'expected an object of ids by edge index');
  const edges = new Array<JoinEdge>(n);
  for (let i = 0; i < n; i++) {
    const fromTable = tableRef(from[i], 'from', i, tables);
    const toTable = tableRef(to[i], 'to', i, tables);
    const fromName = typeof fromTable === 'string' ? fromTable : fromTable.name;
    const toName = typeof toTable === 'string' ? toTable : toTable.name;
    const fromKey = columnRefs(fromColumns[i], 'fromColumns', i, fromTable, toName);
    const toKey = columnRefs(toColumns[i], 'toColumns', i, toTable, fromName);
    if (fromKey.length !== toKey.length) {
      throw new FileShapeError(edgeAt('toColumns', i), `expected ${fromKey.length} columns, as many as fromColumns (they pair up)`);
    }
    const confidence = confidences ? confidences[i] : 1;
    if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) {
      throw new FileShapeError(edgeAt('confidence', i), 'expected a confidence (a number from 0 to 1)');
    }
    const origin = origins ? origins[i] : 'declared';
    if (origin !== 'declared' && origin !== 'inferred') throw new FileShapeError(edgeAt('origin', i), 'expected "declared" or "inferred"');
    const role = roles ? roles[i] : null;
    if (role !== null && (typeof role !== 'string' || role === ''))
      throw new FileShapeError(edgeAt('role', i), 'expected a role (a non-empty string) or null');
    const id = ids[i] ?? joinEdgeId(fromName, fromKey, toName, toKey);
    if (typeof id !== 'string' || id === '') throw new FileShapeError(() => `edges.id["${i}"]`, 'expected an id (a non-empty string)');
    edges[i] = {
      id,
      fromTable: fromName,
      fromColumns: fromKey,
      toTable: toName,
      toColumns: toKey,
      origin,
      confidence,
      evidence: texts ? evidenceRefs(texts[i], i, evidence) : [],
      ...(role ? { role } : {}),
    };
  }
  for (const key of Object.keys(ids)) {
    if (!(/^\d+$/.test(key) && Number(key) < n))
      throw new FileShapeError(() => `edges.id["${key}"]`, `expected an edge index (0 to ${n - 1})`);
  }
  return edges;
}

function edgeAt(key: string, i: number, k?: number): Path {
  return () => `edges.${key}[${i}]${k === undefined ? '' : `[${k}]`}`;
}

/** The table an edge refers to by index, or the name it spells it with (looked up by the graph). */
function tableRef(raw: unknown, key: string, i: number, tables: readonly GraphTable[]): GraphTable | string {
  if (typeof raw === 'number') {
    const table = tables[raw];
    if (table) return table;
    if (Number.isInteger(raw)) {
      throw new GraphValidationError(`${edgeAt(key, i)()}: the edge names table ${raw}, but the file has ${tables.length} tables`);
    }
  }
  if (typeof raw === 'string' && raw !== '') return raw;
  throw new FileShapeError(edgeAt(key, i), 'expected a table index or a table name');
}

/** One side's columns; `other` is the table at the edge's other end, for the message. */
function columnRefs(raw: unknown, key: string, i: number, table: GraphTable | string, other: string): string[] {
  if (!Array.isArray(raw)) return [columnRef(raw, key, i, undefined, table, other)];
  if (raw.length === 0) throw new FileShapeError(edgeAt(key, i), 'expected a column or a list of them');
  const names: string[] = [];
  for (let k = 0; k < raw.length; k++) names.push(columnRef(raw[k], key, i, k, table, other));
  return names;
}

function columnRef(raw: unknown, key: string, i: number, k: number | undefined, table: GraphTable | string, other: string): string {
  if (typeof raw === 'number' && typeof table !== 'string') {
    const column = table.columns[raw];
    if (column) return column.name;
    if (Number.isInteger(raw)) {
      const edge = key === 'fromColumns' ? `${table.name} → ${other}` : `${other} → ${table.name}`;
      throw new GraphValidationError(
        `${edgeAt(key, i, k)()}: join edge ${edge} names column ${raw} of ${table.name}, which has ${table.columns.length} columns`,
      );
    }
  }
  if (typeof raw === 'string' && raw !== '') return raw;
  const why = typeof raw === 'number' && typeof table === 'string' ? ' (the edge names its table by name)' : '';
  throw new FileShapeError(edgeAt(key, i, k), `expected a column index or a column name${why}`);
}

function evidenceRefs(raw: unknown, i: number, evidence: readonly string[]): string[] {
  if (!Array.isArray(raw)) return [evidenceRef(raw, i, undefined, evidence)];
  const out: string[] = [];
  for (let k = 0; k < raw.length; k++) out.push(evidenceRef(raw[k], i, k, evidence));
  return out;
}

function evidenceRef(ref: unknown, i: number, k: number | undefined, evidence: readonly string[]): string {
  const text = typeof ref === 'number' ? evidence[ref] : undefined;
  if (text === undefined)
    throw new FileShapeError(edgeAt('evidence', i, k), `expected an index into evidence (0 to ${evidence.length - 1})`);
  return text;
}
