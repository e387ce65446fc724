import { type ContextGraph, isReversed, type JoinPath } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { detectRoles, referencedEntityRoles } from './roles.js';
import type { CandidateSource, DisambiguationInput, Disambiguator, PathSelectionInput, SelectedPath, SourceAndTargets } from './types.js';
import { lookAlikeTables, MIN_STEP_COST, stepCost } from './weights.js';

export interface HeuristicOptions {
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
}

/**
 * The deterministic disambiguator: structure and grounding strength stand in for an LLM's
 * judgement, and the join tree comes from a weighted tree search. Same input, same choice.
 */
export class HeuristicDisambiguator implements Disambiguator {
  readonly name = 'heuristic';
  private readonly copies = new WeakMap<ContextGraph, Map<string, string>>();

  constructor(private readonly options: HeuristicOptions = {}) {}

  async chooseSourceAndTargets(input: DisambiguationInput): Promise<SourceAndTargets> {
    const { graph, grounding, initialTargets, limits } = input;
    const notes: string[] = [];
    const copies = this.lookAlikes(graph);
    // Tables the question's words matched choose the source; those semantic enrichment added (next
    // to them in the join graph) may still make the tree walk keys backwards to reach them.
    const core = initialTargets.filter((t) => grounding.grounded.some((g) => g.table === t));
    const wanted = core.length > 0 ? core : initialTargets;
    let source = chooseSource(input.candidates, graph, grounding, copies, wanted).table;
    // A table only similarity added never becomes the source over one the question's words name
    // (it may still be the bridge between named tables: PARTSUPP between PART and SUPPLIER).
    const added = new Set(grounding.enrichment.added.map((a) => a.table));
    if (added.has(source) && core.length > 0) {
      const rest = input.candidates.filter((c) => !added.has(c.table));
      const named = rest.length > 0 ? chooseSource(rest, graph, grounding, copies, wanted).table : undefined;
      if (named && core.includes(named)) {
        notes.push(`${source} was added by similarity alone: ${named}, which the question names, is the source`);
        source = named;
      }
    }
    let reverse = false;
    if (limits.reverse && coveredBy(graph, source, initialTargets, false) < initialTargets.length) {
      const across = chooseSourceAcross(input, initialTargets, core.length > 0 ? core : initialTargets);
      if (across && coveredBy(graph, across, initialTargets, true) > coveredBy(graph, source, initialTargets, false)) {
        notes.push(`no table reaches every target along the keys' direction: joined from ${across}, walking some edges backwards`);
        source = across;
        reverse = true;
      }
    }
    const joinable = (t: string) => (reverse ? graph.linked(source, t) : graph.reaches(source, t));
    let targets = initialTargets.filter((t) => t !== source && joinable(t));
    const unreachable = initialTargets.filter((t) => t !== source && !joinable(t));
    if (unreachable.length > 0) notes.push(`pruned ${unreachable.join(', ')}: not reachable from ${source}`);
    const copiesNamed = targets.filter(
      (t) =>
        copies.has(t) && (copies.get(t) === source || targets.includes(copies.get(t)!)) && !namesOwnWords(grounding, t, copies.get(t)!),
    );
    if (copiesNamed.length > 0) {
      targets = targets.filter((t) => !copiesNamed.includes(t));
      notes.push(
        `pruned ${copiesNamed.join(', ')}: a copy of ${copiesNamed.map((t) => copies.get(t)).join(', ')}, matched by the same words`,
      );
    }
    if (this.options.countedThroughLink !== false) {
      const counted = countedThroughLink(graph, grounding, source, targets);
      if (counted.length > 0) {
        targets = targets.filter((t) => !counted.includes(t));
        notes.push(`pruned ${counted.join(', ')}: only counted or grouped by, which ${source}'s references do`);
      }
    }
    if (this.options.keysByReference !== false) {
      const byReference = keyMentionsCovered(graph, grounding, source, targets);
      if (byReference.length > 0) {
        targets = targets.filter((t) => !byReference.includes(t));
        notes.push(`pruned ${byReference.join(', ')}: the question asks only for its key, which a reference in the tree holds`);
      }
    }
    const context = { graph, grounding, limits: { ...limits, reverse }, cost: this.cost(graph, grounding, new Set([source, ...targets])) };
    const roles = reverse ? [] : detectRoles(source, targets, context);
    if (!reverse && this.options.referencedEntities !== false) {
      for (const role of referencedEntityRoles(source, targets, context)) {
        if (roles.some((r) => r.table === role.table)) continue;
        roles.push(role);
        if (role.table !== source && !targets.includes(role.table)) {
          targets.push(role.table);
          notes.push(`added ${role.table}: ${role.reason}`);
        }
      }
    }
    for (const role of roles) {
      const bridges = role.paths.flatMap((p) => p.tables.slice(1, -1)).filter((t) => t !== source && !targets.includes(t));
      const added = [...new Set(bridges)];
      if (added.length > 0) {
        targets.push(...added);
        notes.push(`added ${added.join(', ')}: ${role.reason}`);
      }
    }
    return { source, targets, roles, notes, reverse };
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
        cost: this.cost(graph, input.grounding, new Set([source, ...targets])),
        minStepCost: MIN_STEP_COST,
        seed,
      },
    );
    const selected: SelectedPath[] = [];
    const sourceRoles = roles.filter((r) => r.table === source).map((r) => r.table);
    for (const target of [...sourceRoles, ...targets]) {
      const role = roles.find((r) => r.table === target);
      if (role) {
        role.paths.forEach((path, i) => selected.push({ target, path, reason: `role ${i + 1} of ${role.paths.length}: ${role.reason}` }));
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
      grounded: new Map(grounding.grounded.map((g) => [g.table, g.score])),
      lookAlikes: this.lookAlikes(graph),
    });
  }
}

