import { readTextFile, writeFileAtomic } from '@guided-retrieval/profiler/files';
import { GraphValidationError } from './errors.js';
import { FileShapeError } from './file-shape.js';
import { ContextGraph } from './graph.js';
import { checkGraphV1 } from './read-v1.js';
import { readGraphV2 } from './read-v2.js';
import { type ContextGraphData, GRAPH_FORMAT_VERSION } from './types.js';
import { writeGraphV2 } from './write-v2.js';

/**
 * Largest graph file read, in bytes, refused before it is read rather than ending the process out
 * of memory. Measured: a version 1 file (indented JSON) peaks at about 6 bytes of memory per byte
 * of file while it loads (a 42 MB graph of 70,000 columns peaks at 238 MB and keeps 56 MB); a
 * version 2 file holds the same graph in a tenth of the bytes where key columns dominate (0.6 where
 * value lists do), so the graph it holds needs more memory per byte of file (the 9.8 MB file of
 * 188,000 edges keeps about 320 MB).
 */
export const MAX_GRAPH_FILE_BYTES = 128 * 1024 * 1024;

/** A graph file that cannot be read: the message names the file and what is wrong. */
export class GraphFileError extends Error {
  override name = 'GraphFileError';
}

/** The graph as a version 2 file (laid out in write-v2.ts): compact JSON, a table, column or edge a line. */
export function serializeGraph(graph: ContextGraph): string {
  return writeGraphV2(graph);
}

/** Parses and validates a graph document; `source` names it in errors (a file path). */
export function parseGraph(text: string, source = 'graph'): ContextGraph {
  let json: unknown;
  try {
    // An editor may have saved it with a byte-order mark: JSON.parse refuses one.
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const why = error instanceof RangeError ? 'nested too deeply' : `not valid JSON (${jsonProblem((error as Error).message, text)})`;
    throw new GraphFileError(`${source} is not a context graph: ${why}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json) || !('formatVersion' in json)) {
    throw new GraphFileError(`${source} is not a context graph: no formatVersion`);
  }
  const version = (json as { formatVersion: unknown }).formatVersion;
  const data = version === 1 ? readV1(json, source) : version === 2 ? readV2(json as Record<string, unknown>, source) : undefined;
  if (!data) {
    throw new GraphFileError(
      `${source} has graph format version ${String(version)}; this version reads 1 and ${GRAPH_FORMAT_VERSION}: rebuild it with \`guided build\``,
    );
  }
  try {
    return new ContextGraph(data);
  } catch (error) {
    throw asFileError(error, source);
  }
}

/** What JSON.parse found wrong, and where as a line and column (V8 says a character position). */
function jsonProblem(message: string, text: string): string {
  if (/^Unexpected end of JSON input/.test(message)) return 'it ends early: cut short?';
  const token = /^Unexpected token '(.+?)', /.exec(message);
  if (token) return `unexpected ${JSON.stringify(token[1])}`;
  const at = /^(.*) in JSON at position (\d+)/.exec(message);
  if (!at) return message.split('\n')[0] ?? message;
  const before = text.slice(0, Number(at[2]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${at[1]!.charAt(0).toLowerCase()}${at[1]!.slice(1)} at line ${line}, column ${column}`;
}

function readV1(json: unknown, source: string): ContextGraphData {
  const checked = checkGraphV1(json);
  if (!checked.ok) throw new GraphFileError(`${source} is not a context graph: ${checked.problem}`);
  return checked.data;
}

function readV2(json: Record<string, unknown>, source: string): ContextGraphData {
  try {
    return readGraphV2(json);
  } catch (error) {
    throw asFileError(error, source);
  }
}

function asFileError(error: unknown, source: string): GraphFileError {
  if (error instanceof GraphValidationError) return new GraphFileError(`${source} is inconsistent: ${error.message}`);
  if (error instanceof FileShapeError) return new GraphFileError(`${source} is not a context graph: ${error.message}`);
  return new GraphFileError(`${source} is not a context graph: ${(error as Error).message}`);
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

/**
 * Writes whole or not at all (the profiler's atomic writer: temp file, fsync, rename; nothing left
 * on failure or on SIGTERM): a failure is one line, `cannot write graph file out.json: no space left
 * on device (the disk is full)`, and the file there before is left as it was.
 */
export async function saveGraph(graph: ContextGraph, path: string): Promise<void> {
  await writeFileAtomic(path, serializeGraph(graph), { what: 'graph file' });
}
