/** `guided infer-joins <profile.json> -o joins.json`: join edges from a profile, to review before `guided build --joins`. */
import { resolve } from 'node:path';
import { inferJoins, saveJoins } from '@guided-retrieval/join-inference';
import { loadProfile } from '@guided-retrieval/profiler';
import { type Command, InvalidArgumentError } from 'commander';
import { describeInference, summarizeInference } from '../joins.js';
import { joinAdjudicator, usage } from '../models.js';
import { outputPath } from '../output-path.js';

interface InferJoinsCliOptions {
  output: string;
  hideDeclared?: boolean;
  minConfidence?: number;
  llm?: string;
  json?: boolean;
}

export function unitInterval(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`must be a number in [0, 1], got "${value}"`);
  return n;
}

export function registerInferJoins(cli: Command, log: (message: string) => void): void {
  cli
    .command('infer-joins')
    .description(
      'infer the join edges of a database from its profile (`guided profile`) and write them as a joins file for `guided build --joins`',
    )
    .argument('<profile>', 'profile JSON written by `guided profile`')
    .requiredOption('-o, --output <file>', 'where to write the joins JSON')
    .option(
      '--hide-declared',
      'ignore the declared primary and foreign keys, as if the schema declared none (to see what inference finds alone)',
    )
    .option('--min-confidence <x>', 'drop inferred edges below this confidence, in [0, 1] (default: the inference default)', unitInterval)
    .option(
      '--llm <spec>',
      'chat model that confirms or rejects the uncertain edges (cached), e.g. ollama:qwen2.5:7b or openai:gpt-4o-mini (default: statistics alone)',
    )
    .option('--json', 'print the summary as one JSON document on stdout, nothing else')
    .action(async (file: string, options: InferJoinsCliOptions) => {
      const output = outputPath(options.output);
      const profile = await loadProfile(resolve(file));
      const result = await inferJoins(profile, {
        declared: options.hideDeclared ? 'hide' : 'use',
        ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
        ...(options.llm ? { adjudicator: joinAdjudicator(options.llm, log) } : {}),
      });
      await saveJoins(output, { database: profile.database, edges: result.edges, keys: result.keys, stats: result.stats });
      const summary = summarizeInference(profile.database, result);
      if (options.llm) {
        const cost = usage.snapshot();
        log(`adjudicated with ${cost.calls} model calls (${cost.cacheHits} cached), ${cost.promptTokens + cost.completionTokens} tokens`);
      }
      if (options.json) process.stdout.write(`${JSON.stringify({ ...summary, output }, null, 2)}\n`);
      log(`${describeInference(summary)}; wrote ${options.output}`);
    });
}
