import { type ContextGraph, isReversed, type JoinPath } from '@guided-retrieval/context-graph';
import { GroundingIndex, type GroundingLevers, type GroundingResult } from '@guided-retrieval/grounding';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { exploreSources } from './explore.js';
import { HeuristicDisambiguator } from './heuristic.js';
import { type PathLimits, pathLimits } from './limits.js';
import { mergePaths } from './merge.js';
import { nameRecord } from './name-record.js';
import { renderFromClause } from './sql.js';
import type { Disambiguator, PhaseTimings, RetrievalResult, RetrievalTrace, SelectedPath, SourceAndTargets } from './types.js';

export interface RetrieverOptions {
  /** Steps 5–6 and 8; the deterministic heuristic by default. */
  disambiguator?: Disambiguator;
  /** For semantic enrichment; the offline lexical embedder by default. */
  embedder?: Embedder;
  /** Enrich when hash grounding finds fewer than k tables (default 3, as the paper). */
  k?: number;
  /** How far the join-tree search may go (longest path 6 edges, 4 alternatives per target, reverse joins on). */
  limits?: Partial<PathLimits>;
  /** Grounding levers (for ablation); defaults are the measured best. */
  grounding?: GroundingLevers;
  /**
   * Return beside the tree the tables the question points at that join nothing at all (a table
   * alone in its island of the join graph, as in a warehouse that declares no keys), when matched
   * as strongly as anything in the tree (default true); false only names them in `reason`.
   */
  unjoined?: boolean;
}

/** Bad input to `retrieve`: the message says what is wrong. */
export class RetrievalInputError extends Error {
  override name = 'RetrievalInputError';
}

export const MAX_QUESTION_LENGTH = 2000;

/** Most tables returned unjoined beside the tree (see `unjoinedTables`). */
const MAX_UNJOINED = 2;

/** Guided table retrieval over one context graph: build once, ask many questions. */
export class Retriever {
  private constructor(
    readonly graph: ContextGraph,
    readonly index: GroundingIndex,
    private readonly disambiguator: Disambiguator,
    private readonly options: RetrieverOptions,
    private readonly limits: PathLimits,
  ) {}

  static async create(graph: ContextGraph, options: RetrieverOptions = {}): Promise<Retriever> {
    const index = await GroundingIndex.build(graph, {
      ...(options.embedder ? { embedder: options.embedder } : {}),
      levers: options.grounding ?? {},
    });
    return new Retriever(graph, index, options.disambiguator ?? new HeuristicDisambiguator(), options, pathLimits(options.limits));
  }

