import type { ContextGraph } from '@guided-retrieval/context-graph';
import { createOfflineEmbedder, type Embedder } from '@guided-retrieval/llm-adapters';
import { embedTables, rankBySimilarity, type TableVector } from './enrich.js';
import { dropWeakTables, groundedTables, keepStrongest, lookupAll } from './ground.js';
import { buildInvertedIndex, type InvertedIndex } from './index-build.js';
import { WordNet } from './lexicon/wordnet.js';
import { tokenizeQuestion } from './question.js';
import type { EnrichmentStep, GroundingLevers, GroundingOptions, GroundingResult } from './types.js';

export interface GroundingIndexOptions {
  /** Embeds table query contexts and questions for semantic enrichment (default: the offline one). */
  embedder?: Embedder;
  levers?: GroundingLevers;
}

const DEFAULT_WEAK_TABLE_RATIO = 0.75;

/** Built once per context graph; grounds any number of questions against it. */
export class GroundingIndex {
  private constructor(
    readonly graph: ContextGraph,
    private readonly index: InvertedIndex,
    private readonly embedder: Embedder,
    private readonly tableVectors: readonly TableVector[],
    private readonly levers: GroundingLevers,
  ) {}

  static async build(graph: ContextGraph, options: GroundingIndexOptions = {}): Promise<GroundingIndex> {
    const embedder = options.embedder ?? createOfflineEmbedder();
    const wordnet = options.levers?.synonyms === false ? undefined : WordNet.default();
    const levers = options.levers ?? {};
    const index = buildInvertedIndex(graph, {
      ...(wordnet ? { synonyms: (w: string) => wordnet.synonyms(w) } : {}),
      ...(levers.foreignKeyColumns !== undefined ? { foreignKeyColumns: levers.foreignKeyColumns } : {}),
    });
    tokenizeQuestion('load the language model now, not on the first question');
    return new GroundingIndex(graph, index, embedder, await embedTables(graph, embedder), options.levers ?? {});
  }

  /** Number of distinct keys in the inverted index. */
  get size(): number {
    return this.index.size;
  }

  async ground(question: string, options: GroundingOptions = {}): Promise<GroundingResult> {
    const k = options.k ?? 3;
    const tokens = tokenizeQuestion(question);
    const all = lookupAll(tokens, this.index, this.levers);
    const matches = dropWeakTables(
      keepStrongest(all, this.levers.preferLongerSpans === undefined ? {} : { preferLongerSpans: this.levers.preferLongerSpans }),
      this.levers.weakTableRatio ?? DEFAULT_WEAK_TABLE_RATIO,
    );
    const grounded = groundedTables(matches);
    const enrichment: EnrichmentStep = { triggered: grounded.length < k, k, embedder: null, added: [] };
    if (enrichment.triggered && tokens.length > 0) {
      enrichment.embedder = this.embedder.id;
      const [vector] = await this.embedder.embed([question]);
      const ranked = rankBySimilarity(vector!, this.tableVectors);
      const known = new Set(grounded.map((g) => g.table));
      // A table the question does not name must be at least as close to it as those it does name.
      const named = ranked.filter((r) => known.has(r.table)).map((r) => r.similarity);
      const floor = Math.max(
        options.minSimilarity ?? 0.12,
        (ranked[0]?.similarity ?? 0) * (options.relativeSimilarity ?? 0.5),
        ...named,
      );
      enrichment.added = ranked.slice(0, k).filter((r) => r.similarity >= floor && !known.has(r.table));
    }
    return {
      question,
      tokens,
      matches,
      weakerMatches: all.length - matches.length,
      grounded,
      enrichment,
      initialTargets: [...grounded.map((g) => g.table), ...enrichment.added.map((a) => a.table)],
    };
  }
}
