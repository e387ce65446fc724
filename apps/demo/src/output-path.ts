import { accessSync, constants, type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UserError } from './errors.js';

/**
 * The absolute path `-o` names, once its folder is known to exist and be writable and the path
 * is no folder itself: checked before any work, so that minutes of profiling are not lost to a
 * typo in the output path.
 */
export function outputPath(path: string): string {
  const target = resolve(path);
  const folder = dirname(target);
  let info: Stats;
  try {
    info = statSync(folder);
  } catch {
    throw new UserError(`output folder does not exist: ${folder} (for -o ${path}); create it first`);
  }
  if (!info.isDirectory()) throw new UserError(`output folder is not a folder: ${folder} (for -o ${path})`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UserError(`output folder is not writable: ${folder} (for -o ${path})`);
  }
  let existing: Stats;
  try {
    existing = statSync(target);
  } catch {
    return target;
  }
  if (existing.isDirectory()) throw new UserError(`output is a folder, not a file: ${target} (for -o ${path})`);
  return target;
}
