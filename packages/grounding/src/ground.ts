/**
 * Grounding a question: its words looked up in the index, weighed island by island, settled to
 * the strongest per word, helped by the measures lexicon near the tables named; then T0, and
 * enrichment when T0 is short.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { enrich, type SimilarityIndex } from './enrich.js';
import { tableEvidence } from './evidence.js';
import type { InvertedIndex } from './inverted-index.js';
import type { IslandSense } from './island-sense.js';
import type { SilentWordReaders } from './lookup.js';
import { wordCues } from './measure-words.js';
import type { MeasureColumns } from './measures.js';
import type { GroundingParams } from './params.js';
import { tokenizeQuestion } from './question.js';
import { groundedTables } from './settle.js';
import { GROUNDING_STAGES } from './stages/list.js';
import { runStages } from './stages/stage.js';
import type { GroundingResult, QuestionToken, StageTrace, WordCue } from './types.js';
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
  /** The graph's calendar dimensions, answering time words (`calendar.ts`). */
  readonly calendars: readonly string[];
}

/** Grounds `question` in the schema `index` was built from: T0, the matches behind it, and enrichment. */
export async function ground(index: SchemaIndex, question: string): Promise<GroundingResult> {
  const tokens = tokenizeQuestion(question);
  // Read lower-cased as the words are: capitalisation changes nothing.
  const lowered = question.toLowerCase();
  const cues = wordCues(tokens, index.params.rankingReach);
  const byName = await groundByName(index, lowered, tokens, cues);
  const enrichment = await enrich(index.graph, index.similarity, { question: lowered, tokens, grounded: byName.grounded }, index.params);
  return {
    question,
    tokens,
    ...byName,
    enrichment,
    initialTargets: [...byName.grounded.map((g) => g.table), ...enrichment.added.map((a) => a.table)],
    cues,
  };
}

type ByName = Pick<GroundingResult, 'matches' | 'weakerMatches' | 'grounded' | 'elsewhere' | 'islandSense' | 'evidence' | 'stages'>;

/** T0 from the question's words: the stages of `GROUNDING_STAGES`, then the evidence and the trace of what each made of each table. */
async function groundByName(
  index: SchemaIndex,
  question: string,
  tokens: QuestionToken[],
  cues: readonly (WordCue | null)[],
): Promise<ByName> {
  const { params } = index;
  const { state, trace } = await runStages(GROUNDING_STAGES, { ...index, question, tokens, cues });
  const strongest = Math.max(0, ...state.settled.map((m) => m.score));
  // A question whose strongest match is this weak names nothing ("Need help with a query" holds two
  // song titles' words): it grounds no table rather than a tree of chance matches.
  if (strongest < params.minStrongestMatch) return nothingNamed(state.candidates.length, trace);
  const matches = state.settled;
  const best = strongest;
  const evidence = tableEvidence([...state.island, ...state.extraEvidence], tokens, {
    ratio: params.evidenceRatio,
    maxTables: params.evidenceMaxTables,
  });
  const grounded = groundedTables(matches);
  const elsewhere = state.elsewhere.filter((e) => e.score >= params.weakTableRatio * best - 1e-9);
  return {
    matches: [...matches],
    evidence,
    stages: trace(new Set([...evidence.map((e) => e.table), ...grounded.map((g) => g.table)])),
    weakerMatches: state.candidates.length - matches.length,
    grounded,
    elsewhere: [...elsewhere],
    ...(state.islandSense ? { islandSense: state.islandSense } : {}),
  };
}

function nothingNamed(candidates: number, trace: (watched: ReadonlySet<string>) => StageTrace[]): ByName {
  return { matches: [], evidence: [], stages: trace(new Set()), weakerMatches: candidates, grounded: [], elsewhere: [] };
}
