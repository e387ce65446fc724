/**
 * The evidence for each table, before settling: every question word a table's matches cover, with
 * the strongest match per word. Settling keeps for each word only its strongest table and drops
 * weak tables from T0; a choice among candidate trees needs what settling set aside (the
 * `salary` column of employees when "job title" named jobs more strongly), so it is kept here.
 */
import type { GroundingMatch, QuestionToken, TableEvidence, WordEvidence } from './types.js';

/** The limits of what is kept: tables within `ratio` of the strongest, at most `maxTables` of them. */
export interface EvidenceLimits {
  ratio: number;
  maxTables: number;
}

/**
 * Each table's strongest match per word, for the tables within `limits.ratio` of the strongest
 * table (at most `limits.maxTables`, strongest first; ties by name). Stop words carry no evidence,
 * unless the measures lexicon read them: "the most" is a count of an event table's rows.
 */
export function tableEvidence(
  matches: readonly GroundingMatch[],
  tokens: readonly QuestionToken[],
  limits: EvidenceLimits,
): TableEvidence[] {
  const byTable = new Map<string, Map<number, WordEvidence>>();
  for (const m of matches) {
    let words = byTable.get(m.table);
    for (let i = m.span[0]; i < m.span[1]; i++) {
      if (tokens[i]?.stopWord && m.kind !== 'measure') continue;
      if (!words) {
        words = new Map();
        byTable.set(m.table, words);
      }
      const current = words.get(i);
      if (!current || m.score > current.score || (m.score === current.score && before(m, current.match)))
        words.set(i, { word: i, score: m.score, match: m });
    }
  }
  const all = [...byTable].map(([table, words]) => ({
    table,
    best: Math.max(...[...words.values()].map((w) => w.score)),
    words: [...words.values()].sort((a, b) => a.word - b.word),
  }));
  const strongest = Math.max(0, ...all.map((t) => t.best));
  return all
    .filter((t) => t.best >= limits.ratio * strongest - 1e-9)
    .sort((a, b) => b.best - a.best || (a.table < b.table ? -1 : a.table > b.table ? 1 : 0))
    .slice(0, limits.maxTables);
}

/** A fixed order among equally strong matches, so the evidence is the same whatever order the schema lists things in. */
function before(a: GroundingMatch, b: GroundingMatch): boolean {
  const key = (m: GroundingMatch) => [m.column ?? '', m.kind, m.variantKind, m.variant, String(m.span[0]), String(m.span[1])];
  const x = key(a);
  const y = key(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}
