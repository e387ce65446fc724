/**
 * Semantic enrichment (paper §3.1, step 3): when grounding by name finds fewer than `k` tables,
 * the question is embedded and the tables closest to it, next to the grounded ones in the join
 * graph, are added.
 */
import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';
import type { Embedder } from '@guided-retrieval/llm-adapters';
import type { GroundingParams } from './params.js';
import { nameWords, tableQueryContext } from './query-context.js';
import { closest, similaritiesTo, type TableVector, tableVector } from './similarity.js';
import type { EnrichmentStep, GroundedTable, QuestionToken } from './types.js';

/** What enrichment reads, made once per graph: the embedder, each table's vector, the empty tables. */
export interface SimilarityIndex {
  readonly embedder: Embedder;
  /** Each table's query context (`tableQueryContext`), embedded. */
  readonly tables: readonly TableVector[];
  /** Tables profiled with no row: similarity never adds them (a query over them returns nothing). */
  readonly empty: ReadonlySet<string>;
}

export async function similarityIndex(graph: ContextGraph, embedder: Embedder, params: GroundingParams): Promise<SimilarityIndex> {
  return {
    embedder,
    tables: await embedTables(graph, embedder, params),
    empty: new Set(graph.tables.filter(profiledEmpty).map((t) => t.name)),
  };
}

async function embedTables(graph: ContextGraph, embedder: Embedder, params: GroundingParams): Promise<TableVector[]> {
  const wordsOf = nameWords(params);
  const contexts = graph.tables.map((t) => tableQueryContext(t, graph, params, wordsOf));
  const vectors = await embedder.embed(contexts);
  return graph.tables.map((t, i) => tableVector(t.name, vectors[i]!));
}

/** A table a profile counted no row in (a graph built from a schema alone has no statistics, and is not empty). */
function profiledEmpty(table: GraphTable): boolean {
  return table.rowCount === 0 && table.columns.some((c) => c.stats !== null);
}

/** The question as grounding by name left it. */
interface Grounded {
  question: string;
  tokens: readonly QuestionToken[];
  /** T0 from hash matches, strongest first. */
  grounded: readonly GroundedTable[];
}

/** Enrichment's trigger: grounding by name found fewer than `k` tables. */
function triggersEnrichment(grounded: readonly GroundedTable[], k: number): boolean {
  return grounded.length < k;
}

/**
 * Only a question with a word is embedded: similarity to a question without one ("1234", "?!")
 * is noise, and such a question grounds on names or values, or not at all.
 */
function hasWord(tokens: readonly QuestionToken[]): boolean {
  return tokens.some((t) => !t.stopWord && /\p{L}{2}/u.test(t.text));
}

/** The enrichment step of a grounded question: whether it ran, with which embedder, and the tables it added. */
export async function enrich(
  graph: ContextGraph,
  similarity: SimilarityIndex,
  input: Grounded,
  params: GroundingParams,
): Promise<EnrichmentStep> {
  const { k } = params;
  const step: EnrichmentStep = { triggered: triggersEnrichment(input.grounded, k), k, embedder: null, added: [] };
  if (!step.triggered || !hasWord(input.tokens)) return step;
  step.embedder = similarity.embedder.id;
  const [vector] = await similarity.embedder.embed([input.question]);
  step.added = closeTables(graph, similarity, vector!, input.grounded, k, params);
  return step;
}

/**
 * Of the `k` tables closest to the question, those not grounded already that reach the
 * similarity floor, lie in the grounded tables' island, next to them, and are not empty.
 */
function closeTables(
  graph: ContextGraph,
  similarity: SimilarityIndex,
  question: Float32Array,
  grounded: readonly GroundedTable[],
  k: number,
  params: GroundingParams,
): { table: string; similarity: number }[] {
  const inIsland = (table: string) => grounded.length === 0 || graph.linked(grounded[0]!.table, table);
  // The tables in reach, each with its similarity; only the closest k (and the closest) are read in order.
  const candidates = similaritiesTo(question, similarity.tables, (t) => inIsland(t) && !similarity.empty.has(t));
  const ranked = closest(candidates, Math.max(1, k));
  const known = new Set(grounded.map((g) => g.table));
  // A table the question does not name must be at least as close to it as those it does name.
  const named = candidates.filter((r) => known.has(r.table)).map((r) => r.similarity);
  const floor = Math.max(params.minSimilarity, (ranked[0]?.similarity ?? 0) * params.relativeSimilarity, ...named);
  const near =
    grounded.length === 0
      ? null
      : neighbourhood(
          graph,
          grounded.map((g) => g.table),
          params.hubInDegree,
        );
  return ranked.slice(0, k).filter((r) => r.similarity >= floor && !known.has(r.table) && (near === null || near.has(r.table)));
}

/**
 * Where semantic enrichment may add tables once the question's words matched some: one join from
 * them (the paper's example: "sales" matched ORDERS; enrichment adds LINEITEM and CUSTOMER), or
 * two through a table that references both (book ← loan → customer). A similar table elsewhere in
 * a warehouse is a guess no join supports (measured: BIRD and Spider F1 unchanged or better).
 */
export function neighbourhood(graph: ContextGraph, tables: readonly string[], hubInDegree: number): Set<string> {
  const near = new Set<string>();
  for (const t of tables) {
    for (const e of graph.outEdges(t)) near.add(e.toTable);
    // A shared dimension's referencing tables are the whole warehouse, not the question's neighbours.
    if (graph.inDegree(t) > hubInDegree) continue;
    for (const e of graph.inEdges(t)) {
      near.add(e.fromTable);
      for (const f of graph.outEdges(e.fromTable)) near.add(f.toTable);
    }
  }
  return near;
}
