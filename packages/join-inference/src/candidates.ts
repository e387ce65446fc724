import type { ColumnProfile, TableProfile } from '@guided-retrieval/profiler';
import { type Containment, estimateContainment } from './containment.js';
import { isKeyType, isUnique } from './keys.js';
import { type NameMatch, nameMatch } from './name-match.js';
import { type ColumnPrefixes, sameUnprefixed } from './name-roles.js';
import { isReferenceLike, mentionsTable, namedAfterTable, namesOwnTable } from './names.js';
import type { JoinParams } from './params.js';

/** A referenced single-column key: a column unique in its table, with how key-like it is. */
export interface KeyTarget {
  table: TableProfile;
  column: ColumnProfile;
  /** The key candidate's score (1 for a declared key). */
  score: number;
  /** Whether it is its table's best key candidate (the table's own key, not merely a unique column). */
  own: boolean;
}

/** A referencing column and a key it may reference, with everything that was weighed. */
export interface ScoredPair {
  fromTable: TableProfile;
  from: ColumnProfile;
  to: KeyTarget;
  name: NameMatch;
  containment: Containment | undefined;
  confidence: number;
  evidence: string[];
}

/** The kind of values a column compares as; text that holds only integers may also meet integers. */
export interface ValueKind {
  kind: 'integer' | 'text';
  numericText: boolean;
}

export function valueKind(column: ColumnProfile, params: JoinParams): ValueKind | undefined {
  if (!isKeyType(column, params)) return undefined;
  if (column.inferredType === 'integer') return { kind: 'integer', numericText: false };
  const values = column.sample.map((s) => s.value);
  const numericText =
    values.length > 0 &&
    values.every((v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?[1-9]\d{0,14}$|^0$/.test(v)));
  return { kind: 'text', numericText };
}

function compatible(a: ValueKind, b: ValueKind): boolean {
  return a.kind === b.kind || (a.kind === 'integer' && b.numericText) || (b.kind === 'integer' && a.numericText);
}

/** Share of `from`'s numeric range that lies inside the key's: dirty rows may stray a little. */
function rangeInside(fromMin: number, fromMax: number, keyMin: number, keyMax: number): number {
  if (fromMax < keyMin || fromMin > keyMax) return 0;
  if (fromMax === fromMin) return 1;
  return (Math.min(fromMax, keyMax) - Math.max(fromMin, keyMin)) / (fromMax - fromMin);
}

/** Ranges too far apart for a reference: numbers mostly outside the key's range; text disjoint or wider on both ends. */
function rangesExclude(from: ColumnProfile, key: ColumnProfile, minInside: number): boolean {
  const { min: a, max: b } = from;
  const { min: c, max: d } = key;
  if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number' && typeof d === 'number')
    return rangeInside(a, b, c, d) < minInside;
  if (typeof a === 'string' && typeof b === 'string' && typeof c === 'string' && typeof d === 'string')
    return b < c || a > d || (a < c && b > d);
  return false;
}

/**
 * The cheap checks that rule a pair out before any sketch is read: compatible kinds of values,
 * no more distinct values than the key has, `from`'s value range (nearly) inside the key's, text
 * lengths inside the key's. A column with no values (an empty table, all NULL) passes on its
 * declared type: any, where the engine types columns loosely (SQLite, a schema file: `number`
 * here, `text` there); one of a compatible kind where it enforces them (`strictTypes`: a text
 * column references no `bigint` key), unless either declares none.
 */
export function passesPruning(
  from: ColumnProfile,
  fromKind: ValueKind,
  to: KeyTarget,
  toKind: ValueKind,
  params: JoinParams,
  strictTypes = false,
): boolean {
  const key = to.column;
  if (from.count === 0 || key.count === 0) {
    const declared = from.declaredType.trim() !== '' && key.declaredType.trim() !== '';
    return !strictTypes || !declared || compatible(fromKind, toKind);
  }
  if (!compatible(fromKind, toKind)) return false;
  // Exact counts leave room only for a few dirty rows. Sample estimates are no bound at all: a
  // sample that takes one row of each run of equal keys (clustered data) sees them all distinct.
  const estimated = from.distinctExact === false || key.distinctExact === false;
  if (!estimated && from.distinct > key.distinct * params.distinctSlack + 1) return false;
  if (rangesExclude(from, key, params.minRangeInside)) return false;
  if (from.length && key.length && (from.length.max > key.length.max || from.length.min < key.length.min)) return false;
  return true;
}

/** Containment as high as it goes: what a pair's names allow at best. */
const PERFECT_CONTAINMENT: Containment = Object.freeze({ value: 1, method: 'bloom filter', checked: 1 });

/**
 * What names alone allow: the most confidence the pair could reach with perfect containment.
 * Pairs that cannot reach `floor` are not worth reading sketches for.
 */
export function namePrior(
  from: ColumnProfile,
  fromTable: TableProfile,
  to: KeyTarget,
  params: JoinParams,
  prefixes?: ColumnPrefixes,
  matched: NameMatch = nameMatch(from.name, to.table.name, to.column.name, params),
  referenceLike: boolean = isReferenceLike(from.name),
): { name: NameMatch; ceiling: number } {
  let name = matched;
  if (name.score < 1 && prefixes && sameUnprefixed(from.name, fromTable.name, to.column.name, prefixes, params)) {
    name = { score: 1, kind: 'same-unprefixed', reason: `same name as ${to.table.name}.${to.column.name} without the column prefixes` };
  }
  const ceiling = combine(name.score, referenceLike, to.score, PERFECT_CONTAINMENT, false, params);
  // A table referencing itself says so with a role beside its key's name (`parent_category_id`,
  // `account_parent`), or by its own name on a column that is not its key (`river.River`, the
  // river it flows into: checked on the values in `scorePair`).
  const self = name.kind === 'role-plus-key' || (name.kind === 'named-after' && from.count > 0 && !isUnique(from));
  return { name, ceiling: fromTable === to.table && !self ? 0 : ceiling };
}