  async retrieve(question: string): Promise<RetrievalResult> {
    const text = question.trim();
    if (text.length === 0) throw new RetrievalInputError('the question is empty');
    if (text.length > MAX_QUESTION_LENGTH) {
      throw new RetrievalInputError(`the question is ${text.length} characters long; the limit is ${MAX_QUESTION_LENGTH}`);
    }
    const clock = new Clock();
    const grounding = await this.index.ground(text, this.options.k === undefined ? {} : { k: this.options.k });
    const timings = { grounding: clock.lap() } as PhaseTimings;
    const initialTargets = grounding.initialTargets;
    const candidates = exploreSources(this.graph, initialTargets);
    timings.exploration = clock.lap();
    const trace: RetrievalTrace = {
      grounding: { matches: grounding.matches, grounded: grounding.grounded, enrichment: grounding.enrichment, initialTargets },
      exploration: { candidates },
      disambiguation: { by: this.disambiguator.name, source: null, targets: [], roles: [], notes: [], reverse: false },
      pathEnumeration: [],
      pathSelection: [],
      timings,
    };
    if (candidates.length === 0) {
      Object.assign(timings, { disambiguation: 0, pathEnumeration: 0, pathSelection: 0, merging: 0, total: clock.total() });
      return this.empty(text, trace, noMatchReason(grounding, this.graph.database));
    }

    const choice = await this.disambiguator.chooseSourceAndTargets({
      question: text,
      graph: this.graph,
      grounding,
      initialTargets,
      candidates,
      limits: this.limits,
    });
    const checked = this.checkChoice(choice, trace);
    timings.disambiguation = clock.lap();

    // Step 7, bounded: the k cheapest alternatives per target (Yen), never every path.
    const limits: PathLimits = { ...this.limits, reverse: Boolean(checked.reverse) };
    const paths = nameRecord<JoinPath[]>();
    for (const target of checked.targets) {
      paths[target] = this.graph.kShortestPaths(checked.source, target, limits.alternatives, {
        maxLength: limits.maxLength,
        reverse: limits.reverse,
      });
    }
    trace.pathEnumeration = checked.targets.map((t) => ({ target: t, paths: paths[t]!.map(describePath) }));
    timings.pathEnumeration = clock.lap();

    const selected = await this.disambiguator.selectPaths({
      question: text,
      graph: this.graph,
      grounding,
      source: checked.source,
      targets: checked.targets,
      roles: checked.roles,
      paths,
      limits,
    });
    const valid = this.checkPaths(selected, checked);
    trace.pathSelection = valid.map((s) => ({ target: s.target, path: describePath(s.path), reason: s.reason }));
    timings.pathSelection = clock.lap();

    const joinTree = mergePaths(
      checked.source,
      valid.map((s) => s.path),
      [checked.source, ...checked.targets],
      this.graph.engine,
    );
    const sql = renderFromClause(joinTree);
    timings.merging = clock.lap();
    timings.total = clock.total();
    const treeTables = [...new Set(joinTree.nodes.map((n) => n.table))];
    const unjoined = this.unjoinedTables(grounding, checked.source);
    const tables = [...treeTables, ...unjoined];
    return {
      question: text,
      database: this.graph.database,
      targets: checked.targets,
      source: checked.source,
      joinTree,
      tables,
      unjoined,
      sql,
      explanations: Object.assign(explain(treeTables, checked, grounding, valid), explainUnjoined(unjoined, grounding)),
      reason: islandsReason(this.graph, checked.source, [...initialTargets, ...grounding.elsewhere.map((e) => e.table)]),
      trace,
    };
  }

  /**
   * Tables matched in another island as strongly as the best grounded table: each joining no
   * table at all, or named by words nothing in the tree's island explains ("Which countries have
   * both lakes and rivers?" where no key joins LAKE and RIVER). A table of a joined island matched
   * by the same words as the tree's is left to `reason`: on a graph of several databases it is
   * another database's reading of those words (measured: BIRD dev as one union graph loses 0.02
   * F1 when those come along; Spider 2.0-lite gains as much from the lone ones).
   */
  private unjoinedTables(grounding: GroundingResult, source: string): string[] {
    if (this.options.unjoined === false) return [];
    const best = Math.max(0, ...grounding.grounded.map((g) => g.score));
    const lone = grounding.elsewhere
      .filter(
        (e) => e.score >= best - 1e-9 && !this.graph.linked(source, e.table) && (this.graph.linkedTables(e.table).size === 0 || e.byName),
      )
      .map((e) => e.table);
    // More lone tables than this matched alike are a warehouse's copies (one per year, per
    // level): the question does not say which, so none comes along (Spider 2.0-lite F1 +0.013).
    return lone.length > MAX_UNJOINED ? [] : lone;
  }

  /** The disambiguator may only choose among what the graph offers; anything else is dropped. */
  private checkChoice(choice: SourceAndTargets, trace: RetrievalTrace): SourceAndTargets {
    const source = this.graph.table(choice.source)?.name;
    if (!source) throw new Error(`disambiguator ${this.disambiguator.name} chose unknown source ${choice.source}`);
    const joinable = (t: string) => (choice.reverse ? this.graph.linked(source, t) : this.graph.reaches(source, t));
    const targets: string[] = [];
    const notes = [...choice.notes];
    for (const t of choice.targets) {
      const name = this.graph.table(t)?.name;
      if (name && name !== source && joinable(name) && !targets.includes(name)) targets.push(name);
      else if (name !== source) notes.push(`rejected target ${t}: not a table reachable from ${source}`);
    }
    Object.assign(trace.disambiguation, {
      source,
      targets,
      roles: choice.roles.map((r) => ({ table: r.table, paths: r.paths.map(describePath) })),
      notes,
      reverse: Boolean(choice.reverse),
    });
    return { ...choice, source, targets };
  }