/**
 * Among the candidates that cover the most (and are targets, if the best is), the one whose
 * shortest paths to what it covers are shortest; then the strongest grounded; then not a copy
 * of another table; then the fewest outgoing keys; then by name.
 */
function chooseSource(
  candidates: readonly CandidateSource[],
  graph: ContextGraph,
  grounding: GroundingResult,
  copies: ReadonlyMap<string, string>,
  wanted: readonly string[],
): CandidateSource {
  const core = new Set(wanted);
  const covered = (c: CandidateSource) => c.covers.filter((t) => core.has(t)).length;
  const isCore = (c: CandidateSource) => core.has(c.table);
  const ranked = [...candidates].sort((a, b) => covered(b) - covered(a) || Number(isCore(b)) - Number(isCore(a)));
  const top = ranked[0]!;
  const tied = ranked.filter(
    (c) => covered(c) === covered(top) && isCore(c) === isCore(top) && c.covers.length === top.covers.length && c.isTarget === top.isTarget,
  );
  if (tied.length === 1) return top;
  const strength = new Map(grounding.grounded.map((g) => [g.table, g.score]));
  // One search per covered target, from the target backwards, instead of one per candidate and target.
  const distanceTo = new Map<string, (table: string) => number | undefined>();
  const distance = (from: string, to: string) => {
    let d = distanceTo.get(to);
    if (!d) {
      d = graph.distancesTo(to);
      distanceTo.set(to, d);
    }
    return d(from) ?? 0;
  };
  return tied
    .map((c) => ({
      c,
      cost: c.covers.reduce((sum, t) => sum + distance(c.table, t), 0),
      strength: strength.get(c.table) ?? 0,
      copy: copies.has(c.table) ? 1 : 0,
      degree: graph.outEdges(c.table).length,
    }))
    .sort(
      (a, b) => a.cost - b.cost || b.strength - a.strength || a.copy - b.copy || a.degree - b.degree || (a.c.table < b.c.table ? -1 : 1),
    )[0]!.c;
}

/** Backward steps dominate: the fewest of them first, then the cheapest route. */
const BACKWARD_STEP = 1000;

/**
 * The source when join edges may be walked backwards: an initial target from which every
 * other is linked, joined with the fewest backward steps, then the cheapest routes, then the
 * strongest grounding. One search per initial target.
 */
function chooseSourceAcross(input: DisambiguationInput, initialTargets: readonly string[], sources: readonly string[]): string | undefined {
  const { graph, grounding, limits } = input;
  const strength = new Map(grounding.grounded.map((g) => [g.table, g.score]));
  const weigh = stepCost(graph, { targets: new Set(initialTargets), grounded: strength, lookAlikes: new Set() });
  const cost = (edge: Parameters<typeof weigh>[0], reversed: boolean) => (reversed ? BACKWARD_STEP : 0) + weigh(edge, false);
  const options = sources.map((s) => {
    const others = initialTargets.filter((t) => t !== s);
    const paths = graph.cheapestPathsFrom(s, others, { maxLength: limits.maxLength, reverse: true, cost });
    if (paths.size < new Set(others).size) return null;
    let total = 0;
    for (const path of paths.values()) total += path.edges.reduce((sum, e) => sum + cost(e, isReversed(e)), 0);
    return { s, total, strength: strength.get(s) ?? 0 };
  });
  return options
    .filter((o): o is NonNullable<typeof o> => o !== null)
    .sort((a, b) => a.total - b.total || b.strength - a.strength || (a.s < b.s ? -1 : 1))[0]?.s;
}

