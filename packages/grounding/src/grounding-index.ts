import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { buildInvertedIndex, type IndexOptions } from './build-index.js';
import { descriptionIndex } from './descriptions.js';
import { OfflineEmbedder } from './embedding/offline-embedder.js';
import { similarityIndex } from './enrich.js';
import { ground, type SchemaIndex } from './ground.js';
import { IslandSense } from './island-sense.js';
import { lookupAll } from './lookup.js';
import { WordNet } from './lexicon/wordnet.js';
import { measureColumns } from './measures.js';
import { loadLanguageModel, tokenizeQuestion } from './question.js';
import type { GroundingLevers, GroundingOptions, GroundingResult } from './types.js';
import { type ValueMatchFeatures, valueMatchFeatures } from './value-evidence.js';
import { loadWordVectors } from './word-vectors/load.js';
import { generalDictionary, similarWords } from './word-vectors/similar-words.js';

export interface GroundingIndexOptions {
  /** Embeds table query contexts and questions for semantic enrichment (default: the offline one). */
  embedder?: Embedder;
  levers?: GroundingLevers;
  /**
   * A sentence embedder that breaks ties between islands of the join graph the question's words leave close
   * (`SentenceEmbedder` of llm-adapters); none by default.
   */
  islandEmbedder?: Embedder;
  /** Told one line when an optional model (word vectors) is missing or unreadable, and what is used instead. */
  onNote?: (line: string) => void;
  /** Told a line when a step takes seconds (deriving the word vectors on first use). */
  onProgress?: (line: string) => void;
}

/** Built once per context graph; grounds any number of questions against it. */
export class GroundingIndex {
  private constructor(private readonly index: SchemaIndex) {}

  /**
   * The inverted index over the graph's names and values, the measures lexicon's columns and the
   * tables' embedded query contexts; and the language model loaded, so no question waits for it.
   */
  static async build(graph: ContextGraph, options: GroundingIndexOptions = {}): Promise<GroundingIndex> {
    const levers = options.levers ?? {};
    loadLanguageModel();
    const wanted = levers.similarWords !== false || levers.dictionary !== false;
    const vectors = wanted
      ? await loadWordVectors({
          ...(options.onNote ? { onNote: options.onNote } : {}),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        })
      : undefined;
    const dictionary = vectors && levers.dictionary !== false ? generalDictionary(vectors) : undefined;
    const keys = buildInvertedIndex(graph, { ...(await indexOptions(levers)), ...(dictionary ? { dictionary } : {}) });
    const similarity = await similarityIndex(graph, options.embedder ?? new OfflineEmbedder());
    return new GroundingIndex({
      graph,
      keys,
      measures: measureColumns(graph),
      similarity,
      levers,
      ...(options.islandEmbedder ? { islandSense: new IslandSense(graph, options.islandEmbedder, options.onNote) } : {}),
      silent: {
        ...(levers.descriptionWords === false ? {} : { described: descriptionIndex(graph) }),
        ...(vectors && levers.similarWords !== false ? { similar: similarWords(keys, vectors) } : {}),
      },
    });
  }

  get graph(): ContextGraph {
    return this.index.graph;
  }

  /** Number of distinct keys in the inverted index. */
  get size(): number {
    return this.index.keys.size;
  }

  ground(question: string, options: GroundingOptions = {}): Promise<GroundingResult> {
    return ground(this.index, question, options);
  }

  /**
   * Every value match of `question`'s words before weighing, with what its evidence is read from
   * (the column's distinct values, coverage, words, whether spelled as a name): what `pnpm fit` learns from.
   */
  valueMatches(question: string): ValueMatchFeatures[] {
    const tokens = tokenizeQuestion(question);
    return valueMatchFeatures(lookupAll(tokens, this.index.keys, this.index.levers, this.index.silent), tokens, this.index.graph);
  }
}

/** The index build's switches from the levers; WordNet's synonyms when the lever and the optional package allow. */
async function indexOptions(levers: GroundingLevers): Promise<IndexOptions> {
  const wordnet = levers.synonyms === false ? undefined : await WordNet.load();
  return {
    ...(wordnet ? { synonyms: (w: string) => wordnet.synonyms(w) } : {}),
    ...(levers.foreignKeyColumns !== undefined ? { foreignKeyColumns: levers.foreignKeyColumns } : {}),
    ...(levers.descriptionAliases !== undefined ? { descriptionAliases: levers.descriptionAliases } : {}),
  };
}