  /** A selected path must start at the source, end at a target (or a role of the source) and be a real route through the graph. */
  private checkPaths(selected: readonly SelectedPath[], choice: SourceAndTargets): SelectedPath[] {
    const ends = new Set([...choice.targets, ...choice.roles.map((r) => r.table)]);
    return selected.filter(
      (s) =>
        s.path.source === choice.source &&
        ends.has(s.path.target) &&
        (choice.reverse || !s.path.edges.some(isReversed)) &&
        s.path.edges.length <= this.limits.maxLength &&
        this.graph.isPath(s.path),
    );
  }

  private empty(question: string, trace: RetrievalTrace, reason: string): RetrievalResult {
    return {
      question,
      database: this.graph.database,
      targets: [],
      source: null,
      joinTree: { nodes: [], dialect: this.graph.engine },
      tables: [],
      unjoined: [],
      sql: null,
      explanations: {},
      reason,
      trace,
    };
  }
}

/** Tables the question matched in another island of the join graph than the source: no join can reach them. */
function islandsReason(graph: ContextGraph, source: string, matched: readonly string[]): string | null {
  const apart = [...new Set(matched)].filter((t) => t !== source && !graph.linked(source, t));
  if (apart.length === 0) return null;
  const them = apart.length === 1 ? `${apart[0]} is` : `${apart.join(', ')} are`;
  return `${them} not joined: no join path connects ${apart.length === 1 ? 'it' : 'them'} to ${source} (another island of the join graph)`;
}

/** `LINEITEM → ORDERS`; a step against the key's direction shows as `schools ← satscores`. */
function describePath(path: JoinPath): string {
  return path.tables.map((t, i) => (i === 0 ? t : `${isReversed(path.edges[i - 1]!) ? ' ← ' : ' → '}${t}`)).join('');
}

function noMatchReason(grounding: GroundingResult, database: string): string {
  const words = grounding.tokens.filter((t) => !t.stopWord).map((t) => t.text);
  const asked = words.length > 0 ? `"${words.join(' ')}"` : 'the question';
  return `nothing in ${database} matches ${asked}: no table, column or sampled value, and no table is similar enough`;
}

function explainUnjoined(tables: readonly string[], grounding: GroundingResult): Record<string, string> {
  const out = nameRecord<string>();
  for (const t of tables) {
    const score = grounding.elsewhere.find((e) => e.table === t)?.score ?? 0;
    out[t] =
      `matched as strongly as the tree's best table (score ${score.toFixed(2)}), but it joins no table: no key connects it, so the FROM clause leaves it out`;
  }
  return out;
}

function explain(
  tables: readonly string[],
  choice: SourceAndTargets,
  grounding: GroundingResult,
  selected: readonly SelectedPath[],
): Record<string, string> {
  const out = nameRecord<string>();
  for (const table of tables) {
    const matches = grounding.matches.filter((m) => m.table === table);
    const enriched = grounding.enrichment.added.find((a) => a.table === table);
    const parts: string[] = [];
    if (matches.length > 0) {
      parts.push(
        `matched ${matches.map((m) => `"${m.token}" → ${m.column ? `${m.column} (${m.kind}, ${m.variantKind})` : `its ${m.kind === 'table' ? 'name' : m.kind} (${m.variantKind})`}`).join('; ')}`,
      );
    }
    if (enriched) parts.push(`semantically similar to the question (cosine ${enriched.similarity.toFixed(2)})`);
    if (table === choice.source) parts.push('source: roots the join tree');
    const note = choice.notes.find((n) => n.startsWith('added ') && n.split(':')[0]!.split(/[ ,]+/).includes(table));
    if (note) parts.push(note);
    const onPath = selected.filter((s) => s.path.tables.slice(0, -1).includes(table) && s.target !== table).map((s) => s.target);
    if (parts.length === 0 && onPath.length > 0) parts.push(`bridge on the path to ${[...new Set(onPath)].join(', ')}`);
    out[table] = parts.join('; ') || 'target';
  }
  return out;
}

class Clock {
  private readonly start = performance.now();
  private last = this.start;
  lap(): number {
    const now = performance.now();
    const ms = now - this.last;
    this.last = now;
    return Math.round(ms * 1000) / 1000;
  }
  total(): number {
    return Math.round((performance.now() - this.start) * 1000) / 1000;
  }
}
