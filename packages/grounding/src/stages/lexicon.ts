/**
 * Candidates the schema's names do not hold: amount and count words on the event table near the
 * tables named, years and months on their date columns (the measures lexicon), read within the
 * chosen island only — "2016" or "revenue" must not choose the island — and settled with the rest.
 */
import { lexiconMatches } from '../measures.js';
import { namedTables } from '../settle.js';
import type { GroundingMatch, VariantKind } from '../types.js';
import { settle } from './island.js';
import type { GroundingStage } from './stage.js';

/** Spellings of a word that are the schema's own (no synonym, no word vector, no description). */
const SPELLED: ReadonlySet<VariantKind> = new Set(['exact', 'lemma', 'singular', 'plural', 'compound']);

/**
 * A column the question spells whole ("amount paid" → payments.amount): its word is read as that
 * column, never guessed again by the lexicon, even when settling set its table aside.
 */
function spelledColumns(island: readonly GroundingMatch[]): GroundingMatch[] {
  return island.filter(
    (m) => (m.kind === 'column' || (m.kind === 'alias' && m.column !== null)) && m.coverage >= 1 && SPELLED.has(m.variantKind),
  );
}

export const lexiconStage: GroundingStage = {
  name: 'measures lexicon',
  switch: 'measureWords',
  run: (state, ctx) => {
    const named = namedTables(state.settled, ctx.params);
    const spelled = spelledColumns(state.island);
    const lexicon = lexiconMatches(ctx.tokens, ctx.graph, ctx.measures, [...state.settled, ...spelled], named, ctx.params);
    // What the lexicon would say were no word matched yet (but the columns spelled whole): settling keeps the rules' reading, the evidence both.
    const unrestricted = lexiconMatches(ctx.tokens, ctx.graph, ctx.measures, spelled, named, ctx.params);
    return {
      ...state,
      settled: lexicon.length > 0 ? settle([...state.settled, ...lexicon], ctx) : state.settled,
      extraEvidence: [...state.extraEvidence, ...lexicon, ...unrestricted],
    };
  },
};