/**
 * Confidence in [0, 1] from the evidence: names weigh most (they separate a real reference from
 * a coincidental overlap of small integers), containment next, then a reference-like name and
 * how key-like the referenced column is. Without a containment estimate, names must carry it.
 * `chanceOverlap`: the referencing column is unique and holds numbers, as a key of its own table
 * counting from 1 would — inside another such key by chance, unless the name says exactly this key.
 */
export function combine(
  nameScore: number,
  referenceLike: boolean,
  keyScore: number,
  containment: Containment | undefined,
  chanceOverlap: boolean,
  params: JoinParams,
): number {
  let score: number;
  if (containment) {
    score =
      params.checkedBase +
      params.checkedName * nameScore +
      (referenceLike ? params.checkedReferenceLike : 0) +
      params.checkedKey * keyScore;
    if (containment.method === 'dense key range' || containment.method === 'sample values') score -= params.weakContainmentPenalty;
    if (chanceOverlap && nameScore < 1) score -= params.uniqueFromPenalty;
  } else {
    score = params.namesBase + params.namesName * nameScore + (referenceLike ? params.namesReferenceLike : 0) + params.namesKey * keyScore;
  }
  return Math.max(0, Math.min(1, Math.round(score * 1000) / 1000));
}

function isExact(containment: Containment): boolean {
  return containment.method !== 'bloom filter' && containment.method !== 'bottom-k sketch';
}

/**
 * Values a key counting through its range holds as well: integers, digit strings (`'01'`) and
 * numbered codes (`ACC00012`). Names and codes of letters fall inside another key by no chance.
 */
function countsLikeAKey(column: ColumnProfile, params: JoinParams): boolean {
  if (valueKind(column, params)?.kind === 'integer') return true;
  return column.sample.length > 0 && column.sample.every((s) => typeof s.value === 'number' || /^[A-Za-z]{0,4}[-_]?\d+$/.test(s.value));
}

/**
 * Scores one pair that passed pruning; undefined when the evidence rules it out: too little
 * containment; a table's own key referencing another table without the same name (keys of
 * different tables overlap by chance: both count from 1); two keys holding the same values (1:1)
 * where the name does not say which references which.
 */
export function scorePair(
  fromTable: TableProfile,
  from: ColumnProfile,
  to: KeyTarget,
  name: NameMatch,
  fromIsOwnKey: boolean,
  params: JoinParams,
): ScoredPair | undefined {
  if (!to.own && to.score < params.minTargetKeyScore) return undefined;
  const self = to.table === fromTable;
  // A table's own key references another table when its name says which: the same key, or the
  // table's own name (`economy.Country` → country, a table extending another one to one).
  if (fromIsOwnKey && (!to.own || (name.score < 1 && name.kind !== 'named-after'))) return undefined;
  // A column named for its own table (`customer.customer_id`, `course.Course`) identifies or labels
  // that table's rows: it refers elsewhere only to a key named for it too (`businessentity`).
  const keyNamedForTarget =
    namesOwnTable(to.column.name, to.table.name, params) ||
    (namedAfterTable(to.column.name, to.table.name, params) && !namedAfterTable(to.column.name, fromTable.name, params));
  if (namesOwnTable(from.name, fromTable.name, params) && !keyNamedForTarget && !self) return undefined;
  const containment = from.count > 0 ? estimateContainment(from, to.column, params) : undefined;
  if (self && name.kind === 'named-after' && !containment) return undefined;
  // With no value to compare, one table's key referencing another's is only believable as a
  // subtype of the table the key is named for; with counts alone, only into a larger key.
  if (!containment && fromIsOwnKey && !keyNamedForTarget && (from.count === 0 || from.distinct >= to.column.distinct)) return undefined;
  if (containment && containment.value < (isExact(containment) ? params.minExactContainment : params.minContainment)) return undefined;
  const fromIsUnique = isUnique(from);
  if (containment && fromIsUnique && from.distinct >= to.column.distinct && from.distinct > 1) {
    if (!mentionsTable(from.name, to.table.name, params) || mentionsTable(from.name, fromTable.name, params)) return undefined;
  }
  const chanceOverlap = fromIsUnique && countsLikeAKey(from, params);
  const confidence = combine(name.score, isReferenceLike(from.name), to.score, containment, chanceOverlap, params);
  const evidence = [name.reason];
  if (containment) {
    evidence.push(
      `${Math.round(containment.value * 100)}% of ${containment.checked} ${from.name} values found in ${to.table.name}.${to.column.name} (${containment.method})`,
    );
  } else {
    evidence.push(from.count === 0 ? `${from.name} holds no value: names only` : 'no sketch or sample to check values: names only');
  }
  evidence.push(`${to.table.name}.${to.column.name} is unique (key score ${to.score})`);
  return { fromTable, from, to, name, containment, confidence, evidence };
}
