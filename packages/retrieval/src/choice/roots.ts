/**
 * Rooting a question's proposed sets of tables with searches they share. Each proposal needs a
 * source and a tree; searched one by one (a source by a search from each table it might be, a tree
 * by a Steiner search over its own targets' costs) the candidates of one question cost tens of
 * searches on a warehouse. Here a step costs what it costs whatever the targets (a table entered
 * pays its bridge cost even when it is wanted), so one shortest-path tree per source serves every
 * proposal rooted there: its tree is the union of that source's shortest paths to its tables (each
 * table reached by one path, so the union is a tree). The heuristic's own tree is searched as ever.
 */
import type { ContextGraph, JoinDirection, ShortestPathTree } from '@guided-retrieval/context-graph';
import type { HeuristicDisambiguator } from '../heuristic.js';
import { minStepCost } from '../params.js';
import type { DisambiguationInput, SelectedPath, SourceAndTargets } from '../types.js';
import { groundingStrength, stepCost } from '../weights.js';

/** One question's shared searches: a shortest-path tree per source, along the keys and across them. */
export class SharedRoots {
  private readonly along = new Map<string, ShortestPathTree>();
  private readonly across = new Map<string, ShortestPathTree>();
  private readonly forward: (table: string, direction: JoinDirection) => number;
  private readonly backward: (table: string, direction: JoinDirection) => number;
  private readonly graph: ContextGraph;
  /** Per table, how strongly the question grounds it: read once per question, by every step and source. */
  private readonly strength: ReadonlyMap<string, number>;

  constructor(
    private readonly heuristic: HeuristicDisambiguator,
    private readonly input: DisambiguationInput,
    /** Every table any proposal of the question holds: the searches stop once these are reached. */
    private readonly wanted: readonly string[],
  ) {
    this.graph = input.graph;
    this.strength = groundingStrength(input.grounding);
    const params = heuristic.params;
    const weigh = stepCost(input.graph, {
      targets: new Set(),
      grounded: this.strength,
      lookAlikes: heuristic.lookAlikesOf(input.graph),
      params,
    });
    this.forward = weigh;
    // Across a shared dimension, backward steps dominate: the fewest of them first (as `chooseSourceAcross`).
    this.backward = (table, direction) =>
      direction === 'reverse' ? params.backwardStep + weigh(table, 'forward') : weigh(table, direction);
  }

  /** The source, targets and roles for exactly these tables, and their tree's paths, from the shared searches; null when nothing roots them. */
  root(tables: readonly string[]): { choice: SourceAndTargets; paths: SelectedPath[] } | null {
    const choice = this.heuristic.chooseFor(this.input, tables, (_input, initialTargets, sources) =>
      this.sourceAcross(initialTargets, sources),
    );
    if (!choice) return null;
    const tree = this.tree(choice.source, Boolean(choice.reverse));
    const roleTables = new Set(choice.roles.map((r) => r.table));
    const paths: SelectedPath[] = [];
    for (const role of choice.roles)
      role.paths.forEach((path, i) => {
        paths.push({ target: role.table, path, reason: `role ${i + 1} of ${role.paths.length}: ${role.reason}` });
      });
    for (const target of choice.targets) {
      if (roleTables.has(target)) continue;
      const path = tree.pathTo(target);
      if (path && path.edges.length > 0) paths.push({ target, path, reason: 'cheapest route (shared search)' });
    }
    return { choice, paths };
  }

  /** Among `sources`, the one linking every other initial target with the fewest backward steps, then the cheapest routes (`chooseSourceAcross`'s order). */
  private sourceAcross(initialTargets: readonly string[], sources: readonly string[]): string | undefined {
    const options: { s: string; total: number; strength: number }[] = [];
    for (const s of sources) {
      const tree = this.tree(s, true);
      let total = 0;
      let all = true;
      for (const t of initialTargets) {
        if (t === s) continue;
        const c = tree.cost(t);
        if (c === undefined) {
          all = false;
          break;
        }
        total += c;
      }
      if (all) options.push({ s, total, strength: this.strength.get(s) ?? 0 });
    }
    return options.sort((a, b) => a.total - b.total || b.strength - a.strength || (a.s < b.s ? -1 : 1))[0]?.s;
  }

  private tree(source: string, reverse: boolean): ShortestPathTree {
    const cache = reverse ? this.across : this.along;
    let tree = cache.get(source);
    if (!tree) {
      tree = this.graph.shortestPathTree(source, {
        maxLength: this.input.limits.maxLength,
        reverse,
        tableCost: reverse ? this.backward : this.forward,
        minStepCost: minStepCost(this.heuristic.params),
        until: this.wanted,
      });
      cache.set(source, tree);
    }
    return tree;
  }
}
