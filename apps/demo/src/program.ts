import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { saveGraph } from '@guided-retrieval/context-graph';
import type { ViewMode } from '@guided-retrieval/profiler';
import { defaultColumnParams } from '@guided-retrieval/retrieval';
import { DEFAULT_SCALE_FACTOR, generateTpch } from '@guided-retrieval/tpch';
import { Command, InvalidArgumentError, Option } from 'commander';
import { demoGraph } from './cache.js';
import { registerInferJoins, unitInterval } from './commands/infer-joins.js';
import { registerMcp } from './commands/mcp.js';
import { registerProfile } from './commands/profile.js';
import { ask, FORMAT_HELP, FORMATS, type Format, maxTokens } from './commands/retrieve.js';
import { DEFAULT_PORT, port, registerServe, serveWeb } from './commands/serve.js';
import { describeError, UserError } from './errors.js';
import { loadGraphFile } from './graph-file.js';
import { describeWithModel, EMBEDDER_HELP, LLM_HELP, type ModelFlags, retrieverOptions } from './models.js';
import { outputPath } from './output-path.js';
import { buildGraph, type EdgeSource } from './pipeline.js';
import { progress, setQuiet } from './progress.js';
import { SOURCE_HELP } from './source.js';
import { packageVersion } from './version.js';
import { VIEWS_HELP, viewMode } from './views-option.js';

const DEMO_QUESTION = 'Which Indian suppliers are shipping the most to China?';
const log = progress;

function scaleFactor(value: string): number {
  const sf = Number(value);
  if (!Number.isFinite(sf) || sf <= 0 || sf > 10) throw new InvalidArgumentError(`must be a number in (0, 10], got "${value}"`);
  return sf;
}

function seed(value: string): number {
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`must be an integer, got "${value}"`);
  return n;
}

