/**
 * The table-retrieval metrics of the paper (§4.1), per question and averaged.
 *
 * Table names are compared case-insensitively and duplicates are ignored: the
 * retrieved list and the gold list are each reduced to a set of lower-cased
 * names first.
 */

export interface QuestionMetrics {
  /** 1 when the retrieved set equals the gold set, else 0. */
  accuracy: number;
  /** |R ∩ G| / |R|; 0 when nothing was retrieved. */
  precision: number;
  /** |R ∩ G| / |G|; when G is empty, 1 if R is empty too, else 0. */
  recall: number;
  /** Harmonic mean of precision and recall; 0 when both are 0. */
  f1: number;
  /** 1 when every gold table was retrieved (G ⊆ R), else 0. */
  perfectRecall: number;
}

export interface MetricSummary extends QuestionMetrics {
  /** How many questions were averaged. */
  questions: number;
}

/**
 * Scores one question's retrieved tables against its gold tables.
 *
 * Edge cases: an empty retrieved set has precision 0 (and so f1 0). An empty
 * gold set — which a well-formed benchmark question does not have — counts as
 * fully recalled only by an empty retrieval: recall 1 (with accuracy 1,
 * perfect recall 1, but precision and f1 still 0) when R is empty, recall 0
 * otherwise (perfect recall stays 1, since ∅ ⊆ R).
 *
 * `optional` (O, the tables an answer may also read without penalty; a gold table listed there
 * stays gold): a retrieved optional table neither helps nor hurts. Accuracy is then
 * G ⊆ R ⊆ G ∪ O, precision |R ∩ G| / |R \ O| (when that denominator is 0: 1 if G is empty, else
 * 0), recall and perfect recall as without. Without `optional` the scores are as above.
 */
export function scoreQuestion(retrieved: readonly string[], gold: readonly string[], optional?: readonly string[]): QuestionMetrics {
  const r = normalizedSet(retrieved);
  const g = normalizedSet(gold);
  const o = normalizedSet(optional ?? []);

  let hits = 0;
  let counted = 0;
  for (const table of r) {
    if (g.has(table)) hits += 1;
    if (g.has(table) || !o.has(table)) counted += 1;
  }

  const precision = counted === 0 ? (optional !== undefined && g.size === 0 ? 1 : 0) : hits / counted;
  const recall = g.size === 0 ? (r.size === 0 ? 1 : 0) : hits / g.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const perfectRecall = hits === g.size ? 1 : 0;
  const accuracy = hits === g.size && hits === counted ? 1 : 0;

  return { accuracy, precision, recall, f1, perfectRecall };
}

/** The mean of each metric over the questions; all zeros (and `questions: 0`) for an empty list. Nothing is rounded. */
export function averageMetrics(scores: readonly QuestionMetrics[]): MetricSummary {
  const sum = { accuracy: 0, precision: 0, recall: 0, f1: 0, perfectRecall: 0 };
  for (const score of scores) {
    sum.accuracy += score.accuracy;
    sum.precision += score.precision;
    sum.recall += score.recall;
    sum.f1 += score.f1;
    sum.perfectRecall += score.perfectRecall;
  }
  const n = scores.length;
  if (n === 0) return { ...sum, questions: 0 };
  return {
    accuracy: sum.accuracy / n,
    precision: sum.precision / n,
    recall: sum.recall / n,
    f1: sum.f1 / n,
    perfectRecall: sum.perfectRecall / n,
    questions: n,
  };
}

function normalizedSet(names: readonly string[]): Set<string> {
  return new Set(names.map((name) => name.toLowerCase()));
}
