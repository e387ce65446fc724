import type { ContextGraph, GraphEngine, JoinDirection, JoinPath } from '@guided-retrieval/context-graph';
import type {
  EnrichmentStep,
  GroundedTable,
  GroundingMatch,
  GroundingResult,
  IslandSenseStep,
  StageTrace,
  TableEvidence,
} from '@guided-retrieval/grounding';
import type { TableColumns } from './columns/types.js';
import type { PathLimits } from './limits.js';

/** How far the join-tree search may go (declared with its checked file, `limits.ts`): one type, one default, handed to every phase. */
export type { PathLimits };

/** The SQL engine a FROM clause is written for: the one the graph was built from. */
export type SqlDialect = GraphEngine;

/** A table that could root the join tree (paper §3.2). */
export interface CandidateSource {
  table: string;
  /** coverage(t) = |R(t) ∩ T0|, as the paper defines it. */
  coverage: number;
  /** The initial targets this table reaches, itself included when it is one. */
  covers: string[];
  isTarget: boolean;
  /** |R(t)|: how many tables it reaches along keys (the tables themselves: `graph.reachable`). */
  reachableCount: number;
}

export interface DisambiguationInput {
  question: string;
  graph: ContextGraph;
  grounding: GroundingResult;
  initialTargets: readonly string[];
  /** Ranked by coverage, best first. */
  candidates: readonly CandidateSource[];
  /** How far the join-tree search may go, the same for every phase. */
  limits: PathLimits;
  /** What the team's own questions and SQL taught (`RetrieverOptions.history`), when there is any. */
  history?: PastQuestions;
}

/**
 * A team's past questions and the tables their SQL read (`@guided-retrieval/history`'s `History`
 * is one, learned by `guided learn`): the trees the questions nearest a new one read are proposed
 * as candidates, and how near they are and how often the team's SQL reads a tree are features.
 */
export interface PastQuestions {
  /** The trees the `k` past questions most like `question` read, best first, each with its questions' summed similarity. */
  similarTrees(
    question: string,
    k: number,
  ): readonly { tables: readonly string[]; score: number; questions: readonly { question: string; similarity: number }[] }[];
  /** How many past statements read exactly these tables. */
  treeUsage(tables: readonly string[]): number;
  /** How many statements it holds. */
  readonly statements: number;
}

/** A table the question needs more than once, each time reached along a different last edge. */
export interface RoleRequest {
  table: string;
  /** The chosen paths, one per role, best first. */
  paths: JoinPath[];
  reason: string;
}

/**
 * Why the disambiguation moved a table in or out, as data: rendered to words at the edge
 * (`formatTrace.note`), read by `explain` without parsing prose.
 */
export interface DisambiguationNote {
  /** `source`: how the source was chosen; `added`/`pruned`: targets changed; `rejected`: a proposal refused. */
  kind: 'source' | 'added' | 'pruned' | 'rejected';
  /** The tables the note is about (may be empty when a whole proposal was refused). */
  tables: string[];
  reason: string;
}

/** A candidate tree a fitted choice weighed: how it was proposed, its tables, its features and its score. */
export interface CandidateTrace {
  origin: string;
  tables: string[];
  score: number;
  /** Its calibrated probability of being the right tree (0 when the rule leaves it out); the candidates' sum to 1. */
  probability: number;
  /** Whether it keeps as much of what the question names as any candidate does: only those are scored against each other. */
  eligible: boolean;
  features: Record<string, number>;
}

export interface SourceAndTargets {
  source: string;
  /** The final targets T (the source is not among them). */
  targets: string[];
  roles: RoleRequest[];
  /** Why targets were added or pruned and how the source was chosen. */
  notes: DisambiguationNote[];
  /**
   * Join edges may be walked backwards: no table reaches every target along the keys'
   * direction, so the tree joins across a shared dimension (frpm → schools ← satscores).
   */
  reverse?: boolean;
  /** The candidate trees a fitted choice weighed, the chosen one highest (absent for other disambiguators). */
  candidates?: CandidateTrace[];
  /** How sure a fitted choice is of its tree (absent for other disambiguators). */
  confidence?: ChoiceConfidence;
  /**
   * The paths of the tree already chosen with the source and targets (a fitted choice's candidate
   * rooted by shared searches): joined as they are, not searched again.
   */
  selected?: SelectedPath[];
  /** What the fitted choice did: sets of tables proposed, how many rooted, and its timings (absent for other disambiguators). */
  work?: { proposed: number; rooted: number; timings: ChoiceTimings };
}

export interface PathSelectionInput {
  question: string;
  graph: ContextGraph;
  grounding: GroundingResult;
  source: string;
  targets: readonly string[];
  roles: readonly RoleRequest[];
  /** The cheapest alternative paths from the source, per target (Yen's k shortest, k = `limits.alternatives`). */
  paths: Readonly<Record<string, readonly JoinPath[]>>;
  /** As in disambiguation, with `reverse` set when the source joins across walking edges backwards. */
  limits: PathLimits;
}

export interface SelectedPath {
  target: string;
  path: JoinPath;
  reason: string;
}

/**
 * The semantic decisions of the pipeline (paper §3.3): steps 5–6 choose the source and refine the
 * targets; step 8 picks among the enumerated paths. Implementations may only choose among what
 * the graph offers.
 */
export interface Disambiguator {
  readonly name: string;
  /** Work that depends only on the graph, done once when the retriever is built rather than on the first question. */
  prepare?(graph: ContextGraph): void;
  chooseSourceAndTargets(input: DisambiguationInput): Promise<SourceAndTargets>;
  selectPaths(input: PathSelectionInput): Promise<SelectedPath[]>;
}

