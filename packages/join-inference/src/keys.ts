import type { ColumnProfile, TableProfile } from '@guided-retrieval/profiler';
import { isIdentifierName, isReferenceLike, namedAfterTable } from './names.js';
import type { KeyCandidate } from './types.js';

/** Value kinds a key can hold: reals, dates, booleans and blobs never identify rows in practice. */
export function isKeyType(column: ColumnProfile): boolean {
  if (column.inferredType === 'integer') return true;
  // A schema's generic `number` with no value seen may well hold integers.
  if (column.count === 0 && column.inferredType === 'real' && /^(number|numeric)$/i.test(column.declaredType.trim())) return true;
  if (column.inferredType === 'text' || column.inferredType === 'unknown') {
    return column.length == null || column.length.max <= 64;
  }
  return false;
}

/**
 * Every non-null value distinct: what the statistics can say of a single-column key (a UNIQUE one
 * may hold NULLs). An estimated distinct count must be backed by the sample: a sketch with a
 * Bloom filter means every sampled value was distinct (a sample estimator can round a column of
 * repeated keys up to the row count).
 */
export function isUnique(column: ColumnProfile): boolean {
  if (column.count === 0 || column.distinct !== column.count) return false;
  return column.distinctExact !== false || column.sketch === undefined || column.sketch.bloom !== undefined;
}

/**
 * How much a single column looks like its table's primary key, in [0, 1], or 0 when it cannot be
 * one. Uniqueness is necessary; a key-like type, an identifier name (`id`, `<table>_id`,
 * `<table>Key`, `code`) and coming first add confidence.
 */
export function singleKeyScore(table: TableProfile, column: ColumnProfile, position: number): { score: number; evidence: string[] } {
  if (!isUnique(column) || !isKeyType(column)) return { score: 0, evidence: [] };
  const evidence = [`${column.distinct} distinct of ${column.count} values${column.nulls > 0 ? `, ${column.nulls} NULL` : ', no NULL'}`];
  let score = column.nulls > 0 ? 0.35 : 0.5;
  if (column.distinctExact === false) {
    score -= 0.15;
    evidence.push('distinct values estimated from a sample');
  }
  if (namedAfterTable(column.name, table.name)) {
    score += 0.35;
    evidence.push('named after its table');
  } else if (isIdentifierName(column.name)) {
    score += 0.3;
    evidence.push('identifier name');
  } else if (isReferenceLike(column.name)) {
    score += 0.2;
    evidence.push('reference-like name');
  }
  if (column.inferredType === 'integer') score += 0.05;
  if (column.inferredType !== 'integer' && column.length && column.length.min === column.length.max && column.length.max <= 8) {
    score += 0.15;
    evidence.push('fixed-length code');
  }
  if (position === 0) {
    score += 0.1;
    evidence.push('first column');
  }
  return { score: Math.min(1, Math.round(score * 100) / 100), evidence };
}

/**
 * Primary-key candidates of one table, best first: the declared key when `trustDeclared`, every
 * unique key-typed column, and — when no single column is unique — the pair of identifier-named
 * columns whose distinct counts could together tell every row apart (a composite key such as
 * `partsupp(ps_partkey, ps_suppkey)`; the profile holds no row-level data to prove it, so it
 * scores lower).
 */
export function keyCandidates(table: TableProfile, trustDeclared: boolean): KeyCandidate[] {
  const out: KeyCandidate[] = [];
  if (trustDeclared && table.primaryKey.length > 0) {
    out.push({ table: table.name, columns: [...table.primaryKey], score: 1, origin: 'declared', evidence: ['declared PRIMARY KEY'] });
  }
  const declared = out[0]?.columns.join('\u0000');
  table.columns.forEach((column, i) => {
    const { score, evidence } = singleKeyScore(table, column, i);
    if (score > 0 && column.name !== declared) {
      out.push({ table: table.name, columns: [column.name], score, origin: 'inferred', evidence });
    }
  });
  if (out.length === 0 && table.rowCount === 0) {
    // A table without values (empty, or a schema alone) has no statistics: its key can only be read off the names.
    const named = table.columns.find((c) => (namedAfterTable(c.name, table.name) || isIdentifierName(c.name)) && isKeyType(c));
    const first = table.columns.slice(0, 1).find((c) => isReferenceLike(c.name) && isKeyType(c));
    const key = named ?? first;
    if (key)
      out.push({
        table: table.name,
        columns: [key.name],
        score: named ? 0.8 : 0.6,
        origin: 'inferred',
        evidence: ['no values: its key read off the names'],
      });
  }
  // Only estimated uniqueness is no proof that a single column is the key: look for a pair too.
  if (out.every((k) => k.origin === 'inferred' && k.evidence.includes('distinct values estimated from a sample')) && table.rowCount > 1) {
    const composite = compositeKey(table);
    if (composite) out.push(composite);
  }
  return out.sort((a, b) => b.score - a.score || a.columns.length - b.columns.length);
}

function compositeKey(table: TableProfile): KeyCandidate | undefined {
  const parts = table.columns.filter(
    (c) =>
      c.nulls === 0 && c.count > 0 && isKeyType(c) && isReferenceLike(c.name) && (c.distinct < table.rowCount || c.distinctExact === false),
  );
  let best: { pair: [ColumnProfile, ColumnProfile]; order: number } | undefined;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      if (a.distinct * b.distinct < table.rowCount) continue;
      const order = i + j; // the leading columns usually form the key
      if (!best || order < best.order) best = { pair: [a, b], order };
    }
  }
  if (!best) return undefined;
  const [a, b] = best.pair;
  return {
    table: table.name,
    columns: [a.name, b.name],
    score: 0.6,
    origin: 'inferred',
    evidence: [
      `no single column is unique; ${a.name} (${a.distinct}) × ${b.name} (${b.distinct}) distinct values can tell ${table.rowCount} rows apart`,
    ],
  };
}
