/**
 * Settling the matches: for every question word only its strongest matches, a match inside a
 * longer nearly as strong one dropped, tables the question also names winning ties, weak tables
 * left out; then T0, the grounded tables, strongest first.
 */
import type { GroundingParams } from './params.js';
import type { GroundedTable, GroundingMatch } from './types.js';

/** The positions of the question words a match covers. */
export function wordsOf(match: GroundingMatch): number[] {
  return Array.from({ length: match.span[1] - match.span[0] }, (_, i) => match.span[0] + i);
}

/** Each table's best match score, and the best of all (0 without a match). */
function bestPerTable(matches: readonly GroundingMatch[]): { best: Map<string, number>; strongest: number } {
  const best = new Map<string, number>();
  for (const m of matches) best.set(m.table, Math.max(best.get(m.table) ?? 0, m.score));
  return { best, strongest: Math.max(0, ...best.values()) };
}

/** The tables the question's matches point at: within `namedTableRatio` of the strongest. */
export function namedTables(matches: readonly GroundingMatch[], params: Pick<GroundingParams, 'namedTableRatio'>): string[] {
  const { best, strongest } = bestPerTable(matches);
  return [...best].filter(([, score]) => score >= params.namedTableRatio * strongest).map(([table]) => table);
}

/**
 * Keeps, for every question word, only the strongest matches covering it: "suppliers" names the
 * SUPPLIER table outright, so its weaker partial match on PARTSUPP is dropped.
 */
export function keepStrongest(
  matches: readonly GroundingMatch[],
  params: Pick<GroundingParams, 'preferLongerSpans' | 'longerSpanRatio'>,
): GroundingMatch[] {
  const best = new Map<number, number>();
  for (const m of matches) {
    for (let i = m.span[0]; i < m.span[1]; i++) best.set(i, Math.max(best.get(i) ?? 0, m.score));
  }
  const strongest = matches.filter((m) => {
    for (let i = m.span[0]; i < m.span[1]; i++) if (m.score >= (best.get(i) ?? 0) - 1e-9) return true;
    return false;
  });
  const kept = preferNamedTables(params.preferLongerSpans ? preferLongerSpans(strongest, params.longerSpanRatio) : strongest);
  return kept.sort(
    (a, b) =>
      a.span[0] - b.span[0] || b.score - a.score || cmp(a.table, b.table) || cmp(a.column ?? '', b.column ?? '') || cmp(a.kind, b.kind),
  );
}

/**
 * A match inside a longer one that is nearly as strong is dropped: "fastest lap time" names a
 * column of RESULTS; "lap time" inside it does not also mean the LAPTIMES table.
 */
function preferLongerSpans(matches: readonly GroundingMatch[], ratio: number): GroundingMatch[] {
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
      !spans.some(
        (l) => l.end - l.start > m.span[1] - m.span[0] && l.start <= m.span[0] && l.end >= m.span[1] && l.score >= ratio * m.score,
      ),
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
  const { best, strongest } = bestPerTable(matches);
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