export function program(): Command {
  const cli = new Command('guided')
    .description('Guided table retrieval: find the tables a question needs and how to join them.')
    .version(packageVersion(), '-V, --version', 'print the version of guided')
    .showHelpAfterError('(run with --help for usage)')
    .option('-q, --quiet', 'print no progress on stderr (errors, results and a server address still print)')
    .configureHelp({ showGlobalOptions: true })
    .hook('preAction', (command) => setQuiet(Boolean(command.opts().quiet)));

  cli
    .command('demo')
    .description(
      `retrieve over the embedded TPC-H database (generated and cached on first use), or over --database; default question: "${DEMO_QUESTION}"`,
    )
    .argument('[question...]', 'the question, in plain English')
    .option('--json', 'print the full result as JSON on stdout, nothing else')
    .option('--database <source>', `profile this instead (read-only, on every run): ${SOURCE_HELP}`)
    .option('--schema <names>', 'PostgreSQL schemas to profile, comma-separated (default: every non-system schema)')
    .option('--scale-factor <sf>', 'TPC-H scale factor of the demo database', scaleFactor, DEFAULT_SCALE_FACTOR)
    .option('--web', 'serve the step-by-step web page instead (as `guided serve`)')
    .option('--port <n>', 'port for --web (0 picks a free one)', port, DEFAULT_PORT)
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .action(
      async (
        words: string[],
        options: { json?: boolean; database?: string; schema?: string; scaleFactor: number; web?: boolean; port: number } & ModelFlags,
      ) => {
        const models = retrieverOptions(options);
        if (options.schema !== undefined && options.database === undefined) throw new UserError('--schema needs --database');
        if (options.web) return serveWeb(options, log, models);
        if (options.database === undefined) {
          const { graph } = await demoGraph(log, options.scaleFactor);
          return ask(graph, words.length > 0 ? words : [DEMO_QUESTION], options, models);
        }
        if (words.length === 0)
          throw new UserError(
            `pass a question about ${options.database}, e.g. guided demo --database ${options.database} "Which customers ordered the most?"`,
          );
        const graph = await buildGraph(
          options.database,
          log,
          undefined,
          { kind: 'declared' },
          options.schema === undefined ? {} : { schema: options.schema },
        );
        await ask(graph, words, options, models);
      },
    );

  cli
    .command('retrieve')
    .description('retrieve the join tree for a question from a context graph file')
    .argument('<question...>', 'the question, in plain English')
    .option('--graph <file>', 'context graph file from `guided build` (default: the demo TPC-H graph)')
    .option('--json', 'print the full result as JSON on stdout, nothing else')
    .addOption(new Option('--format <format>', FORMAT_HELP).choices(FORMATS))
    .option(
      '--max-tokens <n>',
      `with --format prompt: the most tokens (o200k_base) the prompt may take, filled with the likeliest columns (default: the columns worth their share of the schema, at most ${defaultColumnParams().defaultMaxTokens})`,
      maxTokens,
    )
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .action(async (words: string[], options: { graph?: string; json?: boolean; format?: Format; maxTokens?: number } & ModelFlags) => {
      const models = retrieverOptions(options);
      const graph = options.graph ? await loadGraphFile(options.graph) : (await demoGraph(log)).graph;
      await ask(graph, words, options, models);
    });

  registerServe(cli, log);

  cli
    .command('build')
    .description(
      'profile a database read-only (or read its profile, a dbt manifest or a catalog export) and write its context graph; progress on stderr',
    )
    .argument('<database>', SOURCE_HELP)
    .requiredOption('-o, --output <file>', 'where to write the context graph JSON')
    .option('--schema <names>', 'PostgreSQL schemas to profile, comma-separated (default: every non-system schema)')
    .option('--joins <file>', 'joins file from `guided infer-joins`: its edges join the graph along with the declared foreign keys')
    .option('--infer-joins', 'infer join edges while building: declared keys kept, inferred edges added')
    .option(
      '--min-confidence <x>',
      'inferred join edges below this confidence are left out, in [0, 1] (default: the inference default)',
      unitInterval,
    )
    .option(
      '--dictionary <file>',
      "a data dictionary whose descriptions the graph takes: CSV or Markdown table (table, column, description) or YAML (dbt's schema.yml); see the README",
    )
    .option('--views <mode>', VIEWS_HELP, viewMode)
    .option('--catalog <file>', "a dbt manifest's catalog.json from `dbt docs generate` (default: the one beside the manifest, if any)")
    .option('--keys <file>', "an INFORMATION_SCHEMA.COLUMNS export's key-constraint export (CSV or JSON; see the README)")
    .option('--llm <spec>', 'chat model that writes descriptions and aliases for tables and columns (cached), e.g. ollama:qwen2.5:7b')
    .option(
      '--hash-values',
      'keep no readable text value in the graph: column values only as Bloom filters of their hashes (grounding still finds them), no strings in samples',
    )
    .action(
      async (
        database: string,
        options: {
          output: string;
          schema?: string;
          joins?: string;
          inferJoins?: boolean;
          catalog?: string;
          keys?: string;
          llm?: string;
          hashValues?: boolean;
          views?: ViewMode;
          minConfidence?: number;
          dictionary?: string;
        },
      ) => {
        if (options.joins && options.inferJoins) throw new UserError('pass --joins or --infer-joins, not both');
        if (options.joins && options.minConfidence !== undefined)
          throw new UserError('--min-confidence applies to inferred joins, not to --joins FILE');
        const output = outputPath(options.output);
        const edges: EdgeSource = options.joins
          ? { kind: 'file', path: resolve(options.joins) }
          : options.inferJoins
            ? { kind: 'infer' }
            : { kind: 'declared' };
        const built = await buildGraph(database, log, undefined, edges, {
          ...(options.schema === undefined ? {} : { schema: options.schema }),
          ...(options.hashValues ? { hashValues: true } : {}),
          ...(options.views ? { views: options.views } : {}),
          ...(options.catalog === undefined ? {} : { catalog: resolve(options.catalog) }),
          ...(options.keys === undefined ? {} : { keys: resolve(options.keys) }),
          ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
          ...(options.dictionary === undefined ? {} : { dictionary: resolve(options.dictionary) }),
        });
        const graph = options.llm ? await describeWithModel(built, options.llm, log) : built;
        await saveGraph(graph, output);
        log(`wrote ${options.output}`);
      },
    );

  cli
    .command('tpch')
    .description('generate a TPC-H SQLite database (deterministic for a seed)')
    .requiredOption('-o, --output <file>', 'the SQLite file to write')
    .option('--scale-factor <sf>', 'TPC-H scale factor', scaleFactor, DEFAULT_SCALE_FACTOR)
    .option('--seed <n>', 'random seed', seed)
    .option('--force', 'replace an existing file')
    .action((options: { output: string; scaleFactor: number; seed?: number; force?: boolean }) => {
      const path = outputPath(options.output);
      if (existsSync(path) && !options.force) throw new UserError(`${path} already exists: pass --force to replace it`);
      const summary = generateTpch({
        path,
        scaleFactor: options.scaleFactor,
        overwrite: Boolean(options.force),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        onProgress: (table, rows, total) => {
          if (rows === total) log(`${table}: ${rows} rows`);
        },
      });
      log(`wrote ${summary.path} in ${Math.round(summary.ms)} ms`);
    });
  registerProfile(cli);
  registerInferJoins(cli, log);
  registerMcp(cli, log);
  return cli;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await program().parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    process.stderr.write(`guided: error: ${describeError(error)}\n`);
    return 1;
  }
}
