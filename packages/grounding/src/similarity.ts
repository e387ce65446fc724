/**
 * Cosine similarity of a question to every table's embedded query context, as
 * `cosineSimilarity` (llm-adapters) gives it, for enrichment: each table's sum of squares summed
 * once per graph, the question's once per question, and only the closest tables put in order.
 */
import { cosineSimilarity } from '@guided-retrieval/llm-adapters';

export interface TableVector {
  table: string;
  vector: Float32Array;
  /** The vector's sum of squares, summed once as `cosineSimilarity` sums it. */
  squares: number;
}

export function tableVector(table: string, vector: Float32Array): TableVector {
  return { table, vector, squares: sumOfSquares(vector) };
}

function sumOfSquares(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  return sum;
}

/** A question's vector as `cosine` reads it: its sum of squares, and where it is not zero. */
interface QuestionVector {
  vector: Float32Array;
  squares: number;
  nonZero: Int32Array;
}

function questionVector(vector: Float32Array): QuestionVector {
  const nonZero: number[] = [];
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) nonZero.push(i);
  return { vector, squares: sumOfSquares(vector), nonZero: Int32Array.from(nonZero) };
}

/**
 * `cosineSimilarity` of the question and a table, the same sums in the same order: each table's
 * sum of squares and the question's summed once rather than per table, and the dot product over
 * the question's non-zero places only (a zero term adds nothing to the sum: the offline
 * embedder's question has a few dozen of 512).
 */
export function cosine(question: QuestionVector, table: TableVector): number {
  const { vector } = table;
  const q = question.vector;
  if (q.length !== vector.length) return cosineSimilarity(q, vector);
  let dot = 0;
  for (const i of question.nonZero) dot += q[i]! * vector[i]!;
  const questionSquares = question.squares;
  if (questionSquares === 0 || table.squares === 0) return 0;
  return Math.max(-1, Math.min(1, dot / (Math.sqrt(questionSquares) * Math.sqrt(table.squares))));
}

/** Each table `keep` keeps, with its similarity to the question (rounded to six decimals), in the tables' order. */
export function similaritiesTo(
  question: Float32Array,
  tables: readonly TableVector[],
  keep: (table: string) => boolean,
): { table: string; similarity: number }[] {
  const asked = questionVector(question);
  const found: { table: string; similarity: number }[] = [];
  for (const t of tables) if (keep(t.table)) found.push({ table: t.table, similarity: Math.round(cosine(asked, t) * 1e6) / 1e6 });
  return found;
}

/** Closer first, ties by name: a total order (names are unique), so the closest n are the sorted list's first n. */
function closer(a: { table: string; similarity: number }, b: { table: string; similarity: number }): number {
  return b.similarity - a.similarity || (a.table < b.table ? -1 : 1);
}

/** The first `n` of `ranked` sorted by `closer`, without sorting the rest. */
export function closest<T extends { table: string; similarity: number }>(ranked: readonly T[], n: number): T[] {
  if (n <= 0) return [];
  if (n >= ranked.length / 4) return [...ranked].sort(closer).slice(0, n);
  const top: T[] = [];
  for (const r of ranked) {
    if (top.length === n && closer(r, top[n - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && closer(r, top[at - 1]!) < 0) at--;
    top.splice(at, 0, r);
    if (top.length > n) top.pop();
  }
  return top;
}
