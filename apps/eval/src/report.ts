import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MetricSummary } from '@guided-retrieval/benchmarks';
import type { EvalResults, QuestionOutcome } from './run.js';
import { metricsChart } from './svg.js';

const f = (n: number) => n.toFixed(3);
const row = (name: string, m: Pick<MetricSummary, 'accuracy' | 'precision' | 'recall' | 'f1' | 'perfectRecall'>, extra = '') =>
  `| ${name} | ${f(m.accuracy)} | ${f(m.precision)} | ${f(m.recall)} | ${f(m.f1)} | ${f(m.perfectRecall)} |${extra}`;
const HEADER = ['| system | accuracy | precision | recall | F1 | perfect recall |', '|---|---|---|---|---|---|'];

/** The results as Markdown: overall against the baselines (and the paper), then per database. */
export function resultsMarkdown(results: EvalResults): string {
  const lines = [
    `# Table retrieval on ${results.bench}${results.build ? ` (${results.build === 'sqlite' ? 'SQLite' : 'PostgreSQL'} build)` : ''}${results.unionGraph ? ', union of every database' : ''}${results.evidence ? ' (with evidence)' : ''}`,
    '',
    ...unionLines(results),
    `${results.questions} questions, ${results.scored} scored; ${results.unparsedGold} gold queries the SQL parser could not read.`,
    ...(results.goldRewritten > 0
      ? [
          `${results.goldRewritten} gold queries use Defog's alternatives notation (\`{a, b}\`, \`;\`-separated queries): scored against their first alternative, braces expanded.`,
        ]
      : []),
    ...(Object.keys(results.profileMs ?? {}).length > 0
      ? [
          `Each database ${results.build === 'sqlite' ? 'profiled read-only from its SQLite file' : 'loaded into a scratch PostgreSQL database and profiled read-only'} first (ms): ${Object.entries(
            results.profileMs,
          )
            .map(([db, ms]) => `${db} ${ms}`)
            .join(', ')}.`,
        ]
      : []),
    `Retriever: ${results.retriever.disambiguator} disambiguator, ${results.retriever.embedder} embedder${results.retriever.islandEmbedder ? `, islands tie-broken by ${results.retriever.islandEmbedder}` : ''}. Wall time ${(results.wallMs / 1000).toFixed(1)} s, peak RSS ${results.peakRssMb} MB.`,
    '',
    '## Overall',
    '',
    ...HEADER,
    row('**guided retrieval**', results.overall),
    ...Object.entries(results.baselines).map(([name, b]) => row(name, b.overall)),
  ];
  if (results.bench === 'bird-dev') lines.push(row('paper (BIRD dev, with an LLM)', results.paper));
  lines.push(...sliceLines(results));
  lines.push(...inferenceLines(results));
  lines.push(...goldJoinLines(results));
  lines.push(
    '',
    '## Latency (ms per question)',
    '',
    '| phase | p50 | p95 | max |',
    '|---|---|---|---|',
    `| **total** | ${results.latencyMs.p50} | ${results.latencyMs.p95} | ${results.latencyMs.max} |`,
    ...Object.entries(results.latencyMs.perPhase).map(([p, l]) => `| ${p} | ${l.p50} | ${l.p95} | ${l.max} |`),
    '',
    '## Per database',
    '',
    '| database | questions | accuracy | precision | recall | F1 | perfect recall | graph build ms |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(results.perDatabase).map(
      ([db, m]) =>
        `| ${db} | ${m.questions} | ${f(m.accuracy)} | ${f(m.precision)} | ${f(m.recall)} | ${f(m.f1)} | ${f(m.perfectRecall)} | ${results.graphBuildMs[db] ?? ''} |`,
    ),
  );
  if (results.unparsedGoldQuestions.length > 0) {
    lines.push('', '## Gold queries not parsed', '', ...results.unparsedGoldQuestions.map((u) => `- ${u.db} #${u.id}: ${u.error}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Each slice: guided retrieval and the baselines on the same questions. */
function sliceLines(results: EvalResults): string[] {
  const slices = Object.entries(results.slices ?? {});
  if (slices.length === 0) return [];
  const out = ['', '## Slices', '', 'The same run, cut by the gold tables a question needs, the size of its schema and its backend.'];
  for (const [name, slice] of slices) {
    out.push(
      '',
      `### ${name} (${slice.questions} questions)`,
      '',
      ...HEADER,
      row('**guided retrieval**', slice.guided),
      ...Object.entries(slice.baselines).map(([b, m]) => row(b, m)),
    );
  }
  return out;
}

