import { type IndexEntry, type InvertedIndex, lookupKey } from './index-build.js';
import type { GroundedTable, GroundingMatch, MatchKind, QuestionToken, VariantKind } from './types.js';
import { MAX_SPAN, spanVariants, type Variant, wordVariants } from './variants.js';

const KIND_WEIGHT: Record<MatchKind, number> = { table: 1, alias: 0.9, value: 0.9, column: 0.8, measure: 0.78, time: 0.78 };
const VARIANT_WEIGHT: Record<VariantKind, number> = {
  exact: 1,
  compound: 0.97,
  singular: 0.95,
  plural: 0.95,
  lemma: 0.95,
  demonym: 0.9,
  abbreviation: 0.85,
  synonym: 0.7,
};
/** A multi-word match is worth a little more than its words alone. */
const SPAN_BONUS = 0.05;

/** A column's alias counts as much as the column's own name, no more. */
const COLUMN_ALIAS_WEIGHT = KIND_WEIGHT.column;

export function matchScore(
  kind: MatchKind,
  variantKind: VariantKind,
  coverage: number,
  words: number,
  onColumn = false,
  tableFrequency = 1,
): number {
  const weight = kind === 'alias' && onColumn ? COLUMN_ALIAS_WEIGHT : KIND_WEIGHT[kind];
  const score = weight * VARIANT_WEIGHT[variantKind] * (0.5 + 0.5 * coverage) * (1 + SPAN_BONUS * (words - 1)) * rarity(tableFrequency);
  return Math.round(score * 1e6) / 1e6;
}

/** A key that names columns or values in many tables says little about which table is meant. */
function rarity(tableFrequency: number): number {
  let value = RARITY[tableFrequency];
  if (value === undefined) {
    value = 1 / (1 + 0.5 * Math.log(Math.max(1, tableFrequency)));
    if (Number.isInteger(tableFrequency) && tableFrequency >= 0 && tableFrequency < 1e6) RARITY[tableFrequency] = value;
  }
  return value;
}

const RARITY: number[] = [];

export interface LookupOptions {
  /** Weigh column, alias and value matches down by how many tables the key names (default true). */
  inverseTableFrequency?: boolean;
  /** Let `average`, `total`, `count`… alone match a column of exactly that name (default false). */
  operationWordsAsColumns?: boolean;
}

/**
 * Words that name an operation on data rather than data: they match a column only when it is
 * called exactly that, never as one part of a longer name (`total` is not `O_TOTALPRICE`).
 */
const OPERATION_WORDS = new Set([
  'average',
  'avg',
  'count',
  'highest',
  'largest',
  'least',
  'lowest',
  'max',
  'maximum',
  'mean',
  'min',
  'minimum',
  'number',
  'percentage',
  'ratio',
  'smallest',
  'sum',
  'top',
  'total',
]);

/**
 * A key naming more elements than this (`status`, `name`, a country in every table of a
 * warehouse) is looked up only in the tables the question's more telling words matched, when
 * there are any: on its own it cannot say which table is meant (its inverse table frequency
 * already makes it the weakest match), and walking its whole list costs more than the rest.
 */
export const UNSELECTIVE_KEY_ENTRIES = 256;

/** How close to the strongest table a table must match to count as pointed at (as `dropWeakTables`' default). */
const NAMED_TABLE_RATIO = 0.75;

interface Lookup {
  start: number;
  end: number;
  token: string;
  variant: Variant;
  entries: readonly IndexEntry[];
}

