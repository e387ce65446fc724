/**
 * The deterministic disambiguator (paper §3.3, steps 5–8, without an LLM): the heuristic proposes
 * its tree, variants of it and trees over the tables the evidence points at most; the trees that
 * keep the most of what the question names are eligible (`eligible.ts`), and a scorer fitted on
 * training questions picks one of them, as the paper's LLM picks among what the graph offers. Its
 * calibrated softmax gives each candidate's probability and each table's (`confidence.ts`).
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { HeuristicDisambiguator, type HeuristicOptions } from '../heuristic.js';
import { fourDecimals, milliseconds } from '../rounding.js';
import type { DisambiguationInput, Disambiguator, PathSelectionInput, SelectedPath, SourceAndTargets } from '../types.js';
import { calibratedProbabilities } from './calibrate.js';
import { confidenceOf } from './confidence.js';
import { eligibleTrees } from './eligible.js';
import { FEATURE_NAMES, featureVectors, type QuestionEvidence, questionEvidence } from './features.js';
import { type ChoiceFile, defaultChoiceFile } from './model-file.js';
import { bareTree, type CandidateTree, type Proposal, pastTrees, proposeTrees, realize } from './propose.js';
import { bestIndex, type ChoiceModel, modelFor, scoreVectors } from './score.js';

export interface FittedOptions extends HeuristicOptions {
  /** The model and its proposal limits (default: the shipped `params/choice.json`). */
  choice?: ChoiceFile;
}

/** What the choice weighs for one question: every candidate tree, its features (`FEATURE_NAMES` order) and whether the rule lets it be picked. */
export interface ChoiceCandidates {
  trees: CandidateTree[];
  /** Per tree, its features at full precision, in `features` order. */
  vectors: number[][];
  features: readonly string[];
  /** Per tree, whether it keeps as much of what the question names as any candidate does. */
  eligible: boolean[];
  /** The heuristic's choice (the first tree's). */
  base: SourceAndTargets;
  /** Sets of tables proposed beside the heuristic's tree, and how many were rooted. */
  proposed: number;
  rooted: number;
  /** Milliseconds proposing and rooting, and reading the features. */
  timings: { proposal: number; features: number };
}

export class FittedDisambiguator implements Disambiguator {
  readonly name = 'fitted';
  readonly heuristic: HeuristicDisambiguator;
  readonly choice: ChoiceFile;
  /** The model's weights in this version's feature order (scored by name). */
  private readonly model: ChoiceModel;

  constructor(options: FittedOptions = {}) {
    const { choice, ...heuristic } = options;
    this.heuristic = new HeuristicDisambiguator(heuristic);
    this.choice = choice ?? defaultChoiceFile();
    this.model = modelFor(this.choice.model, FEATURE_NAMES);
  }

  prepare(graph: ContextGraph): void {
    this.heuristic.prepare(graph);
  }

  /** Every candidate tree with its features, the heuristic's first: what the choice picks from, and what `fit` learns from. */
  async candidates(input: DisambiguationInput): Promise<ChoiceCandidates> {
    const started = performance.now();
    const base = await this.heuristic.chooseSourceAndTargets(input);
    const first = await realize(this.heuristic, input, base, 'heuristic');
    const past = pastTrees(input, this.choice.limits);
    const q = questionEvidence(
      input.graph,
      input.grounding,
      first.tables,
      this.heuristic.lookAlikesOf(input.graph),
      this.heuristic.params.countingWordsBefore,
      { trees: past, usage: (tables) => input.history?.treeUsage(tables) ?? 0 },
    );
    const { trees, proposed, rooted } = await proposeTrees(this.heuristic, input, base, first, this.choice.limits, past, (proposals) =>
      this.prescore(q, proposals),
    );
    const proposedAt = performance.now();
    const vectors = featureVectors(q, trees);
    const eligible = eligibleTrees(vectors, FEATURE_NAMES, this.choice.rule);
    const timings = { proposal: milliseconds(proposedAt - started), features: milliseconds(performance.now() - proposedAt) };
    return { trees, vectors, features: FEATURE_NAMES, eligible, base, proposed, rooted, timings };
  }

  /**
   * Proposals ranked as bare table sets, before any is rooted: by the rule (the fewest naming words
   * lost), then by the model's score; higher is better.
   */
  private prescore(q: QuestionEvidence, proposals: readonly Proposal[]): number[] {
    const vectors = featureVectors(q, proposals.map(bareTree));
    const eligible = eligibleTrees(vectors, FEATURE_NAMES, this.choice.rule);
    const scores = scoreVectors(this.model, vectors);
    const order = proposals.map((_, i) => i).sort((a, b) => Number(eligible[b]) - Number(eligible[a]) || scores[b]! - scores[a]! || a - b);
    const rank = new Array<number>(proposals.length);
    order.forEach((i, position) => {
      rank[i] = -position;
    });
    return rank;
  }

  async chooseSourceAndTargets(input: DisambiguationInput): Promise<SourceAndTargets> {
    const { trees, vectors, base, eligible, proposed, rooted, timings } = await this.candidates(input);
    const scoring = performance.now();
    const scores = scoreVectors(this.model, vectors);
    // Only eligible trees are scored against each other: a tree that drops what the question names never outscores one that keeps it.
    const open = trees.map((_, i) => i).filter((i) => eligible[i]);
    const probability = new Array<number>(trees.length).fill(0);
    calibratedProbabilities(
      open.map((i) => scores[i]!),
      this.model.calibration,
      this.choice.fit.calibration.clip,
    ).forEach((p, k) => {
      probability[open[k]!] = p;
    });
    const pick = open[bestIndex(open.map((i) => scores[i]!))]!;
    const candidates = trees.map((t, i) => ({
      origin: t.origin,
      tables: t.tables,
      score: fourDecimals(scores[i]!),
      probability: fourDecimals(probability[i]!),
      eligible: eligible[i]!,
      features: Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, fourDecimals(vectors[i]![j]!)])),
    }));
    const confidence = confidenceOf(trees, probability, pick, this.choice.confidence);
    const work = { proposed, rooted, timings: { ...timings, scoring: milliseconds(performance.now() - scoring) } };
    if (pick === 0) return { ...base, candidates, confidence, work };
    const chosen = trees[pick]!;
    const selected = chosen.paths ? { selected: chosen.paths } : {};
    const dropped = eligible[0] ? '' : '; the heuristic’s tree drops something the question names';
    return {
      ...chosen.choice,
      ...selected,
      candidates,
      confidence,
      work,
      notes: [
        ...chosen.choice.notes,
        {
          kind: 'source',
          tables: [chosen.choice.source],
          reason: `the fitted choice picked the tree ${chosen.origin} over the heuristic's (score ${scores[pick]!.toFixed(2)} against ${scores[0]!.toFixed(2)}${dropped})`,
        },
      ],
    };
  }

  selectPaths(input: PathSelectionInput): Promise<SelectedPath[]> {
    return this.heuristic.selectPaths(input);
  }
}
