import type { ContextGraph, JoinPath } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { exploreSources } from './explore.js';
import { type HeuristicParams, type HeuristicParamsOverride, minStepCost, resolveHeuristicParams } from './params.js';
import { detectRoles, referencedEntityRoles } from './roles.js';
import { chooseSource, chooseSourceAcross, coveredBy } from './source-choice.js';
import {
  countedThroughLink,
  familyCopies,
  heldByColumn,
  heldByCommonWord,
  keyMentionsCovered,
  namesOwnWords,
  tablesPerWord,
} from './target-pruning.js';
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

/**
 * The heuristic's switches, set over its parameters (each documented, with its default, on
 * `HeuristicParams`), and the parameters themselves.
 */
export interface HeuristicOptions {
  /**
   * Every number and switch of the heuristics, whole (`loadHeuristicParams`) or some over the
   * defaults of `params/heuristic.json`; the defaults when not given.
   */
  params?: HeuristicParams | HeuristicParamsOverride;
  /**
   * A grounded foreign-key column whose words name a role (`manager_staff_id`, `ReportsTo`) brings
   * in the table it references, as a second node when it references its own table (default true).
   */
  referencedEntities?: boolean;
  /**
   * A target the question names only through its key ("for each business id") is left out when
   * another table of the tree references that key: the reference holds the same ids (default true).
   */
  keysByReference?: boolean;
  /**
   * A target a link-table source references is left out when the question only counts it ("how
   * many keyphrases") or groups by it ("each paper") by its table's name: the link table's
   * references hold its ids (default true; Defog F1 +0.009, BIRD and Spider dev F1 unchanged).
   */
  countedThroughLink?: boolean;
  /**
   * A target the question only counts or groups by its table's name is left out when another table
   * of the tree has a column named by that word, other than its join to the target
   * (`business.review_count` for "the number of reviews"). Off by default: Defog F1 +0.002, but the
   * generated snowflake and warehouse schemas at 2,000 tables lose 0.048 and 0.033 F1.
   */
  heldByColumn?: boolean;
  /**
   * Of tables that are one table under several namespaces or numbers (`CRYPTO_ETHEREUM.LOGS`,
   * `CRYPTO_BAND.LOGS`), only those whose own words the question says best stay (default true).
   */
  familyCopies?: boolean;
  /**
   * A target held only by one question word matching a column name that columns of many tables
   * carry ("time", "status") is left out rather than joined in (default true).
   */
  commonWords?: boolean;
}

/**
 * The deterministic disambiguator: structure and grounding strength stand in for an LLM's
 * judgement, and the join tree comes from a weighted tree search. Same input, same choice.
 */
export class HeuristicDisambiguator implements Disambiguator {
  readonly name = 'heuristic';
  private readonly copies = new WeakMap<ContextGraph, Map<string, string>>();
  /** The parameters, with the switches the options set over them. */
  readonly params: HeuristicParams;

  constructor(options: HeuristicOptions = {}) {
    const { params, ...switches } = options;
    this.params = resolveHeuristicParams(params, switches);
  }

  /** The look-alike map, the word counts of weak evidence and the tables' hubness, worked out when the retriever is built. */
  prepare(graph: ContextGraph): void {
    this.lookAlikes(graph);
    if (this.params.commonWords) tablesPerWord(graph);
    hubnessOf(graph);
  }

  async chooseSourceAndTargets(given: DisambiguationInput): Promise<SourceAndTargets> {
    const notes: DisambiguationNote[] = [];
    const input = this.withoutWeakTargets(given, notes);
    const { source, reverse } = this.pickSource(input, notes);
    const targets = this.refineTargets(input, source, reverse, notes);
    const roles = this.addRoles(input, source, targets, reverse, notes);
    return { source, targets, roles, notes, reverse };
  }

  /**
   * Before the source is chosen: initial targets held only by one word many tables carry, and
   * copies (under another namespace or number) the question's words tell apart from the one it
   * means, are left out (unless every target would be), so that they choose
   * nothing; exploration is redone without them.
   */
  private withoutWeakTargets(input: DisambiguationInput, notes: DisambiguationNote[]): DisambiguationInput {
    const { graph, grounding } = input;
    const dropped = new Set<string>();
    const drop = (tables: readonly string[], reason: string) => {
      const left = input.initialTargets.filter((t) => !dropped.has(t) && !tables.includes(t));
      if (tables.length === 0 || left.length === 0) return;
      for (const t of tables) dropped.add(t);
      notes.push({ kind: 'pruned', tables: [...tables], reason });
    };
    if (this.params.commonWords) {
      for (const w of heldByCommonWord(graph, grounding, input.initialTargets, this.params))
        drop([w.table], `held only by "${w.word}", a word the ${w.where} of ${w.tables} tables carry`);
    }
    if (this.params.familyCopies) {
      const left = input.initialTargets.filter((t) => !dropped.has(t));
      for (const family of familyCopies(graph, grounding, null, left, this.params)) drop(family.tables, copyReason(family.kept));
    }
    if (dropped.size === 0) return input;
    const strong = input.initialTargets.filter((t) => !dropped.has(t));
    return { ...input, initialTargets: strong, candidates: exploreSources(graph, strong) };
  }

