import { identifierWords } from '@guided-retrieval/profiler/internal';
import { ABBREVIATIONS } from './lexicon/abbreviations.js';
import {
  MAX_COLUMN_PREFIX_LETTERS,
  MIN_COMPOUND_LENGTH,
  MIN_CONVENTION_COLUMNS,
  MIN_CUT_SCORE,
  MIN_KNOWN_PIECE,
  MIN_TABLE_NAME_REST,
  MIN_UNKNOWN_PIECE,
  TABLE_NAME_PREFIX_LETTERS,
} from './thresholds.js';

/**
 * An identifier's words as a question writes them (the profiler's `identifierWords`, digits split):
 * `L_SHIPDATE` → `['l', 'shipdate']`; `orderDate` → `['order', 'date']`; `HTTPCode2` → `['http', 'code', '2']`;
 * a number inside a word stays in it (`b2b_order` → `['b2b', 'order']`).
 */
export function splitIdentifier(identifier: string): string[] {
  return identifierWords(identifier, { digits: 'split' });
}

/**
 * The prefix every column of a table shares (`l_` in TPC-H's LINEITEM), which names the table
 * rather than the column and so is dropped from column words. Needs at least two columns.
 */
export function commonColumnPrefix(columns: readonly string[]): string {
  if (columns.length < 2) return '';
  const first = columns[0]!.toLowerCase();
  const cut = first.indexOf('_');
  if (cut <= 0 || cut > MAX_COLUMN_PREFIX_LETTERS) return '';
  const prefix = first.slice(0, cut + 1);
  return columns.every((c) => c.toLowerCase().startsWith(prefix) && c.length > prefix.length) ? prefix : '';
}

/** `name` without `prefix` (lower case, as `commonColumnPrefix` gives it) when it starts with it. */
export function withoutPrefix(name: string, prefix: string): string {
  return prefix && name.toLowerCase().startsWith(prefix) ? name.slice(prefix.length) : name;
}

/**
 * Cuts a glued word into known words (`shipdate` → `ship date`, `acctbal` → `acct bal`). Either
 * every piece is a known word or abbreviation, or the pieces are known words with at most one
 * unknown piece of three or more letters (`retailprice` → `retail price`); abbreviations never
 * pair with an unknown piece, so `customer` does not become `cust omer`. Words that are known,
 * short, or have no convincing cut come back whole.
 */
export function segmentCompound(word: string, vocabulary: ReadonlySet<string>): string[] {
  if (word.length < MIN_COMPOUND_LENGTH || vocabulary.has(word) || /\d/.test(word)) return [word];
  const allKnown = bestCut(word, (piece) => vocabulary.has(piece) || Object.hasOwn(ABBREVIATIONS, piece), 0);
  const oneUnknown = bestCut(word, (piece) => vocabulary.has(piece), 1);
  const best = [allKnown, oneUnknown]
    .filter((c): c is Cut => c !== undefined && c.pieces.length >= 2 && c.score >= MIN_CUT_SCORE)
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

/** Dynamic programming over cut points: known pieces score their length squared. */
function bestCut(word: string, isKnown: (piece: string) => boolean, maxUnknown: number): Cut | undefined {
  const best: (Cut | undefined)[] = new Array(word.length + 1);
  best[0] = { pieces: [], score: 0, unknown: 0 };
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start < end; start++) {
      const prev = best[start];
      if (!prev) continue;
      const piece = word.slice(start, end);
      const known = piece.length >= MIN_KNOWN_PIECE && isKnown(piece);
      if (!known && (piece.length < MIN_UNKNOWN_PIECE || prev.unknown >= maxUnknown)) continue;
      if (end === word.length && ENGLISH_SUFFIXES.has(piece) && (!known || prev.unknown > 0)) continue;
      const cut: Cut = {
        pieces: [...prev.pieces, piece],
        score: prev.score + (known ? piece.length * piece.length : 0),
        unknown: prev.unknown + (known ? 0 : 1),
      };
      const current = best[end];
      if (!current || cut.score > current.score || (cut.score === current.score && cut.pieces.length < current.pieces.length)) {
        best[end] = cut;
      }
    }
  }
  return best[word.length];
}

/**
 * A naming convention's prefix on every name of a schema written in one case, as PostgreSQL folds
 * unquoted camel case (`sbcustomer`, `sbticker`, every column `sb…` → `sb`): the longest prefix of
 * two to four letters every table name and every column name shares, leaving each table name
 * three letters or more. Empty when there is none.
 */
export function tableNamePrefix(tables: readonly { name: string; columns: readonly { name: string }[] }[]): string {
  if (tables.length < 2) return '';
  const names = tables.map((t) => t.name.toLowerCase());
  if (names.some((n) => !/^[a-z][a-z0-9]*$/.test(n))) return '';
  const [shortest, longest] = TABLE_NAME_PREFIX_LETTERS;
  let prefix = names[0]!.slice(0, longest);
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  while (prefix.length >= shortest && names.some((n) => n.length < prefix.length + MIN_TABLE_NAME_REST)) prefix = prefix.slice(0, -1);
  if (prefix.length < shortest) return '';
  const columns = tables.flatMap((t) => t.columns.map((c) => c.name.toLowerCase()));
  return columns.length > 0 && columns.every((c) => c.startsWith(prefix) && c.length > prefix.length) ? prefix : '';
}

/**
 * The prefix every column of a table shares when it extends the schema's table-name prefix
 * (`sbcust` in `sbcustid`, `sbcustname`; `sbtx` in `sbtxid`, `sbtxcustid`): it names the table, as
 * `l_` does in TPC-H. Needs three columns, each longer than the prefix.
 */
export function conventionColumnPrefix(columns: readonly string[], tablePrefix: string): string {
  if (tablePrefix === '' || columns.length < MIN_CONVENTION_COLUMNS) return '';
  const names = columns.map((c) => c.toLowerCase());
  let prefix = names[0]!;
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  while (prefix.length > 0 && names.some((n) => n.length <= prefix.length + 1)) prefix = prefix.slice(0, -1);
  return prefix.startsWith(tablePrefix) ? prefix : '';
}
