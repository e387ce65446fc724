/**
 * Grounding as typed stages: each stage takes the state the stages before it left and returns a
 * new one — candidates found, scores weighed, tables decided — never rewriting the matches it was
 * given in place. `runStages` records, after each stage, each table's strongest score, so the
 * trace says what every stage made of every table's evidence.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { InvertedIndex } from '../inverted-index.js';
import type { IslandSense } from '../island-sense.js';
import type { SilentWordReaders } from '../lookup.js';
import type { MeasureColumns } from '../measures.js';
import type { GroundingParams } from '../params.js';
import type { GroundingMatch, IslandSenseStep, QuestionToken, StageTrace, WordCue } from '../types.js';
import type { Demonyms } from '../variants.js';

/** What the stages read, built once per graph (`GroundingIndex.build`). */
export interface StageContext {
  readonly graph: ContextGraph;
  readonly keys: InvertedIndex;
  readonly measures: MeasureColumns;
  readonly params: GroundingParams;
  readonly silent: SilentWordReaders;
  readonly islandSense?: IslandSense;
  readonly demonyms?: Demonyms;
  /** The graph's calendar dimensions (`calendar.ts`). */
  readonly calendars: readonly string[];
  /** The question, lower-cased as its words are read. */
  readonly question: string;
  readonly tokens: readonly QuestionToken[];
  /** What each word cues (`wordCues`): a ranking, an amount, a count, a time… */
  readonly cues: readonly (WordCue | null)[];
}

/** A table matched in another island of the join graph than the chosen one. */
export interface ElsewhereTable {
  table: string;
  score: number;
  /** Named by its own name or an alias, by words the chosen island's matches leave unexplained. */
  byName: boolean;
}

/** What the stages pass on. */
export interface GroundingState {
  /** Every match still in, with its score as the stages so far weighed it. */
  readonly candidates: readonly GroundingMatch[];
  /** How many matches lookup found in all. */
  readonly found: number;
  /** The chosen island's matches before settling (all of them when islands are not chosen). */
  readonly island: readonly GroundingMatch[];
  /** The settled matches: each word's strongest, weak tables left out. Empty until settling. */
  readonly settled: readonly GroundingMatch[];
  /** Matches the evidence keeps though settling does not (the lexicon's and the calendar's unrestricted readings). */
  readonly extraEvidence: readonly GroundingMatch[];
  readonly elsewhere: readonly ElsewhereTable[];
  readonly islandSense?: IslandSenseStep;
}

export interface GroundingStage {
  readonly name: string;
  /** The switch of `GroundingParams` that turns the stage on; always on without one. */
  readonly switch?: keyof GroundingParams;
  run(state: GroundingState, ctx: StageContext): GroundingState | Promise<GroundingState>;
}

/** The start: nothing found yet. */
export const EMPTY_STATE: GroundingState = { candidates: [], found: 0, island: [], settled: [], extraEvidence: [], elsewhere: [] };

/**
 * Runs `stages` in order, each switched on by its parameter; after each, the strongest score of
 * every table in `watched(final)` is recorded, so the trace is as long as the tables it explains,
 * not as the schema.
 */
export async function runStages(
  stages: readonly GroundingStage[],
  ctx: StageContext,
): Promise<{ state: GroundingState; trace: (watched: ReadonlySet<string>) => StageTrace[] }> {
  let state = EMPTY_STATE;
  const snapshots: { stage: string; matches: readonly GroundingMatch[] }[] = [];
  for (const stage of stages) {
    if (stage.switch && !ctx.params[stage.switch]) continue;
    state = await stage.run(state, ctx);
    snapshots.push({ stage: stage.name, matches: state.settled.length > 0 ? state.settled : state.candidates });
  }
  const trace = (watched: ReadonlySet<string>) =>
    snapshots.map(({ stage, matches }) => {
      const best = new Map<string, number>();
      for (const m of matches) if (watched.has(m.table) && (best.get(m.table) ?? -1) < m.score) best.set(m.table, m.score);
      // Keys in name order: the same bytes whatever order the schema lists its tables in. No
      // prototype: a table named `__proto__` is a key like any other, not the record's prototype.
      const tables = Object.create(null) as Record<string, number>;
      for (const t of [...best.keys()].sort()) tables[t] = best.get(t)!;
      return { stage, tables };
    });
  return { state, trace };
}
