import type { ColumnProfile, TableProfile } from '@guided-retrieval/profiler';
import { estimateContainment, type Containment } from './containment.js';
import { isKeyType, isUnique } from './keys.js';
import { isReferenceLike, mentionsTable, nameMatch, type NameMatch } from './names.js';

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
/** A unique column that is not its table's best key needs this key score (an identifier name): else it is a value (an address, a capital). */
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
  const numericText = values.length > 0 && values.every((v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?[1-9]\d{0,14}$|^0$/.test(v)));
  return { kind: 'text', numericText };
}

function compatible(a: ValueKind, b: ValueKind): boolean {
  return a.kind === b.kind || (a.kind === 'integer' && b.numericText) || (b.kind === 'integer' && a.numericText);
}

function comparable(a: unknown, b: unknown): a is number | string {
  return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
}

/**
 * The cheap checks that rule a pair out before any sketch is read: the same kind of values,
 * no more distinct values than the key has, `from`'s value range and text lengths inside the
 * key's. A column with no values (an empty table, all NULL) passes: only names can speak for it.
 */
export function passesPruning(from: ColumnProfile, fromKind: ValueKind, to: KeyTarget, toKind: ValueKind): boolean {
  if (!compatible(fromKind, toKind)) return false;
  if (from.count === 0) return true;
  const key = to.column;
  if (from.distinct > key.distinct * 1.1 + 1) return false;
  if (comparable(from.min, key.min) && from.min < (key.min as typeof from.min)) return false;
  if (comparable(from.max, key.max) && from.max > (key.max as typeof from.max)) return false;
  if (from.length && key.length && (from.length.max > key.length.max || from.length.min < key.length.min)) return false;
  return true;
}

/**
 * What names alone allow: the most confidence the pair could reach with perfect containment.
 * Pairs that cannot reach `floor` are not worth reading sketches for.
 */
export function namePrior(from: ColumnProfile, fromTable: TableProfile, to: KeyTarget): { name: NameMatch; ceiling: number } {
  const name = nameMatch(from.name, to.table.name, to.column.name);
  const ceiling = combine(name.score, isReferenceLike(from.name), to.score, { value: 1, method: 'bloom filter', checked: 1 }, false);
  return { name, ceiling: fromTable === to.table && name.score < 0.8 ? 0 : ceiling };
}

/**
 * Confidence in [0, 1] from the evidence: names weigh most (they separate a real reference from
 * a coincidental overlap of small integers), containment next, then a reference-like name and
 * how key-like the referenced column is. Without a containment estimate, names must carry it.
 */
export function combine(nameScore: number, referenceLike: boolean, keyScore: number, containment: Containment | undefined, fromIsUnique: boolean): number {
  let score: number;
  if (containment) {
    score = 0.35 + 0.45 * nameScore + (referenceLike ? 0.1 : 0) + 0.1 * keyScore;
    if (containment.method === 'dense key range' || containment.method === 'sample values') score -= 0.05;
    if (fromIsUnique && nameScore < 1) score -= 0.15;
  } else {
    score = 0.15 + 0.55 * nameScore + (referenceLike ? 0.1 : 0) + 0.1 * keyScore;
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
export function scorePair(fromTable: TableProfile, from: ColumnProfile, to: KeyTarget, name: NameMatch, fromIsOwnKey: boolean): ScoredPair | undefined {
  if (!to.own && to.score < MIN_TARGET_KEY_SCORE) return undefined;
  if (fromIsOwnKey && (name.score < 1 || !to.own)) return undefined;
  const containment = from.count > 0 ? estimateContainment(from, to.column) : undefined;
  if (containment && containment.value < (isExact(containment) ? MIN_EXACT_CONTAINMENT : MIN_CONTAINMENT)) return undefined;
  const fromIsUnique = isUnique(from);
  if (containment && fromIsUnique && from.distinct >= to.column.distinct && from.distinct > 1) {
    if (!mentionsTable(from.name, to.table.name) || mentionsTable(from.name, fromTable.name)) return undefined;
  }
  const confidence = combine(name.score, isReferenceLike(from.name), to.score, containment, fromIsUnique);
  const evidence = [name.reason];
  if (containment) {
    evidence.push(`${Math.round(containment.value * 100)}% of ${containment.checked} ${from.name} values found in ${to.table.name}.${to.column.name} (${containment.method})`);
  } else {
    evidence.push(from.count === 0 ? `${from.name} holds no value: names only` : 'no sketch or sample to check values: names only');
  }
  evidence.push(`${to.table.name}.${to.column.name} is unique (key score ${to.score})`);
  return { fromTable, from, to, name, containment, confidence, evidence };
}
