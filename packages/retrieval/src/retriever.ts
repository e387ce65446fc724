/**
 * The retriever runs the four phases in order (paper §3), each a module whose input and output
 * are the types in `types.ts`: grounding (`@guided-retrieval/grounding`), exploration
 * (`explore.ts`), disambiguation (`disambiguate.ts` for steps 5–6, `paths.ts` for 7–8) and
 * merging (`merge.ts`), then renders the tree (`sql.ts`) and the explanations (`explain.ts`).
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import {
  GroundingIndex,
  type GroundingLevers,
  type GroundingParams,
  type GroundingParamsOverride,
  type GroundingResult,
} from '@guided-retrieval/grounding';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { type ChoiceCandidates, FittedDisambiguator } from './choice/fitted-disambiguator.js';
import type { ChoiceFile } from './choice/model-file.js';
import { type ColumnParams, type ColumnParamsOverride, defaultColumnParams, withColumnParams } from './columns/params.js';
import { type PromptContext, type PromptOptions, type PromptSource, renderPromptContext } from './columns/prompt.js';
import { relevantColumns } from './columns/relevance.js';
import { disambiguate } from './disambiguate.js';
import { explainTables, explainUnjoined, islandsReason, noMatchReason } from './explain.js';
import { exploreSources } from './explore.js';
import { pathLimits } from './limits.js';
import { mergePaths } from './merge.js';
import { type HeuristicParams, type HeuristicParamsOverride, resolveHeuristicParams } from './params.js';
import { checkPaths, enumeratePaths, limitsFor, pathSelectionInput, tracePath } from './paths.js';
import { milliseconds } from './rounding.js';
import { renderFromClause } from './sql.js';
import type { Disambiguator, PastQuestions, PathLimits, PhaseTimings, RetrievalResult, RetrievalTrace, SourceAndTargets } from './types.js';

export interface RetrieverOptions {
  /** Steps 5–6 and 8; by default the fitted choice among candidate trees (`FittedDisambiguator`). */
  disambiguator?: Disambiguator;
  /** For semantic enrichment; the offline lexical embedder by default. */
  embedder?: Embedder;
  /** The fitted choice among candidate trees: its model and proposal limits (default: the shipped `params/choice.json`). */
  choice?: ChoiceFile;
  /** How far the join-tree search may go (longest path 6 edges, 4 alternatives per target, reverse joins on). */
  limits?: Partial<PathLimits>;
  /** Grounding levers (for ablation), set over `groundingParams`; defaults are the measured best. */
  grounding?: GroundingLevers;
  /**
   * Every number and switch of grounding, whole (`loadGroundingParams`) or some over the defaults
   * of `@guided-retrieval/grounding`'s `params/grounding.json`.
   */
  groundingParams?: GroundingParams | GroundingParamsOverride;
  /**
   * Every number and switch of the heuristics, whole (`loadHeuristicParams`) or some over the
   * defaults of `params/heuristic.json`: the default disambiguator's, and the retriever's own
   * (`unjoined`, `maxUnjoined`).
   */
  heuristicParams?: HeuristicParams | HeuristicParamsOverride;
  /** The column model's weights and thresholds, some over the defaults of `params/columns.json` (`columns/params.ts`). */
  columnParams?: ColumnParamsOverride;
  /**
   * A sentence embedder that breaks ties between islands of the join graph (databases in one warehouse) that the
   * question's words leave close; none by default.
   */
  islandEmbedder?: Embedder;
  /**
   * What the team's own questions and SQL taught (`guided learn`; `@guided-retrieval/history`'s
   * `History`): the trees of the past questions nearest each new one are proposed, and weighed by
   * how near they are and how often the team's SQL reads them. None by default.
   */
  history?: PastQuestions;
  /** Told one line when an optional model grounding uses (word vectors) is missing or unreadable, and what is used instead. */
  onNote?: (line: string) => void;
  /** Told a line when a step takes seconds (deriving the word vectors on first use). */
  onProgress?: (line: string) => void;
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
    private readonly limits: PathLimits,
    private readonly params: HeuristicParams,
    /** The column model's weights and thresholds, and the prompt's settings. */
    readonly columnParams: ColumnParams,
    private readonly history: PastQuestions | undefined,
  ) {}

  static async create(graph: ContextGraph, options: RetrieverOptions = {}): Promise<Retriever> {
    const index = await GroundingIndex.build(graph, {
      ...(options.embedder ? { embedder: options.embedder } : {}),
      levers: options.grounding ?? {},
      ...(options.groundingParams ? { params: options.groundingParams } : {}),
      ...(options.onNote ? { onNote: options.onNote } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.islandEmbedder ? { islandEmbedder: options.islandEmbedder } : {}),
    });
    const params = resolveHeuristicParams(options.heuristicParams);
    const disambiguator =
      options.disambiguator ?? new FittedDisambiguator({ params, ...(options.choice ? { choice: options.choice } : {}) });
    disambiguator.prepare?.(graph);
    const columnParams = options.columnParams ? withColumnParams(options.columnParams) : defaultColumnParams();
    return new Retriever(graph, index, disambiguator, pathLimits(options.limits ?? {}), params, columnParams, options.history);
  }

  /** What decides steps 5–6 and 8, as `trace.disambiguation.by` names it (`fitted`, `heuristic`, `llm:<model>`): known before any question. */
  get disambiguatorName(): string {
    return this.disambiguator.name;
  }

  async retrieve(question: string): Promise<RetrievalResult> {
    const text = checkQuestion(question);
    const clock = new Clock();
    // Phase 1, grounding: the question's words → tables (and semantic enrichment below the parameter k).
    const grounding = await this.index.ground(text);
    const groundingMs = clock.lap();
    // Phase 2, exploration: every table that reaches an initial target, with its coverage.
    const { initialTargets } = grounding;
    const candidates = exploreSources(this.graph, initialTargets);
    const explorationMs = clock.lap();
    const groundingTrace = {
      matches: grounding.matches,
      grounded: grounding.grounded,
      evidence: grounding.evidence,
      stages: grounding.stages,
      enrichment: grounding.enrichment,
      ...(grounding.islandSense ? { islandSense: grounding.islandSense } : {}),
      initialTargets,
    };
    if (candidates.length === 0) {
      const timings = { grounding: groundingMs, exploration: explorationMs, ...NOTHING_MORE, total: clock.total() };
      const trace = emptyTrace(groundingTrace, this.disambiguator.name, timings);
      return this.empty(text, trace, noMatchReason(grounding, this.graph.database));
    }

    // Phase 3, disambiguation: the source and targets (steps 5–6), the paths offered (7), the paths chosen (8).
    const base = { question: text, graph: this.graph, grounding };
    const choice = await disambiguate(this.disambiguator, {
      ...base,
      initialTargets,
      candidates,
      limits: this.limits,
      ...(this.history ? { history: this.history } : {}),
    });
    const disambiguationMs = clock.lap();
    const limits = limitsFor(choice, this.limits);
    const paths = enumeratePaths(this.graph, choice, limits);
    const pathEnumerationMs = clock.lap();
    const selected = choice.selected ?? (await this.disambiguator.selectPaths(pathSelectionInput(base, choice, paths, limits)));
    const valid = checkPaths(this.graph, selected, choice, limits);
    const pathSelectionMs = clock.lap();

    // Phase 4, merging: one join tree from the chosen paths, trimmed and in topological order.
    const joinTree = mergePaths(
      choice.source,
      valid.map((s) => s.path),
      [choice.source, ...choice.targets],
      this.graph.engine,
    );
    const sql = renderFromClause(joinTree, { schemaOf: (table) => this.graph.table(table)?.schema });
    const mergingMs = clock.lap();
    const treeTables = [...new Set(joinTree.nodes.map((n) => n.table))];
    // Reachable is not joinable: the tree search goes at most maxLength joins, so a target the keys
    // reach only farther away is not in the tree; it is said, and not listed as a target.
    const far = choice.targets.filter((t) => !treeTables.includes(t));
    if (far.length > 0) {
      choice.notes.push({ kind: 'pruned', tables: far, reason: `no join path of at most ${limits.maxLength} edges from ${choice.source}` });
    }
    const targets = choice.targets.filter((t) => treeTables.includes(t));
    const unjoined = this.unjoinedTables(grounding, choice.source);
    const tables = [...treeTables, ...unjoined];
    const columns = relevantColumns(
      { graph: this.graph, grounding, joinTree, tables, ...(choice.candidates ? { candidates: choice.candidates } : {}) },
      this.columnParams,
    );
    const timings: PhaseTimings = {
      grounding: groundingMs,
      exploration: explorationMs,
      disambiguation: disambiguationMs,
      pathEnumeration: pathEnumerationMs,
      pathSelection: pathSelectionMs,
      merging: mergingMs,
      columns: clock.lap(),
      total: clock.total(),
      ...(choice.work ? { choice: choice.work.timings } : {}),
    };
    return {
      question: text,
      database: this.graph.database,
      targets,
      source: choice.source,
      joinTree,
      tables,
      unjoined,
      sql,
      explanations: Object.assign(explainTables(treeTables, choice, grounding, valid), explainUnjoined(unjoined, grounding)),
      columns,
      reason: islandsReason(this.graph, choice.source, [...initialTargets, ...grounding.elsewhere.map((e) => e.table)]),
      confidence: choice.confidence ?? null,
      trace: {
        grounding: groundingTrace,
        exploration: { candidates },
        disambiguation: {
          by: this.disambiguator.name,
          source: choice.source,
          targets,
          roles: choice.roles.map((r) => ({ table: r.table, paths: r.paths.map(tracePath) })),
          notes: choice.notes,
          reverse: Boolean(choice.reverse),
          ...(choice.candidates ? { candidates: choice.candidates } : {}),
          ...(choice.work ? { proposed: choice.work.proposed, rooted: choice.work.rooted } : {}),
        },
        pathEnumeration: offeredTables(choice).map((target) => ({ target, paths: (paths[target] ?? []).map(tracePath) })),
        pathSelection: valid.map((s) => ({ target: s.target, path: tracePath(s.path), reason: s.reason })),
        timings,
      },
    };
  }

  /**
   * The candidate trees the fitted choice weighs for `question`, each with its features at full
   * precision, computed exactly as `retrieve` computes them: what `fit` learns from (the prediction
   * path, not a rounded trace). Null when nothing is grounded or the disambiguator is not the
   * fitted choice.
   */
  async choiceCandidates(question: string): Promise<ChoiceCandidates | null> {
    if (!(this.disambiguator instanceof FittedDisambiguator)) return null;
    const text = checkQuestion(question);
    const grounding = await this.index.ground(text);
    const candidates = exploreSources(this.graph, grounding.initialTargets);
    if (candidates.length === 0) return null;
    const input = {
      question: text,
      graph: this.graph,
      grounding,
      initialTargets: grounding.initialTargets,
      candidates,
      limits: this.limits,
      ...(this.history ? { history: this.history } : {}),
    };
    return this.disambiguator.candidates(input);
  }

  /** The prompt context of a result of this retriever, under a token budget (`columns/prompt.ts`). */
  promptContext(result: PromptSource, options: PromptOptions = {}): PromptContext {
    return renderPromptContext(this.graph, result, this.columnParams, options);
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
    if (!this.params.unjoined) return [];
    const best = Math.max(0, ...grounding.grounded.map((g) => g.score));
    const lone = grounding.elsewhere
      .filter(
        (e) => e.score >= best - 1e-9 && !this.graph.linked(source, e.table) && (this.graph.linkedTables(e.table).size === 0 || e.byName),
      )
      .map((e) => e.table);
    // More lone tables than `maxUnjoined` matched alike are a warehouse's copies (one per year, per
    // level): the question does not say which, so none comes along (Spider 2.0-lite F1 +0.013).
    return lone.length > this.params.maxUnjoined ? [] : lone;
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
      columns: [],
      reason,
      confidence: null,
      trace,
    };
  }
}