/** Every lookup of every word and run of words, strongest match per element and span. */
export function lookupAll(tokens: readonly QuestionToken[], index: InvertedIndex, options: LookupOptions = {}): GroundingMatch[] {
  const useFrequency = options.inverseTableFrequency ?? true;
  const bySpan = new Map<number, Map<number, GroundingMatch>>();
  const unselective: Lookup[] = [];
  const visit = (lookup: Lookup, entries: readonly IndexEntry[]) => {
    const { start, end, variant } = lookup;
    const spanKey = start * (MAX_SPAN + 1) + (end - start);
    let found = bySpan.get(spanKey);
    if (!found) {
      found = new Map();
      bySpan.set(spanKey, found);
    }
    for (const entry of entries) {
      if (
        end - start === 1 &&
        entry.kind !== 'table' &&
        OPERATION_WORDS.has(variant.key) &&
        (entry.coverage < 1 || options.operationWordsAsColumns !== true)
      )
        continue;
      // Score first, build a match only when it wins.
      const variantKind = weaker(variant.kind, entry.keyKind);
      const score = matchScore(
        entry.kind,
        variantKind,
        entry.coverage,
        end - start,
        entry.column !== null,
        useFrequency ? entry.tableFrequency : 1,
      );
      const current = found.get(entry.element);
      if (!current || score > current.score)
        found.set(entry.element, toMatch(lookup.token, [start, end], variant.key, variantKind, entry, score));
    }
  };
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + MAX_SPAN); end++) {
      const span = tokens.slice(start, end);
      if (span[0]!.stopWord || span[span.length - 1]!.stopWord) continue;
      if (end - start === 1 && span[0]!.lower.length < 2) continue;
      const variants = end - start === 1 ? wordVariants(span[0]!) : spanVariants(span);
      const token = span.map((t) => t.text).join(' ');
      for (const variant of variants) {
        const entries = lookupKey(index, variant.key);
        if (!entries) continue;
        const lookup = { start, end, token, variant, entries };
        if (entries.length > UNSELECTIVE_KEY_ENTRIES) unselective.push(lookup);
        else visit(lookup, entries);
      }
    }
  }
  // The tables the telling words point at: within the weak-table ratio of the strongest.
  const best = new Map<string, number>();
  for (const found of bySpan.values()) for (const m of found.values()) best.set(m.table, Math.max(best.get(m.table) ?? 0, m.score));
  const strongest = Math.max(0, ...best.values());
  const named = new Set([...best].filter(([, score]) => score >= NAMED_TABLE_RATIO * strongest).map(([table]) => table));
  for (const lookup of unselective) visit(lookup, named.size === 0 ? lookup.entries : entriesOfTables(lookup.entries, named));
  const all: GroundingMatch[] = [];
  for (const spanKey of [...bySpan.keys()].sort((a, b) => a - b)) for (const m of bySpan.get(spanKey)!.values()) all.push(m);
  return all;
}

/** The tables the question's matches point at: within `NAMED_TABLE_RATIO` of the strongest. */
export function namedTables(matches: readonly GroundingMatch[]): string[] {
  const best = new Map<string, number>();
  for (const m of matches) best.set(m.table, Math.max(best.get(m.table) ?? 0, m.score));
  const strongest = Math.max(0, ...best.values());
  return [...best].filter(([, score]) => score >= NAMED_TABLE_RATIO * strongest).map(([table]) => table);
}

interface GroupedPosting {
  byTable: Map<string, IndexEntry[]>;
  /** Entries naming a whole table (its name or an alias of it): always read, however long the list. */
  tableNames: IndexEntry[];
}

const GROUPED = new WeakMap<readonly IndexEntry[], GroupedPosting>();

/**
 * The entries of a long posting list that name a table itself or belong to `tables`, through a
 * by-table grouping made once per list.
 */
function entriesOfTables(entries: readonly IndexEntry[], tables: ReadonlySet<string>): IndexEntry[] {
  let grouped = GROUPED.get(entries);
  if (!grouped) {
    grouped = { byTable: new Map(), tableNames: [] };
    for (const e of entries) {
      if (e.column === null && e.coverage === 1) grouped.tableNames.push(e);
      const list = grouped.byTable.get(e.table);
      if (list) list.push(e);
      else grouped.byTable.set(e.table, [e]);
    }
    GROUPED.set(entries, grouped);
  }
  const picked = [...tables].flatMap((t) => grouped.byTable.get(t) ?? []);
  return [...grouped.tableNames.filter((e) => !tables.has(e.table)), ...picked];
}

/** Both sides may have bent the word (a lemma of the question, a synonym in the index): the match is as weak as the weaker of the two. */
function weaker(a: VariantKind, b: VariantKind): VariantKind {
  return VARIANT_WEIGHT[a] <= VARIANT_WEIGHT[b] ? a : b;
}

function toMatch(
  token: string,
  range: [number, number],
  variant: string,
  variantKind: VariantKind,
  entry: IndexEntry,
  score: number,
): GroundingMatch {
  return {
    token,
    span: range,
    variant,
    variantKind,
    table: entry.table,
    column: entry.column,
    kind: entry.kind,
    coverage: entry.coverage,
    score,
  };
}

