/**
 * Drops a target a link-table source references that the question only counts ("how many
 * keyphrases") or groups by ("each paper") by its table's name: the link table's references hold its ids.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { GROUPING_WORDS } from '../grouping-words.js';
import type { PrunePass } from './pass.js';

const COUNT_CUES = [
  ['how', 'many'],
  ['number', 'of'],
  ['count', 'of'],
  ['numbers', 'of'],
];

/**
 * Targets a link-table source references directly that the question only counts ("how many
 * keyphrases") or groups by ("each paper"), naming them by their table's name alone: the
 * link table's references hold their ids.
 */
export function countedThroughLink(graph: ContextGraph, grounding: GroundingResult, source: string, targets: readonly string[]): string[] {
  if (grounding.matches.some((m) => m.table === source)) return [];
  const referenced = new Set(graph.outEdges(source).map((e) => e.toTable));
  const cued = countOrGroupCue(grounding);
  return targets.filter((t) => {
    const matches = grounding.matches.filter((m) => m.table === t);
    return referenced.has(t) && matches.length > 0 && matches.every((m) => m.kind === 'table' && cued(m.span[0]));
  });
}

/** Whether the question word at a position follows a count cue ("how many", "number of") or a grouping word ("each", "per"). */
function countOrGroupCue(grounding: GroundingResult): (start: number) => boolean {
  const words = grounding.tokens.map((t) => t.lower);
  return (start) =>
    GROUPING_WORDS.has(words[start - 1] ?? '') || COUNT_CUES.some((cue) => cue.every((w, i) => words[start - cue.length + i] === w));
}

export const countedThroughLinkPass: PrunePass<string> = {
  name: 'counted through a link table',
  switch: 'countedThroughLink',
  run: ({ graph, grounding, source, targets }) => [
    { tables: countedThroughLink(graph, grounding, source, targets), note: `only counted or grouped by, which ${source}'s references do` },
  ],
};
