import { identifierWords } from '@guided-retrieval/profiler/internal';
import { ABBREVIATIONS } from './lexicon/abbreviations.js';
import type { GroundingParams } from './params.js';
import { defaultGroundingParams } from './params-load.js';

/**
 * An identifier's words as a question writes them (the profiler's `identifierWords`, digits split):
 * `L_SHIPDATE` → `['l', 'shipdate']`; `orderDate` → `['order', 'date']`; `HTTPCode2` → `['http', 'code', '2']`;
 * a number inside a word stays in it (`b2b_order` → `['b2b', 'order']`), a number before a unit goes apart
 * (`county_2017_5yr` → `['county', '2017', '5', 'yr']`).
 */
export function splitIdentifier(identifier: string): string[] {
  return identifierWords(identifier, { digits: 'split' }).flatMap(splitCount);
}

/** Suffixes of an ordinal (`1st`, `22nd`): a number with one of these is one word. */
const ORDINAL_ENDINGS = new Set(['st', 'nd', 'rd', 'th']);

/** A number glued to the unit it counts is two words, as a question writes them: `5yr` → 5, yr (and so "5-year"). */
function splitCount(word: string): string[] {
  const m = /^(\d+)([a-z]{2,})$/.exec(word);
  return m && !ORDINAL_ENDINGS.has(m[2]!) ? [m[1]!, m[2]!] : [word];
}

/**
 * The prefix every column of a table shares (`l_` in TPC-H's LINEITEM), which names the table
 * rather than the column and so is dropped from column words. Needs at least two columns.
 */
export function commonColumnPrefix(columns: readonly string[], params: GroundingParams = defaultGroundingParams()): string {
  if (columns.length < 2) return '';
  const first = columns[0]!.toLowerCase();
  const cut = first.indexOf('_');
  if (cut <= 0 || cut > params.maxColumnPrefixLetters) return '';
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
export function segmentCompound(
  word: string,
  vocabulary: ReadonlySet<string>,
  dictionary: ReadonlySet<string> = NO_WORDS,
  params: GroundingParams = defaultGroundingParams(),
): string[] {
  if (word.length < params.minCompoundLength || vocabulary.has(word) || dictionary.has(word) || /\d/.test(word)) return [word];
  const known = (piece: string) =>
    vocabulary.has(piece) || Object.hasOwn(ABBREVIATIONS, piece) ? 1 : dictionary.has(piece) ? params.dictionaryPieceWeight : 0;
  const allKnown = bestCut(word, known, 0, params);
  // An unknown piece pairs with the schema's own words only: beside a dictionary's rarer words it makes
  // nonsense (`checkin` is no "che ckin", `invoiceline` no "invoi celine").
  const oneUnknown = bestCut(word, (piece) => (vocabulary.has(piece) ? 1 : 0), 1, params);
  const best = [allKnown, oneUnknown]
    .filter((c): c is Cut => c !== undefined && c.pieces.length >= 2 && c.score >= params.minCutScore)
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

const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * Dynamic programming over cut points: known pieces score their length squared times how well
 * known they are (`known` is 1 for the schema's vocabulary, less for a dictionary's word, 0 for unknown).
 */
function bestCut(word: string, known: (piece: string) => number, maxUnknown: number, params: GroundingParams): Cut | undefined {
  const { minKnownPiece, minUnknownPiece } = params;
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

/**
 * A naming convention's prefix on every name of a schema written in one case, as PostgreSQL folds
 * unquoted camel case (`sbcustomer`, `sbticker`, every column `sb…` → `sb`): the longest prefix of
 * two to four letters every table name and every column name shares, leaving each table name
 * three letters or more. Empty when there is none.
 */
export function tableNamePrefix(
  tables: readonly { name: string; columns: readonly { name: string }[] }[],
  params: GroundingParams = defaultGroundingParams(),
): string {
  if (tables.length < 2) return '';
  const names = tables.map((t) => t.name.toLowerCase());
  if (names.some((n) => !/^[a-z][a-z0-9]*$/.test(n))) return '';
  const [shortest, longest] = params.tableNamePrefixLetters;
  let prefix = names[0]!.slice(0, longest);
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  while (prefix.length >= shortest && names.some((n) => n.length < prefix.length + params.minTableNameRest)) prefix = prefix.slice(0, -1);
  if (prefix.length < shortest) return '';
  const columns = tables.flatMap((t) => t.columns.map((c) => c.name.toLowerCase()));
  return columns.length > 0 && columns.every((c) => c.startsWith(prefix) && c.length > prefix.length) ? prefix : '';
}

/**
 * The prefix every column of a table shares when it extends the schema's table-name prefix
 * (`sbcust` in `sbcustid`, `sbcustname`; `sbtx` in `sbtxid`, `sbtxcustid`): it names the table, as
 * `l_` does in TPC-H. Needs three columns, each longer than the prefix.
 */
export function conventionColumnPrefix(
  columns: readonly string[],
  tablePrefix: string,
  params: GroundingParams = defaultGroundingParams(),
): string {
  if (tablePrefix === '' || columns.length < params.minConventionColumns) return '';
  const names = columns.map((c) => c.toLowerCase());
  let prefix = names[0]!;
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  while (prefix.length > 0 && names.some((n) => n.length <= prefix.length + 1)) prefix = prefix.slice(0, -1);
  return prefix.startsWith(tablePrefix) ? prefix : '';
}

/**
 * Namespace prefixes: the first word of table names (`crm` in crm_account, crm_contact, crm_lead;
 * `hr`, `ref`, a union's `<db>__`) that several tables share and that is not itself what a table
 * holds (no table is called just that). Such a word says where a table lives, not what it is.
 */
export function namespacePrefixes(tables: readonly string[], params: GroundingParams = defaultGroundingParams()): ReadonlySet<string> {
  const whole = new Set(tables.map((t) => splitIdentifier(t).join(' ')));
  const count = new Map<string, number>();
  for (const name of tables) {
    const space = namespaceOf(name);
    if (space) count.set(space, (count.get(space) ?? 0) + 1);
  }
  const found = new Set<string>();
  for (const [space, n] of count) {
    const words = splitIdentifier(space).join(' ');
    if (n >= params.minNamespaceTables && !whole.has(words) && !whole.has(`${words}s`)) found.add(space);
  }
  return found;
}

/** A name's candidate namespace, lower case: what comes before `__` (a union's `<db>__`), else its first word before `_`. */
function namespaceOf(name: string): string | null {
  const match = /^(.+?)__./.exec(name) ?? /^([A-Za-z]+)_+[A-Za-z0-9]{3,}/.exec(name);
  return match ? match[1]!.toLowerCase() : null;
}

/** A table's name without its namespace prefix (`crm_accountowner` → `accountowner`), or null when it has none. */
export function withoutNamespace(name: string, namespaces: ReadonlySet<string>): string | null {
  const space = namespaces.size > 0 ? namespaceOf(name) : null;
  return space && namespaces.has(space) ? name.slice(space.length).replace(/^_+/, '') : null;
}
