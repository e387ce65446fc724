/**
 * A question word the schema never spells, read as the schema word nearest to it by word vectors
 * ("vocalists" → singer, "vehicle" → car): gated, since blind expansion brings antonyms and
 * relatives (highest → low, first → third). Only a word that matched nothing is read this way,
 * only against the schema's own name words, and only when its nearest is near enough and clearly
 * nearer than the next.
 */

import { plural, singular } from '@guided-retrieval/text';
import type { EntryShape } from '../index-entry.js';
import type { InvertedIndex } from '../inverted-index.js';
import type { GroundingParams } from '../params.js';
import type { WordVectors } from './store.js';

/** The schema's name words that the vectors know, grouped by singular (`singers`, `singer`). */
export interface SimilarWords {
  readonly vectors: WordVectors;
  /** One group per singular: its index keys and their rows. */
  readonly groups: readonly { keys: readonly string[]; rows: readonly number[] }[];
  readonly memo: Map<string, SimilarWord | null>;
  /** The gate a nearest word passes: at least `min` similar, and `margin` nearer than the next (`similarWordMin`, `similarWordMargin`). */
  readonly gate: { readonly min: number; readonly margin: number };
}

export interface SimilarWord {
  /** The schema word, an index key. */
  word: string;
  similarity: number;
  /** The next nearest schema word's similarity (another singular's). */
  runnerUp: number;
}

/** Memo size: a question stream's words (speed, never a result). */
const MAX_MEMO = 10_000;

/**
 * A key as the schema spells a name: a whole table, column or alias name, or a word of a table's
 * name (`car` of car_makers). A word of a longer column name is a qualifier (`retail` of
 * P_RETAILPRICE, which "sales" is near) and a value is no name (TPC-H's own questions went wrong
 * through both; Spider-Syn F1 0.820 with them left out, 0.826 with them in).
 */
function isNameWord(e: EntryShape): boolean {
  if (e.kind === 'value' || e.keyKind === 'synonym' || e.keyKind === 'derived' || e.keyKind === 'abbreviation') return false;
  return e.coverage === 1 || e.column === null;
}

/**
 * Single-word keys naming a table, column or alias (not a value) as the schema spells them, one
 * candidate per singular (`singers` and `singer` are one word, not each other's runner-up).
 */
export function similarWords(index: Pick<InvertedIndex, 'keys' | 'posting'>, vectors: WordVectors, params: GroundingParams): SimilarWords {
  const bySingular = new Map<string, string[]>();
  for (const key of index.keys()) {
    if (key.length < params.minSimilarSchemaWordLength || !/^[a-z]+$/.test(key) || !vectors.has(key)) continue;
    if (!index.posting(key)!.some(isNameWord)) continue;
    const one = singular(key);
    const keys = bySingular.get(one);
    if (keys) keys.push(key);
    else bySingular.set(one, [key]);
  }
  const groups = [...bySingular.keys()].sort().map((one) => {
    const keys = bySingular.get(one)!.sort();
    // The plural's vector too, when the schema spells only the singular: "vendors" is near
    // "suppliers" (0.65), not "supplier" (0.39); it stands for the singular's key.
    const many = plural(one);
    const extra = keys.includes(many) || !vectors.has(many) ? [] : [many];
    return { keys: [...keys, ...extra.map(() => keys[0]!)], rows: [...keys, ...extra].map((k) => vectors.row(k)) };
  });
  return { vectors, groups, memo: new Map(), gate: { min: params.similarWordMin, margin: params.similarWordMargin } };
}

/** The schema word nearest to a question word's spellings, when the gate lets it through. */
export function nearestSchemaWord(similar: SimilarWords, spellings: readonly string[]): SimilarWord | null {
  const key = spellings.join(' ');
  const memo = similar.memo.get(key);
  if (memo !== undefined) return memo;
  const found = nearest(similar, spellings);
  if (similar.memo.size >= MAX_MEMO) similar.memo.clear();
  similar.memo.set(key, found);
  return found;
}

function nearest(similar: SimilarWords, spellings: readonly string[]): SimilarWord | null {
  const { vectors, groups } = similar;
  const asked = [...new Set(spellings)].map((s) => vectors.row(s)).filter((r) => r >= 0);
  if (asked.length === 0) return null;
  let best: string | undefined;
  let bestScore = -1;
  let second = 0;
  for (const group of groups) {
    let score = -1;
    let word = group.keys[0]!;
    group.rows.forEach((row, i) => {
      for (const q of asked) {
        const s = vectors.similarity(q, row);
        if (s > score) {
          score = s;
          word = group.keys[i]!;
        }
      }
    });
    if (score > bestScore) {
      second = Math.max(second, bestScore);
      bestScore = score;
      best = word;
    } else second = Math.max(second, score);
  }
  if (best === undefined || bestScore < similar.gate.min || bestScore - second < similar.gate.margin) return null;
  return { word: best, similarity: round(bestScore), runnerUp: round(second) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The most frequent words of the vectors' vocabulary (`dictionaryWords`), three letters or more
 * (`minDictionaryWordLength`): a word-frequency dictionary glued names are cut into. Rarer words
 * make false cuts (`partsupp` is no "parts upp").
 */
export function generalDictionary(vectors: WordVectors, params: GroundingParams): readonly string[] {
  return vectors.words.slice(0, params.dictionaryWords).filter((w) => w.length >= params.minDictionaryWordLength);
}
