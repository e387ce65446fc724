/**
 * Candidate trees for a question: the heuristic's own tree, it less one of its targets, it plus
 * one table the evidence points at, and trees over the few tables the evidence points at most.
 * A fitted scorer (`score.ts`) then picks one. Proposing is cheap and bounded: at most
 * `ChoiceSettings.maxCandidates` trees, each rooted by searches the question shares (`roots.ts`).
 */
import type { JoinPath } from '@guided-retrieval/context-graph';
import type { HeuristicDisambiguator } from '../heuristic.js';
import type { DisambiguationInput, SelectedPath, SourceAndTargets } from '../types.js';
import { SharedRoots } from './roots.js';

/** A join tree the choice may pick: how it was proposed, its choice of source and targets, and its tables. */
export interface CandidateTree {
  /** How it was proposed: `heuristic`, `without <table>`, `with <table>`, `over <tables>`. */
  origin: string;
  choice: SourceAndTargets;
  /** The tree's distinct tables, sorted. */
  tables: string[];
  /** Tables of the tree no other table hangs from (the source, when alone). */
  leaves: string[];
  /** Tables of the tree with two or more nodes (roles). */
  roles: string[];
  /** Join steps of the tree. */
  edges: number;
  /** Steps walked against the key's direction. */
  reversed: number;
  /** Its paths as the shared searches found them, to be joined as they are when it is chosen (the heuristic's tree has none: it is searched again). */
  paths?: SelectedPath[];
}

/** How many candidates, from how many evidence tables. */
export interface ProposalLimits {
  /** Evidence tables (strongest first) a table may be added from, and trees over subsets of. */
  evidenceTables: number;
  /** Subsets of this many strongest evidence tables become candidates of their own. */
  subsetTables: number;
  /** Tables in such a subset at most: larger subsets of the strongest tables were right where no smaller candidate was in 4 of 652 training questions. */
  maxSubsetSize: number;
  maxCandidates: number;
  /** The past questions (`RetrieverOptions.history`) whose trees are proposed: the trees of this many nearest. */
  pastQuestions: number;
  /**
   * Proposals rooted (a source chosen, a tree searched) at most, besides the heuristic's: when more
   * are proposed, those the model scores highest as bare table sets, before any search, are rooted.
   */
  rooted: number;
}

/** A set of tables proposed, before it is rooted: how it was proposed and its tables, sorted. */
export interface Proposal {
  origin: string;
  tables: string[];
}

/** The realized tree of a choice: the paths the heuristic's tree search selects. */
export async function realize(
  heuristic: HeuristicDisambiguator,
  input: DisambiguationInput,
  choice: SourceAndTargets,
  origin: string,
): Promise<CandidateTree> {
  const selected = await heuristic.selectPaths({
    question: input.question,
    graph: input.graph,
    grounding: input.grounding,
    source: choice.source,
    targets: choice.targets,
    roles: choice.roles,
    paths: {},
    limits: { ...input.limits, reverse: Boolean(choice.reverse) },
  });
  return treeOf(
    origin,
    choice,
    selected.map((s) => s.path),
  );
}

function treeOf(origin: string, choice: SourceAndTargets, paths: readonly JoinPath[]): CandidateTree {
  const tables = new Set([choice.source]);
  const parents = new Set<string>();
  const steps = new Set<string>();
  const nodes = new Map<string, Set<string>>();
  let reversed = 0;
  for (const path of paths) {
    path.tables.forEach((t, i) => {
      tables.add(t);
      if (i < path.tables.length - 1) parents.add(t);
    });
    path.edges.forEach((e, i) => {
      // A step is one node of the merged tree: the same edge from the same prefix is one join.
      const key = `${path.tables.slice(0, i + 1).join('>')}|${e.id}|${e.direction}`;
      if (steps.has(key)) return;
      steps.add(key);
      if (e.direction === 'reverse') reversed += 1;
      const into = path.tables[i + 1]!;
      const via = nodes.get(into) ?? new Set<string>();
      via.add(`${e.id}|${e.direction}`);
      nodes.set(into, via);
    });
  }
  const sorted = [...tables].sort();
  return {
    origin,
    choice,
    tables: sorted,
    leaves: sorted.filter((t) => !parents.has(t)),
    roles: [...nodes].filter(([t, via]) => via.size > 1 || (t === choice.source && via.size > 0)).map(([t]) => t),
    edges: steps.size,
    reversed,
  };
}

/**
 * The candidates: the heuristic's tree first, then the variants — each distinct set of tables
 * proposed once (the first way it is proposed names it), at most `limits.rooted` of them rooted
 * (those `prescore` ranks highest as bare table sets, in the order proposed), and at most
 * `limits.maxCandidates` trees in all, one per distinct set of tables a tree holds.
 */
