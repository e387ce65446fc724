import { isReversed, type ContextGraph, type JoinPath } from '@guided-retrieval/context-graph';
import { GroundingIndex, type GroundingLevers, type GroundingResult } from '@guided-retrieval/grounding';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { exploreSources } from './explore.js';
import { HeuristicDisambiguator } from './heuristic.js';
import { mergePaths } from './merge.js';
import { renderFromClause } from './sql.js';
import type { Disambiguator, PhaseTimings, RetrievalResult, RetrievalTrace, SelectedPath, SourceAndTargets } from './types.js';

export interface RetrieverOptions {
  /** Steps 5–6 and 8; the deterministic heuristic by default. */
  disambiguator?: Disambiguator;
  /** For semantic enrichment; the offline lexical embedder by default. */
  embedder?: Embedder;
  /** Enrich when hash grounding finds fewer than k tables (default 3, as the paper). */
  k?: number;
  /** Longest join path considered, in edges (default 6). */
  maxPathLength?: number;
  /** Paths enumerated per target at most (default 64). */
  maxPaths?: number;
  /** Grounding levers (for ablation); defaults are the measured best. */
  grounding?: GroundingLevers;
  /** Join across shared dimensions, walking edges backwards, when no table reaches every target (default true). */
  reverseJoins?: boolean;
}

/** Bad input to `retrieve`: the message says what is wrong. */
export class RetrievalInputError extends Error {
  override name = 'RetrievalInputError';
}

export const MAX_QUESTION_LENGTH = 2000;

/** Guided table retrieval over one context graph: build once, ask many questions. */
export class Retriever {
  private constructor(
    readonly graph: ContextGraph,
    readonly index: GroundingIndex,
    private readonly disambiguator: Disambiguator,
    private readonly options: RetrieverOptions,
  ) {}

  static async create(graph: ContextGraph, options: RetrieverOptions = {}): Promise<Retriever> {
    const index = await GroundingIndex.build(graph, { ...(options.embedder ? { embedder: options.embedder } : {}), levers: options.grounding ?? {} });
    const limits = { maxLength: options.maxPathLength ?? 6, maxPaths: options.maxPaths ?? 64, reverse: options.reverseJoins ?? true };
    return new Retriever(graph, index, options.disambiguator ?? new HeuristicDisambiguator(limits), options);
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

    const choice = await this.disambiguator.chooseSourceAndTargets({ question: text, graph: this.graph, grounding, initialTargets, candidates });
    const checked = this.checkChoice(choice, trace);
    timings.disambiguation = clock.lap();

    const limits = { maxLength: this.options.maxPathLength ?? 6, maxPaths: this.options.maxPaths ?? 64, reverse: Boolean(checked.reverse) };
    const paths: Record<string, JoinPath[]> = {};
    for (const target of checked.targets) paths[target] = this.graph.paths(checked.source, target, limits);
    trace.pathEnumeration = checked.targets.map((t) => ({ target: t, paths: paths[t]!.map(describePath) }));
    timings.pathEnumeration = clock.lap();

    const selected = await this.disambiguator.selectPaths({
      question: text, graph: this.graph, grounding, source: checked.source, targets: checked.targets, roles: checked.roles, paths,
    });
    const valid = this.checkPaths(selected, checked, paths);
    trace.pathSelection = valid.map((s) => ({ target: s.target, path: describePath(s.path), reason: s.reason }));
    timings.pathSelection = clock.lap();

    const joinTree = mergePaths(checked.source, valid.map((s) => s.path), checked.targets);
    const sql = renderFromClause(joinTree);
    timings.merging = clock.lap();
    timings.total = clock.total();
    const tables = [...new Set(joinTree.nodes.map((n) => n.table))];
    return {
      question: text,
      database: this.graph.database,
      targets: checked.targets,
      source: checked.source,
      joinTree,
      tables,
      sql,
      explanations: explain(tables, checked, grounding, valid),
      reason: null,
      trace,
    };
  }

  /** The disambiguator may only choose among what the graph offers; anything else is dropped. */
  private checkChoice(choice: SourceAndTargets, trace: RetrievalTrace): SourceAndTargets {
    const source = this.graph.table(choice.source)?.name;
    if (!source) throw new Error(`disambiguator ${this.disambiguator.name} chose unknown source ${choice.source}`);
    const reach = choice.reverse ? this.graph.linkedTables(source) : this.graph.reachable(source);
    const targets: string[] = [];
    const notes = [...choice.notes];
    for (const t of choice.targets) {
      const name = this.graph.table(t)?.name;
      if (name && reach.has(name) && !targets.includes(name)) targets.push(name);
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

  private checkPaths(selected: readonly SelectedPath[], choice: SourceAndTargets, paths: Record<string, JoinPath[]>): SelectedPath[] {
    const offered = new Set(Object.values(paths).flat().map(pathKey));
    const roleKeys = new Set(choice.roles.flatMap((r) => r.paths.map(pathKey)));
    return selected.filter((s) => s.path.source === choice.source && (offered.has(pathKey(s.path)) || roleKeys.has(pathKey(s.path))));
  }

  private empty(question: string, trace: RetrievalTrace, reason: string): RetrievalResult {
    return {
      question, database: this.graph.database, targets: [], source: null, joinTree: { nodes: [] }, tables: [], sql: null,
      explanations: {}, reason, trace,
    };
  }
}

function pathKey(path: JoinPath): string {
  return `${path.source}|${path.edges.map((e) => e.id).join('|')}`;
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

function explain(tables: readonly string[], choice: SourceAndTargets, grounding: GroundingResult, selected: readonly SelectedPath[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const matches = grounding.matches.filter((m) => m.table === table);
    const enriched = grounding.enrichment.added.find((a) => a.table === table);
    const parts: string[] = [];
    if (matches.length > 0) {
      parts.push(`matched ${matches.map((m) => `"${m.token}" → ${m.column ? `${m.column} ` : ''}(${m.kind}, ${m.variantKind})`).join('; ')}`);
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
