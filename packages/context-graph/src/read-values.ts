import type { ColumnValues, ValueFilter } from '@guided-retrieval/profiler';
import { isRecord } from '@guided-retrieval/profiler/files';
import { valueFilterProblem } from '@guided-retrieval/profiler/values';
import { FileShapeError, type Path, stringList } from './file-shape.js';

/** A column's `values` as a version 2 file holds it: the profile's object, checked field by field. */
export function readColumnValues(raw: unknown, at: Path): ColumnValues {
  if (!isRecord(raw)) throw new FileShapeError(at, 'expected an object { complete, distinct, list?, filter?, hashed? }');
  const field = (key: string) => () => `${at()}.${key}`;
  if (typeof raw.complete !== 'boolean') throw new FileShapeError(field('complete'), 'expected true or false');
  if (typeof raw.distinct !== 'number') throw new FileShapeError(field('distinct'), 'expected a number');
  const values: ColumnValues = { complete: raw.complete, distinct: raw.distinct };
  if (raw.list !== undefined) values.list = stringList(raw.list, field('list'));
  if (raw.filter !== undefined) values.filter = readFilter(raw.filter, field('filter'));
  if (raw.hashed !== undefined) {
    if (typeof raw.hashed !== 'boolean') throw new FileShapeError(field('hashed'), 'expected true or false');
    values.hashed = raw.hashed;
  }
  return values;
}

function readFilter(raw: unknown, at: Path): ValueFilter {
  if (!isRecord(raw)) throw new FileShapeError(at, 'expected an object { scheme, keys, parts, bits, hashes, data }');
  const field = (key: string) => () => `${at()}.${key}`;
  const { scheme, keys, parts, bits, hashes, data } = raw;
  if (typeof scheme !== 'string') throw new FileShapeError(field('scheme'), 'expected a string');
  if (typeof keys !== 'number') throw new FileShapeError(field('keys'), 'expected a number');
  if (typeof parts !== 'boolean') throw new FileShapeError(field('parts'), 'expected true or false');
  if (!Number.isInteger(bits) || (bits as number) <= 0) throw new FileShapeError(field('bits'), 'expected a positive whole number');
  if (!Number.isInteger(hashes) || (hashes as number) <= 0 || (hashes as number) > 64) {
    throw new FileShapeError(field('hashes'), 'expected a whole number from 1 to 64');
  }
  if (typeof data !== 'string') throw new FileShapeError(field('data'), 'expected a string (base64)');
  const wrong = valueFilterProblem({ bits: bits as number, data });
  if (wrong) throw new FileShapeError(field(wrong.field), wrong.problem);
  return { scheme, keys, parts, bits: bits as number, hashes: hashes as number, data };
}
