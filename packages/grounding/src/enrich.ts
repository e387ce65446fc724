import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';
import { cosineSimilarity, type Embedder } from '@guided-retrieval/llm-adapters';
import { commonColumnPrefix, segmentCompound, splitIdentifier } from './identifiers.js';
import { COMPOUND_WORDS } from './lexicon/vocabulary.js';

const VOCABULARY = new Set(COMPOUND_WORDS);

function words(name: string, prefix = ''): string {
  const bare = prefix && name.toLowerCase().startsWith(prefix) ? name.slice(prefix.length) : name;
  return splitIdentifier(bare)
    .flatMap((w) => segmentCompound(w, VOCABULARY))
    .join(' ');
}

/**
 * A table's query context (paper §3.1, step 3): its name, description and columns, and synthetic
 * questions it could help answer, generated from the kinds of its columns. Embedded once per
 * table when the index is built.
 */
export function tableQueryContext(table: GraphTable, graph: ContextGraph): string {
  const name = words(table.name);
  const prefix = commonColumnPrefix(table.columns.map((c) => c.name));
  const keys = new Set(graph.outEdges(table.name).flatMap((e) => e.fromColumns));
  const columns = table.columns.filter((c) => !keys.has(c.name) && !table.primaryKey.includes(c.name));
  const measures = columns.filter((c) => c.inferredType === 'real' || c.inferredType === 'integer').map((c) => words(c.name, prefix));
  const dates = columns.filter((c) => c.inferredType === 'date').map((c) => words(c.name, prefix));
  const labels = columns.filter((c) => c.inferredType === 'text').map((c) => words(c.name, prefix));
  const lines = [
    `${name}. ${table.description}`,
    ...table.aliases,
    `${name} with ${columns.map((c) => words(c.name, prefix)).join(', ')}`,
    ...columns.filter((c) => c.description).map((c) => c.description),
    `how many ${name} are there`,
    ...labels.slice(0, 6).map((l) => `list ${name} by ${l}`),
    ...measures.slice(0, 6).map((m) => `what is the total ${m} of ${name}`),
    ...dates.slice(0, 3).flatMap((d) => measures.slice(0, 3).map((m) => `how does ${m} trend over ${d}`)),
    ...dates.slice(0, 3).map((d) => `${name} per month by ${d}`),
  ];
  return lines.filter((l) => l.trim().length > 0).join('\n');
}

export interface TableVector {
  table: string;
  vector: Float32Array;
}

export async function embedTables(graph: ContextGraph, embedder: Embedder): Promise<TableVector[]> {
  const contexts = graph.tables.map((t) => tableQueryContext(t, graph));
  const vectors = await embedder.embed(contexts);
  return graph.tables.map((t, i) => ({ table: t.name, vector: vectors[i]! }));
}

/** Tables ranked by cosine similarity to the question, best first, ties by name. */
export function rankBySimilarity(question: Float32Array, tables: readonly TableVector[]): { table: string; similarity: number }[] {
  return tables
    .map((t) => ({ table: t.table, similarity: Math.round(cosineSimilarity(question, t.vector) * 1e6) / 1e6 }))
    .sort((a, b) => b.similarity - a.similarity || (a.table < b.table ? -1 : 1));
}

/** More tables reference a hub than are the question's neighbours. */
const HUB_IN_DEGREE = 16;

/**
 * Where semantic enrichment may add tables once the question's words matched some: one join from
 * them (the paper's example: "sales" matched ORDERS; enrichment adds LINEITEM and CUSTOMER), or
 * two through a table that references both (book ← loan → customer). A similar table elsewhere in
 * a warehouse is a guess no join supports (measured: BIRD and Spider F1 unchanged or better).
 */
export function neighbourhood(graph: ContextGraph, tables: readonly string[]): Set<string> {
  const near = new Set<string>();
  for (const t of tables) {
    for (const e of graph.outEdges(t)) near.add(e.toTable);
    // A shared dimension's referencing tables are the whole warehouse, not the question's neighbours.
    if (graph.inDegree(t) > HUB_IN_DEGREE) continue;
    for (const e of graph.inEdges(t)) {
      near.add(e.fromTable);
      for (const f of graph.outEdges(e.fromTable)) near.add(f.toTable);
    }
  }
  return near;
}