/** Which schemas declared no key, so that the graph's edges were inferred as `guided build` infers them. */
function inferenceLines(results: EvalResults): string[] {
  const inferred = Object.entries(results.inferredEdges ?? {});
  if (inferred.length === 0) return [];
  const edges = inferred.reduce((n, [, e]) => n + e, 0);
  const none = inferred.filter(([, e]) => e === 0).map(([db]) => db);
  return [
    '',
    `${inferred.length} schemas declare no key: their join edges (${edges} in all) were inferred from names, types and sample values as \`guided build\` infers them${none.length > 0 ? `; none found for ${none.length} (${none.join(', ')})` : ''}. Graph build times include that inference.`,
  ];
}

/** Inferred edges against the joins the gold SQL shows: of the edges on a table pair the gold joins, how many use its columns. */
function goldJoinLines(results: EvalResults): string[] {
  const g = results.goldJoins;
  if (!g) return [];
  const ratio = (n: number, d: number) => (d === 0 ? 'n/a' : f(n / d));
  return [
    '',
    "## Join inference against the gold SQL's joins",
    '',
    `${g.databases} databases with inferred edges: the gold SQL joins ${g.goldPairs} table pairs, ${g.pairsWithEdge} of them with an inferred edge (pair coverage ${ratio(g.pairsWithEdge, g.goldPairs)}); ${g.edgesOnGoldPairs} inferred edges lie on those pairs, ${g.edgesMatchingColumns} on the gold columns (precision where the gold shows the join ${ratio(g.edgesMatchingColumns, g.edgesOnGoldPairs)}).`,
    'Gold joins are read by regular expressions: equalities `a.x = b.y` in ON and WHERE clauses whose aliases resolve to two different gold tables; joins through CTE or subquery aliases, and USING joins, are not followed.',
  ];
}

/** What a union run asked against, or nothing for a run of one graph per database. */
function unionLines(results: EvalResults): string[] {
  const u = results.unionGraph;
  if (!u) return [];
  const renamed =
    u.renamedTables.length === 0
      ? 'no table name collided, so every table kept its name'
      : `colliding names prefixed with their database: ${u.renamedTables.join(', ')}`;
  return [
    `**Union run:** every question was asked against one context graph of all ${u.databases.length} databases (${u.tables} tables, ${u.edges} join edges; ${renamed}), built in ${results.graphBuildMs.union ?? '?'} ms, and scored against its own gold tables under the union's names. Rows per database group the questions by their database; the baselines ranked the same ${u.tables} tables.`,
    '',
  ];
}

/** Writes results.json, results.md, questions.jsonl and one SVG chart per database into `dir`. */
export async function writeReports(dir: string, results: EvalResults, outcomes: readonly QuestionOutcome[]): Promise<string[]> {
  await mkdir(join(dir, 'charts'), { recursive: true });
  const written = [join(dir, 'results.json'), join(dir, 'results.md'), join(dir, 'questions.jsonl')];
  await writeFile(written[0]!, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(written[1]!, resultsMarkdown(results));
  await writeFile(written[2]!, `${outcomes.map((o) => JSON.stringify(o)).join('\n')}\n`);
  const shown = ['bm25-top5', 'embedding-top5', 'all-tables'];
  for (const [db, metrics] of Object.entries(results.perDatabase)) {
    const series = [
      { name: 'guided retrieval', metrics },
      ...shown.filter((s) => results.baselines[s]).map((s) => ({ name: s, metrics: results.baselines[s]!.perDatabase[db]! })),
    ];
    const file = join(dir, 'charts', `${db}.svg`);
    await writeFile(file, metricsChart(`${results.bench}: ${db} (${metrics.questions} questions)`, series));
    written.push(file);
  }
  return written;
}

/** The run in a few lines for stderr: what was scored, guided retrieval's figures, each baseline's. */
export function resultLines(results: EvalResults): string[] {
  const figures = (m: MetricSummary) =>
    `accuracy ${f(m.accuracy)} precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)} perfect recall ${f(m.perfectRecall)}`;
  const u = results.unionGraph;
  return [
    `${results.bench}${results.build ? ` (${results.build} build)` : ''}: ${results.scored} questions scored, ${results.unparsedGold} gold queries unparsed${results.goldRewritten ? `, ${results.goldRewritten} in Defog's alternatives notation scored against their first alternative` : ''}`,
    ...(u ? [`union of ${u.databases.length} databases: ${u.tables} tables, ${u.edges} edges, ${u.renamedTables.length} renamed`] : []),
    `guided retrieval: ${figures(results.overall)}`,
    ...Object.entries(results.baselines).map(([name, b]) => `${name}: ${figures(b.overall)}`),
  ];
}
