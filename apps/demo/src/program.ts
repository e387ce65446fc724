/**
 * The `guided` command line: every subcommand, its options and help. A subcommand's work lives in
 * `commands/<name>.ts` and is imported only when that subcommand runs, so `--help`, `--version`
 * and a bad flag load none of the packages (and `guided retrieve` loads no connector or server).
 */
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { describeError } from './errors.js';
import { defaultMinConfidence, defaultPromptTokens } from './help-defaults.js';
import { MCP_TOOLS } from './mcp/tool-names.js';
import {
  DEFAULT_MCP_PORT,
  DEFAULT_PORT,
  DEMO_QUESTION,
  EMBEDDER_HELP,
  FORMAT_HELP,
  FORMATS,
  LEARN_FILES_HELP,
  LLM_HELP,
  MCP_PATH,
  maxTokens,
  port,
  positiveInt,
  SOURCE_HELP,
  scaleFactor,
  seed,
  unitInterval,
  VIEWS_HELP,
  viewMode,
} from './options.js';
import { setQuiet } from './progress.js';
import { packageVersion } from './version.js';

const SCALE_FACTOR_HELP = 'TPC-H scale factor (default 0.01)';
const SCHEMA_HELP = 'PostgreSQL schemas to profile, comma-separated (default: every non-system schema)';

/**
 * What an MCP client's configuration names to start this server: this Node and this CLI by
 * absolute path (a client may not run a shell or find `guided` on its PATH).
 */
