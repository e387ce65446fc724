/**
 * The training examples of the fitted choice among candidate trees: each training question asked
 * through the product path (its database built as `guided build` builds it, the retriever as
 * `guided retrieve` runs it), the candidate trees its disambiguation weighed read off the trace,
 * each labelled right when its tables are exactly the gold set (optional tables allowed).
 */

import { type Benchmark, scoreQuestion } from '@guided-retrieval/benchmarks';
import { type ChoiceExample, type ChoiceFile, FEATURE_NAMES, Retriever } from '@guided-retrieval/retrieval';
import { benchGraph } from '../bench/graph.js';
import { questionGold } from '../run.js';

/** A training question's candidates, with what the fit needs and what the report shows. */
export interface CollectedQuestion extends ChoiceExample {
  question: string;
  tables: string[][];
  /** Each candidate's F1 against the gold set (optional tables neither help nor hurt). */
  f1: number[];
}

/** Asks every question of `bench` with `choice`'s proposals and reads its candidates off the trace. */
export async function collectChoiceExamples(
  bench: Benchmark,
  options: { choice?: ChoiceFile; group?: (db: string) => string; onStep?: (line: string) => void } = {},
): Promise<CollectedQuestion[]> {
  const out: CollectedQuestion[] = [];
  for (const db of bench.databases) {
    const { graph } = await benchGraph(db);
    const retriever = await Retriever.create(graph, options.choice ? { choice: options.choice } : {});
    const tables = db.schema.tables.map((t) => t.name);
    const questions = bench.questions.filter((q) => q.db === db.name);
    options.onStep?.(`fit: ${db.name}: ${questions.length} questions`);
    for (const q of questions) {
      const gold = questionGold(q, tables);
      if (!gold.ok) continue;
      const result = await retriever.retrieve(q.question);
      const candidates = result.trace.disambiguation.candidates ?? [];
      if (candidates.length === 0) continue;
      out.push({
        group: options.group ? options.group(db.name) : db.name,
        id: q.id,
        question: q.question,
        tables: candidates.map((c) => c.tables),
        vectors: candidates.map((c) => FEATURE_NAMES.map((name) => c.features[name] ?? 0)),
        right: candidates.map((c) => scoreQuestion(c.tables, gold.tables, q.optionalTables).accuracy === 1),
        f1: candidates.map((c) => Math.round(scoreQuestion(c.tables, gold.tables, q.optionalTables).f1 * 1e4) / 1e4),
      });
    }
  }
  return out;
}
