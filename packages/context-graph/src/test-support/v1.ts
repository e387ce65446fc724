import type { ContextGraph } from '../index.js';

/** The graph as a version 1 file: its data as indented JSON, which `serializeGraph` wrote until version 2. */
export function v1Text(graph: ContextGraph): string {
  return `${JSON.stringify({ ...graph.toData(), formatVersion: 1 }, null, 1)}\n`;
}
