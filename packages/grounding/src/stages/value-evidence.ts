/** Scoring: a value match weighed by what it says (its column's distinct values, the value's share covered, whether a name). */
import { weighValueMatches } from '../value-evidence.js';
import type { GroundingStage } from './stage.js';

export const valueEvidenceStage: GroundingStage = {
  name: 'value evidence',
  run: (state, ctx) => ({
    ...state,
    candidates: weighValueMatches(state.candidates, ctx.tokens, (t, c) => ctx.keys.distinctValues(t, c), ctx.params.valueEvidence),
  }),
};
