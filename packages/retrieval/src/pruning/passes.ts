/**
 * The heuristic disambiguator's pruning, in the order it runs (`runPasses`): each pass sees the
 * targets the ones before it left. Switches are `HeuristicParams` fields, each pass's `switch`.
 */
import { countedThroughLinkPass } from './counted-through-link.js';
import { keysByReferencePass } from './key-mentions.js';
import { lookAlikeCopiesPass } from './look-alike-copies.js';
import type { PrunePass } from './pass.js';
import { unreachablePass } from './unreachable.js';

/**
 * Before the source is chosen, over the initial targets (a drop that would leave none is
 * skipped): weak evidence chooses nothing, and exploration is redone without what they drop.
 */
export const BEFORE_SOURCE_PASSES: readonly PrunePass<null>[] = [];

/** Once the source is chosen (step 6), over the initial targets but the source: what the tree does not need as tables of its own. */
export const TARGET_PASSES: readonly PrunePass<string>[] = [
  unreachablePass,
  lookAlikeCopiesPass,
  countedThroughLinkPass,
  keysByReferencePass,
];
