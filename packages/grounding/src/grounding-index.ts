import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { buildInvertedIndex, type IndexOptions } from './build-index.js';
import { calendarTables } from './calendar.js';
import { descriptionIndex } from './descriptions.js';
import { OfflineEmbedder } from './embedding/offline-embedder.js';
import { similarityIndex } from './enrich.js';
import { ground, type SchemaIndex } from './ground.js';
import { IslandSense } from './island-sense.js';
import { demonymsOf } from './lexicon/demonyms.js';
import { WordNet } from './lexicon/wordnet.js';
import { lookupAll } from './lookup.js';
import { measureColumns } from './measures.js';
import type { GroundingLevers, GroundingParams, GroundingParamsOverride } from './params.js';
import { resolveGroundingParams } from './params.js';
import { loadLanguageModel, tokenizeQuestion } from './question.js';
import { tableNeighbours } from './table-rings.js';
import type { GroundingResult } from './types.js';
import { type ValueMatchFeatures, valueMatchFeatures } from './value-evidence.js';
import { loadWordVectors } from './word-vectors/load.js';
import { generalDictionary, similarWords } from './word-vectors/similar-words.js';

export interface GroundingIndexOptions {
  /** Embeds table query contexts and questions for semantic enrichment (default: the offline one). */
  embedder?: Embedder;
  /**
   * Every number and switch that tunes grounding, whole (`loadGroundingParams`) or some over the
   * defaults of `params/grounding.json` (`{ weakTableRatio: 0.5 }`); the defaults when not given.
   */
  params?: GroundingParams | GroundingParamsOverride;
  /** Switches set over `params` (for ablation). */
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
    const params = resolveGroundingParams(options.params, options.levers ?? {});
    loadLanguageModel();
    const wanted = params.similarWords || params.dictionary;
    const vectors = wanted
      ? await loadWordVectors({
          ...(options.onNote ? { onNote: options.onNote } : {}),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        })
      : undefined;
    const dictionary = vectors && params.dictionary ? generalDictionary(vectors, params) : undefined;
    const keys = buildInvertedIndex(graph, { ...(await indexOptions(params)), ...(dictionary ? { dictionary } : {}) });
    const similarity = await similarityIndex(graph, options.embedder ?? new OfflineEmbedder(), params);
    // The lexicon, the event tables and the alternatives walk the joins: each table's neighbours listed now.
    tableNeighbours(graph);
    return new GroundingIndex({
      graph,
      keys,
      measures: measureColumns(graph, params),
      calendars: calendarTables(graph, { minColumns: params.calendarMinColumns, minShare: params.calendarMinShare }),
      similarity,
      params,
      ...(options.islandEmbedder ? { islandSense: new IslandSense(graph, options.islandEmbedder, params, options.onNote) } : {}),
      // WordNet's pertainyms, read from the table generated from them (checked against WordNet by its
      // test): the same places, with no WordNet file read per question word.
      demonyms: demonymsOf,
      silent: {
        ...(params.descriptionWords ? { described: descriptionIndex(graph, params) } : {}),
        ...(vectors && params.similarWords ? { similar: similarWords(keys, vectors, params) } : {}),
      },
    });
  }

  /** The parameters the index was built with and grounds by. */
  get params(): GroundingParams {
    return this.index.params;
  }

  get graph(): ContextGraph {
    return this.index.graph;
  }

  /** Number of distinct keys in the inverted index. */
  get size(): number {
    return this.index.keys.size;
  }

  ground(question: string): Promise<GroundingResult> {
    return ground(this.index, question);
  }

  /**
   * Every value match of `question`'s words before weighing, with what its evidence is read from
   * (the column's distinct values, coverage, words, whether spelled as a name): what `pnpm fit` learns from.
   */
  valueMatches(question: string): ValueMatchFeatures[] {
    const tokens = tokenizeQuestion(question);
    const { keys } = this.index;
    return valueMatchFeatures(lookupAll(tokens, keys, this.index.params, this.index.silent, this.index.demonyms), tokens, (table, column) =>
      keys.distinctValues(table, column),
    );
  }
}

/** The index build's parameters; WordNet's synonyms when the switch and the optional package allow. */
async function indexOptions(params: GroundingParams): Promise<IndexOptions> {
  const wordnet = params.synonyms ? await WordNet.load() : undefined;
  if (!wordnet) return { params };
  return {
    synonyms: (w: string) => wordnet.synonyms(w),
    ...(params.derivedVerbSenses > 0
      ? { derived: (w: string) => wordnet.derivedVerbs(w, params.derivedVerbSenses, params.maxDerivedVerbSenses) }
      : {}),
    params,
  };
}
