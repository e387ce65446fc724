/** `--bench history`'s results as JSON and Markdown, and the lines said on stderr. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MetricSummary } from '@guided-retrieval/benchmarks';
import type { EdgeCounts } from '../joins/score.js';
import type { HistoryResults, HistorySetResults } from './run.js';

const f = (n: number) => n.toFixed(3);
const pct = (share: number) => `${Math.round(share * 100)} %`;
const metric = (m: MetricSummary | null) => (m === null ? '– | –' : `${f(m.accuracy)} | ${f(m.f1)}`);
const edges = (e: EdgeCounts) => `${f(e.precision)} | ${f(e.recall)} | ${f(e.f1)} | ${e.correct}/${e.predicted} of ${e.truth}`;

function setMarkdown(s: HistorySetResults, k: number, voteK: number): string[] {
  return [
    `## ${s.set}`,
    '',
    `${s.scored} of ${s.questions} questions scored (the others' gold SQL reads no table of the schema).`,
    '',
    `| history | statements learned | retriever exact | retriever F1 | nearest question exact | nearest F1 | top-${k} union exact | top-${k} union F1 | top-${voteK} vote exact | top-${voteK} vote F1 | either exact |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...s.points.map(
      (p) =>
        `| ${pct(p.share)} | ${p.learned} | ${metric(p.retriever)} | ${metric(p.nearest)} | ${metric(p.nearestUnion)} | ${metric(p.treeVote)} | ${p.eitherExact === null ? '–' : f(p.eitherExact)} |`,
    ),
    '',
    '"either exact": the retriever or the voted tree exactly right, what a choice between them could reach at most.',
    '',
    `### Join edges from the gold SQL alone (${s.set}, declared keys hidden)`,
    '',
    `The queries join ${s.joins.usedKeys} of the ${s.joins.truth} declared keys at all: the most recall SQL alone can have (${f(s.joins.truth === 0 ? 1 : s.joins.usedKeys / s.joins.truth)}).`,
    '',
    '| edges | precision | recall | F1 | correct |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| from the SQL alone | ${edges(s.joins.sql)} |`,
    `| join inference (keys hidden) | ${edges(s.joins.inference)} |`,
    `| inference with the log | ${edges(s.joins.combined)} |`,
    '',
  ];
}

export function historyMarkdown(r: HistoryResults): string {
  return [
    '# What a team’s history is worth',
    '',
    `Each database's questions split in halves (seed ${r.seed}); one half's gold question–SQL pairs learned as the team's history, the other half asked, then swapped. ` +
      `The retriever is built through \`retrieverWithHistory\`, which hands the learned half to retrieval (\`RetrieverOptions.history\`: the nearest past questions' trees proposed and weighed by the fitted choice); at 0 % it is today's retriever without one. ` +
      `"Nearest question" answers with the tables of the most similar past question; "top-${r.nearestK} union" with those of the ${r.nearestK} most similar; "top-${r.voteK} vote" with the tree whose questions among the ${r.voteK} most similar have the highest summed similarity.` +
      (r.retrieval ? '' : ' Run with --no-retrieval: the retriever was not asked.'),
    '',
    `Learning the largest half (${r.learnMs.statements} statements): ${r.learnMs.ms} ms. Wall time ${(r.wallMs / 1000).toFixed(1)} s.`,
    '',
    ...r.sets.flatMap((s) => setMarkdown(s, r.nearestK, r.voteK)),
  ].join('\n');
}

export function historyLines(r: HistoryResults): string[] {
  return r.sets.flatMap((s) => [
    ...s.points.map(
      (p) =>
        `${s.set} ${pct(p.share)} history: ${p.retriever ? `retriever exact ${f(p.retriever.accuracy)} F1 ${f(p.retriever.f1)}; ` : ''}nearest exact ${f(p.nearest.accuracy)} F1 ${f(p.nearest.f1)}; top-${r.nearestK} union exact ${f(p.nearestUnion.accuracy)} F1 ${f(p.nearestUnion.f1)}; top-${r.voteK} vote exact ${f(p.treeVote.accuracy)} F1 ${f(p.treeVote.f1)}${p.eitherExact === null ? '' : `; either exact ${f(p.eitherExact)}`}`,
    ),
    `${s.set} join edges, keys hidden: from SQL alone F1 ${f(s.joins.sql.f1)} (P ${f(s.joins.sql.precision)} R ${f(s.joins.sql.recall)}, ${s.joins.usedKeys}/${s.joins.truth} keys used by the queries); inference F1 ${f(s.joins.inference.f1)}; inference with the log F1 ${f(s.joins.combined.f1)}`,
  ]);
}

export async function writeHistoryReports(dir: string, results: HistoryResults): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = [join(dir, 'history.json'), join(dir, 'history.md')];
  await writeFile(files[0]!, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(files[1]!, `${historyMarkdown(results)}\n`);
  return files;
}
