/**
 * Candidates from structure: a time or period word ("in 1997", "per quarter", "weekends") is
 * evidence for each calendar dimension of the chosen island (`calendar.ts`): a fact table holds
 * only the calendar's key, the calendar the year. Evidence only: the choice among trees weighs it.
 */
import { calendarTables } from '../calendar.js';
import { wordCues } from '../measure-words.js';
import type { GroundingMatch } from '../types.js';
import type { GroundingStage } from './stage.js';

export const calendarStage: GroundingStage = {
  name: 'calendar',
  run: (state, ctx) => {
    const { graph, params } = ctx;
    const cues = wordCues(ctx.tokens, params.rankingReach);
    if (!cues.some((c) => c === 'time' || c === 'period')) return state;
    const islands = new Set(state.island.map((m) => graph.islandOf(m.table)));
    const calendars = calendarTables(graph, { minColumns: params.calendarMinColumns, minShare: params.calendarMinShare }).filter(
      (t) => islands.size === 0 || islands.has(graph.islandOf(t)),
    );
    const found: GroundingMatch[] = [];
    cues.forEach((cue, i) => {
      if (cue !== 'time' && cue !== 'period') return;
      for (const table of calendars)
        found.push({
          token: ctx.tokens[i]!.text,
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
    return { ...state, extraEvidence: [...state.extraEvidence, ...found] };
  },
};
