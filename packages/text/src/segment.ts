import { ABBREVIATIONS } from './abbreviations.js';

/** What a glued word is cut into, and how sure a cut must be. */
export interface SegmentOptions {
  /** The words the cut is made of at full weight: a schema's own words, a general vocabulary. */
  vocabulary: ReadonlySet<string>;
  /** Words of a general dictionary: known, but at `dictionaryWeight` (a schema's own words win a tie). */
  dictionary?: ReadonlySet<string>;
  /** How much a dictionary word counts beside a vocabulary word, 0–1 (default 0.8). */
  dictionaryWeight?: number;
  /** Whether an abbreviation (`acct`, `qty`) is a known piece (default true). */
  abbreviations?: boolean;
  /**
   * Unknown pieces allowed beside the vocabulary's words (default 1: `retailprice` → retail,
   * price with `retail` unknown); 0 asks for a cut into known words only.
   */
  maxUnknown?: number;
  /** Shorter words come back whole (default 6). */
  minLength?: number;
  /** Known pieces shorter than this count as unknown (default 2). */
  minKnownPiece?: number;
  /** Unknown pieces shorter than this are refused (default 3). */
  minUnknownPiece?: number;
  /** A cut's score (known letters squared, by weight) must reach this (default 9). */
  minScore?: number;
}

const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * Cuts a glued word into known words (`shipdate` → ship, date; `acctbal` → acct, bal). Either
 * every piece is known (vocabulary, abbreviation or dictionary), or the pieces are vocabulary
 * words with at most `maxUnknown` unknown piece of `minUnknownPiece` letters or more
 * (`retailprice` → retail, price); abbreviations and dictionary words never pair with an unknown
 * piece, so `customer` does not become `cust omer`. Words that are known, short, contain digits
 * or have no convincing cut come back whole. The one segmenter of every package.
 */
export function segment(word: string, options: SegmentOptions): string[] {
  const { vocabulary, dictionary = NO_WORDS, dictionaryWeight = 0.8, abbreviations = true, maxUnknown = 1, minLength = 6 } = options;
  if (word.length < minLength || vocabulary.has(word) || dictionary.has(word) || /\d/.test(word)) return [word];
  const limits = {
    minKnownPiece: options.minKnownPiece ?? 2,
    minUnknownPiece: options.minUnknownPiece ?? 3,
  };
  const minScore = options.minScore ?? 9;
  const known = (piece: string) =>
    vocabulary.has(piece) || (abbreviations && Object.hasOwn(ABBREVIATIONS, piece)) ? 1 : dictionary.has(piece) ? dictionaryWeight : 0;
  const allKnown = bestCut(word, known, 0, limits);
  // An unknown piece pairs with the vocabulary's words only: beside a dictionary's rarer words it makes
  // nonsense (`checkin` is no "che ckin", `invoiceline` no "invoi celine").
  const oneUnknown = maxUnknown > 0 ? bestCut(word, (piece) => (vocabulary.has(piece) ? 1 : 0), maxUnknown, limits) : undefined;
  const best = [allKnown, oneUnknown]
    .filter((c): c is Cut => c !== undefined && c.pieces.length >= 2 && c.score >= minScore)
    .sort((a, b) => b.score - a.score || a.pieces.length - b.pieces.length)[0];
  return best ? best.pieces : [word];
}

/**
 * Endings of ordinary English words: a known word followed by one of these is a single word
 * (`statement`, `language`, `ordering`, `nationality`), not a compound.
 */
const ENGLISH_SUFFIXES = new Set([
  'able',
  'age',
  'al',
  'ality',
  'ance',
  'ation',
  'ence',
  'er',
  'ers',
  'ful',
  'ial',
  'ing',
  'ings',
  'ion',
  'ism',
  'ist',
  'ity',
  'ive',
  'less',
  'ling',
  'ment',
  'ments',
  'ness',
  'ology',
  'onomy',
  'ous',
  'ping',
  'ship',
  'ture',
  'ure',
]);

interface Cut {
  pieces: string[];
  score: number;
  unknown: number;
}

/**
 * Dynamic programming over cut points: known pieces score their length squared times how well
 * known they are (`known` is 1 for the vocabulary, less for a dictionary's word, 0 for unknown).
 */
function bestCut(
  word: string,
  known: (piece: string) => number,
  maxUnknown: number,
  { minKnownPiece, minUnknownPiece }: { minKnownPiece: number; minUnknownPiece: number },
): Cut | undefined {
  const best: (Cut | undefined)[] = new Array(word.length + 1);
  best[0] = { pieces: [], score: 0, unknown: 0 };
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start < end; start++) {
      const prev = best[start];
      if (!prev) continue;
      const piece = word.slice(start, end);
      const weight = piece.length >= minKnownPiece ? known(piece) : 0;
      if (weight === 0 && (piece.length < minUnknownPiece || prev.unknown >= maxUnknown)) continue;
      if (end === word.length && ENGLISH_SUFFIXES.has(piece) && (weight === 0 || prev.unknown > 0)) continue;
      const cut: Cut = {
        pieces: [...prev.pieces, piece],
        score: prev.score + weight * piece.length * piece.length,
        unknown: prev.unknown + (weight > 0 ? 0 : 1),
      };
      const current = best[end];
      if (!current || cut.score > current.score || (cut.score === current.score && cut.pieces.length < current.pieces.length)) {
        best[end] = cut;
      }
    }
  }
  return best[word.length];
}
