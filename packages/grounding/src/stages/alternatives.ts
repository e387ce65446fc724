/**
 * Scoring: a category value tied across tables is meant in the table nearest those the question
 * names. The readings it sets aside stay evidence (an album's title and an artist's name both hold
 * "Iron Maiden"): a choice among trees weighs every reading of a whole value, ranked.
 */
import { chooseAmongAlternatives } from '../alternatives.js';
import type { GroundingStage } from './stage.js';

export const alternativesStage: GroundingStage = {
  name: 'alternatives',
  run: (state, ctx) => {
    const kept = chooseAmongAlternatives(state.candidates, ctx.tokens, ctx.graph, ctx.params);
    if (kept.length === state.candidates.length) return { ...state, candidates: kept };
    const still = new Set(kept.map((m) => `${m.table}|${m.column}|${m.span[0]}:${m.span[1]}`));
    const setAside = state.candidates.filter(
      (m) => m.kind === 'value' && m.coverage === 1 && !still.has(`${m.table}|${m.column}|${m.span[0]}:${m.span[1]}`),
    );
    return { ...state, candidates: kept, extraEvidence: [...state.extraEvidence, ...setAside] };
  },
};
