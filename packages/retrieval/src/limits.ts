import { DEFAULT_MAX_PATH_LENGTH } from '@guided-retrieval/context-graph/internal';

/** How far the join-tree search may go: one type, one default, handed to every phase. */
export interface PathLimits {
  /** Longest join path, in edges. */
  maxLength: number;
  /** Alternative paths per target shown in the trace and offered for path selection (Yen's k). */
  alternatives: number;
  /** Join across shared dimensions, walking edges backwards, when no table reaches every target along the keys. */
  reverse: boolean;
}

export const DEFAULT_PATH_LIMITS: Readonly<PathLimits> = { maxLength: DEFAULT_MAX_PATH_LENGTH, alternatives: 4, reverse: true };

export function pathLimits(overrides: Partial<PathLimits> = {}): PathLimits {
  return {
    maxLength: overrides.maxLength ?? DEFAULT_PATH_LIMITS.maxLength,
    alternatives: overrides.alternatives ?? DEFAULT_PATH_LIMITS.alternatives,
    reverse: overrides.reverse ?? DEFAULT_PATH_LIMITS.reverse,
  };
}
