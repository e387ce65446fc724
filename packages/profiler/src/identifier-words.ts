/**
 * What a run of digits does in an identifier's words:
 * - `join`: a word of digits alone joins the word before it (`contract_1` → contract1,
 *   `HTTPCode2` → http, code2), as join inference compares names;
 * - `split`: digits ending a word after a letter go apart (`HTTPCode2` → http, code, 2;
 *   `contract_1` → contract, 1), a number inside a word stays (`b2b_order` → b2b, order), as a
 *   question writes them.
 */
export type DigitPolicy = 'join' | 'split';

/**
 * The words of an identifier, lower case: camel case and acronyms cut (`orderDate` → order, date;
 * `HTTPCode` → http, code), then every run of letters and digits (`L_SHIPDATE` → l, shipdate),
 * digits as `digits` says.
 */
export function identifierWords(name: string, { digits }: { digits: DigitPolicy }): string[] {
  let spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  // Before lower-casing, as grounding always has: lower-casing turns a few non-ASCII letters into ASCII ones (the Kelvin sign into k).
  if (digits === 'split') spaced = spaced.replace(/([a-zA-Z])([0-9]+)(?![0-9a-zA-Z])/g, '$1 $2');
  const words = spaced
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  return digits === 'join' ? joinNumbers(words) : words;
}

function joinNumbers(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (/^\d+$/.test(w) && out.length > 0) out[out.length - 1] += w;
    else out.push(w);
  }
  return out;
}
