/**
 * What a run of digits does in an identifier's words:
 * - `join`: a word of digits alone joins the word before it (`contract_1` → contract1,
 *   `HTTPCode2` → http, code2), as join inference compares names;
 * - `split`: digits ending a word after a letter go apart (`HTTPCode2` → http, code, 2;
 *   `contract_1` → contract, 1), a number inside a word stays (`b2b_order` → b2b, order), as a
 *   question writes them;
 * - `apart`: every change between letters and digits is a cut (`b2b` → b, 2, b), as the offline
 *   embedder reads text.
 */
export type DigitPolicy = 'join' | 'split' | 'apart';

export interface IdentifierWordsOptions {
  digits: DigitPolicy;
  /**
   * A number glued to the unit it counts is two words, as a question writes them (`5yr` → 5, yr,
   * and so "5-year"); an ordinal (`1st`, `22nd`) stays one word. Default false.
   */
  units?: boolean;
  /**
   * `ascii` (default): words are runs of `a-z0-9` after lower-casing, anything else cuts;
   * `any`: letters and digits of every script are word characters (`Zürich` stays one word).
   */
  letters?: 'ascii' | 'any';
}

const ASCII = {
  camel: /([a-z0-9])([A-Z])/g,
  acronym: /([A-Z]+)([A-Z][a-z]{2})/g,
  trailingDigits: /([a-zA-Z])([0-9]+)(?![0-9a-zA-Z])/g,
  letterDigit: /([a-zA-Z])(?=[0-9])|([0-9])(?=[a-zA-Z])/g,
  cut: /[^a-z0-9]+/,
};
const ANY = {
  camel: /([\p{Ll}\p{N}])(\p{Lu})/gu,
  acronym: /(\p{Lu}+)(\p{Lu}\p{Ll}{2})/gu,
  trailingDigits: /(\p{L})(\p{N}+)(?![\p{N}\p{L}])/gu,
  letterDigit: /(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu,
  cut: /[^\p{L}\p{M}\p{N}]+/u,
};

/**
 * The words of an identifier, lower case: camel case and acronyms cut (`orderDate` → order, date;
 * `HTTPCode` → http, code; an acronym's plural `s` stays with it: `CustomerIDs` → customer, ids), then every run of letters and digits (`L_SHIPDATE` → l, shipdate),
 * digits as `digits` says. The one splitter of every package.
 */
export function identifierWords(name: string, { digits, units = false, letters = 'ascii' }: IdentifierWordsOptions): string[] {
  const re = letters === 'any' ? ANY : ASCII;
  let spaced = name.replace(re.camel, '$1 $2').replace(re.acronym, '$1 $2');
  // Before lower-casing, as grounding always has: lower-casing turns a few non-ASCII letters into ASCII ones (the Kelvin sign into k).
  if (digits === 'split') spaced = spaced.replace(re.trailingDigits, '$1 $2');
  else if (digits === 'apart') spaced = spaced.replace(re.letterDigit, '$1$2 ');
  const words = spaced
    .toLowerCase()
    .split(re.cut)
    .filter((w) => w.length > 0);
  const joined = digits === 'join' ? joinNumbers(words) : words;
  return units ? joined.flatMap(splitCount) : joined;
}

function joinNumbers(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (/^\d+$/.test(w) && out.length > 0) out[out.length - 1] += w;
    else out.push(w);
  }
  return out;
}

/** Suffixes of an ordinal (`1st`, `22nd`): a number with one of these is one word. */
const ORDINAL_ENDINGS = new Set(['st', 'nd', 'rd', 'th']);

function splitCount(word: string): string[] {
  const m = /^(\d+)([a-z]{2,})$/.exec(word);
  return m && !ORDINAL_ENDINGS.has(m[2]!) ? [m[1]!, m[2]!] : [word];
}
