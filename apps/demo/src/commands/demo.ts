/** `guided demo`: one question over the embedded TPC-H database (or `--database`), or the web page with `--web`. */

import { buildGraph } from '@guided-retrieval/context-graph/build';
import { demoGraph } from '../cache.js';
import { UserError } from '../errors.js';
import { retrieverOptions } from '../models.js';
import { DEMO_QUESTION, type ModelFlags } from '../options.js';
import { progress } from '../progress.js';
import { ask } from './retrieve.js';
import { serveWeb } from './serve.js';

export interface DemoOptions extends ModelFlags {
  json?: boolean;
  database?: string;
  schema?: string;
  scaleFactor?: number;
  web?: boolean;
  port: number;
}

export async function runDemo(words: readonly string[], options: DemoOptions): Promise<void> {
  const models = retrieverOptions(options);
  if (options.schema !== undefined && options.database === undefined) throw new UserError('--schema needs --database');
  if (options.web) return serveWeb(options, progress, models);
  if (options.database === undefined) {
    const { graph } = await demoGraph(progress, options.scaleFactor);
    return ask(graph, words.length > 0 ? words : [DEMO_QUESTION], options, models);
  }
  if (words.length === 0)
    throw new UserError(
      `pass a question about ${options.database}, e.g. guided demo --database ${options.database} "Which customers ordered the most?"`,
    );
  const graph = await buildGraph(options.database, {
    onProgress: progress,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
  });
  await ask(graph, words, options, models);
}