function coveredBy(graph: ContextGraph, source: string, targets: readonly string[], reverse: boolean): number {
  return targets.filter((t) => t === source || (reverse ? graph.linked(source, t) : graph.reaches(source, t))).length;
}

/**
 * Targets whose every match is their key column ("business id"), or their name inside the words
 * that matched the key ("business" in "business id"), when the source or another target holds a
 * reference to that key.
 */
function keyMentionsCovered(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  const covered: string[] = [];
  for (const t of targets) {
    const matches = grounding.matches.filter((m) => m.table === t);
    const holders = [source, ...targets].filter((h) => h !== t && !covered.includes(h));
    // The key columns the tree's references point at (declared or inferred: a key need not be declared).
    const keys = new Set(
      holders.flatMap((h) =>
        graph
          .outEdges(h)
          .filter((e) => e.toTable === t && e.toColumns.length === 1)
          .map((e) => e.toColumns[0]!),
      ),
    );
    for (const key of keys) {
      const keySpans = matches.filter((m) => m.column === key).map((m) => m.span);
      if (keySpans.length === 0) continue;
      const inKey = (span: readonly [number, number]) => keySpans.some(([a, b]) => a <= span[0] && span[1] <= b);
      if (matches.every((m) => m.column === key || (m.kind === 'table' && inKey(m.span)))) {
        covered.push(t);
        break;
      }
    }
  }
  return covered;
}

const COUNT_CUES = [
  ['how', 'many'],
  ['number', 'of'],
  ['count', 'of'],
  ['numbers', 'of'],
];
const GROUP_CUES = new Set(['each', 'per', 'every']);

/**
 * Targets a link-table source references directly that the question only counts ("how many
 * keyphrases") or groups by ("each paper"), naming them by their table's name alone: the
 * link table's references hold their ids.
 */
function countedThroughLink(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  if (grounding.matches.some((m) => m.table === source)) return [];
  const referenced = new Set(graph.outEdges(source).map((e) => e.toTable));
  const words = grounding.tokens.map((t) => t.lower);
  const cued = (start: number) =>
    GROUP_CUES.has(words[start - 1] ?? '') || COUNT_CUES.some((cue) => cue.every((w, i) => words[start - cue.length + i] === w));
  return targets.filter((t) => {
    const matches = grounding.matches.filter((m) => m.table === t);
    return referenced.has(t) && matches.length > 0 && matches.every((m) => m.kind === 'table' && cued(m.span[0]));
  });
}

/** Whether a copy was matched by words its original was not (`history` for `orders_hist`). */
function namesOwnWords(grounding: GroundingResult, copy: string, original: string): boolean {
  const spans = (table: string) => new Set(grounding.matches.filter((m) => m.table === table).map((m) => `${m.span[0]}:${m.span[1]}`));
  const ofOriginal = spans(original);
  return [...spans(copy)].some((s) => !ofOriginal.has(s));
}

function withoutLastStep(path: JoinPath): JoinPath {
  const tables = path.tables.slice(0, -1);
  return { source: path.source, target: tables[tables.length - 1]!, tables, edges: path.edges.slice(0, -1) };
}

/** Paths through more of the wanted tables first, then fewer backward steps, then shorter, then the given order. */
export function rankPaths(paths: readonly JoinPath[], wanted: ReadonlySet<string>): JoinPath[] {
  const through = (p: JoinPath) => p.tables.slice(1, -1).filter((t) => wanted.has(t)).length;
  return paths
    .map((path, order) => ({ path, order, through: through(path) }))
    .sort(
      (a, b) =>
        b.through - a.through ||
        a.path.edges.filter(isReversed).length - b.path.edges.filter(isReversed).length ||
        a.path.edges.length - b.path.edges.length ||
        a.order - b.order,
    )
    .map((x) => x.path);
}

function describeChoice(path: JoinPath, wanted: ReadonlySet<string>, alternatives: number): string {
  const via = path.tables.slice(1, -1).filter((t) => wanted.has(t));
  const why = via.length > 0 ? `passes through target ${via.join(', ')}` : 'cheapest route';
  return alternatives > 1 ? `${why} (tree search; ${alternatives} alternatives shown)` : via.length > 0 ? why : 'only path';
}
