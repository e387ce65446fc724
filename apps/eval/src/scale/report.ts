/** results.json and results.md of the scale benchmark. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LatencySummary } from '../latency.js';
import { PHASES, type ScaleRow } from './summary.js';

export interface ScaleResults {
  bench: 'scale';
  seed: number;
  questionsPerSchema: number;
  budgetS: number;
  /** The V8 heap limit each child ran with, MB. */
  childHeapMb: number;
  shapes: string[];
  sizes: number[];
  /** Where the code measured came from, when git could tell. */
  git: { commit: string | null; dirty: boolean | null };
  machine: { node: string; cpus: number; cpuModel: string; totalMemMb: number };
  /** How peak RSS was measured. */
  rss: string;
  startedAt: string;
  wallMs: number;
  rows: ScaleRow[];
}

const PHASE_SHORT: Record<(typeof PHASES)[number], string> = {
  grounding: 'ground',
  exploration: 'explore',
  disambiguation: 'disamb',
  pathEnumeration: 'paths',
  pathSelection: 'select',
  merging: 'merge',
  columns: 'columns',
};

const num = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? '–' : n.toFixed(digits));
const int = (n: number | null | undefined) => (n === null || n === undefined ? '–' : Math.round(n).toLocaleString('en-US'));
const lat = (l: LatencySummary, done: number) => (done === 0 ? '–' : `${num(l.p50)} / ${num(l.p95)} / ${num(l.max)}`);

export function scaleMarkdown(results: ScaleResults): string {
  const commit = results.git.commit
    ? `${results.git.commit.slice(0, 12)}${results.git.dirty ? ' + uncommitted changes under packages/' : ''}`
    : 'unknown';
  const lines = [
    '# Scale benchmark: table retrieval on generated enterprise schemas',
    '',
    `Code: ${commit}. Seed ${results.seed}, up to ${results.questionsPerSchema} questions per schema (layered: the nation question and its rewordings), budget ${results.budgetS} s per schema, each schema in a child process with a ${int(results.childHeapMb)} MB heap limit.`,
    `Machine: ${results.machine.cpus} × ${results.machine.cpuModel}, ${int(results.machine.totalMemMb)} MB, Node ${results.machine.node}. Wall time ${num(results.wallMs / 1000)} s. ${results.rss}`,
    '',
    'Times in ms. Graph build = `graphFromSchema`; graph load = `parseGraph` of the serialized graph (text → graph); index build = `Retriever.create`; retrieval = wall time of `retrieve` per question (p50 / p95 / max); ratio = guided p95 / BM25 top-3 p95. F1, precision and recall are per-question means against the generated gold (guided / BM25 top-3). Tree / gold = mean tables returned / mean gold tables.',
    '',
    '## Headline: guided p95 / BM25 top-3 p95, same run (below 1: faster than the baseline)',
    '',
    '| schema | ratio | guided p95 | bm25 p95 | F1 guided / bm25 |',
    '|---|---|---|---|---|',
    ...results.rows.map(
      (r) =>
        `| ${r.case} | ${r.p95Ratio === null ? '–' : num(r.p95Ratio, 2)} | ${r.questionsDone === 0 ? '–' : num(r.retrievalMs.p95)} | ${r.questionsDone === 0 ? '–' : num(r.bm25Ms.p95)} | ${metric(r, 'f1')} |`,
    ),
    '',
    '## Every figure',
    '',
    '| schema | ratio | tables | edges | status | graph build | graph load | graph bytes | index build | retrieval p50 / p95 / max | bm25 p95 | F1 guided / bm25 | precision guided / bm25 | recall guided / bm25 | peak RSS MB | tree / gold |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.rows.map(
      (r) =>
        `| ${r.case} | ${r.p95Ratio === null ? '–' : num(r.p95Ratio, 2)} | ${int(r.tables)} | ${int(r.edges)} | ${r.statusText} | ${num(r.graphBuildMs)} | ${num(r.graphLoadMs)} | ${int(r.graphBytes)} | ${num(r.indexBuildMs)} | ${lat(r.retrievalMs, r.questionsDone)} | ${r.questionsDone === 0 ? '–' : num(r.bm25Ms.p95)} | ${metric(r, 'f1')} | ${metric(r, 'precision')} | ${metric(r, 'recall')} | ${int(r.peakRssMb)} | ${r.questionsDone === 0 ? '–' : `${num(r.meanTreeSize, 2)} / ${num(r.meanGoldSize, 2)}`} |`,
    ),
    '',
    '## Per-phase p95 (ms)',
    '',
    `| schema | ${PHASES.map((p) => PHASE_SHORT[p]).join(' | ')} | total (wall) |`,
    `|---|${PHASES.map(() => '---').join('|')}|---|`,
    ...results.rows.map(
      (r) =>
        `| ${r.case} | ${PHASES.map((p) => (r.questionsDone === 0 ? '–' : num(r.perPhaseMs[p].p95, 2))).join(' | ')} | ${r.questionsDone === 0 ? '–' : num(r.retrievalMs.p95, 2)} |`,
    ),
  ];
  const chosen = results.rows.filter((r) => r.choice && r.questionsDone > 0);
  if (chosen.length > 0)
    lines.push(
      '',
      "## The fitted choice's share (p95 ms) and its proposals per question",
      '',
      '| schema | disambiguation | proposing and rooting | features | scoring | sets proposed | rooted | BM25 p95 |',
      '|---|---|---|---|---|---|---|---|',
      ...chosen.map((r) => {
        const c = r.choice!;
        return `| ${r.case} | ${num(r.perPhaseMs.disambiguation.p95, 2)} | ${num(c.proposalMs.p95, 2)} | ${num(c.featuresMs.p95, 2)} | ${num(c.scoringMs.p95, 2)} | ${num(c.meanProposed, 1)} | ${num(c.meanRooted, 1)} | ${num(r.bm25Ms.p95, 2)} |`;
      }),
    );
  const layered = results.rows.filter((r) => r.layered);
  if (layered.length > 0) {
    lines.push(
      '',
      '## Layered: customer → L layers of W tables → nation',
      '',
      'Every table of a layer references every table of the next: W^L paths from customer to nation. A tree is exact when it is customer, one table of each layer and nation, nothing else (L + 2 tables).',
      '',
      '| schema | L × W | paths | exact trees | tree size | retrieval p50 / max ms | status |',
      '|---|---|---|---|---|---|---|',
      ...layered.map((r) => {
        const l = r.layered!;
        return `| ${r.case} | ${l.layers} × ${l.width} | ${l.paths.toLocaleString('en-US')} | ${r.treesExact ?? 0} of ${r.questionsDone} | ${r.questionsDone === 0 ? '–' : num(r.meanTreeSize, 2)} | ${r.questionsDone === 0 ? '–' : `${num(r.retrievalMs.p50)} / ${num(r.retrievalMs.max)}`} | ${r.statusText} |`;
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

function metric(r: ScaleRow, key: 'f1' | 'precision' | 'recall'): string {
  return r.questionsDone === 0 ? '–' : `${r.guided[key].toFixed(3)} / ${r.bm25[key].toFixed(3)}`;
}

export async function writeScaleReports(dir: string, results: ScaleResults): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const json = join(dir, 'results.json');
  const md = join(dir, 'results.md');
  await writeFile(json, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(md, scaleMarkdown(results));
  return [json, md];
}
