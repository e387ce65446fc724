/**
 * The choice's probabilities as a result states them: the returned tree's, each table's (the sum
 * over the candidate trees that hold it) and whether the returned tree is not clearly ahead.
 */

import { fourDecimals } from '../rounding.js';
import type { ChoiceConfidence } from '../types.js';
import type { CandidateTree } from './propose.js';

/** How the result's `confidence` is cut (`params/choice.json`'s `confidence`). */
export interface ConfidenceSettings {
  /** The returned tree is `uncertain` when its probability is below this. */
  uncertainBelow: number;
  /** Tables outside the returned tree are listed when their probability is at least this. */
  listTablesFrom: number;
}

export function confidenceOf(
  trees: readonly CandidateTree[],
  probability: readonly number[],
  pick: number,
  settings: ConfidenceSettings,
): ChoiceConfidence {
  const byTable = new Map<string, number>();
  trees.forEach((t, i) => {
    for (const table of t.tables) byTable.set(table, (byTable.get(table) ?? 0) + probability[i]!);
  });
  const chosen = new Set(trees[pick]!.tables);
  const tables: Record<string, number> = Object.create(null);
  for (const [table, p] of [...byTable].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
    if (chosen.has(table) || p >= settings.listTablesFrom) tables[table] = fourDecimals(Math.min(1, p));
  const tree = fourDecimals(probability[pick]!);
  return { tree, tables, uncertain: probability[pick]! < settings.uncertainBelow };
}
