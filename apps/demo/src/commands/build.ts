/** `guided build`: a source profiled read-only (or a schema file read) into a context graph file. */
import { resolve } from 'node:path';
import { saveGraph } from '@guided-retrieval/context-graph';
import { type BuildJoins, buildGraph } from '@guided-retrieval/context-graph/build';
import type { ViewMode } from '@guided-retrieval/profiler';
import { UserError } from '../errors.js';
import { describeWithModel } from '../models.js';
import { outputPath } from '../output-path.js';
import { progress } from '../progress.js';

export interface BuildOptions {
  output: string;
  schema?: string;
  joins?: string;
  inferJoins?: boolean;
  catalog?: string;
  keys?: string;
  llm?: string;
  hashValues?: boolean;
  views?: ViewMode;
  minConfidence?: number;
  dictionary?: string;
}

export async function runBuild(database: string, options: BuildOptions): Promise<void> {
  if (options.joins && options.inferJoins) throw new UserError('pass --joins or --infer-joins, not both');
  const output = outputPath(options.output);
  const joins: BuildJoins = options.joins
    ? { kind: 'file', path: resolve(options.joins) }
    : options.inferJoins
      ? { kind: 'infer' }
      : { kind: 'declared' };
  const built = await buildGraph(database, {
    joins,
    onProgress: progress,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.hashValues ? { hashValues: true } : {}),
    ...(options.views ? { views: options.views } : {}),
    ...(options.catalog === undefined ? {} : { catalog: resolve(options.catalog) }),
    ...(options.keys === undefined ? {} : { keys: resolve(options.keys) }),
    ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
    ...(options.dictionary === undefined ? {} : { dictionary: resolve(options.dictionary) }),
  });
  const graph = options.llm ? await describeWithModel(built, options.llm, progress) : built;
  await saveGraph(graph, output);
  progress(`wrote ${options.output}`);
}
