/**
 * Candidates from structure: a time or period word ("in 1997", "per quarter", "weekends") is
 * evidence for each calendar dimension of the chosen island (`calendar.ts`): a fact table holds
 * only the calendar's key, the calendar the year. Evidence only: the choice among trees weighs it.
 */
import type { GroundingMatch } from '../types.js';
import type { GroundingStage } from './stage.js';

export const calendarStage: GroundingStage = {
  name: 'calendar',
  run: (state, ctx) => {
    const { graph, params, cues } = ctx;
    if (!cues.some((c) => c === 'time' || c === 'period')) return state;
    const islands = new Set(state.island.map((m) => graph.islandOf(m.table)));
    const calendars = ctx.calendars.filter((t) => islands.size === 0 || islands.has(graph.islandOf(t)));
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
