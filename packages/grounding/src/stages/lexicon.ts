/**
 * Candidates the schema's names do not hold: amount and count words on the event table near the
 * tables named, years and months on their date columns (the measures lexicon), read within the
 * chosen island only — "2016" or "revenue" must not choose the island — and settled with the rest.
 */
import { lexiconMatches } from '../measures.js';
import { namedTables } from '../settle.js';
import { settle } from './island.js';
import type { GroundingStage } from './stage.js';

export const lexiconStage: GroundingStage = {
  name: 'measures lexicon',
  switch: 'measureWords',
  run: (state, ctx) => {
    const named = namedTables(state.settled, ctx.params);
    const lexicon = lexiconMatches(ctx.tokens, ctx.graph, ctx.measures, state.settled, named, ctx.params);
    // What the lexicon would say were no word matched yet: settling keeps the rules' reading, the evidence both.
    const unrestricted = lexiconMatches(ctx.tokens, ctx.graph, ctx.measures, [], named, ctx.params);
    return {
      ...state,
      settled: lexicon.length > 0 ? settle([...state.settled, ...lexicon], ctx) : state.settled,
      extraEvidence: [...state.extraEvidence, ...lexicon, ...unrestricted],
    };
  },
};
