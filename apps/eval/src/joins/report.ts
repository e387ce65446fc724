import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MetricSummary } from '@guided-retrieval/benchmarks';
import type { DbtJoinsCheck } from './dbt-check.js';
import type { JoinsResults } from './run.js';

const f = (n: number) => n.toFixed(3);
const TITLES: Record<JoinsResults['bench'], string> = {
  joins: 'SQLite databases',
  'joins-bird': 'BIRD dev schemas',
  'joins-spider': 'Spider dev schemas',
};

/** The results as Markdown: edges overall and per database, the misses, and retrieval side by side. */
export function joinsMarkdown(results: JoinsResults): string {
  const o = results.overall;
  const minConfidence = results.inference.minConfidence === null ? '' : ` and minimum confidence ${results.inference.minConfidence}`;
  const hidden = results.inference.hidden;
  const how = hidden
    ? `Inference ran with ${hidden.fraction} of each database's declared foreign keys hidden (drawn by a PRNG seeded with ${hidden.seed} and the database's name) and the rest, with the declared primary keys, used as declared${minConfidence}; ` +
      'its edges (the declared ones kept and the inferred ones) are scored against all the declared foreign keys. '
    : `Inference ran with the declared keys hidden${minConfidence}; the declared foreign keys are the truth. `;
  const lines = [
    `# Join inference on ${TITLES[results.bench]}${hidden ? `, ${hidden.fraction} of the declared keys hidden` : ''}`,
    '',
    `Data: \`${results.data}\`. ${how}An edge is correct when both tables and all columns match (case-insensitively, direction included).`,
    '',
    '## Edges',
    '',
    `"non-unique" counts the inferred edges whose target columns' tuples repeat in the database (asked of the database itself).`,
    '',
    '| database | precision | recall | F1 | declared | predicted | correct | non-unique | ms |',
    '|---|---|---|---|---|---|---|---|---|',
    `| **overall (micro)** | ${f(o.precision)} | ${f(o.recall)} | ${f(o.f1)} | ${o.truth} | ${o.predicted} | ${o.correct} | ${nonUnique(Object.values(results.perDatabase))} | |`,
    ...Object.entries(results.groups ?? {}).map(
      ([group, g]) =>
        `| **${group} (micro)** | ${f(g.precision)} | ${f(g.recall)} | ${f(g.f1)} | ${g.truth} | ${g.predicted} | ${g.correct} | ${g.nonUniqueTargets} | |`,
    ),
    ...Object.entries(results.perDatabase).map(
      ([db, s]) =>
        `| ${db} | ${f(s.precision)} | ${f(s.recall)} | ${f(s.f1)} | ${s.truth} | ${s.predicted} | ${s.correct} | ${s.nonUniqueTargets?.length ?? ''} | ${s.ms} |`,
    ),
  ];
  if (results.dbt) lines.push(...dbtMarkdown(results.dbt));
  if (results.partial) {
    const p = results.partial;
    const row = (
      name: string,
      q: { kept: number; hidden: number; found: number; recall: number; inferred: number; inferredCorrect: number },
      seed: string,
    ) => `| ${name} | ${seed} | ${q.kept} | ${q.hidden} | ${q.found} | ${f(q.recall)} | ${q.inferred} | ${q.inferredCorrect} |`;
    lines.push(
      '',
      '## Hidden keys',
      '',
      `The declared keys inference was not shown, and how many it found; the inferred edges and how many of them are declared keys (inferred precision overall ${f(p.inferredPrecision)}). Each database's seed is ${p.seed} mixed with its name.`,
      '',
      '| database | draw seed | declared kept | hidden | found | hidden-key recall | inferred | inferred correct |',
      '|---|---|---|---|---|---|---|---|',
      row('**overall**', p, String(p.seed)),
      ...Object.entries(results.perDatabase).flatMap(([db, s]) => (s.partial ? [row(db, s.partial, String(s.partial.seed))] : [])),
    );
  }
  if (results.retrieval) {
    const r = results.retrieval;
    const row = (name: string, m: MetricSummary) =>
      `| ${name} | ${f(m.accuracy)} | ${f(m.precision)} | ${f(m.recall)} | ${f(m.f1)} | ${f(m.perfectRecall)} |`;
    lines.push(
      '',
      '## Table retrieval with each edge set',
      '',
      `${r.questions} questions, ${r.scored} scored${r.evidence ? ', with evidence' : ''}; the same questions and graphs, only the join edges differ.`,
      '',
      '| edges | accuracy | precision | recall | F1 | perfect recall |',
      '|---|---|---|---|---|---|',
      row('declared', r.declared.overall),
      row(hidden ? `declared kept + inferred (${hidden.fraction} hidden)` : 'inferred (declared hidden)', r.inferred.overall),
      '',
      '| database | questions | F1 declared | F1 inferred | recall declared | recall inferred | perfect recall declared | perfect recall inferred |',
      '|---|---|---|---|---|---|---|---|',
      ...Object.entries(r.declared.perDatabase).map(([db, d]) => {
        const i = r.inferred.perDatabase[db];
        return `| ${db} | ${d.questions} | ${f(d.f1)} | ${i ? f(i.f1) : ''} | ${f(d.recall)} | ${i ? f(i.recall) : ''} | ${f(d.perfectRecall)} | ${i ? f(i.perfectRecall) : ''} |`;
      }),
    );
  }
  const misses = Object.entries(results.perDatabase).filter(([, s]) => s.falsePositives.length + s.falseNegatives.length > 0);
  if (misses.length > 0) {
    lines.push('', '## Misses', '');
    for (const [db, s] of misses) {
      lines.push(`### ${db}`, '');
      if (s.falseNegatives.length > 0)
        lines.push(`Declared but not inferred (${s.falseNegatives.length}):`, '', ...s.falseNegatives.map((id) => `- \`${id}\``), '');
      if (s.falsePositives.length > 0)
        lines.push(`Inferred but not declared (${s.falsePositives.length}):`, '', ...s.falsePositives.map((id) => `- \`${id}\``), '');
    }
  }
  if (results.skippedTruth.length > 0) {
    lines.push('', '## Declared keys left out of the truth set', '', ...results.skippedTruth.map((s) => `- ${s}`));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function nonUnique(scores: readonly { nonUniqueTargets?: string[] }[]): string {
  return scores.some((s) => s.nonUniqueTargets) ? String(scores.reduce((n, s) => n + (s.nonUniqueTargets?.length ?? 0), 0)) : '';
}

/** The dbt project's section: its edges, those on audit or sync columns, the hand-checked sample. */
function dbtMarkdown(d: DbtJoinsCheck): string[] {
  const lines = [
    '',
    '## dbt project (no relationships tests): inferred as `guided build` does',
    '',
    `\`${d.manifest}\`: ${d.tables} tables, ${d.edges} inferred edges, **${d.auditEdges.length} on audit or sync columns** (${d.setAside} columns set aside by inference).`,
    ...d.auditEdges.map((id) => `- \`${id}\``),
  ];
  const h = d.handChecked;
  if (h) {
    lines.push(
      '',
      `Hand-checked sample (\`${h.file}\`): ${h.judged} edges judged against the models' documented keys; ${h.stillInferred} still inferred, **${h.right} right**.`,
      ...h.wrong.map((id) => `- wrong: \`${id}\``),
      ...h.unjudged.map((id) => `- drawn now, not judged: \`${id}\``),
    );
  }
  return lines;
}

/** Writes results.json and results.md into `dir`; returns their paths. */
export async function writeJoinsReports(dir: string, results: JoinsResults): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = [join(dir, 'results.json'), join(dir, 'results.md')];
  await writeFile(files[0]!, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(files[1]!, joinsMarkdown(results));
  return files;
}
