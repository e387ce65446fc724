/** `guided infer-joins <profile.json> -o joins.json`: join edges from a profile, to review before `guided build --joins`. */
import { resolve } from 'node:path';
import { describeInference, summarizeInference } from '@guided-retrieval/context-graph/internal';
import { inferJoins, saveJoins } from '@guided-retrieval/join-inference';
import { loadProfile } from '@guided-retrieval/profiler';
import { joinAdjudicator, usage } from '../models.js';
import { outputPath } from '../output-path.js';
import { progress } from '../progress.js';

export interface InferJoinsCliOptions {
  output: string;
  hideDeclared?: boolean;
  minConfidence?: number;
  llm?: string;
  json?: boolean;
}

export async function runInferJoins(file: string, options: InferJoinsCliOptions): Promise<void> {
  const output = outputPath(options.output);
  const profile = await loadProfile(resolve(file));
  const result = await inferJoins(profile, {
    declared: options.hideDeclared ? 'hide' : 'use',
    ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
    ...(options.llm ? { adjudicator: await joinAdjudicator(options.llm, progress) } : {}),
  });
  await saveJoins(output, { database: profile.database, edges: result.edges, keys: result.keys, stats: result.stats });
  const summary = summarizeInference(profile.database, result);
  if (options.llm) {
    const cost = usage.snapshot();
    progress(`adjudicated with ${cost.calls} model calls (${cost.cacheHits} cached), ${cost.promptTokens + cost.completionTokens} tokens`);
  }
  if (options.json) process.stdout.write(`${JSON.stringify({ ...summary, output }, null, 2)}\n`);
  progress(`${describeInference(summary)}; wrote ${options.output}`);
}
