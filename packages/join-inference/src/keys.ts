import type { ColumnProfile, ColumnSetProfile, TableProfile } from '@guided-retrieval/profiler';
import { declaredKind } from '@guided-retrieval/profiler/values';
import { entityNames, isIdentifierName, isReferenceLike, linksEntities, namedAfterTable, namedForEntity, squeeze } from './names.js';
import type { JoinParams } from './params.js';
import type { KeyCandidate } from './types.js';

/** Value kinds a key can hold: reals, dates, booleans and blobs never identify rows in practice; nor does long text. */
export function isKeyType(column: ColumnProfile, params: JoinParams): boolean {
  if (column.inferredType === 'integer') return true;
  // A schema's generic `number` with no value seen may well hold integers.
  if (column.count === 0 && column.inferredType === 'real' && /^(number|numeric)$/i.test(column.declaredType.trim())) return true;
  if (column.inferredType === 'text' || column.inferredType === 'unknown') {
    // Structured values (an array of ids, JSON) hold references, but are none.
    if (column.inferredType === 'unknown' && declaredKind(column.declaredType) === 'unknown') return false;
    return column.length == null || column.length.max <= params.keyMaxTextLength;
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
export function singleKeyScore(
  table: TableProfile,
  column: ColumnProfile,
  position: number,
  params: JoinParams,
): { score: number; evidence: string[] } {
  if (!isUnique(column) || !isKeyType(column, params)) return { score: 0, evidence: [] };
  const evidence = [`${column.distinct} distinct of ${column.count} values${column.nulls > 0 ? `, ${column.nulls} NULL` : ', no NULL'}`];
  let score = column.nulls > 0 ? params.keyBaseWithNulls : params.keyBase;
  if (column.distinctExact === false) {
    score -= params.keyEstimatedPenalty;
    evidence.push('distinct values estimated from a sample');
  }
  if (namedAfterTable(column.name, table.name, params)) {
    score += params.keyNamedAfterTable;
    evidence.push('named after its table');
  } else if (isIdentifierName(column.name, params)) {
    score += params.keyIdentifierName;
    evidence.push('identifier name');
  } else if (isReferenceLike(column.name)) {
    score += params.keyReferenceLikeName;
    evidence.push('reference-like name');
  }
  if (column.inferredType === 'integer') score += params.keyInteger;
  if (
    column.inferredType !== 'integer' &&
    column.length &&
    column.length.min === column.length.max &&
    column.length.max <= params.keyCodeMaxLength
  ) {
    score += params.keyFixedLengthCode;
    evidence.push('fixed-length code');
  }
  if (position === 0) {
    score += params.keyFirstColumn;
    evidence.push('first column');
  }
  return { score: Math.min(1, Math.round(score * 100) / 100), evidence };
}

/**
 * Primary-key candidates of one table, best first: the declared key when `trustDeclared`, every
 * unique key-typed column, and the column sets profiled together whose tuples are unique (a
 * composite key such as `partsupp(ps_partkey, ps_suppkey)`: `compositeKeys`). A table without
 * values gets its key from the names; `entities` (every table's `entityNames`) tells a link table.
 */
export function keyCandidates(
  table: TableProfile,
  trustDeclared: boolean,
  params: JoinParams,
  entities: ReadonlySet<string> = new Set(),
): KeyCandidate[] {
  const out: KeyCandidate[] = [];
  if (trustDeclared && table.primaryKey.length > 0) {
    out.push({ table: table.name, columns: [...table.primaryKey], score: 1, origin: 'declared', evidence: ['declared PRIMARY KEY'] });
  }
  const declared = out[0]?.columns.join('\u0000');
  table.columns.forEach((column, i) => {
    const { score, evidence } = singleKeyScore(table, column, i, params);
    if (score > 0 && column.name !== declared) {
      out.push({ table: table.name, columns: [column.name], score, origin: 'inferred', evidence });
    }
  });
  if (out.length === 0 && table.rowCount === 0) {
    // A table without values (empty, or a schema alone) has no statistics: its key can only be read off the names.
    // Named for the table's thing first (`email_campaign_id` of email_campaigns, not the `app_id`
    // before it), or for its last word unless the table links things (`event_id` of email_event,
    // not `contact_id` of deal_contact), then a bare identifier.
    const named =
      table.columns.find((c) => namedForEntity(c.name, table.name, params) && isKeyType(c, params)) ??
      (linksEntities(table.name, entities)
        ? undefined
        : table.columns.find((c) => namedAfterTable(c.name, table.name, params) && isKeyType(c, params))) ??
      table.columns.find((c) => isIdentifierName(c.name, params) && isKeyType(c, params));
    // A first reference-like column before another is the pair of a link table, and one naming
    // another table's thing (`property_id` of property_option) is its parent's: no key of its own.
    const [head, next] = table.columns;
    const first =
      head &&
      isReferenceLike(head.name) &&
      isKeyType(head, params) &&
      !(next && isReferenceLike(next.name)) &&
      !namesOtherEntity(head.name, table.name, entities, params)
        ? head
        : undefined;
    const key = named ?? first;
    if (key)
      out.push({
        table: table.name,
        columns: [key.name],
        score: named ? params.keyNamesOnlyNamed : params.keyNamesOnlyFirst,
        origin: 'inferred',
        evidence: ['no values: its key read off the names'],
      });
  }
  out.push(...compositeKeys(table, params));
  return out.sort((a, b) => b.score - a.score || a.columns.length - b.columns.length);
}

/** Whether an identifier's thing (`property_id` → property) is another table's, not this one's. */
function namesOtherEntity(column: string, table: string, entities: ReadonlySet<string>, params: JoinParams): boolean {
  const stem = squeeze(column).replace(/(id|key|code|no|num|nr|ref|fk|uuid|guid)$/, '');
  return entities.has(stem) && !entityNames(table, params).includes(stem);
}

/** Whether a profiled column set is unique in its table: exactly, or nearly when estimated, and held by nearly every row. */
export function isUniqueSet(set: ColumnSetProfile, rowCount: number, params: JoinParams): boolean {
  if (set.count === 0) return false;
  const unique = set.distinctExact ? set.distinct === set.count : set.distinct >= params.nearUniqueShare * set.count;
  return unique && set.count >= params.nearUniqueShare * rowCount;
}

/**
 * The composite keys a profile shows: column sets profiled together (`TableProfile.columnSets`)
 * whose tuples are unique in the table, short of every column (a table is always unique in all of
 * them).
 */
function compositeKeys(table: TableProfile, params: JoinParams): KeyCandidate[] {
  return (table.columnSets ?? [])
    .filter((s) => s.columns.length < table.columns.length && isUniqueSet(s, table.rowCount, params))
    .map((s) => ({
      table: table.name,
      columns: [...s.columns],
      score: params.compositeConfidence,
      origin: 'inferred' as const,
      evidence: [`${s.distinct} distinct (${s.columns.join(', ')}) in ${s.count} rows${s.distinctExact ? '' : ' (estimated)'}`],
    }));
}
