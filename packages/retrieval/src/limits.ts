import { DEFAULT_MAX_PATH_LENGTH } from '@guided-retrieval/context-graph/internal';
import type { PathLimits } from './types.js';

export const DEFAULT_PATH_LIMITS: Readonly<PathLimits> = { maxLength: DEFAULT_MAX_PATH_LENGTH, alternatives: 4, reverse: true };

export function pathLimits(overrides: Partial<PathLimits> = {}): PathLimits {
  return {
    maxLength: overrides.maxLength ?? DEFAULT_PATH_LIMITS.maxLength,
    alternatives: overrides.alternatives ?? DEFAULT_PATH_LIMITS.alternatives,
    reverse: overrides.reverse ?? DEFAULT_PATH_LIMITS.reverse,
  };
}
