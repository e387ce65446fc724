/** `guided retrieve`: one question over a graph file (or the demo's graph), printed readable or as JSON. */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { RetrievalInputError, type RetrievalResult, Retriever, type RetrieverOptions } from '@guided-retrieval/retrieval';
import { UserError } from '../errors.js';
import { loadGraphFile } from '../graph-file.js';
import { retrieverOptions } from '../models.js';
import type { ModelFlags } from '../options.js';
import { progress } from '../progress.js';
import { renderResult } from '../render.js';

export interface AskOptions {
  json?: boolean;
}

/** Asks one question of a graph and prints the result: readable, or as JSON alone on stdout. */
export async function ask(
  graph: ContextGraph,
  words: readonly string[],
  options: AskOptions,
  retrieverOptions: RetrieverOptions = {},
): Promise<void> {
  const question = words.join(' ').trim();
  if (question.length === 0)
    throw new UserError('the question is empty: pass it as an argument, e.g. guided retrieve "Which suppliers are in India?"');
  const retriever = await Retriever.create(graph, retrieverOptions);
  let result: RetrievalResult;
  try {
    result = await retriever.retrieve(question);
  } catch (error) {
    if (error instanceof RetrievalInputError) throw new UserError(error.message);
    throw error;
  }
  process.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : `${renderResult(result)}\n`);
}

export interface RetrieveOptions extends AskOptions, ModelFlags {
  graph?: string;
}

export async function runRetrieve(words: readonly string[], options: RetrieveOptions): Promise<void> {
  const models = retrieverOptions(options);
  // The demo's graph (and the TPC-H generator behind it) is loaded only when no --graph is given.
  const graph = options.graph ? await loadGraphFile(options.graph) : (await (await import('../cache.js')).demoGraph(progress)).graph;
  await ask(graph, words, options, models);
}
