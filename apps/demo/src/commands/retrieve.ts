import type { ContextGraph } from '@guided-retrieval/context-graph';
import { RetrievalInputError, type RetrievalResult, Retriever, type RetrieverOptions } from '@guided-retrieval/retrieval';
import { InvalidArgumentError } from 'commander';
import { UserError } from '../errors.js';
import { renderResult } from '../render.js';

/** How `guided retrieve` prints a result. */
export const FORMATS = ['text', 'json', 'prompt', 'sql'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_HELP =
  'text (each phase, the tree and the columns; default), json (the full result alone on stdout, as --json), prompt (the schema context an LLM writing the SQL needs: the tables, the columns the question needs with types and values, the joins, within --max-tokens) or sql (the bare FROM clause)';

export interface AskOptions {
  json?: boolean;
  format?: Format;
  /** The prompt's token budget (`--format prompt`). */
  maxTokens?: number;
}

/** `--max-tokens`: a whole number of tokens ≥ 1, or one clear error. */
export function maxTokens(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError(`must be a whole number of tokens ≥ 1, got "${value}"`);
  return n;
}

/** Asks one question of a graph and prints the result in the chosen format (see `FORMAT_HELP`). */
export async function ask(
  graph: ContextGraph,
  words: readonly string[],
  options: AskOptions,
  retrieverOptions: RetrieverOptions = {},
): Promise<void> {
  const question = words.join(' ').trim();
  if (question.length === 0)
    throw new UserError('the question is empty: pass it as an argument, e.g. guided retrieve "Which suppliers are in India?"');
  if (options.json && options.format !== undefined && options.format !== 'json')
    throw new UserError(`--json and --format ${options.format} ask for two formats: pass one`);
  const format: Format = options.json ? 'json' : (options.format ?? 'text');
  if (options.maxTokens !== undefined && format !== 'prompt') throw new UserError('--max-tokens only applies to --format prompt');
  const retriever = await Retriever.create(graph, retrieverOptions);
  let result: RetrievalResult;
  try {
    result = await retriever.retrieve(question);
  } catch (error) {
    if (error instanceof RetrievalInputError) throw new UserError(error.message);
    throw error;
  }
  process.stdout.write(`${render(retriever, result, format, options.maxTokens)}\n`);
}

function render(retriever: Retriever, result: RetrievalResult, format: Format, budget: number | undefined): string {
  switch (format) {
    case 'json':
      return JSON.stringify(result, null, 2);
    case 'prompt':
      return retriever.promptContext(result, budget === undefined ? {} : { maxTokens: budget }).text;
    case 'sql':
      if (result.sql === null) throw new UserError(`no tables retrieved, so no FROM clause: ${result.reason ?? 'nothing matched'}`);
      return result.sql;
    default:
      return renderResult(result);
  }
}
