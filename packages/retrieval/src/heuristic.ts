import type { ContextGraph, JoinPath } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { exploreSources } from './explore.js';
import { type HeuristicParams, type HeuristicParamsOverride, minStepCost, resolveHeuristicParams } from './params.js';
import { preparePasses, runPasses } from './pruning/pass.js';
import { BEFORE_SOURCE_PASSES, TARGET_PASSES } from './pruning/passes.js';
import { detectRoles, keyWordRoles, referencedEntityRoles } from './roles.js';
import { type AcrossChooser, pickSource } from './source-rules.js';
import type {
  DisambiguationInput,
  DisambiguationNote,
  Disambiguator,
  PathSelectionInput,
  RoleRequest,
  SelectedPath,
  SourceAndTargets,
} from './types.js';
import { groundingStrength, hubnessOf, lookAlikeTables, stepCost } from './weights.js';

/** The heuristic's parameters (each documented, with its default, on `HeuristicParams`). */
export interface HeuristicOptions {
  /**
   * Every number and switch of the heuristics, whole (`loadHeuristicParams`) or some over the
   * defaults of `params/heuristic.json`; the defaults when not given.
   */
  params?: HeuristicParams | HeuristicParamsOverride;
}

/**
 * The deterministic disambiguator: structure and grounding strength stand in for an LLM's
 * judgement, and the join tree comes from a weighted tree search. Same input, same choice.
 */
export class HeuristicDisambiguator implements Disambiguator {
  readonly name = 'heuristic';
  private readonly copies = new WeakMap<ContextGraph, Map<string, string>>();
  /** The parameters it decides by. */
  readonly params: HeuristicParams;

  constructor(options: HeuristicOptions = {}) {
    this.params = resolveHeuristicParams(options.params);
  }

  /** The look-alike map, what the pruning passes share and the tables' hubness, worked out when the retriever is built. */
  prepare(graph: ContextGraph): void {
    this.lookAlikes(graph);
    preparePasses([...BEFORE_SOURCE_PASSES, ...TARGET_PASSES], graph, this.params);
    hubnessOf(graph);
  }

  async chooseSourceAndTargets(given: DisambiguationInput): Promise<SourceAndTargets> {
    const notes: DisambiguationNote[] = [];
    const input = this.withoutWeakTargets(given, notes);
    const { source, reverse } = pickSource(input, this.params, this.lookAlikes(input.graph), notes);
    const targets = this.refineTargets(input, source, reverse, notes);
    const roles = this.addRoles(input, source, targets, reverse, notes);
    return { source, targets, roles, notes, reverse };
  }

  /**
   * The source and roles for exactly these targets, no pass pruning any: how a candidate tree
   * over a chosen set of tables is rooted (`choice/propose.ts`).
   */
  chooseFor(given: DisambiguationInput, tables: readonly string[], across?: AcrossChooser): SourceAndTargets | null {
    const candidates = exploreSources(given.graph, tables);
    if (candidates.length === 0) return null;
    const notes: DisambiguationNote[] = [];
    const input = { ...given, initialTargets: tables, candidates };
    const { source, reverse } = pickSource(input, this.params, this.lookAlikes(input.graph), notes, across);
    const targets = tables.filter((t) => t !== source && (reverse ? input.graph.linked(source, t) : input.graph.reaches(source, t)));
    const roles = this.addRoles(input, source, targets, reverse, notes);
    return { source, targets, roles, notes, reverse };
  }

  /**
   * Before the source is chosen: `BEFORE_SOURCE_PASSES` leave out initial targets weak evidence
   * holds (unless every target would go), so that they choose nothing; exploration is redone
   * without them.
   */
  private withoutWeakTargets(input: DisambiguationInput, notes: DisambiguationNote[]): DisambiguationInput {
    const { graph, grounding, initialTargets } = input;
    const ctx = {
      graph,
      grounding,
      source: null,
      reverse: false,
      targets: initialTargets,
      params: this.params,
      lookAlikes: this.lookAlikes(graph),
    };
    const strong = runPasses(BEFORE_SOURCE_PASSES, ctx, notes, { keepOne: true });
    if (strong.length === initialTargets.length) return input;
    return { ...input, initialTargets: strong, candidates: exploreSources(graph, strong) };
  }

  /** Step 6: the initial targets the source can join, less those `TARGET_PASSES` find the tree does not need as tables of their own. */
  private refineTargets(input: DisambiguationInput, source: string, reverse: boolean, notes: DisambiguationNote[]): string[] {
    const { graph, grounding, initialTargets } = input;
    const targets = initialTargets.filter((t) => t !== source);
    return runPasses(
      TARGET_PASSES,
      { graph, grounding, source, reverse, targets, params: this.params, lookAlikes: this.lookAlikes(graph) },
      notes,
    );
  }

