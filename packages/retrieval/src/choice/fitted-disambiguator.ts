/**
 * The deterministic disambiguator (paper §3.3, steps 5–8, without an LLM): the heuristic proposes
 * its tree, variants of it and trees over the tables the evidence points at most; a scorer fitted
 * on training questions picks one, as the paper's LLM picks among what the graph offers.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { HeuristicDisambiguator, type HeuristicOptions } from '../heuristic.js';
import type { DisambiguationInput, Disambiguator, PathSelectionInput, SelectedPath, SourceAndTargets } from '../types.js';
import { FEATURE_NAMES, featureVectors, questionEvidence } from './features.js';
import { type ChoiceFile, defaultChoiceFile } from './model-file.js';
import { type CandidateTree, proposeTrees } from './propose.js';
import { bestIndex, scoreVectors } from './score.js';

export interface FittedOptions extends HeuristicOptions {
  /** The model and its proposal limits (default: the shipped `params/choice.json`). */
  choice?: ChoiceFile;
}

export class FittedDisambiguator implements Disambiguator {
  readonly name = 'fitted';
  readonly heuristic: HeuristicDisambiguator;
  readonly choice: ChoiceFile;

  constructor(options: FittedOptions = {}) {
    const { choice, ...heuristic } = options;
    this.heuristic = new HeuristicDisambiguator(heuristic);
    this.choice = choice ?? defaultChoiceFile();
  }

  prepare(graph: ContextGraph): void {
    this.heuristic.prepare(graph);
  }

  /** Every candidate tree with its features, the heuristic's first: what the choice picks from, and what `fit` learns from. */
  async candidates(input: DisambiguationInput): Promise<{ trees: CandidateTree[]; vectors: number[][]; base: SourceAndTargets }> {
    const base = await this.heuristic.chooseSourceAndTargets(input);
    const trees = await proposeTrees(this.heuristic, input, base, this.choice.limits);
    const q = questionEvidence(
      input.graph,
      input.grounding,
      trees[0]!.tables,
      this.heuristic.lookAlikesOf(input.graph),
      this.heuristic.params.countingWordsBefore,
    );
    return { trees, vectors: featureVectors(q, trees), base };
  }

  async chooseSourceAndTargets(input: DisambiguationInput): Promise<SourceAndTargets> {
    const { trees, vectors, base } = await this.candidates(input);
    const scores = scoreVectors(this.choice.model, vectors);
    const pick = bestIndex(scores);
    const candidates = trees.map((t, i) => ({
      origin: t.origin,
      tables: t.tables,
      score: Math.round(scores[i]! * 1e4) / 1e4,
      features: Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, Math.round(vectors[i]![j]! * 1e4) / 1e4])),
    }));
    if (pick === 0) return { ...base, candidates };
    const chosen = trees[pick]!;
    return {
      ...chosen.choice,
      candidates,
      notes: [
        ...chosen.choice.notes,
        {
          kind: 'source',
          tables: [chosen.choice.source],
          reason: `the fitted choice picked the tree ${chosen.origin} over the heuristic's (score ${scores[pick]!.toFixed(2)} against ${scores[0]!.toFixed(2)})`,
        },
      ],
    };
  }

  selectPaths(input: PathSelectionInput): Promise<SelectedPath[]> {
    return this.heuristic.selectPaths(input);
  }
}
