import type { IndexEntry, InvertedIndex } from './index-build.js';
import { MAX_SPAN, spanVariants, wordVariants, type Variant } from './variants.js';
import type { GroundedTable, GroundingMatch, MatchKind, QuestionToken, VariantKind } from './types.js';

const KIND_WEIGHT: Record<MatchKind, number> = { table: 1, alias: 0.9, value: 0.9, column: 0.8 };
const VARIANT_WEIGHT: Record<VariantKind, number> = {
  exact: 1, compound: 0.97, singular: 0.95, plural: 0.95, lemma: 0.95, demonym: 0.9, abbreviation: 0.85, synonym: 0.7,
};
/** A multi-word match is worth a little more than its words alone. */
const SPAN_BONUS = 0.05;

/** A column's alias counts as much as the column's own name, no more. */
const COLUMN_ALIAS_WEIGHT = KIND_WEIGHT.column;

export function matchScore(kind: MatchKind, variantKind: VariantKind, coverage: number, words: number, onColumn = false, tableFrequency = 1): number {
  const weight = kind === 'alias' && onColumn ? COLUMN_ALIAS_WEIGHT : KIND_WEIGHT[kind];
  const score = weight * VARIANT_WEIGHT[variantKind] * (0.5 + 0.5 * coverage) * (1 + SPAN_BONUS * (words - 1)) * rarity(tableFrequency);
  return Math.round(score * 1e6) / 1e6;
}

/** A key that names columns or values in many tables says little about which table is meant. */
function rarity(tableFrequency: number): number {
  return 1 / (1 + 0.5 * Math.log(Math.max(1, tableFrequency)));
}

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
  'average', 'avg', 'count', 'highest', 'largest', 'least', 'lowest', 'max', 'maximum', 'mean', 'min', 'minimum',
  'number', 'percentage', 'ratio', 'smallest', 'sum', 'top', 'total',
]);

/** Every lookup of every word and run of words, strongest match per element and span. */
export function lookupAll(tokens: readonly QuestionToken[], index: InvertedIndex, options: LookupOptions = {}): GroundingMatch[] {
  const found = new Map<string, GroundingMatch>();
  const useFrequency = options.inverseTableFrequency ?? true;
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + MAX_SPAN); end++) {
      const span = tokens.slice(start, end);
      if (span[0]!.stopWord || span[span.length - 1]!.stopWord) continue;
      if (end - start === 1 && span[0]!.lower.length < 2) continue;
      const variants = end - start === 1 ? wordVariants(span[0]!) : spanVariants(span);
      for (const variant of variants) {
        for (const entry of index.get(variant.key) ?? []) {
          if (end - start === 1 && entry.kind !== 'table' && OPERATION_WORDS.has(variant.key) && (entry.coverage < 1 || options.operationWordsAsColumns !== true)) continue;
          const match = toMatch(span, [start, end], variant, entry, useFrequency ? entry.tableFrequency : 1);
          const key = `${start}:${end}:${entry.table}:${entry.column ?? ''}:${entry.kind}`;
          const current = found.get(key);
          if (!current || match.score > current.score) found.set(key, match);
        }
      }
    }
  }
  return [...found.values()];
}

function toMatch(span: readonly QuestionToken[], range: [number, number], variant: Variant, entry: IndexEntry, tableFrequency: number): GroundingMatch {
  // Both sides may have bent the word (a lemma of the question, a synonym in the index): the
  // match is as weak as the weaker of the two.
  const variantKind = VARIANT_WEIGHT[variant.kind] <= VARIANT_WEIGHT[entry.keyKind] ? variant.kind : entry.keyKind;
  return {
    token: span.map((t) => t.text).join(' '),
    span: range,
    variant: variant.key,
    variantKind,
    table: entry.table,
    column: entry.column,
    kind: entry.kind,
    coverage: entry.coverage,
    score: matchScore(entry.kind, variantKind, entry.coverage, range[1] - range[0], entry.column !== null, tableFrequency),
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
    (a, b) => a.span[0] - b.span[0] || b.score - a.score || cmp(a.table, b.table) || cmp(a.column ?? '', b.column ?? '') || cmp(a.kind, b.kind),
  );
}

/**
 * A match inside a longer one that is nearly as strong is dropped: "fastest lap time" names a
 * column of RESULTS; "lap time" inside it does not also mean the LAPTIMES table.
 */
function preferLongerSpans(matches: readonly GroundingMatch[]): GroundingMatch[] {
  return matches.filter(
    (m) => !matches.some((l) => l.span[1] - l.span[0] > m.span[1] - m.span[0] && l.span[0] <= m.span[0] && l.span[1] >= m.span[1] && l.score >= 0.8 * m.score),
  );
}

/**
 * When the same words match equally well in several tables ("account balance" in CUSTOMER and
 * SUPPLIER), the tables the question also names ("of customers") win the tie.
 */
function preferNamedTables(matches: readonly GroundingMatch[]): GroundingMatch[] {
  const named = new Set(matches.filter((m) => m.kind === 'table' || (m.kind === 'alias' && m.column === null)).map((m) => m.table));
  const bySpan = new Map<string, GroundingMatch[]>();
  for (const m of matches) {
    const key = `${m.span[0]}:${m.span[1]}`;
    bySpan.set(key, [...(bySpan.get(key) ?? []), m]);
  }
  return matches.filter((m) => {
    if (m.kind === 'table' || named.has(m.table)) return true;
    const rivals = bySpan.get(`${m.span[0]}:${m.span[1]}`)!;
    return !rivals.some((r) => r.table !== m.table && named.has(r.table) && r.score >= m.score - 1e-9);
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
