import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GraphPayload } from '../view/api-types.js';

/** Questions the page offers for the embedded TPC-H database. */
export const TPCH_EXAMPLES = [
  'Which Indian suppliers are shipping the most to China?',
  'How many orders were shipped by truck?',
  'Which customers ordered the most?',
  'Which parts does each supplier stock?',
  'What is the total revenue per region?',
];

/** `GET /api/graph`: the tables and join edges to draw, and what the server answers with. */
export function graphPayload(
  graph: ContextGraph,
  options: { examples: readonly string[]; preview: boolean; disambiguator: string },
): GraphPayload {
  return {
    database: graph.database,
    tables: graph.tables.map((t) => ({ name: t.name, rowCount: t.rowCount, columns: t.columns.length, primaryKey: [...t.primaryKey] })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      from: e.fromTable,
      to: e.toTable,
      on: e.fromColumns.map((c, i) => `${e.fromTable}.${c} = ${e.toTable}.${e.toColumns[i] ?? '?'}`).join(' AND '),
    })),
    examples: [...options.examples],
    preview: options.preview,
    disambiguator: options.disambiguator,
  };
}
