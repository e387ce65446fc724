import { plural } from '@guided-retrieval/context-graph/internal';
import { formatTrace, type JoinTree, joinCondition, type RetrievalResult } from '@guided-retrieval/retrieval';
import { describeMatch } from './view/html.js';

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** The retrieval result as a person reads it: each phase, then the join tree and FROM clause. */
export function renderResult(result: RetrievalResult): string {
  const { trace } = result;
  const t = trace.timings;
  const out: string[] = [];
  out.push(`Question: ${result.question}`, `Database: ${result.database}`, '');
  out.push(`1. Grounding (${ms(t.grounding)})`);
  if (trace.grounding.matches.length === 0) out.push('   no word of the question matches a table, column or sampled value');
  for (const m of trace.grounding.matches) out.push(`   "${m.token}" → ${describeMatch(m)}`);
  const e = trace.grounding.enrichment;
  if (e.triggered) {
    const added = e.added.map((a) => `${a.table} (cosine ${a.similarity.toFixed(2)})`).join(', ') || 'nothing similar enough';
    out.push(`   semantic enrichment (fewer than k=${e.k} tables, embedder ${e.embedder ?? 'none'}): ${added}`);
  }
  const sense = trace.grounding.islandSense;
  if (sense) {
    const islands = sense.competing.map(
      (c) => `{${c.tables.slice(0, 3).join(', ')}${c.tables.length > 3 ? ', …' : ''}} ${c.similarity.toFixed(2)}`,
    );
    out.push(`   islands the words left close, weighed by ${sense.embedder}: ${islands.join(' | ')}`);
  }
  out.push(`   T0 = {${trace.grounding.initialTargets.join(', ')}}`, '');
  out.push(`2. Exploration (${ms(t.exploration)})`);
  for (const c of trace.exploration.candidates.slice(0, 8)) {
    const ofT0 = c.covers.filter((t) => t !== c.table);
    out.push(
      `   ${c.table}: coverage ${c.coverage}${c.isTarget ? ', itself a target' : ''}; reaches ${plural(c.reachableCount, 'table')}${ofT0.length > 0 ? `, of T0 {${ofT0.join(', ')}}` : ''}`,
    );
  }
  if (trace.exploration.candidates.length > 8) out.push(`   … ${trace.exploration.candidates.length - 8} more`);
  out.push('');
  if (!result.source) {
    out.push(`No tables retrieved: ${result.reason ?? 'nothing matched'}`);
    return out.join('\n');
  }
  out.push(`3. Disambiguation (${trace.disambiguation.by}, ${ms(t.disambiguation)})`);
  out.push(`   source: ${result.source}`, `   targets: {${result.targets.join(', ')}}`);
  for (const note of trace.disambiguation.notes) out.push(`   ${formatTrace.note(note)}`);
  out.push(`   paths enumerated (${ms(t.pathEnumeration)}):`);
  for (const p of trace.pathEnumeration) out.push(`     to ${p.target}: ${p.paths.map(formatTrace.path).join(' | ') || 'none'}`);
  out.push(`   paths chosen (${ms(t.pathSelection)}):`);
  for (const s of trace.pathSelection) out.push(`     ${formatTrace.path(s.path)}  (${s.reason})`);
  out.push('', `4. Merging (${ms(t.merging)})`, '   join tree:');
  out.push(...renderTree(result.joinTree).map((line) => `     ${line}`));
  out.push('', ...(result.sql ?? '').split('\n').map((line) => `   ${line}`));
  if (result.unjoined.length > 0) out.push('', `   Also needed, joined to nothing (no key connects them): ${result.unjoined.join(', ')}`);
  if (result.reason) out.push('', `   Note: ${result.reason}`);
  out.push('', `5. Columns (${ms(t.columns)})`);
  for (const table of result.columns) {
    const needed = table.columns.map((c) => `${c.column}${c.roles.length > 0 ? ` (${c.roles.join(', ')})` : ''}`);
    const more = table.likely.length > LIKELY_SHOWN ? `, … ${table.likely.length - LIKELY_SHOWN} more` : '';
    const likely =
      table.likely.length > 0
        ? `; likely ${table.likely
            .slice(0, LIKELY_SHOWN)
            .map((l) => l.column)
            .join(', ')}${more}`
        : '';
    const possible = table.possible ? ` (possibly needed, joins ${table.possible.joins}: ${table.possible.why})` : '';
    out.push(`   ${table.table}${possible}: ${needed.join(', ') || 'none'}${likely}`);
  }
  out.push('', `Total: ${ms(t.total)}`);
  return out.join('\n');
}

/** The likeliest columns a table's line names before saying how many more there are (`--json` lists them all). */
const LIKELY_SHOWN = 8;

/** The join tree drawn with box characters, one node a line, each with its ON predicate. */
export function renderTree(tree: Pick<JoinTree, 'nodes' | 'dialect'>): string[] {
  const { nodes } = tree;
  const lines: string[] = [];
  const children = (alias: string | null) => nodes.filter((n) => n.parent === alias);
  const walk = (alias: string | null, indent: string) => {
    const kids = children(alias);
    kids.forEach((node, i) => {
      const last = i === kids.length - 1;
      const branch = alias === null ? '' : last ? '└─ ' : '├─ ';
      const label = node.alias === node.table.toLowerCase() ? node.table : `${node.table} as ${node.alias}`;
      const on = joinCondition(node, tree.dialect);
      lines.push(`${indent}${branch}${label}${on ? `  ON ${on}` : ''}`);
      walk(node.alias, alias === null ? indent : indent + (last ? '   ' : '│  '));
    });
  };
  walk(null, '');
  return lines;
}
