/**
 * Candidates: every word and run of words of the question, in each of its variants, looked up in
 * the inverted index (names, aliases, descriptions and values), and the words no name matched read
 * by descriptions and word vectors.
 */
import { lookupAll } from '../lookup.js';
import type { GroundingStage } from './stage.js';

export const lookupStage: GroundingStage = {
  name: 'lookup',
  run: (state, ctx) => {
    const found = lookupAll(ctx.tokens, ctx.keys, ctx.params, ctx.silent, ctx.demonyms);
    return { ...state, candidates: found, found: found.length };
  },
};
