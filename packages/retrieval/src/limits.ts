/**
 * How far the join-tree search may go, in one checked file: `params/limits.json`
 * (`DEFAULT_PATH_LIMITS`), handed to every phase and to the context graph's searches.
 */
import { checkParams, deepFreeze, mergeParams, type ParamSpec, readParamsFile } from '@guided-retrieval/grounding/internal';
import type { PathLimits } from './types.js';

/** Every limit's type: the checked file has these keys and no other. */
const SPECS: Readonly<Record<keyof PathLimits, ParamSpec>> = {
  maxLength: 'number',
  alternatives: 'number',
  reverse: 'boolean',
  throughTargetBonus: 'number',
};

/**
 * A whole limits file, checked: an unknown key, a missing one or a value of the wrong type is an
 * error naming the key and the file. Start from a copy of `params/limits.json`.
 */
export function loadPathLimits(path: string | URL): Readonly<PathLimits> {
  const where = `path limits ${typeof path === 'string' ? path : path.pathname}`;
  return deepFreeze(checkParams(readParamsFile(path, 'path limits'), SPECS, where, false)) as unknown as PathLimits;
}

/** The limits of `params/limits.json` (beside `src/` and `dist/` alike), read and checked when the package loads; frozen. */
export const DEFAULT_PATH_LIMITS: Readonly<PathLimits> = loadPathLimits(new URL('../params/limits.json', import.meta.url));

/** The defaults with some limits set otherwise (an undefined one left as it is), checked as a file is. */
export function pathLimits(overrides: Partial<PathLimits> = {}): PathLimits {
  const set = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  checkParams(set, SPECS, 'path limit overrides', true);
  return mergeParams(DEFAULT_PATH_LIMITS, set);
}
