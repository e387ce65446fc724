/** `guided tpch`: a TPC-H SQLite database, deterministic for a seed. */
import { existsSync } from 'node:fs';
import { DEFAULT_SCALE_FACTOR, generateTpch } from '@guided-retrieval/tpch';
import { UserError } from '../errors.js';
import { outputPath } from '../output-path.js';
import { progress } from '../progress.js';

export interface TpchOptions {
  output: string;
  scaleFactor?: number;
  seed?: number;
  force?: boolean;
}

export function runTpch(options: TpchOptions): void {
  const path = outputPath(options.output);
  if (existsSync(path) && !options.force) throw new UserError(`${path} already exists: pass --force to replace it`);
  const summary = generateTpch({
    path,
    scaleFactor: options.scaleFactor ?? DEFAULT_SCALE_FACTOR,
    overwrite: Boolean(options.force),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    onProgress: (table, rows, total) => {
      if (rows === total) progress(`${table}: ${rows} rows`);
    },
  });
  progress(`wrote ${summary.path} in ${Math.round(summary.ms)} ms`);
}
