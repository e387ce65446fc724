/**
 * The history `guided learn` keeps beside a graph file (`shop.graph.json` → `shop.history.json`,
 * `@guided-retrieval/history`), for `retrieve`, `serve` and `mcp` on that graph: loaded with no
 * flag when it is there, and handed to the retriever through `retrieverWithHistory`, the one place
 * the demo builds a retriever over a graph and its history.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { plural } from '@guided-retrieval/context-graph/internal';
import { type History, HistoryFileError, historyPathFor, loadHistoryFor } from '@guided-retrieval/history';
import { Retriever, type RetrieverOptions } from '@guided-retrieval/retrieval';
import { UserError } from './errors.js';
import { progress } from './progress.js';

/** The history learned beside `graphFile`, or null when none was; a damaged one is one line naming it. */
export async function graphHistory(graphFile: string, graph: ContextGraph): Promise<History | null> {
  let history: History | null;
  try {
    history = await loadHistoryFor(graphFile, graph.database);
  } catch (error) {
    if (error instanceof HistoryFileError) throw new UserError(error.message, { cause: error });
    throw error;
  }
  if (history !== null)
    progress(
      `history: ${plural(history.statements, 'statement')} learned (${history.questions.toLocaleString('en-US')} with questions) from ${historyPathFor(graphFile)}`,
    );
  return history;
}

/**
 * The retriever over `graph` and what its team's SQL taught (`RetrieverOptions.history`): the trees
 * of the past questions nearest each new one are proposed and weighed. The one place every command
 * builds its retriever.
 */
export function retrieverWithHistory(graph: ContextGraph, options: RetrieverOptions, history: History | null): Promise<Retriever> {
  return Retriever.create(graph, history ? { ...options, history } : options);
}
