/**
 * A retrieval result as HTML: the answer first (`answer.ts`), then the four phases that found it
 * (one `<section data-phase>` each), folded in a `<details>` and told in plain words. Pure: a
 * string in, a string out, tested without a browser.
 */
import type { RetrievalTrace } from '@guided-retrieval/retrieval';
// The light entry: the browser bundle must not load the retriever.
import { formatPath } from '@guided-retrieval/retrieval/internal';
import { listed, matchInWords, renderAnswerHtml } from './answer.js';
import type { RetrieveResponse } from './api-types.js';
import { escapeHtml as esc, ms, questionHtml } from './html.js';

const chips = (items: readonly string[], cls = '') =>
  items.map((t) => `<span class="chip ${cls}">${esc(t)}</span>`).join(' ') || '<em>none</em>';

function section(phase: string, n: number, title: string, timing: string, body: string): string {
  return `<section class="phase" data-phase="${phase}"><h3><span class="num">${n}</span> ${esc(title)} <span class="timing" data-timing="${phase}">${timing}</span></h3>${body}</section>`;
}

function grounding(r: RetrieveResponse): string {
  const g = r.trace.grounding;
  const rows = g.matches
    .map((m) => `<li>${matchInWords(m)} <span class="detail">(${esc(m.variantKind)}, strength ${m.score.toFixed(2)})</span></li>`)
    .join('');
  const e = g.enrichment;
  const enrich = e.triggered
    ? `<p class="note">Few tables were named outright, so tables close in meaning were looked for (embedder ${esc(e.embedder ?? 'none')}): ${
        e.added.map((a) => `${esc(a.table)} (similarity ${a.similarity.toFixed(2)})`).join(', ') || 'none close enough'
      }</p>`
    : '';
  return section(
    'grounding',
    1,
    'The words of the question, matched to tables, columns and values',
    ms(r.trace.timings.grounding),
    `<p class="question">${questionHtml(r.question, g.matches)}</p>` +
      (rows
        ? `<ul class="matches">${rows}</ul>`
        : '<p class="note">No word of the question matches a table, column or sampled value.</p>') +
      enrich +
      `<p>Tables the question points at: ${chips(g.initialTargets, 'target')}</p>`,
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
    'Where the join can start: the tables that reach the most of those',
    ms(r.trace.timings.exploration),
    cands.length === 0
      ? '<p class="note">No table reaches them.</p>'
      : `<div class="scroll"><table class="candidates"><thead><tr><th>table</th><th>reaches</th><th>which of them</th><th>pointed at itself</th></tr></thead><tbody>${rows}</tbody></table></div>${more}`,
  );
}

/** A note's kind in words. */
const NOTE_WORDS: Readonly<Record<string, string>> = { source: 'start', added: 'added', pruned: 'left out', rejected: 'not taken' };

function disambiguation(r: RetrieveResponse): string {
  const d = r.trace.disambiguation;
  const roles = d.roles
    .map((role) => `<li>${esc(role.table)} is needed ${role.paths.length} times, along ${esc(role.paths.map(formatPath).join(' | '))}</li>`)
    .join('');
  // The note as data, drawn here: the browser bundle takes types only from the retrieval package.
  const notes = d.notes
    .map(
      (n) =>
        `<li data-note="${n.kind}"><strong>${esc(NOTE_WORDS[n.kind] ?? n.kind)}</strong> ${n.tables.map((t) => esc(t)).join(', ')}${n.tables.length > 0 ? ': ' : ''}${esc(n.reason)}</li>`,
    )
    .join('');
  return section(
    'disambiguation',
    3,
    'The tables chosen: where the join starts, and what it must reach',
    ms(r.trace.timings.disambiguation),
    `<p>Starts from <span class="chip source" data-source="${esc(r.source ?? '')}">${esc(r.source ?? '—')}</span> and reaches ${
      r.targets.length > 0 ? listed(r.targets.map((t) => `<span class="chip target">${esc(t)}</span>`)) : '<em>nothing else</em>'
    }</p>` +
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
      return `<div class="target-paths" data-target="${esc(p.target)}"><h4>to ${esc(p.target)}</h4><ul>${items || '<li><em>no route</em></li>'}</ul></div>`;
    })
    .join('');
  return section(
    'paths',
    4,
    'The routes between them, and the ones taken, merged into one join',
    `${ms(t.pathEnumeration + t.pathSelection)} + merging ${ms(t.merging)}`,
    blocks,
  );
}

/** Everything below the question: the answer, then how it was found (folded); or why nothing came back. */
export function renderResultHtml(r: RetrieveResponse): string {
  const found = Boolean(r.source && r.sql);
  const phases = found ? grounding(r) + exploration(r) + disambiguation(r) + paths(r) : grounding(r) + exploration(r);
  return (
    renderAnswerHtml(r) +
    `<details class="how"><summary>How it was found, step by step</summary>${phases}</details>` +
    `<p class="total">Answered in ${ms(r.trace.timings.total)}</p>`
  );
}
