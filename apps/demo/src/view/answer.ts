/**
 * The answer as the page shows it first, in plain words: which tables the question needs, how
 * they join, why (each word of the question and what it matched), the SQL and a sample of rows.
 * Pure: a result in, HTML out; the phases behind it are `phases.ts`, folded below.
 */
import type { GroundingMatch } from '@guided-retrieval/grounding';
import type { JoinTreeNode } from '@guided-retrieval/retrieval';
import type { Preview, RetrieveResponse } from './api-types.js';
import { escapeHtml as esc, matchTarget, ms } from './html.js';

const TIMES = ['', 'once', 'twice'];
/** Matches through another word than the question's own (not a mere plural or lemma): the word read is said. */
const READ_AS: ReadonlySet<string> = new Set(['demonym', 'synonym', 'similar', 'abbreviation', 'compound']);

/** `a, b and c`. */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const strong = (text: string) => `<strong>${esc(text)}</strong>`;

/** Each table of the tree once, in tree order; a table in several roles says for which tables it stands. */
function tablesInWords(nodes: readonly JoinTreeNode[]): string[] {
  const byAlias = new Map(nodes.map((n) => [n.alias, n]));
  const roles = new Map<string, JoinTreeNode[]>();
  for (const n of nodes) roles.set(n.table, [...(roles.get(n.table) ?? []), n]);
  return [...roles].map(([table, copies]) => {
    if (copies.length === 1) return strong(table);
    const of = copies.map((n) => byAlias.get(n.parent ?? '')?.table ?? n.alias);
    return `${strong(table)} (${TIMES[copies.length] ?? `${copies.length} times`}: for ${listed(of.map(esc))})`;
  });
}

/** How one node joins its parent: `LINEITEM → SUPPLIER on L_SUPPKEY = S_SUPPKEY`; a table in several roles says which (its alias). */
function joinInWords(node: JoinTreeNode, parent: JoinTreeNode | undefined, inRoles: ReadonlySet<string>): string {
  const name = (n: JoinTreeNode) => (inRoles.has(n.table) ? `${strong(n.table)} <em>as ${esc(n.alias)}</em>` : strong(n.table));
  const on = (node.join?.columns ?? []).map((c) => `${esc(c.parent)} = ${esc(c.child)}`).join(' and ');
  return `${parent ? name(parent) : '?'} → ${name(node)}${on ? ` on <code>${on}</code>` : ''}`;
}

/** A match as a sentence: `"Indian" matched a value in NATION.N_NAME ("india")`. */
export function matchInWords(m: GroundingMatch): string {
  const word = `“${esc(m.token)}”`;
  const where = esc(matchTarget(m));
  const key = READ_AS.has(m.variantKind)
    ? ` (read as “${esc(m.variant)}”)`
    : m.variantKind === 'described'
      ? ' (through its description)'
      : '';
  switch (m.kind) {
    case 'value':
      return `${word} matched a value in ${where}${key}`;
    case 'table':
      return `${word} matched the table ${where}${key}`;
    case 'column':
      return `${word} matched the column ${where}${key}`;
    case 'alias':
      return `${word} matched another name for ${where}${key}`;
    case 'measure':
      return `${word} asks for a count or an amount: it points at ${where}`;
    case 'time':
      return `${word} is a date or a period: it points at ${where}`;
  }
}

/** Why the tables are there: the words of the question that name them, then the tables no word names. */
function whyInWords(r: RetrieveResponse): string[] {
  const inAnswer = new Set(r.tables);
  const matches = r.trace.grounding.matches.filter((m) => inAnswer.has(m.table));
  const said = new Set<string>();
  const lines: string[] = [];
  for (const m of matches) {
    const line = matchInWords(m);
    if (!said.has(line)) lines.push(line);
    said.add(line);
  }
  const named = new Set(matches.map((m) => m.table));
  const linking = r.tables.filter((t) => !named.has(t) && !r.unjoined.includes(t));
  if (linking.length > 0)
    lines.push(
      `${listed(linking.map(strong))}: no word of the question names ${linking.length === 1 ? 'it' : 'them'}; the join goes through ${linking.length === 1 ? 'it' : 'them'} (how it was found, below, says why)`,
    );
  return lines;
}

export function renderPreview(preview: Preview | undefined): string {
  if (!preview) return '<p class="note">No database attached (a context graph file was served): no sample rows.</p>';
  if (!preview.ok) return `<p class="note error">Sample rows not available: ${esc(preview.error)}</p>`;
  const head = preview.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const body = preview.rows
    .map((row) => `<tr>${row.map((v) => `<td>${esc(v === null ? 'NULL' : String(v))}</td>`).join('')}</tr>`)
    .join('');
  return (
    `<h3>A sample of rows from the join</h3><p class="preview-note">The first ${preview.rows.length} of <strong data-row-count="${preview.rowCount}">${preview.rowCount.toLocaleString('en-US')}</strong> rows the FROM clause joins, <em>not filtered by the question</em> (no WHERE: that part of the query is yours to write); a few columns per table, read-only, ${ms(preview.ms)}.</p>` +
    `<div class="scroll"><table class="preview"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`
  );
}

/** The answer: the tables in words, their joins, why, the SQL and the sample rows; or why nothing came back. */
export function renderAnswerHtml(r: RetrieveResponse): string {
  if (!r.source || !r.sql)
    return `<section class="answer" data-phase="answer"><p class="empty-result" role="status">No tables found: ${esc(r.reason ?? 'nothing matched')}</p></section>`;
  const nodes = r.joinTree.nodes;
  const byAlias = new Map(nodes.map((n) => [n.alias, n]));
  const tables = tablesInWords(nodes);
  const count = new Set(nodes.map((n) => n.table)).size;
  const headline =
    count === 1
      ? `<p class="headline">This question needs one table: ${tables[0]}.</p>`
      : `<p class="headline">This question needs ${count} tables: ${listed(tables)}.</p>`;
  const inRoles = new Set(nodes.filter((n, i) => nodes.findIndex((m) => m.table === n.table) !== i).map((n) => n.table));
  const joins = nodes
    .filter((n) => n.parent !== null)
    .map((n) => `<li>${joinInWords(n, byAlias.get(n.parent ?? ''), inRoles)}</li>`)
    .join('');
  const unjoined =
    r.unjoined.length > 0
      ? `<p class="note">It also needs ${listed(r.unjoined.map(strong))}, which no key joins to the others: the FROM clause leaves ${r.unjoined.length === 1 ? 'it' : 'them'} out.</p>`
      : '';
  const why = whyInWords(r)
    .map((line) => `<li>${line}</li>`)
    .join('');
  return (
    `<section class="answer" data-phase="answer">${headline}` +
    (joins ? `<p class="label">Joined by</p><ul class="joins">${joins}</ul>` : '') +
    unjoined +
    (why ? `<p class="label">Why these tables</p><ul class="why">${why}</ul>` : '') +
    `<h3>SQL</h3><pre class="sql">${esc(r.sql)}</pre>${renderPreview(r.preview)}</section>`
  );
}
