import { readFile, rename, writeFile } from 'node:fs/promises';
import { ContextGraph, GraphValidationError } from './graph.js';
import { GRAPH_FORMAT_VERSION, type ContextGraphData } from './types.js';

/** A graph file that cannot be read: the message names the file and what is wrong. */
export class GraphFileError extends Error {
  override name = 'GraphFileError';
}

export function serializeGraph(graph: ContextGraph): string {
  return `${JSON.stringify(graph.toData(), null, 1)}\n`;
}

/** Parses and validates a graph document; `source` names it in errors (a file path). */
export function parseGraph(text: string, source = 'graph'): ContextGraph {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GraphFileError(`${source} is not a context graph: not valid JSON`);
  }
  if (typeof json !== 'object' || json === null || !('formatVersion' in json)) {
    throw new GraphFileError(`${source} is not a context graph: no formatVersion`);
  }
  const data = json as Partial<ContextGraphData>;
  if (data.formatVersion !== GRAPH_FORMAT_VERSION) {
    throw new GraphFileError(
      `${source} has graph format version ${String(data.formatVersion)}; this version reads ${GRAPH_FORMAT_VERSION}: rebuild it with \`guided build\``,
    );
  }
  if (typeof data.database !== 'string' || !Array.isArray(data.tables) || !Array.isArray(data.edges)) {
    throw new GraphFileError(`${source} is not a context graph: database, tables or edges missing`);
  }
  try {
    return new ContextGraph(data as ContextGraphData);
  } catch (error) {
    if (error instanceof GraphValidationError) throw new GraphFileError(`${source} is inconsistent: ${error.message}`);
    throw new GraphFileError(`${source} is not a context graph: ${(error as Error).message}`);
  }
}

export async function loadGraph(path: string): Promise<ContextGraph> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : (code ?? 'unreadable');
    throw new GraphFileError(`cannot read graph file ${path}: ${why}`);
  }
  return parseGraph(text, path);
}

/** Writes atomically (temp file, then rename) so that a failed write never leaves half a graph. */
export async function saveGraph(graph: ContextGraph, path: string): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, serializeGraph(graph), 'utf8');
  await rename(temp, path);
}
