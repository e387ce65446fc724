/** Scoring: a category value tied across tables is meant in the table nearest those the question names. */
import { chooseAmongAlternatives } from '../alternatives.js';
import type { GroundingStage } from './stage.js';

export const alternativesStage: GroundingStage = {
  name: 'alternatives',
  run: (state, ctx) => ({ ...state, candidates: chooseAmongAlternatives(state.candidates, ctx.tokens, ctx.graph, ctx.params) }),
};
