/**
 * The training examples of the fitted choice among candidate trees: each training question asked
 * through the product path (its database built as `guided build` builds it, the retriever as
 * `guided retrieve` runs it), its candidate trees and their features read through
 * `Retriever.choiceCandidates` — the prediction path, at full precision — each labelled right when
 * its tables are exactly the gold set (optional tables allowed), with its F1 for a graded target.
 */

import { type Benchmark, type BenchQuestion, scoreQuestion } from '@guided-retrieval/benchmarks';
import { History, type HistoryEntry } from '@guided-retrieval/history';
import { type ChoiceFile, Retriever } from '@guided-retrieval/retrieval';
import { type ChoiceExample, eligibleTrees, FEATURE_NAMES } from '@guided-retrieval/retrieval/fit';
import { benchGraph } from '../bench/graph.js';
import { questionGold } from '../run.js';
import { deriveSeed, Rng } from '../scale/prng.js';

/** A training question's candidates, with what the fit needs and what the report shows. */
export interface CollectedQuestion extends ChoiceExample {
  question: string;
  tables: string[][];
  origins: string[];
  /** Per candidate, whether the rule lets the choice pick it. */
  eligible: boolean[];
  f1: number[];
}

/** Asks every question of `bench` with `choice`'s proposals and reads its candidates through the prediction path. */
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
    out.push(...(await collectQuestions(retriever, questions, tables, options.group ? options.group(db.name) : db.name)));
  }
  return out;
}

/**
 * The training questions asked with a team's history: each database's questions split in two
 * halves by a seeded draw, each half asked with the other's questions and gold tables as the
 * history (as `guided learn` would hold them), so that the history features are learned on
 * questions the history does not hold.
 */
export async function collectWithHistory(
  bench: Benchmark,
  options: { choice: ChoiceFile; seed: number; onStep?: (line: string) => void },
): Promise<CollectedQuestion[]> {
  const out: CollectedQuestion[] = [];
  for (const db of bench.databases) {
    const { graph } = await benchGraph(db);
    const tables = db.schema.tables.map((t) => t.name);
    const questions = bench.questions.filter((q) => q.db === db.name);
    const order = new Rng(deriveSeed(options.seed, db.name)).shuffle([...questions]);
    const halves = [order.filter((_, i) => i % 2 === 0), order.filter((_, i) => i % 2 === 1)];
    options.onStep?.(`fit: ${db.name}: ${questions.length} questions, each half with the other as its history`);
    for (const [h, asked] of halves.entries()) {
      const entries: HistoryEntry[] = [];
      for (const q of halves[1 - h]!) {
        const gold = questionGold(q, tables);
        if (gold.ok) entries.push({ question: q.question, tables: [...gold.tables].sort(), joins: [], fingerprint: q.id });
      }
      const retriever = await Retriever.create(graph, { choice: options.choice, history: History.of(entries) });
      out.push(...(await collectQuestions(retriever, asked, tables, db.name)));
    }
  }
  return out;
}

async function collectQuestions(
  retriever: Retriever,
  questions: readonly BenchQuestion[],
  tables: readonly string[],
  group: string,
): Promise<CollectedQuestion[]> {
  const out: CollectedQuestion[] = [];
  for (const q of questions) {
    const gold = questionGold(q, tables);
    if (!gold.ok) continue;
    const candidates = await retriever.choiceCandidates(q.question);
    if (!candidates || candidates.trees.length === 0) continue;
    const scored = candidates.trees.map((t) => scoreQuestion(t.tables, gold.tables, q.optionalTables));
    out.push({
      group,
      id: q.id,
      question: q.question,
      tables: candidates.trees.map((t) => t.tables),
      origins: candidates.trees.map((t) => t.origin),
      vectors: candidates.vectors,
      eligible: candidates.eligible,
      right: scored.map((s) => s.accuracy === 1),
      f1: scored.map((s) => s.f1),
    });
  }
  return out;
}

/** Per candidate, the lists an example carries (the names-only ones carry only `vectors`, `right` and `f1`). */
const PER_CANDIDATE = ['tables', 'origins', 'vectors', 'eligible', 'right', 'f1'] as const;

/**
 * The question as the choice sees it under `rule` (judged again off the features, whatever rule the
 * examples were collected under): only the candidates the rule lets it pick, every per-candidate list cut alike.
 */
export function eligibleOnly<T extends ChoiceExample>(e: T, rule: ChoiceFile['rule']): T {
  const keep = eligibleTrees(e.vectors, FEATURE_NAMES, rule).flatMap((ok, i) => (ok ? [i] : []));
  const out = { ...e } as Record<string, unknown>;
  for (const key of PER_CANDIDATE) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = key === 'eligible' ? keep.map(() => true) : keep.map((i) => list[i]);
  }
  return out as T;
}
