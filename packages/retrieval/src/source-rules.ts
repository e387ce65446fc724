/**
 * Step 5 as rules: `chooseSource` picks the candidate covering the most tables the question
 * names, then each rule of `SOURCE_RULES`, in order, may replace that choice; every change is
 * noted `{ kind: 'source', tables: [source], reason }`.
 */
import type { HeuristicParams } from './params.js';
import { chooseSource, chooseSourceAcross, coveredBy } from './source-choice.js';
import type { DisambiguationInput, DisambiguationNote } from './types.js';
import { groundingStrength } from './weights.js';

/**
 * How the source is found when join edges may be walked backwards (`chooseSourceAcross` by
 * default; a question's candidate trees share one search per source instead, `choice/roots.ts`).
 */
export type AcrossChooser = (
  input: DisambiguationInput,
  initialTargets: readonly string[],
  sources: readonly string[],
  params: HeuristicParams,
) => string | undefined;

/** What a source rule sees. */
interface SourceContext {
  readonly across: AcrossChooser;
  readonly input: DisambiguationInput;
  readonly params: HeuristicParams;
  readonly lookAlikes: ReadonlyMap<string, string>;
  /** Grounding score per table. */
  readonly strength: ReadonlyMap<string, number>;
  /** The initial targets the question's words matched (not those semantic enrichment added). */
  readonly core: readonly string[];
  /** What the source should cover: `core`, or every initial target when the words matched none. */
  readonly wanted: readonly string[];
}

/** The source, and whether the tree walks keys backwards from it. */
interface SourceChoice {
  source: string;
  reverse: boolean;
}

interface SourceRule {
  readonly name: string;
  /** Another choice than `chosen`, with the reason the trace gives; null to keep it. */
  readonly run: (ctx: SourceContext, chosen: SourceChoice) => (SourceChoice & { note: string }) | null;
}

/**
 * A table only similarity added never becomes the source over one the question's words name (it
 * may still be the bridge between named tables: PARTSUPP between PART and SUPPLIER).
 */
const namedOverAdded: SourceRule = {
  name: 'named over added',
  run: ({ input, core, wanted, strength, lookAlikes }, { source }) => {
    const added = new Set(input.grounding.enrichment.added.map((a) => a.table));
    if (!added.has(source) || core.length === 0) return null;
    const rest = input.candidates.filter((c) => !added.has(c.table));
    const named = rest.length > 0 ? chooseSource(rest, input.graph, strength, lookAlikes, wanted).table : undefined;
    if (!named || !core.includes(named)) return null;
    return { source: named, reverse: false, note: `the question names it; ${source} was added by similarity alone` };
  },
};

/**
 * When no table reaches every target along the keys (and `limits.reverse` allows), the initial
 * target that links them all walking the fewest keys backwards, if it covers more.
 */
const acrossSharedDimension: SourceRule = {
  name: 'across a shared dimension',
  run: ({ input, params, wanted, across: chooseAcross }, { source }) => {
    const { graph, initialTargets, limits } = input;
    if (!limits.reverse) return null;
    const forward = coveredBy(graph, source, initialTargets, false);
    if (forward === initialTargets.length) return null;
    const across = chooseAcross(input, initialTargets, wanted, params);
    if (!across || coveredBy(graph, across, initialTargets, true) <= forward) return null;
    return {
      source: across,
      reverse: true,
      note: "no table reaches every target along the keys' direction: joined walking some edges backwards",
    };
  },
};

/** The rules after `chooseSource`, in the order they run. */
export const SOURCE_RULES: readonly SourceRule[] = [namedOverAdded, acrossSharedDimension];

/** Step 5: the candidate that covers the most named tables, then `SOURCE_RULES`. */
export function pickSource(
  input: DisambiguationInput,
  params: HeuristicParams,
  lookAlikes: ReadonlyMap<string, string>,
  notes: DisambiguationNote[],
  across: AcrossChooser = chooseSourceAcross,
): SourceChoice {
  const { graph, grounding, initialTargets } = input;
  // Tables the question's words matched choose the source; those semantic enrichment added (next
  // to them in the join graph) may still make the tree walk keys backwards to reach them.
  const core = initialTargets.filter((t) => grounding.grounded.some((g) => g.table === t));
  const wanted = core.length > 0 ? core : initialTargets;
  const strength = groundingStrength(grounding);
  const ctx: SourceContext = { input, params, lookAlikes, strength, core, wanted, across };
  let choice: SourceChoice = { source: chooseSource(input.candidates, graph, strength, lookAlikes, wanted).table, reverse: false };
  for (const rule of SOURCE_RULES) {
    const next = rule.run(ctx, choice);
    if (!next) continue;
    notes.push({ kind: 'source', tables: [next.source], reason: next.note });
    choice = { source: next.source, reverse: next.reverse };
  }
  return choice;
}
