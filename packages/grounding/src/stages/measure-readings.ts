/**
 * A measure word ("sales", "popular") read by word vectors, a synonym or a description is no
 * reading of it: the measures lexicon reads it instead (`sales` is no `product`).
 */
import { isMeasureWord } from '../measure-words.js';
import type { GroundingMatch, QuestionToken } from '../types.js';
import type { GroundingStage } from './stage.js';

function bentMeasureWord(m: GroundingMatch, tokens: readonly QuestionToken[]): boolean {
  return (
    m.span[1] - m.span[0] === 1 &&
    (m.variantKind === 'similar' || m.variantKind === 'synonym' || m.variantKind === 'described') &&
    isMeasureWord(tokens, m.span[0])
  );
}

export const measureReadingsStage: GroundingStage = {
  name: 'measure words read as measures',
  switch: 'measureWords',
  run: (state, ctx) => ({ ...state, candidates: state.candidates.filter((m) => !bentMeasureWord(m, ctx.tokens)) }),
};