function clientConfiguration(graphFile: string): string {
  const args = [fileURLToPath(new URL('./cli.js', import.meta.url)), 'mcp', '--graph', graphFile];
  return JSON.stringify({ mcpServers: { guided: { command: process.execPath, args } } });
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
    .option('--schema <names>', SCHEMA_HELP)
    .option('--scale-factor <sf>', `${SCALE_FACTOR_HELP} of the demo database`, scaleFactor)
    .option('--web', 'serve the step-by-step web page instead (as `guided serve`)')
    .option('--port <n>', 'port for --web (0 picks a free one)', port, DEFAULT_PORT)
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .action(async (words: string[], options) => (await import('./commands/demo.js')).runDemo(words, options));

  cli
    .command('retrieve')
    .description('retrieve the join tree for a question from a context graph file')
    .argument('<question...>', 'the question, in plain English')
    .option('--graph <file>', 'context graph file from `guided build` (default: the demo TPC-H graph)')
    .option('--json', 'print the full result as JSON on stdout, nothing else')
    .addOption(new Option('--format <format>', FORMAT_HELP).choices(FORMATS))
    .option(
      '--max-tokens <n>',
      `with --format prompt: the most tokens (o200k_base) the prompt may take, filled with the likeliest columns (default: the columns worth their share of the schema, at most ${defaultPromptTokens()} tokens)`,
      maxTokens,
    )
    .addOption(
      new Option(
        '--prompt-mode <mode>',
        'with --format prompt: recall (default: the join tree, then the tables most likely needed beyond it, while the budget allows) or exact (the join tree alone)',
      ).choices(['recall', 'exact']),
    )
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .action(async (words: string[], options) => (await import('./commands/retrieve.js')).runRetrieve(words, options));

  cli
    .command('serve')
    .description('serve the step-by-step web page on 127.0.0.1 (default: over the embedded TPC-H database)')
    .option('--graph <file>', 'a context graph file from `guided build` (no row preview)')
    .option(
      '--database <source>',
      `profiled read-only on start, with row previews run read-only on it (none for a profile): ${SOURCE_HELP}`,
    )
    .option('--schema <names>', SCHEMA_HELP)
    .option('--port <n>', 'port to listen on (0 picks a free one)', port, DEFAULT_PORT)
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .action(async (options) => (await import('./commands/serve.js')).runServe(options));

  cli
    .command('build')
    .description(
      'profile a database read-only (or read its profile, a dbt manifest or a catalog export) and write its context graph; progress on stderr',
    )
    .argument('<database>', SOURCE_HELP)
    .requiredOption('-o, --output <file>', 'where to write the context graph JSON')
    .option('--schema <names>', SCHEMA_HELP)
    .option('--joins <file>', 'joins file from `guided infer-joins`: its edges join the graph along with the declared foreign keys')
    .option('--infer-joins', 'infer join edges while building: declared keys kept, inferred edges added')
    .option(
      '--min-confidence <x>',
      `inferred join edges below this confidence are left out, in [0, 1] (default ${defaultMinConfidence()})`,
      unitInterval,
    )
    .option(
      '--dictionary <file>',
      "a data dictionary whose descriptions the graph takes: CSV or Markdown table (table, column, description) or YAML (dbt's schema.yml); see apps/demo/docs/sources.md",
    )
    .option('--views <mode>', VIEWS_HELP, viewMode)
    .option('--catalog <file>', "a dbt manifest's catalog.json from `dbt docs generate` (default: the one beside the manifest, if any)")
    .option('--keys <file>', "an INFORMATION_SCHEMA.COLUMNS export's key-constraint export (CSV or JSON; see apps/demo/docs/sources.md)")
    .option('--llm <spec>', 'chat model that writes descriptions and aliases for tables and columns (cached), e.g. ollama:qwen2.5:7b')
    .option(
      '--hash-values',
      'keep no readable text value in the graph: column values only as Bloom filters of their hashes (grounding still finds them), no strings in samples',
    )
    .action(async (database: string, options) => (await import('./commands/build.js')).runBuild(database, options));

  cli
    .command('learn')
    .description(
      "learn from a team's own SQL: which tables its questions need and how it joins them, kept beside the graph as <graph>.history.json (retrieve, serve and mcp on that graph load it); nothing leaves the machine",
    )
    .argument('<file...>', LEARN_FILES_HELP)
    .requiredOption('--graph <file>', 'the context graph file from `guided build` that the SQL is read onto')
    .option(
      '--hash-values',
      "keep no value of the SQL readable: no SQL is ever stored, and with this the questions' values (words of the SQL's literals, numbers, quoted words) are kept only as hashes",
    )
    .action(async (files: string[], options) => (await import('./commands/learn.js')).runLearn(files, options));

  cli
    .command('tpch')
    .description('generate a TPC-H SQLite database (deterministic for a seed)')
    .requiredOption('-o, --output <file>', 'the SQLite file to write')
    .option('--scale-factor <sf>', SCALE_FACTOR_HELP, scaleFactor)
    .option('--seed <n>', 'random seed', seed)
    .option('--force', 'replace an existing file')
    .action(async (options) => (await import('./commands/tpch.js')).runTpch(options));

  cli
    .command('profile')
    .description(
      'profile a database read-only: a SQLite/DuckDB/Parquet file, a Parquet folder, sqlite:<file>, duckdb:<file>, postgres://… or mysql://…',
    )
    .argument('<connection>', 'file path or connection URL (the password is never printed)')
    .requiredOption('-o, --output <file>', 'where to write the profile JSON')
    .option('--tables <names>', 'comma-separated tables to profile (default: all)')
    .option('--sample-size <rows>', 'rows sampled per table (default 100000)', positiveInt)
    .option('--top <n>', 'top values kept per column (default 50)', positiveInt)
    .option('--merge', 'merge into an existing output file: only the tables profiled now are replaced')
    .option(
      '--schema <names>',
      'PostgreSQL schemas, comma-separated (default: every non-system schema; a name two schemas share becomes schema.table)',
    )
    .option(
      '--hash-values',
      'store no readable text value: column values only as Bloom filters of their hashes, no strings in samples, min or max (with --merge, the whole file)',
    )
    .option('--views <mode>', VIEWS_HELP, viewMode)
    .option('--json', 'log progress as JSON lines on stderr (--quiet: none)')
    .action(async (target: string, options) => (await import('./commands/profile.js')).runProfile(target, options));

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
    .option(
      '--min-confidence <x>',
      `drop inferred edges below this confidence, in [0, 1] (default ${defaultMinConfidence()})`,
      unitInterval,
    )
    .option(
      '--llm <spec>',
      'chat model that confirms or rejects the uncertain edges (cached), e.g. ollama:qwen2.5:7b or openai:gpt-4o-mini (default: statistics alone)',
    )
    .option('--json', 'print the summary as one JSON document on stdout, nothing else')
    .action(async (file: string, options) => (await import('./commands/infer-joins.js')).runInferJoins(file, options));

  cli
    .command('mcp')
    .description(
      `serve table retrieval to agents as MCP tools (${MCP_TOOLS.join(', ')}): over stdio, or Streamable HTTP on 127.0.0.1 with --http (default: over the embedded TPC-H database)`,
    )
    .option('--graph <file>', 'a context graph file from `guided build`')
    .option('--database <source>', `profiled read-only on start: ${SOURCE_HELP}`)
    .option('--schema <names>', SCHEMA_HELP)
    .option(
      '--http',
      `serve Streamable HTTP at http://127.0.0.1:<port>${MCP_PATH} instead of stdio (stateless; the URL is printed on stderr)`,
    )
    .option('--port <n>', `port for --http (0 picks a free one; default ${DEFAULT_MCP_PORT})`, port)
    .option('--llm <spec>', LLM_HELP)
    .option('--embedder <spec>', EMBEDDER_HELP)
    .addHelpText(
      'after',
      `
On stdio, stdout carries the protocol alone; progress and logs go to stderr. An MCP client
starts it as a command, e.g. in its configuration:

  ${clientConfiguration('/path/to/shop.graph.json')}

With --http, clients connect to http://127.0.0.1:${DEFAULT_MCP_PORT}${MCP_PATH} (only this machine can).`,
    )
    .action(async (options) => (await import('./commands/mcp.js')).runMcp(options));
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
