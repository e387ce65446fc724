import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import { OfflineEmbedder } from './embedding/offline-embedder.js';
import { embedTables, neighbourhood, rankBySimilarity, type TableVector } from './enrich.js';
import { dropWeakTables, groundedTables, keepStrongest, lookupAll, namedTables } from './ground.js';
import { buildInvertedIndex, type InvertedIndex } from './index-build.js';
import { chooseIsland } from './islands.js';
import { WordNet } from './lexicon/wordnet.js';
import { lexiconMatches, type MeasureColumns, measureColumns } from './measures.js';
import { tokenizeQuestion } from './question.js';
import type { EnrichmentStep, GroundingLevers, GroundingMatch, GroundingOptions, GroundingResult } from './types.js';

export interface GroundingIndexOptions {
  /** Embeds table query contexts and questions for semantic enrichment (default: the offline one). */
  embedder?: Embedder;
  levers?: GroundingLevers;
}

const DEFAULT_WEAK_TABLE_RATIO = 0.75;

/**
 * Least cosine similarity of a table enrichment adds. Measured with the offline embedder: at 0.12
 * it added tables a third of which the gold reads; 0.25 leaves BIRD dev and Defog F1 unchanged
 * and Spider dev +0.001, and keeps noise ("xyzzy plugh", cosine 0.14) out.
 */
export const MIN_SIMILARITY = 0.25;

/** A table a profile counted no row in (a graph built from a schema alone has no statistics, and is not empty). */
function profiledEmpty(table: GraphTable): boolean {
  return table.rowCount === 0 && table.columns.some((c) => c.stats !== null);
}

/** Built once per context graph; grounds any number of questions against it. */
export class GroundingIndex {
  private constructor(
    readonly graph: ContextGraph,
    private readonly index: InvertedIndex,
    private readonly embedder: Embedder,
    private readonly tableVectors: readonly TableVector[],
    private readonly levers: GroundingLevers,
  ) {
    this.empty = new Set(graph.tables.filter(profiledEmpty).map((t) => t.name));
    this.measures = measureColumns(graph);
  }

  /** The money and date columns of each table, for the measures lexicon. */
  private readonly measures: MeasureColumns;

  /** Tables profiled with no row: similarity never adds them (a query over them returns nothing). */
  private readonly empty: ReadonlySet<string>;

  static async build(graph: ContextGraph, options: GroundingIndexOptions = {}): Promise<GroundingIndex> {
    const embedder = options.embedder ?? new OfflineEmbedder();
    const wordnet = options.levers?.synonyms === false ? undefined : await WordNet.load();
    const levers = options.levers ?? {};
    const index = buildInvertedIndex(graph, {
      ...(wordnet ? { synonyms: (w: string) => wordnet.synonyms(w) } : {}),
      ...(levers.foreignKeyColumns !== undefined ? { foreignKeyColumns: levers.foreignKeyColumns } : {}),
      ...(levers.descriptionAliases !== undefined ? { descriptionAliases: levers.descriptionAliases } : {}),
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
    // The island first: a word's strongest match elsewhere must not hide its match in the island meant.
    const ratio = this.levers.weakTableRatio ?? DEFAULT_WEAK_TABLE_RATIO;
    const settle = (found: readonly GroundingMatch[]) =>
      dropWeakTables(
        keepStrongest(found, this.levers.preferLongerSpans === undefined ? {} : { preferLongerSpans: this.levers.preferLongerSpans }),
        ratio,
      );
    const island = this.levers.oneIsland === false ? { matches: settle(all), elsewhere: [] } : chooseIsland(this.graph, all, settle);
    // The lexicon reads the chosen island only: "2016" or "revenue" must not choose the island
    // (a date column in every table of a warehouse would vote for all of them).
    const lexicon =
      this.levers.measureWords === false ? [] : lexiconMatches(tokens, this.graph, this.measures, all, namedTables(island.matches));
    const matches = lexicon.length > 0 ? settle([...island.matches, ...lexicon]) : island.matches;
    const best = Math.max(0, ...matches.map((m) => m.score));
    const grounded = groundedTables(matches);
    const inIsland = (table: string) => grounded.length === 0 || this.graph.linked(grounded[0]!.table, table);
    const enrichment: EnrichmentStep = { triggered: grounded.length < k, k, embedder: null, added: [] };
    // Similarity to a question without a word ("1234", "?!") is noise: such a question grounds on names or values, or not at all.
    if (enrichment.triggered && tokens.some((t) => !t.stopWord && /\p{L}{2}/u.test(t.text))) {
      enrichment.embedder = this.embedder.id;
      const [vector] = await this.embedder.embed([question]);
      const ranked = rankBySimilarity(vector!, this.tableVectors).filter((r) => inIsland(r.table) && !this.empty.has(r.table));
      const known = new Set(grounded.map((g) => g.table));
      // A table the question does not name must be at least as close to it as those it does name.
      const named = ranked.filter((r) => known.has(r.table)).map((r) => r.similarity);
      const floor = Math.max(
        options.minSimilarity ?? MIN_SIMILARITY,
        (ranked[0]?.similarity ?? 0) * (options.relativeSimilarity ?? 0.5),
        ...named,
      );
      const near =
        grounded.length === 0
          ? null
          : neighbourhood(
              this.graph,
              grounded.map((g) => g.table),
            );
      enrichment.added = ranked
        .slice(0, k)
        .filter((r) => r.similarity >= floor && !known.has(r.table) && (near === null || near.has(r.table)));
    }
    return {
      question,
      tokens,
      matches,
      weakerMatches: all.length - matches.length,
      grounded,
      elsewhere: island.elsewhere.filter((e) => e.score >= ratio * best - 1e-9),
      enrichment,
      initialTargets: [...grounded.map((g) => g.table), ...enrichment.added.map((a) => a.table)],
    };
  }
}
