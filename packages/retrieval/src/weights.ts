/**
 * What a join step costs in the tree search: the heuristics a person would use to pick a route,
 * as weights. Every step costs 1; walking a key backwards costs more; a table entered only as a
 * bridge (not a target) costs more when it is a hub (a dimension many tables reference is a
 * poor bridge: it joins everything to everything), more when it is a look-alike copy of another
 * table (`X_HIST`, `X_1`), and less when the question grounded it.
 */
import type { ContextGraph, JoinDirection } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import type { HeuristicParams } from './params.js';

/** The parameters a step's cost is made of. */
type StepCostParams = Pick<HeuristicParams, 'reversedStepPenalty' | 'hubPenalty' | 'lookAlikePenalty' | 'groundedBridgeCredit'>;

/** Grounding score per table: how strongly the question's words matched it. */
export function groundingStrength(grounding: Pick<GroundingResult, 'grounded'>): Map<string, number> {
  return new Map(grounding.grounded.map((g) => [g.table, g.score]));
}

export interface StepCostContext {
  targets: ReadonlySet<string>;
  /** Grounding score per table. */
  grounded: ReadonlyMap<string, number>;
  /** Copies of other tables (a set, or the copy → original map `lookAlikeTables` gives). */
  lookAlikes: { has(table: string): boolean };
  /** The penalties and the credit. */
  params: StepCostParams;
}

/**
 * What a step into `table` costs, walking its edge `direction`: all a step's cost depends on, so
 * the graph's searches ask it once per table (`PathOptions.tableCost`), not once per join edge.
 */
export function stepCost(graph: ContextGraph, context: StepCostContext): (table: string, direction: JoinDirection) => number {
  const { reversedStepPenalty, hubPenalty, lookAlikePenalty, groundedBridgeCredit } = context.params;
  const hubs = hubnessOf(graph);
  const bridge = new Map<string, number>();
  const bridgeCost = (table: string) => {
    let cost = bridge.get(table);
    if (cost === undefined) {
      cost =
        // A name an edge spells in another case than the table's is looked up as it comes.
        hubPenalty * (hubs.get(table) ?? Math.log2(1 + graph.inDegree(table))) +
        (context.lookAlikes.has(table) ? lookAlikePenalty : 0) -
        groundedBridgeCredit * Math.min(1, context.grounded.get(table) ?? 0);
      bridge.set(table, cost);
    }
    return cost;
  };
  return (table, direction) =>
    1 + (direction === 'reverse' ? reversedStepPenalty : 0) + (context.targets.has(table) ? 0 : bridgeCost(table));
}

const hubnessByGraph = new WeakMap<ContextGraph, ReadonlyMap<string, number>>();

/**
 * log2(1 + in-degree) of every table by name, what the hub penalty multiplies: worked out once per
 * graph (the heuristic's `prepare`), not once per question.
 */
export function hubnessOf(graph: ContextGraph): ReadonlyMap<string, number> {
  let byName = hubnessByGraph.get(graph);
  if (!byName) {
    byName = new Map(graph.tables.map((t) => [t.name, Math.log2(1 + graph.inDegree(t.name))]));
    hubnessByGraph.set(graph, byName);
  }
  return byName;
}

/** Endings that mark a copy of a table: history, backups, snapshots, numbered versions. */
const COPY_SUFFIX =
  /^(.+?)[_-]?(?:hist|history|historical|old|bak|backup|copy|archive|archived|arch|tmp|temp|prev|previous|snapshot|snap|staging|stg|v\d+|\d+)$/i;

/**
 * Tables whose name is another table's name with a copy ending (`customer_hist`, `orders_1`):
 * look-alikes that a question about the entity rarely means. Maps each copy to its original.
 */
export function lookAlikeTables(names: readonly string[]): Map<string, string> {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const copies = new Map<string, string>();
  for (const name of names) {
    const match = COPY_SUFFIX.exec(name);
    const base = match?.[1]?.replace(/[_-]+$/, '');
    const original = base ? byLower.get(base.toLowerCase()) : undefined;
    if (original && original !== name) copies.set(name, original);
  }
  return copies;
}
