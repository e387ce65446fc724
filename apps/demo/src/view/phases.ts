/**
 * The four phases of a retrieval result as HTML (one `<section data-phase>` each), plus the FROM
 * clause and the row preview. Pure: a string in, a string out, tested without a browser.
 */
import type { RetrievalTrace } from '@guided-retrieval/retrieval';
// The light entry: the browser bundle must not load the retriever.
import { formatPath } from '@guided-retrieval/retrieval/internal';
import type { Preview, RetrieveResponse } from './api-types.js';
import { describeMatch, disambiguatorLabel, escapeHtml as esc, ms, questionHtml } from './html.js';

const chips = (items: readonly string[], cls = '') =>
  items.map((t) => `<span class="chip ${cls}">${esc(t)}</span>`).join(' ') || '<em>none</em>';

function section(phase: string, n: number, title: string, timing: string, body: string): string {
  return `<section class="phase" data-phase="${phase}"><h3><span class="num">${n}</span> ${esc(title)} <span class="timing" data-timing="${phase}">${timing}</span></h3>${body}</section>`;
}

function grounding(r: RetrieveResponse): string {
  const g = r.trace.grounding;
  const rows = g.matches.map((m) => `<li><q>${esc(m.token)}</q> → ${esc(describeMatch(m))}</li>`).join('');
  const e = g.enrichment;
  const enrich = e.triggered
    ? `<p class="note">Semantic enrichment (fewer than k=${e.k} tables, embedder ${esc(e.embedder ?? 'none')}): ${
        e.added.map((a) => `${esc(a.table)} (cosine ${a.similarity.toFixed(2)})`).join(', ') || 'nothing similar enough'
      }</p>`
    : '';
  return section(
    'grounding',
    1,
    'Grounding: words → tables, columns and values',
    ms(r.trace.timings.grounding),
    `<p class="question">${questionHtml(r.question, g.matches)}</p>` +
      (rows
        ? `<ul class="matches">${rows}</ul>`
        : '<p class="note">No word of the question matches a table, column or sampled value.</p>') +
      enrich +
      `<p>Initial targets T0 = ${chips(g.initialTargets, 'target')}</p>`,
  );
}

function exploration(r: RetrieveResponse): string {
  const cands = r.trace.exploration.candidates;
  const rows = cands
    .slice(0, 8)
    .map(
      (c) =>
        `<tr class="${c.table === r.source ? 'chosen' : ''}" data-candidate="${esc(c.table)}"><td>${esc(c.table)}${c.table === r.source ? ' ✔' : ''}</td><td class="num">${c.coverage}</td><td>${esc(c.covers.join(', '))}</td><td>${c.isTarget ? 'yes' : ''}</td></tr>`,
    )
    .join('');
  const more = cands.length > 8 ? `<p class="note">… ${cands.length - 8} more</p>` : '';
  return section(
    'exploration',
    2,
    'Exploration: candidate sources by coverage',
    ms(r.trace.timings.exploration),
    cands.length === 0
      ? '<p class="note">No candidate source.</p>'
      : `<table class="candidates"><thead><tr><th>table</th><th>coverage</th><th>reaches of T0</th><th>a target</th></tr></thead><tbody>${rows}</tbody></table>${more}`,
  );
}

function disambiguation(r: RetrieveResponse): string {
  const d = r.trace.disambiguation;
  const roles = d.roles
    .map((role) => `<li>${esc(role.table)} in ${role.paths.length} roles: ${esc(role.paths.map(formatPath).join(' | '))}</li>`)
    .join('');
  // The note as data, drawn here: the browser bundle takes types only from the retrieval package.
  const notes = d.notes
    .map(
      (n) =>
        `<li data-note="${n.kind}"><strong>${n.kind}</strong> ${n.tables.map((t) => esc(t)).join(', ')}${n.tables.length > 0 ? ': ' : ''}${esc(n.reason)}</li>`,
    )
    .join('');
  return section(
    'disambiguation',
    3,
    'Disambiguation: the source and the targets',
    ms(r.trace.timings.disambiguation),
    `<p class="by" data-by="${esc(d.by)}">${esc(disambiguatorLabel(d.by))}</p>` +
      `<p>Source <span class="chip source" data-source="${esc(r.source ?? '')}">${esc(r.source ?? '—')}</span> targets ${chips(r.targets, 'target')}</p>` +
      (roles ? `<ul class="roles">${roles}</ul>` : '') +
      (notes ? `<ul class="notes">${notes}</ul>` : ''),
  );
}