export async function proposeTrees(
  heuristic: HeuristicDisambiguator,
  input: DisambiguationInput,
  base: SourceAndTargets,
  first: CandidateTree,
  limits: ProposalLimits,
  past: readonly PastTree[],
  prescore: (proposals: readonly Proposal[]) => number[],
): Promise<{ trees: CandidateTree[]; proposed: number; rooted: number }> {
  const out: CandidateTree[] = [];
  const seen = new Set<string>();
  const add = (tree: CandidateTree | null) => {
    if (!tree || out.length >= limits.maxCandidates) return;
    const key = tree.tables.join('\u0000');
    if (seen.has(key)) return;
    seen.add(key);
    out.push(tree);
  };
  add(first);
  const proposals = proposeTables(input, base, first, limits, past);
  let rooted = proposals;
  if (proposals.length > limits.rooted) {
    const scores = prescore(proposals);
    const keep = new Set(
      proposals
        .map((_, i) => i)
        .sort((a, b) => scores[b]! - scores[a]! || a - b)
        .slice(0, limits.rooted),
    );
    rooted = proposals.filter((_, i) => keep.has(i));
  }
  let searched = 0;
  const roots = new SharedRoots(heuristic, input, [...new Set(rooted.flatMap((p) => p.tables))]);
  for (const p of rooted) {
    if (out.length >= limits.maxCandidates) break;
    if (seen.has(p.tables.join('\u0000'))) continue;
    const found = roots.root(p.tables);
    searched += 1;
    if (found)
      add({
        ...treeOf(
          p.origin,
          found.choice,
          found.paths.map((s) => s.path),
        ),
        paths: found.paths,
      });
  }
  return { trees: out, proposed: proposals.length, rooted: searched };
}

/**
 * The sets of tables proposed beside the heuristic's tree, in order: it less each of its leaves,
 * it plus each evidence table it lacks, then every subset of the strongest evidence tables, the
 * smaller first; each set once, none the heuristic's own.
 */
export function proposeTables(
  input: DisambiguationInput,
  base: SourceAndTargets,
  first: CandidateTree,
  limits: ProposalLimits,
  past: readonly PastTree[],
): Proposal[] {
  const out: Proposal[] = [];
  const asked = new Set<string>([[base.source, ...base.targets].sort().join('\u0000'), first.tables.join('\u0000')]);
  const propose = (tables: readonly string[], origin: string) => {
    const wanted = [...new Set(tables)].sort();
    const key = wanted.join('\u0000');
    if (asked.has(key)) return;
    asked.add(key);
    out.push({ origin, tables: wanted });
  };
  // The trees the team's nearest past questions read, first: what its own SQL says the question needs.
  for (const tree of past) propose(tree.tables, `as in the past question "${clip(tree.nearest)}"`);
  const evidence = input.grounding.evidence.slice(0, limits.evidenceTables).map((e) => e.table);
  const wanted = [base.source, ...base.targets];
  for (const t of first.leaves.length > 1 ? first.leaves : [])
    propose(
      wanted.filter((w) => w !== t),
      `without ${t}`,
    );
  for (const t of evidence) if (!first.tables.includes(t)) propose([...wanted, t], `with ${t}`);
  const strongest = evidence.slice(0, limits.subsetTables);
  for (const subset of subsets(strongest)) if (subset.length <= limits.maxSubsetSize) propose(subset, `over ${subset.join(', ')}`);
  return out;
}

/** A tree the past questions nearest this one read, its tables as the graph spells them, with its summed similarity and nearest question. */
export interface PastTree {
  tables: string[];
  score: number;
  nearest: string;
  similarity: number;
}

/** The trees of the `limits.pastQuestions` past questions nearest `input.question` whose tables are all the graph's. */
export function pastTrees(input: Pick<DisambiguationInput, 'history' | 'question' | 'graph'>, limits: ProposalLimits): PastTree[] {
  if (!input.history || limits.pastQuestions <= 0) return [];
  const out: PastTree[] = [];
  for (const tree of input.history.similarTrees(input.question, limits.pastQuestions)) {
    const tables = tree.tables.map((t) => input.graph.table(t)?.name);
    if (tables.length === 0 || tables.some((t) => t === undefined)) continue;
    const nearest = tree.questions[0];
    out.push({
      tables: [...new Set(tables as string[])].sort(),
      score: tree.score,
      nearest: nearest?.question ?? '',
      similarity: nearest?.similarity ?? 0,
    });
  }
  return out;
}

/** A past question as an origin names it: its first words. */
function clip(question: string): string {
  return question.length > CLIPPED ? `${question.slice(0, CLIPPED - 1)}…` : question;
}

/** Characters of a past question an origin quotes. */
const CLIPPED = 80;

/** A proposal as a tree of its tables alone, before any search: what `prescore` weighs. */
export function bareTree(p: Proposal): CandidateTree {
  return {
    origin: p.origin,
    choice: { source: p.tables[0]!, targets: p.tables.slice(1), roles: [], notes: [] },
    tables: p.tables,
    leaves: p.tables.length > 1 ? [] : p.tables,
    roles: [],
    edges: Math.max(0, p.tables.length - 1),
    reversed: 0,
  };
}

/** Every non-empty subset of `items`, smaller first, in order. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) all.push(items.filter((_, i) => mask & (1 << i)));
  return all.sort((a, b) => a.length - b.length);
}