/** The question, trimmed, or a `RetrievalInputError` saying what is wrong with it. */
function checkQuestion(question: string): string {
  const text = question.trim();
  if (text.length === 0) throw new RetrievalInputError('the question is empty');
  if (text.length > MAX_QUESTION_LENGTH) {
    throw new RetrievalInputError(`the question is ${text.length} characters long; the limit is ${MAX_QUESTION_LENGTH}`);
  }
  return text;
}

/** The tables step 7 offered paths to: the targets, then a role of the source. */
function offeredTables(choice: SourceAndTargets): string[] {
  return [...new Set([...choice.targets, ...choice.roles.map((r) => r.table)])];
}

/** The phases a question that matches nothing never reaches. */
const NOTHING_MORE = { disambiguation: 0, pathEnumeration: 0, pathSelection: 0, merging: 0, columns: 0 } as const;

function emptyTrace(grounding: RetrievalTrace['grounding'], by: string, timings: PhaseTimings): RetrievalTrace {
  return {
    grounding,
    exploration: { candidates: [] },
    disambiguation: { by, source: null, targets: [], roles: [], notes: [], reverse: false },
    pathEnumeration: [],
    pathSelection: [],
    timings,
  };
}

class Clock {
  private readonly start = performance.now();
  private last = this.start;
  lap(): number {
    const now = performance.now();
    const ms = now - this.last;
    this.last = now;
    return milliseconds(ms);
  }
  total(): number {
    return milliseconds(performance.now() - this.start);
  }
}
