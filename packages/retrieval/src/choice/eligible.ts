/**
 * What the choice may not learn away: a candidate tree that drops a table carrying what the question
 * names — a table's or a column's name spelled as the schema does, or a whole value of one of its
 * columns — is never picked over one that keeps it, whatever the fitted weights say about its size.
 * Lexicographic: the fewest naming words lost first (of the kinds `rule.namingKinds` lists, read
 * off each tree's `namingLost <kind>` features), then the fitted score among those trees.
 */
import type { NamingKind } from './naming.js';

/** Which naming words the rule keeps (`params/choice.json`'s `rule`). */
export interface ChoiceRule {
  namingKinds: NamingKind[];
}

/** Per tree (its feature vector, in `features` order), whether it loses no more naming words than the tree that loses the fewest. */
export function eligibleTrees(vectors: readonly (readonly number[])[], features: readonly string[], rule: ChoiceRule): boolean[] {
  const columns = rule.namingKinds.map((k) => features.indexOf(`namingLost ${k}`));
  const lost = vectors.map((v) => columns.reduce((sum, j) => sum + (j < 0 ? 0 : v[j]!), 0));
  const least = Math.min(...lost);
  return lost.map((l) => l <= least + 1e-9);
}