/**
 * Keeps, for every question word, only the strongest matches covering it: "suppliers" names the
 * SUPPLIER table outright, so its weaker partial match on PARTSUPP is dropped.
 */
export function keepStrongest(matches: readonly GroundingMatch[], options: { preferLongerSpans?: boolean } = {}): GroundingMatch[] {
  const best = new Map<number, number>();
  for (const m of matches) {
    for (let i = m.span[0]; i < m.span[1]; i++) best.set(i, Math.max(best.get(i) ?? 0, m.score));
  }
  const strongest = matches.filter((m) => {
    for (let i = m.span[0]; i < m.span[1]; i++) if (m.score >= (best.get(i) ?? 0) - 1e-9) return true;
    return false;
  });
  const kept = preferNamedTables(options.preferLongerSpans === false ? strongest : preferLongerSpans(strongest));
  return kept.sort(
    (a, b) =>
      a.span[0] - b.span[0] || b.score - a.score || cmp(a.table, b.table) || cmp(a.column ?? '', b.column ?? '') || cmp(a.kind, b.kind),
  );
}

/**
 * A match inside a longer one that is nearly as strong is dropped: "fastest lap time" names a
 * column of RESULTS; "lap time" inside it does not also mean the LAPTIMES table.
 */
function preferLongerSpans(matches: readonly GroundingMatch[]): GroundingMatch[] {
  // The strongest score per span, so each match is checked against spans, not against matches.
  const bestBySpan = new Map<string, { start: number; end: number; score: number }>();
  for (const m of matches) {
    const key = `${m.span[0]}:${m.span[1]}`;
    const best = bestBySpan.get(key);
    if (!best) bestBySpan.set(key, { start: m.span[0], end: m.span[1], score: m.score });
    else best.score = Math.max(best.score, m.score);
  }
  const spans = [...bestBySpan.values()];
  return matches.filter(
    (m) =>
      !spans.some((l) => l.end - l.start > m.span[1] - m.span[0] && l.start <= m.span[0] && l.end >= m.span[1] && l.score >= 0.8 * m.score),
  );
}

/**
 * When the same words match equally well in several tables ("account balance" in CUSTOMER and
 * SUPPLIER), the tables the question also names ("of customers") win the tie.
 */
function preferNamedTables(matches: readonly GroundingMatch[]): GroundingMatch[] {
  const named = new Set(matches.filter((m) => m.kind === 'table' || (m.kind === 'alias' && m.column === null)).map((m) => m.table));
  // Per span, the strongest match on a named table: a match on an unnamed table loses to it.
  const namedBest = new Map<string, number>();
  for (const m of matches) {
    if (!named.has(m.table)) continue;
    const key = `${m.span[0]}:${m.span[1]}`;
    namedBest.set(key, Math.max(namedBest.get(key) ?? Number.NEGATIVE_INFINITY, m.score));
  }
  return matches.filter((m) => {
    if (m.kind === 'table' || named.has(m.table)) return true;
    const rival = namedBest.get(`${m.span[0]}:${m.span[1]}`);
    return rival === undefined || rival < m.score - 1e-9;
  });
}

/**
 * Tables whose every match is much weaker than the strongest table's are left out of T0: a
 * question that names "schools" outright does not also mean the table whose alias says "name".
 */
export function dropWeakTables(matches: readonly GroundingMatch[], ratio: number): GroundingMatch[] {
  if (ratio <= 0) return [...matches];
  const best = new Map<string, number>();
  for (const m of matches) best.set(m.table, Math.max(best.get(m.table) ?? 0, m.score));
  const strongest = Math.max(0, ...best.values());
  return matches.filter((m) => best.get(m.table)! >= ratio * strongest - 1e-9);
}

/** T0: every table with a surviving match, strongest first (ties: first mentioned, then name). */
export function groundedTables(matches: readonly GroundingMatch[]): GroundedTable[] {
  const byTable = new Map<string, { score: number; matches: number; first: number }>();
  for (const m of matches) {
    const t = byTable.get(m.table) ?? { score: 0, matches: 0, first: m.span[0] };
    t.score = Math.max(t.score, m.score);
    t.matches += 1;
    t.first = Math.min(t.first, m.span[0]);
    byTable.set(m.table, t);
  }
  return [...byTable]
    .sort(([a, x], [b, y]) => y.score - x.score || x.first - y.first || cmp(a, b))
    .map(([table, t]) => ({ table, score: t.score, matches: t.matches }));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
