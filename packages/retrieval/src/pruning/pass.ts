/**
 * Target pruning as passes: every rule that leaves a table out of the join tree has one shape, a
 * `PrunePass`, and the lists of `passes.ts` run them in order through `runPasses`, which applies
 * what each drops and writes its `pruned` note for the trace.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import type { HeuristicParams } from '../params.js';
import type { DisambiguationNote } from '../types.js';

/** What a pass sees: the question's grounding, the source (null before it is chosen) and the targets still in. */
export interface PruneContext<Source extends string | null = string | null> {
  readonly graph: ContextGraph;
  readonly grounding: GroundingResult;
  readonly source: Source;
  /** Whether the tree may walk keys backwards from the source (false before it is chosen). */
  readonly reverse: boolean;
  /** The targets the passes before this one left in. */
  readonly targets: readonly string[];
  readonly params: HeuristicParams;
  /** Look-alike copies (`ORDERS_HIST` → `ORDERS`), worked out once per graph. */
  readonly lookAlikes: ReadonlyMap<string, string>;
}

/** Tables one pass drops together, and the reason the trace gives. */
export interface PassResult {
  tables: string[];
  note: string;
}

/** The parameters that are switches. */
type Switch = { [K in keyof HeuristicParams]: HeuristicParams[K] extends boolean ? K : never }[keyof HeuristicParams];

export interface PrunePass<Source extends string | null = string | null> {
  readonly name: string;
  /** The parameter that turns the pass on (`HeuristicParams`, documented there); always on without one. */
  readonly switch?: Switch;
  /** Works out once per graph, when the retriever is built, what its runs share. */
  readonly prepare?: (graph: ContextGraph) => void;
  /** The tables to drop from `ctx.targets`, each group with its note; none when nothing is to go. */
  readonly run: (ctx: PruneContext<Source>) => PassResult[];
}

export interface RunOptions {
  /** A drop that would leave no target is skipped (before the source is chosen: something must choose it). */
  keepOne?: boolean;
}

/**
 * Runs the passes switched on, in order, each over the targets the ones before it left; every
 * drop is applied at once and noted `{ kind: 'pruned', tables, reason }`. Returns the targets left.
 */
export function runPasses<Source extends string | null>(
  passes: readonly PrunePass<Source>[],
  ctx: PruneContext<Source>,
  notes: DisambiguationNote[],
  options: RunOptions = {},
): string[] {
  let targets = [...ctx.targets];
  for (const pass of passes) {
    if (pass.switch !== undefined && !ctx.params[pass.switch]) continue;
    for (const { tables, note } of pass.run({ ...ctx, targets })) {
      if (tables.length === 0) continue;
      const left = targets.filter((t) => !tables.includes(t));
      if (options.keepOne && left.length === 0) continue;
      targets = left;
      notes.push({ kind: 'pruned', tables: [...tables], reason: note });
    }
  }
  return targets;
}

/** Readies the passes switched on for a graph (their `prepare`), once each. */
export function preparePasses(passes: readonly PrunePass<never>[], graph: ContextGraph, params: HeuristicParams): void {
  for (const pass of new Set(passes)) if (pass.switch === undefined || params[pass.switch]) pass.prepare?.(graph);
}
