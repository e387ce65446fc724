/**
 * Grounding's stages, in the order they run (`runStages`): candidates are found, weighed, the
 * island chosen and the matches settled, then the candidates the names do not hold are added. To
 * add a stage: a file of its own exporting a `GroundingStage`, listed here where it belongs.
 */
import { alternativesStage } from './alternatives.js';
import { calendarStage } from './calendar.js';
import { islandStage } from './island.js';
import { lexiconStage } from './lexicon.js';
import { lookupStage } from './lookup.js';
import { measureReadingsStage } from './measure-readings.js';
import type { GroundingStage } from './stage.js';
import { valueEvidenceStage } from './value-evidence.js';

export const GROUNDING_STAGES: readonly GroundingStage[] = [
  lookupStage,
  measureReadingsStage,
  valueEvidenceStage,
  alternativesStage,
  islandStage,
  lexiconStage,
  calendarStage,
];
