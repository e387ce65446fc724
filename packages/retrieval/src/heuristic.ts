import { isReversed, type ContextGraph, type JoinPath } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import type {
  CandidateSource,
  DisambiguationInput,
  Disambiguator,
  PathSelectionInput,
  RoleRequest,
  SelectedPath,
  SourceAndTargets,
} from './types.js';

export interface HeuristicOptions {
  maxLength?: number;
  maxPaths?: number;
  /** Join across shared dimensions when no table reaches every target (default true). */
  reverse?: boolean;
}

/**
 * The deterministic disambiguator: structure and grounding strength stand in for an LLM's
 * judgement. Same input, same choice.
 */
export class HeuristicDisambiguator implements Disambiguator {
  readonly name = 'heuristic';
  private readonly limits: { maxLength?: number; maxPaths?: number };
  constructor(private readonly options: HeuristicOptions = {}) {
    this.limits = { ...(options.maxLength ? { maxLength: options.maxLength } : {}), ...(options.maxPaths ? { maxPaths: options.maxPaths } : {}) };
  }

  async chooseSourceAndTargets(input: DisambiguationInput): Promise<SourceAndTargets> {
    const { graph, grounding, initialTargets } = input;
    const notes: string[] = [];
    let source = this.chooseSource(input.candidates, graph, grounding).table;
    let reverse = false;
    if (this.options.reverse !== false && coveredBy(graph, source, initialTargets, false) < initialTargets.length) {
      const across = this.chooseSourceAcross(initialTargets, graph, grounding);
      if (across && coveredBy(graph, across, initialTargets, true) > coveredBy(graph, source, initialTargets, false)) {
        notes.push(`no table reaches every target along the keys' direction: joined from ${across}, walking some edges backwards`);
        source = across;
        reverse = true;
      }
    }
    const reach = reverse ? graph.linkedTables(source) : graph.reachable(source);
    const targets = initialTargets.filter((t) => t !== source && reach.has(t));
    const unreachable = initialTargets.filter((t) => t !== source && !reach.has(t));
    if (unreachable.length > 0) notes.push(`pruned ${unreachable.join(', ')}: not reachable from ${source}`);
    const roles = reverse ? [] : this.detectRoles(source, targets, graph, grounding);
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
    const selected: SelectedPath[] = [];
    const wanted = new Set(input.targets);
    for (const target of input.targets) {
      const role = input.roles.find((r) => r.table === target);
      if (role) {
        role.paths.forEach((path, i) => selected.push({ target, path, reason: `role ${i + 1} of ${role.paths.length}: ${role.reason}` }));
        continue;
      }
      const [best] = rankPaths(input.paths[target] ?? [], wanted);
      if (best) selected.push({ target, path: best, reason: describeChoice(best, wanted, (input.paths[target] ?? []).length) });
    }
    return selected;
  }

  private chooseSource(candidates: readonly CandidateSource[], graph: ContextGraph, grounding: GroundingResult): CandidateSource {
    const top = candidates[0]!;
    const tied = candidates.filter((c) => c.covers.length === top.covers.length && c.isTarget === top.isTarget);
    const strength = new Map(grounding.grounded.map((g) => [g.table, g.score]));
    const cost = (c: CandidateSource) => joinCost(graph, c.table, c.covers);
    return tied
      .map((c) => ({ c, cost: cost(c), strength: strength.get(c.table) ?? 0, degree: graph.outEdges(c.table).length }))
      .sort((a, b) => a.cost - b.cost || b.strength - a.strength || a.degree - b.degree || (a.c.table < b.c.table ? -1 : 1))[0]!.c;
  }

  /**
   * The source when join edges may be walked backwards: an initial target from which every
   * other is linked, joined with the fewest backward steps, then the fewest edges, then the
   * strongest grounding.
   */
  private chooseSourceAcross(initialTargets: readonly string[], graph: ContextGraph, grounding: GroundingResult): string | undefined {
    const strength = new Map(grounding.grounded.map((g) => [g.table, g.score]));
    const options = initialTargets.map((s) => {
      let backward = 0;
      let length = 0;
      for (const t of initialTargets) {
        if (t === s) continue;
        const [best] = rankAcross(graph.paths(s, t, { ...this.limits, reverse: true, maxPaths: 16 }));
        if (!best) return null;
        backward += best.edges.filter(isReversed).length;
        length += best.edges.length;
      }
      return { s, backward, length, strength: strength.get(s) ?? 0 };
    });
    return options
      .filter((o): o is NonNullable<typeof o> => o !== null)
      .sort((a, b) => a.backward - b.backward || a.length - b.length || b.strength - a.strength || (a.s < b.s ? -1 : 1))[0]?.s;
  }

  /**
   * A dimension that carries two or more distinct grounded values ("Indian … China") and can be
   * reached from the source along different last edges is needed once per role.
   */
  private detectRoles(source: string, targets: readonly string[], graph: ContextGraph, grounding: GroundingResult): RoleRequest[] {
    const roles: RoleRequest[] = [];
    for (const table of targets) {
      const values = distinctValues(grounding, table);
      if (values.length < 2) continue;
      const byLastEdge = new Map<string, JoinPath>();
      for (const path of rankPaths(graph.paths(source, table, this.limits), new Set(targets))) {
        const last = path.edges[path.edges.length - 1]!;
        if (!byLastEdge.has(last.fromTable + last.id)) byLastEdge.set(last.fromTable + last.id, path);
      }
      if (byLastEdge.size < 2) continue;
      const paths = [...byLastEdge.values()].slice(0, values.length);
      roles.push({
        table,
        paths,
        reason: `${table} carries ${values.length} grounded values (${values.join(', ')}), reached as ${paths
          .map((p) => `${table} of ${p.tables[p.tables.length - 2]}`)
          .join(' and ')}`,
      });
    }
    return roles;
  }
}

/** Distinct values matched in a table by separate words of the question. */
function distinctValues(grounding: GroundingResult, table: string): string[] {
  const values: string[] = [];
  const used = new Set<number>();
  for (const m of grounding.matches) {
    if (m.table !== table || m.kind !== 'value' || values.includes(m.variant)) continue;
    if (Array.from({ length: m.span[1] - m.span[0] }, (_, i) => m.span[0] + i).some((i) => used.has(i))) continue;
    for (let i = m.span[0]; i < m.span[1]; i++) used.add(i);
    values.push(m.variant);
  }
  return values;
}

function coveredBy(graph: ContextGraph, source: string, targets: readonly string[], reverse: boolean): number {
  const reach = reverse ? graph.linkedTables(source) : graph.reachable(source);
  return targets.filter((t) => t === source || reach.has(t)).length;
}

/** Fewest backward steps first, then the graph's order (shortest first). */
function rankAcross(paths: readonly JoinPath[]): JoinPath[] {
  return [...paths].sort((a, b) => a.edges.filter(isReversed).length - b.edges.filter(isReversed).length || a.edges.length - b.edges.length);
}

/** Paths through more of the wanted tables first, then shorter, then the graph's order. */
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

function describeChoice(path: JoinPath, wanted: ReadonlySet<string>, of: number): string {
  const via = path.tables.slice(1, -1).filter((t) => wanted.has(t));
  const why = via.length > 0 ? `passes through target ${via.join(', ')}` : 'shortest';
  return of > 1 ? `${why} (1 of ${of} paths)` : 'only path';
}

/** Edges a join tree from `source` needs to reach `covers` along shortest paths (an upper bound). */
function joinCost(graph: ContextGraph, source: string, covers: readonly string[]): number {
  return covers.reduce((sum, target) => sum + (graph.distance(source, target) ?? 0), 0);
}
