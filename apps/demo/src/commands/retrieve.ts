/** `guided retrieve`: one question over a graph file (or the demo's graph), printed readable or as JSON. */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { History } from '@guided-retrieval/history';
import {
  type PromptMode,
  RetrievalInputError,
  type RetrievalResult,
  type Retriever,
  type RetrieverOptions,
} from '@guided-retrieval/retrieval';
import { UserError } from '../errors.js';
import { loadGraphFile } from '../graph-file.js';
import { graphHistory, retrieverWithHistory } from '../history.js';
import { retrieverOptions } from '../models.js';
import type { Format, ModelFlags } from '../options.js';
import { progress } from '../progress.js';
import { renderResult } from '../render.js';

export interface AskOptions {
  json?: boolean;
  format?: Format;
  /** The prompt's token budget (`--format prompt`). */
  maxTokens?: number;
  /** What the prompt spends its budget on (`--format prompt`): the tree alone, or the tables most likely needed too. */
  promptMode?: PromptMode;
}

/** Asks one question of a graph (and the history learned beside it) and prints the result in the chosen format (see `FORMAT_HELP`). */
export async function ask(
  graph: ContextGraph,
  words: readonly string[],
  options: AskOptions,
  retrieverOptions: RetrieverOptions = {},
  history: History | null = null,
): Promise<void> {
  const question = words.join(' ').trim();
  if (question.length === 0)
    throw new UserError('the question is empty: pass it as an argument, e.g. guided retrieve "Which suppliers are in India?"');
  if (options.json && options.format !== undefined && options.format !== 'json')
    throw new UserError(`--json and --format ${options.format} ask for two formats: pass one`);
  const format: Format = options.json ? 'json' : (options.format ?? 'text');
  if (options.maxTokens !== undefined && format !== 'prompt') throw new UserError('--max-tokens only applies to --format prompt');
  if (options.promptMode !== undefined && format !== 'prompt') throw new UserError('--prompt-mode only applies to --format prompt');
  const retriever = await retrieverWithHistory(graph, retrieverOptions, history);
  let result: RetrievalResult;
  try {
    result = await retriever.retrieve(question);
  } catch (error) {
    if (error instanceof RetrievalInputError) throw new UserError(error.message);
    throw error;
  }
  process.stdout.write(`${render(retriever, result, format, options.maxTokens, options.promptMode)}\n`);
}

function render(
  retriever: Retriever,
  result: RetrievalResult,
  format: Format,
  budget: number | undefined,
  mode: PromptMode | undefined,
): string {
  switch (format) {
    case 'json':
      return JSON.stringify(result, null, 2);
    case 'prompt':
      return retriever.promptContext(result, { ...(budget === undefined ? {} : { maxTokens: budget }), ...(mode ? { mode } : {}) }).text;
    case 'sql':
      if (result.sql === null) throw new UserError(`no tables retrieved, so no FROM clause: ${result.reason ?? 'nothing matched'}`);
      return result.sql;
    default:
      return renderResult(result);
  }
}

export interface RetrieveOptions extends AskOptions, ModelFlags {
  graph?: string;
}

export async function runRetrieve(words: readonly string[], options: RetrieveOptions): Promise<void> {
  const models = retrieverOptions(options);
  // The demo's graph (and the TPC-H generator behind it) is loaded only when no --graph is given.
  const graph = options.graph ? await loadGraphFile(options.graph) : (await (await import('../cache.js')).demoGraph(progress)).graph;
  const history = options.graph ? await graphHistory(options.graph, graph) : null;
  await ask(graph, words, options, models, history);
}