  /** Tables needed in two roles, and the tables a role brings in (its referenced entity, its bridges): added to `targets`. */
  private addRoles(
    input: DisambiguationInput,
    source: string,
    targets: string[],
    reverse: boolean,
    notes: DisambiguationNote[],
  ): RoleRequest[] {
    if (reverse) return [];
    const { graph, grounding, limits } = input;
    const context = {
      graph,
      grounding,
      limits: { ...limits, reverse },
      cost: this.cost(graph, grounding, new Set([source, ...targets])),
      minStepCost: minStepCost(this.params),
      groupingWordsBefore: this.params.groupingWordsBefore,
    };
    const roles = detectRoles(source, targets, context);
    if (this.params.keyWordRoles)
      for (const role of keyWordRoles(source, targets, context)) {
        if (roles.some((r) => r.table === role.table)) continue;
        roles.push(role);
        if (role.table !== source && !targets.includes(role.table)) {
          targets.push(role.table);
          notes.push({ kind: 'added', tables: [role.table], reason: role.reason });
        }
      }
    if (this.params.referencedEntities) {
      for (const role of referencedEntityRoles(source, targets, context)) {
        if (roles.some((r) => r.table === role.table)) continue;
        roles.push(role);
        if (role.table !== source && !targets.includes(role.table)) {
          targets.push(role.table);
          notes.push({ kind: 'added', tables: [role.table], reason: role.reason });
        }
      }
    }
    for (const role of roles) {
      const bridges = role.paths.flatMap((p) => p.tables.slice(1, -1)).filter((t) => t !== source && !targets.includes(t));
      const added = [...new Set(bridges)];
      if (added.length > 0) {
        targets.push(...added);
        notes.push({ kind: 'added', tables: added, reason: role.reason });
      }
    }
    return roles;
  }

  async selectPaths(input: PathSelectionInput): Promise<SelectedPath[]> {
    const { graph, source, targets, roles, limits } = input;
    const wanted = new Set(targets);
    const roleTables = new Set(roles.map((r) => r.table));
    // The roles' bridges are in the tree from the start, so other targets may hang from them.
    const seed = roles.flatMap((r) => r.paths.filter((p) => p.edges.length > 1).map(withoutLastStep));
    const tree = graph.joinTreePaths(
      source,
      targets.filter((t) => !roleTables.has(t)),
      {
        maxLength: limits.maxLength,
        reverse: limits.reverse,
        throughTargetBonus: limits.throughTargetBonus,
        tableCost: this.cost(graph, input.grounding, new Set([source, ...targets])),
        minStepCost: minStepCost(this.params),
        seed,
      },
    );
    const selected: SelectedPath[] = [];
    const sourceRoles = roles.filter((r) => r.table === source).map((r) => r.table);
    for (const target of [...sourceRoles, ...targets]) {
      const role = roles.find((r) => r.table === target);
      if (role) {
        for (const [i, path] of role.paths.entries()) {
          selected.push({ target, path, reason: `role ${i + 1} of ${role.paths.length}: ${role.reason}` });
        }
        continue;
      }
      const path = tree.get(target);
      if (path) selected.push({ target, path, reason: describeChoice(path, wanted, (input.paths[target] ?? []).length) });
    }
    return selected;
  }

  /** Look-alike copies of other tables (`ORDERS_HIST` → `ORDERS`), worked out once per graph. */
  lookAlikesOf(graph: ContextGraph): ReadonlyMap<string, string> {
    return this.lookAlikes(graph);
  }

  private lookAlikes(graph: ContextGraph): Map<string, string> {
    let copies = this.copies.get(graph);
    if (!copies) {
      copies = lookAlikeTables(graph.tables.map((t) => t.name));
      this.copies.set(graph, copies);
    }
    return copies;
  }

  private cost(graph: ContextGraph, grounding: GroundingResult, targets: ReadonlySet<string>) {
    return stepCost(graph, {
      targets,
      grounded: groundingStrength(grounding),
      lookAlikes: this.lookAlikes(graph),
      params: this.params,
    });
  }
}

function withoutLastStep(path: JoinPath): JoinPath {
  const tables = path.tables.slice(0, -1);
  return { source: path.source, target: tables[tables.length - 1]!, tables, edges: path.edges.slice(0, -1) };
}

function describeChoice(path: JoinPath, wanted: ReadonlySet<string>, alternatives: number): string {
  const via = path.tables.slice(1, -1).filter((t) => wanted.has(t));
  const why = via.length > 0 ? `passes through target ${via.join(', ')}` : 'cheapest route';
  return alternatives > 1 ? `${why} (tree search; ${alternatives} alternatives shown)` : via.length > 0 ? why : 'only path';
}
