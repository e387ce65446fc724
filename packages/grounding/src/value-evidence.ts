/**
 * How much a match on a data value says. A proper name the question spells ("Brazil", "AC/DC")
 * found among a column's values is strong evidence, however many values the column holds. An
 * everyday word ("money", "bring") found among 3,000 song titles is not: some title holds almost
 * any word. So a value match of words the question does not capitalize counts less the more
 * distinct values its column holds, and less again when the words are only part of the value.
 * A categorical column ("Sales Manager" among five job titles) keeps most of its weight.
 */
import type { ValueEvidenceWeights } from './params.js';
import type { GroundingMatch, QuestionToken } from './types.js';

/** Whether the words at `span` are spelled as a name (`QuestionToken.name`: a digit or a sign, a proper noun, a word no dictionary holds). */
export function spelledAsName(tokens: readonly QuestionToken[], span: readonly [number, number]): boolean {
  for (let i = span[0]; i < span[1]; i++) if (tokens[i]?.name) return true;
  return false;
}

/** The share of a value match's score it keeps, in (0, 1]: 1 for a name the question spells. */
export function valueEvidence(distinct: number, coverage: number, words: number, asName: boolean, w: ValueEvidenceWeights): number {
  // Two or more words that are a whole value ("academy dinosaur", "aer lingus") are a name however written.
  if (asName || (coverage === 1 && words >= 2)) return 1;
  const logit =
    w.intercept + w.perLogDistinct * Math.log1p(Math.max(0, distinct)) + w.perUncovered * (1 - coverage) + w.perExtraWord * (words - 1);
  return Math.min(1, sigmoid(logit) / sigmoid(w.intercept));
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** What a value match's evidence is read from: what the fit (`pnpm fit`) learns the weights on. */
export interface ValueMatchFeatures {
  table: string;
  column: string;
  /** The question's words matched. */
  token: string;
  distinct: number;
  coverage: number;
  words: number;
  asName: boolean;
}

/** A value-indexed column's distinct values (profiled, listed or sampled), counted when the index was built. */
export type DistinctValues = (table: string, column: string) => number;

/** The value matches of `matches` with their features, the strongest per span and table. */
export function valueMatchFeatures(
  matches: readonly GroundingMatch[],
  tokens: readonly QuestionToken[],
  distinct: DistinctValues,
): ValueMatchFeatures[] {
  const best = new Map<string, GroundingMatch>();
  for (const m of matches) {
    if (m.kind !== 'value' || m.column === null) continue;
    const key = `${m.span[0]}:${m.span[1]}:${m.table}`;
    const current = best.get(key);
    if (!current || current.score < m.score) best.set(key, m);
  }
  return [...best.values()].map((m) => ({
    table: m.table,
    column: m.column!,
    token: m.token,
    distinct: distinct(m.table, m.column!),
    coverage: m.coverage,
    words: m.span[1] - m.span[0],
    asName: spelledAsName(tokens, m.span),
  }));
}

/** `matches` with each value match's score scaled by its evidence (other matches unchanged). */
export function weighValueMatches(
  matches: readonly GroundingMatch[],
  tokens: readonly QuestionToken[],
  distinct: DistinctValues,
  weights: ValueEvidenceWeights,
): GroundingMatch[] {
  return matches.map((m) => {
    if (m.kind !== 'value' || m.column === null) return m;
    const share = valueEvidence(distinct(m.table, m.column), m.coverage, m.span[1] - m.span[0], spelledAsName(tokens, m.span), weights);
    return share === 1 ? m : { ...m, score: Math.round(m.score * share * 1e6) / 1e6 };
  });
}
