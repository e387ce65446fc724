/** Drops a target the source cannot join: along the keys' direction, or either way when the tree walks keys backwards. */
import type { PrunePass } from './pass.js';

export const unreachablePass: PrunePass<string> = {
  name: 'unreachable',
  run: ({ graph, source, reverse, targets }) => [
    {
      tables: targets.filter((t) => !(reverse ? graph.linked(source, t) : graph.reaches(source, t))),
      note: `not reachable from ${source}`,
    },
  ],
};
