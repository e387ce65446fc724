/**
 * Grounding a question: its words looked up in the index, weighed island by island, settled to
 * the strongest per word, helped by the measures lexicon near the tables named; then T0, and
 * enrichment when T0 is short.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { chooseAmongAlternatives } from './alternatives.js';
import { enrich, type SimilarityIndex } from './enrich.js';
import type { InvertedIndex } from './inverted-index.js';
import type { IslandSense } from './island-sense.js';
import { chooseIsland, rankIslands } from './islands.js';
import { lookupAll, type SilentWordReaders } from './lookup.js';
import { isMeasureWord } from './measure-words.js';
import { lexiconMatches, type MeasureColumns } from './measures.js';
import type { GroundingParams } from './params.js';
import { tokenizeQuestion } from './question.js';
import { dropWeakTables, groundedTables, keepStrongest, namedTables } from './settle.js';
import type { GroundingMatch, GroundingOptions, GroundingResult, QuestionToken } from './types.js';
import { weighValueMatches } from './value-evidence.js';
import type { Demonyms } from './variants.js';

/** What grounding reads at question time, built once per graph (`GroundingIndex.build`). */
export interface SchemaIndex {
  readonly graph: ContextGraph;
  /** Every table, column, alias and value by its keys. */
  readonly keys: InvertedIndex;
  /** The money and date columns of each table, for the measures lexicon. */
  readonly measures: MeasureColumns;
  /** The tables' query contexts embedded, for enrichment. */
  readonly similarity: SimilarityIndex;
  /** Every number and switch that tunes grounding. */
  readonly params: GroundingParams;
  /** What reads the words no name or whole value matched: descriptions, and the word vectors when installed. */
  readonly silent: SilentWordReaders;
  /** A sentence embedder's say in which island a question means, when its words leave several close. */
  readonly islandSense?: IslandSense;
  /** The places a demonym names ("Indian" → india): WordNet's pertainyms, as `lexicon/demonyms.ts` holds them. */
  readonly demonyms?: Demonyms;
}

/** Grounds `question` in the schema `index` was built from: T0, the matches behind it, and enrichment. */
export async function ground(index: SchemaIndex, question: string, options: GroundingOptions = {}): Promise<GroundingResult> {
  const tokens = tokenizeQuestion(question);
  const byName = await groundByName(index, question, tokens);
  const enrichment = await enrich(index.graph, index.similarity, { question, tokens, grounded: byName.grounded }, index.params, options);
  return {
    question,
    tokens,
    ...byName,
    enrichment,
    initialTargets: [...byName.grounded.map((g) => g.table), ...enrichment.added.map((a) => a.table)],
  };
}

/** A measure word ("sales", "popular") read by word vectors, a synonym or a description: the lexicon reads it instead. */
function bentMeasureWord(m: GroundingMatch, tokens: readonly QuestionToken[]): boolean {
  return (
    m.span[1] - m.span[0] === 1 &&
    (m.variantKind === 'similar' || m.variantKind === 'synonym' || m.variantKind === 'described') &&
    isMeasureWord(tokens, m.span[0])
  );
}

type ByName = Pick<GroundingResult, 'matches' | 'weakerMatches' | 'grounded' | 'elsewhere' | 'islandSense'>;

/** T0 from the question's words: the index's matches, then the lexicon's, near the tables they name. */
async function groundByName(index: SchemaIndex, question: string, tokens: QuestionToken[]): Promise<ByName> {
  const { graph, params } = index;
  const found = lookupAll(tokens, index.keys, params, index.silent, index.demonyms);
  const read = params.measureWords ? found.filter((m) => !bentMeasureWord(m, tokens)) : found;
  const distinct = (table: string, column: string) => index.keys.distinctValues(table, column);
  const all = chooseAmongAlternatives(weighValueMatches(read, tokens, distinct, params.valueEvidence), tokens, graph, params);
  // The island first: a word's strongest match elsewhere must not hide its match in the island meant.
  const ratio = params.weakTableRatio;
  const settle = (found: readonly GroundingMatch[]) => dropWeakTables(keepStrongest(found, params), ratio);
  let island: { matches: GroundingMatch[]; elsewhere: ByName['elsewhere'] };
  let sensed: Awaited<ReturnType<IslandSense['prefer']>>;
  if (!params.oneIsland) island = { matches: settle(all), elsewhere: [] };
  else {
    const ranked = rankIslands(graph, all, params.islandNames ? tokens : undefined, params);
    sensed = index.islandSense ? await index.islandSense.prefer(question, ranked) : undefined;
    island = chooseIsland(graph, all, settle, ranked, sensed?.id);
  }
  // The lexicon reads the chosen island only: "2016" or "revenue" must not choose the island
  // (a date column in every table of a warehouse would vote for all of them).
  const lexicon = params.measureWords
    ? lexiconMatches(tokens, graph, index.measures, island.matches, namedTables(island.matches, params), params)
    : [];
  const matches = lexicon.length > 0 ? settle([...island.matches, ...lexicon]) : island.matches;
  const best = Math.max(0, ...matches.map((m) => m.score));
  return {
    matches,
    weakerMatches: all.length - matches.length,
    grounded: groundedTables(matches),
    elsewhere: island.elsewhere.filter((e) => e.score >= ratio * best - 1e-9),
    ...(sensed ? { islandSense: sensed.step } : {}),
  };
}
