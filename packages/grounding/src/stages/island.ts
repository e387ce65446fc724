/**
 * Table decisions: one island of the join graph per question — the one whose matches explain the
 * question best (a sentence model breaking close ties) — its matches settled (each word's
 * strongest, weak tables left out); the other islands' tables set aside as `elsewhere`.
 */

import { chooseIsland, rankIslands } from '../islands.js';
import { dropWeakTables, keepStrongest } from '../settle.js';
import type { GroundingMatch } from '../types.js';
import type { GroundingStage, StageContext } from './stage.js';

export function settle(matches: readonly GroundingMatch[], ctx: StageContext): GroundingMatch[] {
  return dropWeakTables(keepStrongest(matches, ctx.params), ctx.params.weakTableRatio);
}

export const islandStage: GroundingStage = {
  name: 'island and settling',
  run: async (state, ctx) => {
    const all = state.candidates;
    if (!ctx.params.oneIsland) return { ...state, island: all, settled: settle(all, ctx) };
    const ranked = rankIslands(ctx.graph, all, ctx.params);
    const sensed = ctx.islandSense ? await ctx.islandSense.prefer(ctx.question, ranked) : undefined;
    const chosen = chooseIsland(ctx.graph, all, (m) => settle(m, ctx), ranked, sensed?.id);
    return {
      ...state,
      island: chosen.unsettled,
      settled: chosen.matches,
      elsewhere: chosen.elsewhere,
      ...(sensed ? { islandSense: sensed.step } : {}),
    };
  },
};