/** How sure the fitted choice is of its answer. */
export interface ChoiceConfidence {
  /** The returned tree's probability among the candidates (calibrated out of fold). */
  tree: number;
  /** Table → probability that the question needs it: every returned table, and any other at or above `listTablesFrom`. */
  tables: Record<string, number>;
  /** The returned tree is not clearly ahead: its probability is below `uncertainBelow`. */
  uncertain: boolean;
}

/** One column pair of a join: the parent's column equals the child's. */
export interface JoinColumns {
  parent: string;
  child: string;
}

/** How a node joins its parent: the edge, the way it is walked, and the column pairs it equates. */
export interface NodeJoin {
  /** The join edge's id, as the graph stores it. */
  edge: string;
  /** `forward`: the parent holds the reference; `reverse`: the child does (a shared dimension walked backwards). */
  direction: JoinDirection;
  columns: JoinColumns[];
}

export interface JoinTreeNode {
  /** Unique within the tree: the table's name, or `table_parent` for a table in several roles. */
  alias: string;
  table: string;
  /** The parent's alias; null at the root. */
  parent: string | null;
  /** How it joins the parent; null at the root. `sql.ts` renders it (`joinCondition`). */
  join: NodeJoin | null;
}

/** A rooted join tree whose nodes are in topological order (every parent before its children). */
export interface JoinTree {
  nodes: JoinTreeNode[];
  /** The engine the tree's SQL is rendered for (`renderFromClause`, `joinCondition`). */
  dialect: SqlDialect;
}

export interface PhaseTimings {
  grounding: number;
  exploration: number;
  disambiguation: number;
  pathEnumeration: number;
  pathSelection: number;
  merging: number;
  /** Column relevance (`columns/relevance.ts`), after merging. */
  columns: number;
  total: number;
  /** The fitted choice's share of `disambiguation` (absent for other disambiguators). */
  choice?: ChoiceTimings;
}

/** Where the fitted choice spends its time: proposing and rooting candidate trees, reading their features, scoring them. */
export interface ChoiceTimings {
  proposal: number;
  features: number;
  scoring: number;
}

/**
 * A join path as the trace records it: data, not text. Its steps are the graph's join edges by id
 * (`JoinEdge.id`, as `JoinTreeNode.join.edge` names them), so two paths that read alike (parallel
 * edges: `department → employee` by `head_id` and by `deputy_id`) stay two; `formatTrace.path`
 * renders one for people. A `JoinPath` is one.
 */
export interface TracePath {
  /** `[source, …, target]`; one longer than `edges`. */
  tables: string[];
  /** Each step: the join edge it walks, by id, and which way (`reverse`: against the key). */
  edges: { id: string; direction: JoinDirection }[];
}

export interface RetrievalTrace {
  grounding: {
    matches: GroundingMatch[];
    grounded: GroundedTable[];
    /** Each table's strongest match per question word before settling: the evidence candidate trees are weighed on. */
    evidence: TableEvidence[];
    /** What each grounding stage made of those tables: their strongest score after it. */
    stages: StageTrace[];
    enrichment: EnrichmentStep;
    /** How a sentence model chose among islands the words left close, when it did. */
    islandSense?: IslandSenseStep;
    initialTargets: string[];
  };
  exploration: { candidates: CandidateSource[] };
  disambiguation: {
    by: string;
    source: string | null;
    targets: string[];
    /** Tables needed in several roles, each with its paths (one per role). */
    roles: { table: string; paths: TracePath[] }[];
    notes: DisambiguationNote[];
    reverse: boolean;
    /** The candidate trees a fitted choice weighed, with their features and scores. */
    candidates?: CandidateTrace[];
    /** Sets of tables the fitted choice proposed, and how many of them it rooted (searched a tree for). */
    proposed?: number;
    rooted?: number;
  };
  /** Per target, the paths offered to the path selection, in the order offered. */
  pathEnumeration: { target: string; paths: TracePath[] }[];
  /** The paths chosen, each with why: match one to the offered ones by its edges' ids, not by its text. */
  pathSelection: { target: string; path: TracePath; reason: string }[];
  /** Milliseconds per phase; the only part of a result that differs between identical runs. */
  timings: PhaseTimings;
}

export interface RetrievalResult {
  question: string;
  database: string;
  /** Final target tables T, as the schema spells them. */
  targets: string[];
  /** The root of the join tree; null when nothing was found. */
  source: string | null;
  joinTree: JoinTree;
  /** Distinct tables of the join tree, in tree order, then the `unjoined` ones. */
  tables: string[];
  /**
   * Tables the question points at that no join path connects to the tree (another island of the
   * join graph: a schema without the keys to join them): the answer needs them, the FROM clause
   * cannot say how. Empty unless the retriever was asked for them.
   */
  unjoined: string[];
  /** `FROM … JOIN … ON …`, null when nothing was found. */
  sql: string | null;
  /** For each table of the tree, why it is there. */
  explanations: Record<string, string>;
  /**
   * For each of `tables`, in their order: the columns the question needs, each with its roles and
   * why, and the next likeliest (`columns/relevance.ts`); empty when nothing was found.
   */
  columns: TableColumns[];
  /**
   * Why the result is empty, or which initial targets could not be joined to the source (they lie
   * in another island of the join graph); null otherwise.
   */
  reason: string | null;
  /**
   * How sure the choice is: the returned tree's probability, each table's probability of being
   * needed, and whether the tree is not clearly ahead; null when the disambiguator gives no
   * probabilities (the heuristic, an LLM) or nothing was found.
   */
  confidence: ChoiceConfidence | null;
  trace: RetrievalTrace;
}

export type { JoinDirection, JoinPath };
