/**
 * Phase 3a (paper §3.3, steps 5–6): the disambiguator chooses the source and refines the
 * targets; what it proposes is then held to what the graph offers.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { DisambiguationInput, Disambiguator, SourceAndTargets } from './types.js';

/** The disambiguator's choice, checked: an unknown or unjoinable target is dropped with a `rejected` note. */
export async function disambiguate(disambiguator: Disambiguator, input: DisambiguationInput): Promise<SourceAndTargets> {
  return checkChoice(input.graph, disambiguator.name, await disambiguator.chooseSourceAndTargets(input));
}

/** The disambiguator may only choose among what the graph offers: tables spelled as the schema does, joinable from the source. */
export function checkChoice(graph: ContextGraph, by: string, choice: SourceAndTargets): SourceAndTargets {
  const source = graph.table(choice.source)?.name;
  if (!source) throw new Error(`disambiguator ${by} chose unknown source ${choice.source}`);
  const joinable = (t: string) => (choice.reverse ? graph.linked(source, t) : graph.reaches(source, t));
  const targets: string[] = [];
  const notes = [...choice.notes];
  for (const t of choice.targets) {
    const name = graph.table(t)?.name;
    if (name && name !== source && joinable(name) && !targets.includes(name)) targets.push(name);
    else if (name !== source) notes.push({ kind: 'rejected', tables: [t], reason: `not a table reachable from ${source}` });
  }
  // Paths chosen with the proposal stand only when the proposal stands whole.
  const { selected, ...rest } = choice;
  const whole = selected !== undefined && targets.length === choice.targets.length && source === choice.source;
  return { ...rest, ...(whole ? { selected } : {}), source, targets, notes, reverse: Boolean(choice.reverse) };
}
