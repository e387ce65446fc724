/**
 * Abbreviations common in database identifiers, each with the words it stands for. Used in both
 * directions: an identifier part `acct` is also indexed as `account`, and `quantity` as `qty`.
 * General database vocabulary only, nothing specific to one schema: TPC-H's own `mfgr` and `avail`,
 * which no other visible schema spells, are not listed; `acct` and `bal` are (IRS 990's `acct_pd`, a
 * loan schema's `acc_bal`).
 */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  acct: ['account'],
  addr: ['address'],
  amt: ['amount'],
  avg: ['average'],
  bal: ['balance'],
  cat: ['category'],
  cnt: ['count'],
  cust: ['customer'],
  desc: ['description'],
  dept: ['department'],
  dob: ['birth date'],
  dt: ['date'],
  emp: ['employee'],
  ext: ['extended'],
  fname: ['first name'],
  lname: ['last name'],
  info: ['information'],
  inv: ['invoice', 'inventory'],
  loc: ['location'],
  max: ['maximum'],
  mgr: ['manager'],
  min: ['minimum'],
  mkt: ['market'],
  nbr: ['number'],
  num: ['number'],
  no: ['number'],
  org: ['organization'],
  pct: ['percent'],
  prod: ['product'],
  qty: ['quantity'],
  supp: ['supplier'],
  sup: ['supplier'],
  tel: ['telephone', 'phone'],
  yr: ['year'],
};

/** `quantity` → `qty`: the reverse direction, for words spelled out in the schema. */
const CONTRACTIONS: Readonly<Record<string, readonly string[]>> = (() => {
  const out: Record<string, string[]> = {};
  for (const [abbr, words] of Object.entries(ABBREVIATIONS)) {
    for (const w of words) {
      if (w.includes(' ')) continue;
      const list = out[w] ?? [];
      list.push(abbr);
      out[w] = list;
    }
  }
  return out;
})();

const NONE: readonly string[] = [];

/** The words an abbreviation stands for (`acct` → account); none for any other word (`constructor` too). */
export function expansionsOf(word: string): readonly string[] {
  return Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word]! : NONE;
}

/** The abbreviations of a one-word name (`quantity` → qty); none for any other word. */
export function abbreviationsOf(word: string): readonly string[] {
  return Object.hasOwn(CONTRACTIONS, word) ? CONTRACTIONS[word]! : NONE;
}
