/**
 * Grounding a question: its words looked up in the index, weighed island by island, settled to
 * the strongest per word, helped by the measures lexicon near the tables named; then T0, and
 * enrichment when T0 is short.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { chooseAmongAlternatives } from './alternatives.js';
import { enrich, type SimilarityIndex } from './enrich.js';
import { calendarTables } from './calendar.js';
import { tableEvidence } from './evidence.js';
import type { InvertedIndex } from './inverted-index.js';
import type { IslandSense } from './island-sense.js';
import { chooseIsland, rankIslands } from './islands.js';
import { lookupAll, type SilentWordReaders } from './lookup.js';
import { isMeasureWord, wordCues } from './measure-words.js';
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
  // Read lower-cased as the words are: capitalisation changes nothing.
  const enrichment = await enrich(
    index.graph,
    index.similarity,
    { question: question.toLowerCase(), tokens, grounded: byName.grounded },
    index.params,
    options,
  );
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

type ByName = Pick<GroundingResult, 'matches' | 'weakerMatches' | 'grounded' | 'elsewhere' | 'islandSense' | 'evidence'>;

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
  let island: { matches: GroundingMatch[]; unsettled: readonly GroundingMatch[]; elsewhere: ByName['elsewhere'] };
  let sensed: Awaited<ReturnType<IslandSense['prefer']>>;
  if (!params.oneIsland) island = { matches: settle(all), unsettled: all, elsewhere: [] };
  else {
    const ranked = rankIslands(graph, all, params.islandNames ? tokens : undefined, params);
    sensed = index.islandSense ? await index.islandSense.prefer(question.toLowerCase(), ranked) : undefined;
    island = chooseIsland(graph, all, settle, ranked, sensed?.id);
  }
  // The lexicon reads the chosen island only: "2016" or "revenue" must not choose the island
  // (a date column in every table of a warehouse would vote for all of them).
  const lexicon = params.measureWords
    ? lexiconMatches(tokens, graph, index.measures, island.matches, namedTables(island.matches, params), params)
    : [];
  const matches = lexicon.length > 0 ? settle([...island.matches, ...lexicon]) : island.matches;
  const best = Math.max(0, ...matches.map((m) => m.score));
  const limits = { ratio: params.evidenceRatio, maxTables: params.evidenceMaxTables };
  // The evidence also holds what the lexicon would say were no word matched yet, and the calendar
  // a time word points at: candidate trees are weighed on what settling and the lexicon's rules set aside.
  const named = namedTables(island.matches, params);
  const unrestricted = params.measureWords ? lexiconMatches(tokens, graph, index.measures, [], named, params) : [];
  const calendar = calendarMatches(tokens, graph, island.unsettled, params);
  return {
    matches,
    evidence: tableEvidence([...island.unsettled, ...lexicon, ...unrestricted, ...calendar], tokens, limits),
    weakerMatches: all.length - matches.length,
    grounded: groundedTables(matches),
    elsewhere: island.elsewhere.filter((e) => e.score >= ratio * best - 1e-9),
    ...(sensed ? { islandSense: sensed.step } : {}),
  };
}

/**
 * A time or period word ("in 1997", "per quarter", "weekends") on each calendar dimension of the
 * island the question's matches lie in: the fact table holds only its key, the calendar the year.
 */
function calendarMatches(
  tokens: readonly QuestionToken[],
  graph: ContextGraph,
  island: readonly GroundingMatch[],
  params: GroundingParams,
): GroundingMatch[] {
  const cues = wordCues(tokens);
  if (!cues.some((c) => c === 'time' || c === 'period')) return [];
  const islands = new Set(island.map((m) => graph.islandOf(m.table)));
  const calendars = calendarTables(graph, { minColumns: params.calendarMinColumns, minShare: params.calendarMinShare }).filter(
    (t) => islands.size === 0 || islands.has(graph.islandOf(t)),
  );
  const out: GroundingMatch[] = [];
  cues.forEach((cue, i) => {
    if (cue !== 'time' && cue !== 'period') return;
    for (const table of calendars)
      out.push({
        token: tokens[i]!.text,
        span: [i, i + 1],
        variant: cue === 'time' ? 'date' : 'period',
        variantKind: 'synonym',
        table,
        column: null,
        kind: 'time',
        coverage: 1,
        score: params.lexiconMatchScore,
      });
  });
  return out;
}
