/**
 * Join edges scored against the declared foreign keys. An inferred edge is correct when its
 * referencing table and columns and its referenced table and columns all equal a true edge's,
 * case-insensitively; direction matters (A(x)->B(y) is not B(y)->A(x)). The column pairs of a
 * composite edge are compared as a set of pairs, so (a,b)->(x,y) equals (b,a)->(y,x).
 */

export interface EdgeRef {
  id: string;
  fromTable: string;
  fromColumns: readonly string[];
  toTable: string;
  toColumns: readonly string[];
}

export interface EdgeCounts {
  /** correct / predicted; 1 when nothing was predicted and there was nothing to find, else 0 when nothing was predicted. */
  precision: number;
  /** correct / truth; 1 when there was nothing to find. */
  recall: number;
  /** Harmonic mean of precision and recall; 0 when both are 0. */
  f1: number;
  truth: number;
  predicted: number;
  correct: number;
}

export interface EdgeScore extends EdgeCounts {
  /** Ids of the predicted edges that are not true, sorted. */
  falsePositives: string[];
  /** Ids of the true edges that were not predicted, sorted. */
  falseNegatives: string[];
}

/** The identity an edge is matched on: lower-cased, column pairs in a canonical order. */
export function edgeKey(edge: Omit<EdgeRef, 'id'>): string {
  const pairs = edge.fromColumns.map((c, i) => `${c.toLowerCase()}=${(edge.toColumns[i] ?? '').toLowerCase()}`).sort();
  return `${edge.fromTable.toLowerCase()}->${edge.toTable.toLowerCase()}:${pairs.join(',')}`;
}

/** Scores one database's predicted edges against its true ones; each list is deduplicated first. */
export function scoreEdges(predicted: readonly EdgeRef[], truth: readonly EdgeRef[]): EdgeScore {
  const p = byKey(predicted);
  const t = byKey(truth);
  const falsePositives = [...p].filter(([key]) => !t.has(key)).map(([, e]) => e.id);
  const falseNegatives = [...t].filter(([key]) => !p.has(key)).map(([, e]) => e.id);
  const correct = p.size - falsePositives.length;
  return { ...ratios(correct, p.size, t.size), falsePositives: falsePositives.sort(), falseNegatives: falseNegatives.sort() };
}

/** Micro-average: the counts summed over databases, then the ratios of the sums. */
export function microAverage(scores: readonly EdgeCounts[]): EdgeCounts {
  const sum = (f: (s: EdgeCounts) => number) => scores.reduce((n, s) => n + f(s), 0);
  return ratios(
    sum((s) => s.correct),
    sum((s) => s.predicted),
    sum((s) => s.truth),
  );
}

function ratios(correct: number, predicted: number, truth: number): EdgeCounts {
  const precision = predicted === 0 ? (truth === 0 ? 1 : 0) : correct / predicted;
  const recall = truth === 0 ? 1 : correct / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, truth, predicted, correct };
}

function byKey(edges: readonly EdgeRef[]): Map<string, EdgeRef> {
  const out = new Map<string, EdgeRef>();
  for (const e of edges) if (!out.has(edgeKey(e))) out.set(edgeKey(e), e);
  return out;
}
