import type { ColumnProfile, TableProfile } from '@guided-retrieval/profiler';
import { type Containment, estimateContainment } from './containment.js';
import { isKeyType, isUnique } from './keys.js';
import {
  type ColumnPrefixes,
  isReferenceLike,
  mentionsTable,
  type NameMatch,
  namedAfterTable,
  nameMatch,
  namesOwnTable,
  sameUnprefixed,
} from './names.js';

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

/** Estimated containment below this is no inclusion dependency (slack for sketch error and dirty rows). */
export const MIN_CONTAINMENT = 0.9;
/** Containment counted exactly (whole sketch, dense range, every value sampled) must be nearly total. */
export const MIN_EXACT_CONTAINMENT = 0.98;
/**
 * A unique column that is not its table's best key needs this key score (an identifier name): else it is a value
 * (an address, a capital).
 */
export const MIN_TARGET_KEY_SCORE = 0.7;

/** The kind of values a column compares as; text that holds only integers may also meet integers. */
export interface ValueKind {
  kind: 'integer' | 'text';
  numericText: boolean;
}

export function valueKind(column: ColumnProfile): ValueKind | undefined {
  if (!isKeyType(column)) return undefined;
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
function rangesExclude(from: ColumnProfile, key: ColumnProfile): boolean {
  const { min: a, max: b } = from;
  const { min: c, max: d } = key;
  if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number' && typeof d === 'number')
    return rangeInside(a, b, c, d) < 0.9;
  if (typeof a === 'string' && typeof b === 'string' && typeof c === 'string' && typeof d === 'string')
    return b < c || a > d || (a < c && b > d);
  return false;
}

/**
 * The cheap checks that rule a pair out before any sketch is read: compatible kinds of values,
 * no more distinct values than the key has, `from`'s value range (nearly) inside the key's, text
 * lengths inside the key's. A column with no values (an empty table, all NULL) passes: only
 * names can speak for it.
 */
export function passesPruning(from: ColumnProfile, fromKind: ValueKind, to: KeyTarget, toKind: ValueKind): boolean {
  const key = to.column;
  // Without values (an empty table, a schema without data) declared types are all there is, and
  // schemas declare a key and its references loosely (`number` here, `text` there).
  if (from.count === 0 || key.count === 0) return true;
  if (!compatible(fromKind, toKind)) return false;
  // Exact counts leave room only for a few dirty rows. Sample estimates are no bound at all: a
  // sample that takes one row of each run of equal keys (clustered data) sees them all distinct.
  const estimated = from.distinctExact === false || key.distinctExact === false;
  if (!estimated && from.distinct > key.distinct * 1.02 + 1) return false;
  if (rangesExclude(from, key)) return false;
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
  prefixes?: ColumnPrefixes,
  matched: NameMatch = nameMatch(from.name, to.table.name, to.column.name),
  referenceLike: boolean = isReferenceLike(from.name),
): { name: NameMatch; ceiling: number } {
  let name = matched;
  if (name.score < 1 && prefixes && sameUnprefixed(from.name, fromTable.name, to.column.name, prefixes)) {
    name = { score: 1, kind: 'same-unprefixed', reason: `same name as ${to.table.name}.${to.column.name} without the column prefixes` };
  }
  const ceiling = combine(name.score, referenceLike, to.score, PERFECT_CONTAINMENT, false);
  // A table referencing itself says so with a role before its key's name (`parent_category_id`).
  return { name, ceiling: fromTable === to.table && name.kind !== 'role-plus-key' ? 0 : ceiling };
}

/**
 * Confidence in [0, 1] from the evidence: names weigh most (they separate a real reference from
 * a coincidental overlap of small integers), containment next, then a reference-like name and
 * how key-like the referenced column is. Without a containment estimate, names must carry it.
 */
export function combine(
  nameScore: number,
  referenceLike: boolean,
  keyScore: number,
  containment: Containment | undefined,
  fromIsUnique: boolean,
): number {
  let score: number;
  if (containment) {
    score = 0.35 + 0.45 * nameScore + (referenceLike ? 0.1 : 0) + 0.1 * keyScore;
    if (containment.method === 'dense key range' || containment.method === 'sample values') score -= 0.05;
    if (fromIsUnique && nameScore < 1) score -= 0.15;
  } else {
    score = 0.2 + 0.55 * nameScore + (referenceLike ? 0.1 : 0) + 0.1 * keyScore;
  }
  return Math.max(0, Math.min(1, Math.round(score * 1000) / 1000));
}

function isExact(containment: Containment): boolean {
  return containment.method !== 'bloom filter' && containment.method !== 'bottom-k sketch';
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
): ScoredPair | undefined {
  if (!to.own && to.score < MIN_TARGET_KEY_SCORE) return undefined;
  if (fromIsOwnKey && (name.score < 1 || !to.own)) return undefined;
  // A column named for its own table (`customer.customer_id`, `course.Course`) identifies or labels
  // that table's rows: it refers elsewhere only to a key named for it too (`businessentity`).
  const keyNamedForTarget =
    namesOwnTable(to.column.name, to.table.name) ||
    (namedAfterTable(to.column.name, to.table.name) && !namedAfterTable(to.column.name, fromTable.name));
  if (namesOwnTable(from.name, fromTable.name) && !keyNamedForTarget) return undefined;
  const containment = from.count > 0 ? estimateContainment(from, to.column) : undefined;
  // With no value to compare, one table's key referencing another's is only believable as a
  // subtype of the table the key is named for; with counts alone, only into a larger key.
  if (!containment && fromIsOwnKey && !keyNamedForTarget && (from.count === 0 || from.distinct >= to.column.distinct)) return undefined;
  if (containment && containment.value < (isExact(containment) ? MIN_EXACT_CONTAINMENT : MIN_CONTAINMENT)) return undefined;
  const fromIsUnique = isUnique(from);
  if (containment && fromIsUnique && from.distinct >= to.column.distinct && from.distinct > 1) {
    if (!mentionsTable(from.name, to.table.name) || mentionsTable(from.name, fromTable.name)) return undefined;
  }
  const confidence = combine(name.score, isReferenceLike(from.name), to.score, containment, fromIsUnique);
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
