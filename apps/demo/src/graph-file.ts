/**
 * `--graph <file>` for `retrieve`, `serve` and `mcp`: the graph file, or one line saying what the
 * file is instead and the command that makes a graph of it (a database, a profile).
 */
import { resolve } from 'node:path';
import { type ContextGraph, GraphFileError, loadGraph } from '@guided-retrieval/context-graph';
import { UserError } from './errors.js';
import { resolveSource } from './source.js';

export async function loadGraphFile(file: string): Promise<ContextGraph> {
  try {
    return await loadGraph(resolve(file));
  } catch (error) {
    if (!(error instanceof GraphFileError)) throw error;
    const what = await resolveSource(file).catch(() => undefined);
    if (what?.kind === 'database')
      throw new UserError(`${file} is a database, not a graph file: run \`guided build ${file} -o graph.json\` first`, { cause: error });
    // A graph file of another format version is a graph file still: its own error says which version.
    if (what?.kind === 'profile' && !/not valid JSON|format version/i.test(error.message))
      throw new UserError(`${file} looks like a profile, not a graph file: run \`guided build ${file} -o graph.json\``, { cause: error });
    throw error;
  }
}
