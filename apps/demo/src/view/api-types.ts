/**
 * The JSON shapes of the demo's HTTP API, shared by the server (src/server) and the page (web/).
 * Type-only: nothing here runs.
 */
import type { RetrievalResult } from '@guided-retrieval/retrieval';

export interface GraphTableSummary {
  name: string;
  rowCount: number;
  columns: number;
  primaryKey: string[];
}

export interface GraphEdgeSummary {
  /** The join edge's stable id, as `joinTree.nodes[].edge` names it. */
  id: string;
  from: string;
  to: string;
  /** `FROM.c = TO.d` (several columns joined with AND). */
  on: string;
}

/** `GET /api/graph`: what the page needs to draw the join graph and offer questions. */
export interface GraphPayload {
  database: string;
  tables: GraphTableSummary[];
  edges: GraphEdgeSummary[];
  /** Example questions to click; empty for a graph of your own. */
  examples: string[];
  /** True when the server has the database itself and adds `preview` to results. */
  preview: boolean;
  /** What decides the tables, as every result's `trace.disambiguation.by` will say: `fitted`, or `llm:<model>`. */
  disambiguator: string;
}

/** A read-only look at the rows the FROM clause produces. */
export type Preview =
  | { ok: true; rowCount: number; columns: string[]; rows: (string | number | null)[][]; ms: number; limit: number }
  | { ok: false; error: string };

/** `POST /api/retrieve`: the retrieval result, plus `preview` when the server has the database. */
export type RetrieveResponse = RetrievalResult & { preview?: Preview };

/** Every 4xx/5xx answer of the API. */
export interface ApiError {
  error: string;
}
