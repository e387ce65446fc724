/**
 * How far the join-tree search may go, in one checked file: `params/limits.json`
 * (`DEFAULT_PATH_LIMITS`), handed to every phase and to the context graph's searches. Each limit is
 * declared once, in `LIMITS_SCHEMA`, from which the type `PathLimits` and the check of a file follow.
 */
import { type ParamsOf, type ParamsSchema, paramsFile } from '@guided-retrieval/grounding/internal';

/** Every limit of `params/limits.json`, with its type and documentation. */
const LIMITS_SCHEMA = {
  /** Longest join path, in edges. */
  maxLength: 'number',
  /** Alternative paths per target shown in the trace and offered for path selection (Yen's k). */
  alternatives: 'number',
  /** Join across shared dimensions, walking edges backwards, when no table reaches every target along the keys. */
  reverse: 'boolean',
  /**
   * What the join tree takes off a table's cost per target its path from the source already passes
   * through: joining below a target beats a parallel branch of the same cost (a tie-break, far below a step's cost).
   */
  throughTargetBonus: 'number',
} as const satisfies ParamsSchema;

/** How far the join-tree search may go. */
export type PathLimits = ParamsOf<typeof LIMITS_SCHEMA>;

const FILE = paramsFile(
  LIMITS_SCHEMA,
  { file: 'path limits', overrides: 'path limit overrides' },
  // The defaults' file, beside `src/` and `dist/` alike.
  new URL('../params/limits.json', import.meta.url),
);

/**
 * A whole limits file, checked: an unknown key, a missing one or a value of the wrong type is an
 * error naming the key and the file. Start from a copy of `params/limits.json`.
 */
export function loadPathLimits(path: string | URL): Readonly<PathLimits> {
  return FILE.load(path);
}

/** The limits of `params/limits.json`, read and checked when the package loads; frozen. */
export const DEFAULT_PATH_LIMITS: Readonly<PathLimits> = FILE.defaults();

/** `DEFAULT_PATH_LIMITS` with some limits set otherwise (an undefined one left as it is), checked as a file is. */
export function pathLimits(overrides: Partial<PathLimits>): PathLimits {
  return FILE.with(overrides, DEFAULT_PATH_LIMITS);
}