  /** Step 5: the candidate that covers the most named tables; across a shared dimension when no table reaches them all. */
  private pickSource(input: DisambiguationInput, notes: DisambiguationNote[]): { source: string; reverse: boolean } {
    const { graph, grounding, initialTargets, limits } = input;
    const copies = this.lookAlikes(graph);
    // Tables the question's words matched choose the source; those semantic enrichment added (next
    // to them in the join graph) may still make the tree walk keys backwards to reach them.
    const core = initialTargets.filter((t) => grounding.grounded.some((g) => g.table === t));
    const wanted = core.length > 0 ? core : initialTargets;
    const strength = groundingStrength(grounding);
    let source = chooseSource(input.candidates, graph, strength, copies, wanted).table;
    // A table only similarity added never becomes the source over one the question's words name
    // (it may still be the bridge between named tables: PARTSUPP between PART and SUPPLIER).
    const added = new Set(grounding.enrichment.added.map((a) => a.table));
    if (added.has(source) && core.length > 0) {
      const rest = input.candidates.filter((c) => !added.has(c.table));
      const named = rest.length > 0 ? chooseSource(rest, graph, strength, copies, wanted).table : undefined;
      if (named && core.includes(named)) {
        notes.push({ kind: 'source', tables: [named], reason: `the question names it; ${source} was added by similarity alone` });
        source = named;
      }
    }
    if (!limits.reverse || coveredBy(graph, source, initialTargets, false) === initialTargets.length) return { source, reverse: false };
    const across = chooseSourceAcross(input, initialTargets, wanted, this.params);
    if (!across || coveredBy(graph, across, initialTargets, true) <= coveredBy(graph, source, initialTargets, false)) {
      return { source, reverse: false };
    }
    notes.push({
      kind: 'source',
      tables: [across],
      reason: "no table reaches every target along the keys' direction: joined walking some edges backwards",
    });
    return { source: across, reverse: true };
  }

  /** Step 6: the initial targets the source can join, less those the tree does not need as tables of their own. */
  private refineTargets(input: DisambiguationInput, source: string, reverse: boolean, notes: DisambiguationNote[]): string[] {
    const { graph, grounding, initialTargets } = input;
    const copies = this.lookAlikes(graph);
    const joinable = (t: string) => (reverse ? graph.linked(source, t) : graph.reaches(source, t));
    let targets = initialTargets.filter((t) => t !== source && joinable(t));
    const prune = (tables: string[], reason: string) => {
      if (tables.length === 0) return;
      targets = targets.filter((t) => !tables.includes(t));
      notes.push({ kind: 'pruned', tables, reason });
    };
    prune(
      initialTargets.filter((t) => t !== source && !joinable(t)),
      `not reachable from ${source}`,
    );
    const copiesNamed = targets.filter(
      (t) =>
        copies.has(t) && (copies.get(t) === source || targets.includes(copies.get(t)!)) && !namesOwnWords(grounding, t, copies.get(t)!),
    );
    prune(copiesNamed, `a copy of ${copiesNamed.map((t) => copies.get(t)).join(', ')}, matched by the same words`);
    if (this.params.familyCopies) {
      for (const family of familyCopies(graph, grounding, source, targets, this.params)) {
        prune(
          family.tables,
          `a copy under another namespace or number of ${family.kept.join(', ')}, which the question's words name as well or better`,
        );
      }
    }
    if (this.params.countedThroughLink) {
      prune(countedThroughLink(graph, grounding, source, targets), `only counted or grouped by, which ${source}'s references do`);
    }
    if (this.params.heldByColumn) {
      for (const held of heldByColumn(graph, grounding, source, targets)) {
        prune([held.table], `only counted or grouped by, which ${held.heldBy} holds`);
      }
    }
    if (this.params.keysByReference) {
      prune(
        keyMentionsCovered(graph, grounding, source, targets),
        'the question asks only for its key, which a reference in the tree holds',
      );
    }
    return targets;
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
    };
    const roles = detectRoles(source, targets, context);
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

function copyReason(kept: readonly string[]): string {
  return `a copy of ${kept.join(', ')}, which the question's words name as well or better`;
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