type TracePath = RetrievalTrace['pathSelection'][number]['path'];

/** One path and another are the same route: the same source, then the same edges (by id) walked the same ways. */
function samePath(a: TracePath, b: TracePath): boolean {
  return (
    a.tables[0] === b.tables[0] &&
    a.edges.length === b.edges.length &&
    a.edges.every((e, i) => e.id === b.edges[i]!.id && e.direction === b.edges[i]!.direction)
  );
}

/** `data-edges`: the path's edges' ids, as JSON (an id may hold any character a table name does). */
const edgesAttr = (path: TracePath) => esc(JSON.stringify(path.edges.map((e) => e.id)));

function paths(r: RetrieveResponse): string {
  const t = r.trace.timings;
  const blocks = r.trace.pathEnumeration
    .map((p) => {
      // Matched by edge ids, not by text: paths over parallel edges read alike.
      const selected = r.trace.pathSelection.filter((s) => s.target === p.target);
      const items = p.paths
        .map((path) => {
          const text = esc(formatPath(path));
          const chosen = selected.find((s) => samePath(s.path, path));
          return chosen
            ? `<li class="chosen" data-edges="${edgesAttr(path)}">${text} <span class="reason">✔ ${esc(chosen.reason)}</span></li>`
            : `<li data-edges="${edgesAttr(path)}">${text}</li>`;
        })
        .join('');
      return `<div class="target-paths" data-target="${esc(p.target)}"><h4>to ${esc(p.target)}</h4><ul>${items || '<li><em>no path</em></li>'}</ul></div>`;
    })
    .join('');
  return section(
    'paths',
    4,
    'Paths considered and chosen, merged into one tree',
    `${ms(t.pathEnumeration + t.pathSelection)} + merging ${ms(t.merging)}`,
    blocks,
  );
}

export function renderPreview(preview: Preview | undefined): string {
  if (!preview) return '<p class="note">No database attached (a context graph file was served): no row preview.</p>';
  if (!preview.ok) return `<p class="note error">Preview not available: ${esc(preview.error)}</p>`;
  const head = preview.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const body = preview.rows
    .map((row) => `<tr>${row.map((v) => `<td>${esc(v === null ? 'NULL' : String(v))}</td>`).join('')}</tr>`)
    .join('');
  return (
    `<p><strong data-row-count="${preview.rowCount}">${preview.rowCount.toLocaleString('en-US')}</strong> rows in the join (<code>SELECT COUNT(*)</code> over the FROM clause, ${ms(preview.ms)}, read-only); the first ${preview.rows.length}:</p>` +
    `<div class="scroll"><table class="preview"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`
  );
}

/** Everything below the question: the phases, then the SQL and the preview; or why nothing came back. */
export function renderResultHtml(r: RetrieveResponse): string {
  const total = `<p class="total">Total ${ms(r.trace.timings.total)} · ${esc(disambiguatorLabel(r.trace.disambiguation.by))}</p>`;
  if (!r.source || !r.sql) {
    return (
      grounding(r) +
      exploration(r) +
      `<p class="empty-result" role="status">No tables retrieved: ${esc(r.reason ?? 'nothing matched')}</p>` +
      total
    );
  }
  const sql = `<section class="phase" data-phase="sql"><h3>SQL</h3><pre class="sql">${esc(r.sql)}</pre>${renderPreview(r.preview)}</section>`;
  return grounding(r) + exploration(r) + disambiguation(r) + paths(r) + sql + total;
}
