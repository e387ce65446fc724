/** `guided learn`: a team's question–SQL pairs and query logs learned onto a graph, kept beside it. */

import { plural } from '@guided-retrieval/context-graph/internal';
import { describeLearnReport, HistoryFileError, learnFiles } from '@guided-retrieval/history';
import { UserError } from '../errors.js';
import { loadGraphFile } from '../graph-file.js';
import { progress, say } from '../progress.js';

export interface LearnCommandOptions {
  graph: string;
  hashValues?: boolean;
}

/** Statements in a file from which its progress is worth lines of its own. */
const LONG_INPUT = 1000;

export async function runLearn(files: readonly string[], options: LearnCommandOptions): Promise<void> {
  const graph = await loadGraphFile(options.graph);
  const started = performance.now();
  let result: Awaited<ReturnType<typeof learnFiles>>;
  try {
    result = await learnFiles(graph, options.graph, files, {
      ...(options.hashValues ? { hashValues: true } : {}),
      onProgress: ({ file, done, total }) => {
        if (total >= LONG_INPUT) progress(`learning ${file}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} statements`);
      },
    });
  } catch (error) {
    if (error instanceof HistoryFileError) throw new UserError(error.message, { cause: error });
    throw error;
  }
  const [summary, ...problems] = describeLearnReport(result.report);
  for (const line of problems) say(`guided: ${line}`);
  if (result.history.hashValues && !options.hashValues) progress(`values hashed: ${result.path} was learned with --hash-values`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kept = `${result.path} holds ${plural(result.history.statements, 'statement')} (${result.history.questions.toLocaleString('en-US')} with questions)`;
  process.stdout.write(`${summary}; ${result.written ? kept : `nothing new: ${kept}`} [${seconds} s]\n`);
  if (result.failed.length > 0) throw new UserError(result.failed.map((f) => f.error).join('; '));
}
