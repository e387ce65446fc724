import { randomUUID } from 'node:crypto';
import { readTextFile, writeFileAtomic } from '@guided-retrieval/profiler/internal';
import { ContextGraph, GraphValidationError } from './graph.js';
import { checkGraphData } from './graph-schema.js';
import { GRAPH_FORMAT_VERSION } from './types.js';

/**
 * Largest graph file read, in bytes. Loading peaks at about 6 bytes of memory per byte of file
 * (text, parsed JSON, the checked copy; measured: a 42 MB graph of 70,000 columns peaks at 238 MB
 * and keeps 56 MB), so a file beyond this is refused before it is read rather than ending the
 * process out of memory.
 */
export const MAX_GRAPH_FILE_BYTES = 128 * 1024 * 1024;

/** A graph file that cannot be read: the message names the file and what is wrong. */
export class GraphFileError extends Error {
  override name = 'GraphFileError';
}

/**
 * The graph as indented JSON, a column's listed values (`values.list`, up to thousands) on one
 * line each list rather than one line per value.
 */
export function serializeGraph(graph: ContextGraph): string {
  const lists: unknown[] = [];
  // A mark no value can hold by chance: a fresh UUID (hex digits and hyphens, safe in a pattern).
  const mark = `list-${randomUUID()}-`;
  const text = JSON.stringify(
    graph.toData(),
    (key, value: unknown) => (key === 'list' && Array.isArray(value) ? `${mark}${lists.push(value) - 1}` : value),
    1,
  );
  if (lists.length === 0) return `${text}\n`;
  return `${text.replace(new RegExp(`"${mark}(\\d+)"`, 'g'), (_, i: string) => JSON.stringify(lists[Number(i)]))}\n`;
}

/** Parses and validates a graph document; `source` names it in errors (a file path). */
export function parseGraph(text: string, source = 'graph'): ContextGraph {
  let json: unknown;
  try {
    // An editor may have saved it with a byte-order mark: JSON.parse refuses one.
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const why = error instanceof RangeError ? 'nested too deeply' : 'not valid JSON';
    throw new GraphFileError(`${source} is not a context graph: ${why}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json) || !('formatVersion' in json)) {
    throw new GraphFileError(`${source} is not a context graph: no formatVersion`);
  }
  const version = (json as { formatVersion: unknown }).formatVersion;
  if (version !== GRAPH_FORMAT_VERSION) {
    throw new GraphFileError(
      `${source} has graph format version ${String(version)}; this version reads ${GRAPH_FORMAT_VERSION}: rebuild it with \`guided build\``,
    );
  }
  const checked = checkGraphData(json);
  if (!checked.ok) throw new GraphFileError(`${source} is not a context graph: ${checked.problem}`);
  try {
    return new ContextGraph(checked.data);
  } catch (error) {
    if (error instanceof GraphValidationError) throw new GraphFileError(`${source} is inconsistent: ${error.message}`);
    throw new GraphFileError(`${source} is not a context graph: ${(error as Error).message}`);
  }
}

export async function loadGraph(path: string): Promise<ContextGraph> {
  const text = await readTextFile(path, 'graph file', { error: GraphFileError, refuseSize: tooLarge(path) });
  return parseGraph(text, path);
}

function tooLarge(path: string): (bytes: number) => string | undefined {
  return (bytes) =>
    bytes > MAX_GRAPH_FILE_BYTES
      ? `${path} is ${Math.round(bytes / 1024 / 1024)} MB; graph files over ${MAX_GRAPH_FILE_BYTES / 1024 / 1024} MB are refused (rebuild with fewer sample values)`
      : undefined;
}

/** Writes atomically (temp file, then rename) so that a failed write never leaves half a graph. */
export async function saveGraph(graph: ContextGraph, path: string): Promise<void> {
  await writeFileAtomic(path, serializeGraph(graph));
}
