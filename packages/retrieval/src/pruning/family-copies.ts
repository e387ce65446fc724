/**
 * Drops the copies of one table under several namespaces or numbers (`CRYPTO_ETHEREUM.LOGS`,
 * `CRYPTO_BAND.LOGS`) that the question's words name less well than another copy: it means that one.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { identifierWords, singular } from '@guided-retrieval/text';
import { defaultHeuristicParams, type HeuristicParams } from '../params.js';
import type { PrunePass } from './pass.js';

/** A target left out as one of a family of copies the question's words tell apart, or do not. */
export interface FamilyPruning {
  tables: string[];
  kept: string[];
}

/**
 * Tables that are one table under several namespaces or numbers (`CRYPTO_ETHEREUM.LOGS`,
 * `CRYPTO_BAND.LOGS`; `census_2015`, `census_2018`): the members whose own words (those the
 * family does not share) the question says most, and leaves unsaid least, are kept ("Ethereum
 * Classic" keeps `CRYPTO_ETHEREUM_CLASSIC`, "Ethereum" `CRYPTO_ETHEREUM`, "1995 to 2015" both
 * years). When no member's own words are said and there are more than `maxUntoldCopies`, only
 * the source (or the strongest grounded member) stays: the question does not say which copy —
 * unless it says a number they share ("sales in 1999" for twelve monthly copies of 1999).
 */
export function familyCopies(
  graph: ContextGraph,
  grounding: GroundingResult,
  source: string | null,
  targets: readonly string[],
  params: Pick<HeuristicParams, 'maxUntoldCopies'> = defaultHeuristicParams(),
): FamilyPruning[] {
  const families = new Map<string, string[]>();
  for (const t of source === null ? targets : [source, ...targets]) {
    const key = familyKey(graph, t);
    families.set(key, [...(families.get(key) ?? []), t]);
  }
  const said = new Set(grounding.tokens.flatMap((w) => [w.lower, w.lemma.toLowerCase()]));
  const order = new Map(grounding.grounded.map((g, i) => [g.table, i]));
  const out: FamilyPruning[] = [];
  for (const members of families.values()) {
    if (members.length < 2) continue;
    const words = members.map((m) => new Set(identifierWords(m, { digits: 'split' })));
    const shared = [...words[0]!].filter((w) => words.every((ws) => ws.has(w)));
    const scored = members.map((table, i) => {
      const own = [...words[i]!].filter((w) => !shared.includes(w));
      const hits = own.filter((w) => said.has(w) || said.has(singular(w))).length;
      return { table, hits, misses: own.length - hits };
    });
    const best = scored.reduce((a, b) => (b.hits > a.hits || (b.hits === a.hits && b.misses < a.misses) ? b : a));
    let kept: string[];
    if (best.hits > 0) kept = scored.filter((s) => s.hits === best.hits && s.misses === best.misses).map((s) => s.table);
    // "sales in 1999": a number the members share and the question says chose them all.
    else if (members.length > params.maxUntoldCopies && !shared.some((w) => /\d/.test(w) && said.has(w))) {
      const strongest = [...members].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : 1))[0]!;
      kept = [source !== null && members.includes(source) ? source : strongest];
    } else continue;
    // The source roots the tree: a family the question tells apart from it is left as it is.
    if (source !== null && members.includes(source) && !kept.includes(source)) continue;
    const dropped = members.filter((m) => !kept.includes(m));
    if (dropped.length > 0) out.push({ tables: dropped, kept });
  }
  return out;
}

/** A table's name with its namespace (`GraphTable.namespace`: `CRYPTO_BAND`) and numbers set aside: the same for every copy. */
function familyKey(graph: ContextGraph, name: string): string {
  const namespace = graph.table(name)?.namespace;
  return (namespace === undefined ? name : name.slice(namespace.length + 1)).toLowerCase().replace(/\d+/g, '#');
}

/** Each family's copies `familyCopies` leaves out, dropped together (`familyCopies`); before the source and after it. */
export const familyCopiesPass: PrunePass = {
  name: 'family copies',
  switch: 'familyCopies',
  run: ({ graph, grounding, source, targets, params }) =>
    familyCopies(graph, grounding, source, targets, params).map((family) => ({
      tables: family.tables,
      note:
        source === null
          ? `a copy of ${family.kept.join(', ')}, which the question's words name as well or better`
          : `a copy under another namespace or number of ${family.kept.join(', ')}, which the question's words name as well or better`,
    })),
};
