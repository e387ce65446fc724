import { join } from 'node:path';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { describeGraph } from '@guided-retrieval/context-graph';
import { embedderFromSpec } from '@guided-retrieval/grounding';
import type { JoinAdjudicator } from '@guided-retrieval/join-inference';
import {
  createChatModel,
  type Embedder,
  parseModelSpec,
  SentenceEmbedder,
  sentenceEmbedderProblem,
  UsageCounter,
} from '@guided-retrieval/llm-adapters';
import { LlmDisambiguator, type Retriever, type RetrieverOptions } from '@guided-retrieval/retrieval';
import { cacheDir } from './cache-dir.js';
import { UserError } from './errors.js';
import type { ModelFlags } from './options.js';
import { progress } from './progress.js';

export const usage = new UsageCounter();

function modelOptions() {
  return { usage, cacheDir: join(cacheDir(), 'model-cache') };
}

/** Checks a spec up front, so a typo is one clear line before any work starts. */
function checked(spec: string, flag: string): string {
  try {
    parseModelSpec(spec);
    return spec;
  } catch (error) {
    throw new UserError(`${flag}: ${(error as Error).message}`);
  }
}

/** The embedder `--embedder` names (`offline[:dims]`, or a model client's spec); a bad spec is one clear line. */
function checkedEmbedder(spec: string): Embedder {
  try {
    return embedderFromSpec(spec, modelOptions());
  } catch (error) {
    throw new UserError(`--embedder: ${(error as Error).message}`);
  }
}

export function retrieverOptions(flags: ModelFlags): RetrieverOptions {
  // The optional models grounding uses (word vectors, the sentence model): a missing one is said, never silent.
  const note = (line: string) => process.stderr.write(`note: ${line}\n`);
  const options: RetrieverOptions = { onNote: note, onProgress: progress };
  const problem = sentenceEmbedderProblem();
  if (problem) note(`${problem.message}; islands of the join graph are chosen by the question's words alone`);
  else options.islandEmbedder = new SentenceEmbedder();
  if (flags.embedder) options.embedder = checkedEmbedder(flags.embedder);
  if (flags.llm) options.disambiguator = new LlmDisambiguator(createChatModel(checked(flags.llm, '--llm'), modelOptions()));
  return options;
}

/**
 * Loads the sentence model now, in the background, for a server whose graph has islands that can
 * compete (two or more of two tables or more): the first question that leaves them close would
 * otherwise wait the seconds the model takes to load. A one-shot command, or a graph of one island,
 * never loads it for nothing. A failure is said by the question that needs the model.
 */
export function warmModels(options: RetrieverOptions, graph: ContextGraph): void {
  if (!options.islandEmbedder) return;
  const sizes = new Map<number, number>();
  for (const t of graph.tables) sizes.set(graph.islandOf(t.name), (sizes.get(graph.islandOf(t.name)) ?? 0) + 1);
  if ([...sizes.values()].filter((n) => n >= 2).length < 2) return;
  void options.islandEmbedder.embed(['warm up']).catch(() => {});
}

/**
 * Asks a server's retriever one question before the server takes any: the first question a
 * process answers runs every phase's code for the first time (about 10 ms where later ones take
 * 3), and a user's first question should not be the one to pay for that. The answer is dropped
 * (retrieval keeps no state but caches that never change a result); a failure is left to a real question.
 */
export async function warmRetriever(retriever: Retriever, question: string | undefined): Promise<void> {
  if (question === undefined) return;
  await retriever.retrieve(question).catch(() => undefined);
}

/** Descriptions and aliases for cryptic tables and columns, written by the model (cached). */
export async function describeWithModel(graph: ContextGraph, spec: string, log: (message: string) => void): Promise<ContextGraph> {
  const model = createChatModel(checked(spec, '--llm'), modelOptions());
  log(`describing ${graph.tables.length} tables with ${model.id}`);
  const described = await describeGraph(graph, model, { onWarning: log });
  const cost = usage.snapshot();
  log(`described with ${cost.calls} model calls (${cost.cacheHits} cached), ${cost.promptTokens + cost.completionTokens} tokens`);
  return described;
}

/** A chat model that confirms or rejects the inferred join edges of uncertain confidence (cached). */
export async function joinAdjudicator(spec: string, log: (message: string) => void): Promise<JoinAdjudicator> {
  // Join inference is loaded by the commands that infer joins, not by every one that reads a model flag.
  const { createJoinAdjudicator } = await import('@guided-retrieval/join-inference');
  return createJoinAdjudicator(createChatModel(checked(spec, '--llm'), modelOptions()), { onNote: (note) => log(`note: ${note}`) });
}
