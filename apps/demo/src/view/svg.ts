/**
 * Draws a display graph (join-graph.ts) as SVG markup. Every drawn node and edge carries data
 * attributes (`data-table`, `data-alias`, `data-in-tree`, `data-from`, `data-to`) so that tests
 * check what is on screen. Pure: returns a string.
 */

import { escapeHtml as esc } from './html.js';
import { type DisplayGraph, type DisplayNode, LAYOUT } from './join-graph.js';

const CHAR = 7.6; // px per character of the 13 px label font, roughly

export function nodeWidth(graph: DisplayGraph): number {
  let longest = 6;
  graph.forEachNode((_, n) => {
    longest = Math.max(longest, n.table.length, (n.roleLabel ?? '').length + 3);
  });
  return Math.round(Math.max(120, longest * CHAR + 28));
}

export function renderGraphSvg(graph: DisplayGraph): string {
  const w = nodeWidth(graph);
  const h = LAYOUT.nodeHeight;
  const m = LAYOUT.margin;
  let maxX = 0;
  let maxY = 0;
  graph.forEachNode((_, n) => {
    maxX = Math.max(maxX, n.x);
    maxY = Math.max(maxY, n.y);
  });
  const width = maxX + w + 2 * m + 40;
  const height = maxY + h + 2 * m;
  const at = (n: DisplayNode) => ({ x: n.x + m, y: n.y + m });

  const edges: string[] = [];
  const ordered = graph.edges().sort((a, b) => Number(graph.getEdgeAttribute(a, 'inTree')) - Number(graph.getEdgeAttribute(b, 'inTree')));
  for (const key of ordered) {
    const e = graph.getEdgeAttributes(key);
    const a = at(graph.getNodeAttributes(e.from));
    const b = at(graph.getNodeAttributes(e.to));
    const d = edgePath(a, b, w, h);
    const fromLabel = label(graph.getNodeAttributes(e.from));
    const toLabel = label(graph.getNodeAttributes(e.to));
    edges.push(
      `<path class="edge${e.inTree ? ' in-tree' : ''}" d="${d}" data-edge-id="${esc(e.edgeId)}" data-from="${esc(fromLabel)}" data-to="${esc(toLabel)}" data-in-tree="${e.inTree}"><title>${esc(e.on)}</title></path>`,
    );
  }
  const nodes: string[] = [];
  graph.forEachNode((key, n) => {
    const p = at(n);
    const sub = n.roleLabel ? `as ${n.roleLabel}` : `${n.rowCount.toLocaleString('en-US')} rows`;
    nodes.push(
      `<g class="node role-${n.role}${n.inTree ? ' in-tree' : ''}" transform="translate(${p.x},${p.y})" data-node="${esc(key)}" data-table="${esc(n.table)}" data-alias="${esc(n.alias ?? '')}" data-in-tree="${n.inTree}" data-role="${n.role}">` +
        `<title>${esc(n.table)}${n.alias ? ` as ${esc(n.alias)}` : ''}: ${n.rowCount} rows</title>` +
        `<rect width="${w}" height="${h}" rx="8"></rect>` +
        `<text class="name" x="${w / 2}" y="19">${esc(n.table)}</text>` +
        `<text class="sub${n.roleLabel ? ' alias' : ''}" x="${w / 2}" y="36">${esc(sub)}</text></g>`,
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="join-graph" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="join graph">` +
    `<g class="edges">${edges.join('')}</g><g class="nodes">${nodes.join('')}</g></svg>`
  );
}

const label = (n: DisplayNode) => n.alias ?? n.table;

/** A curve from one box to another: side to side across columns, a bulge to the right within one. */
function edgePath(a: { x: number; y: number }, b: { x: number; y: number }, w: number, h: number): string {
  if (a.x === b.x) {
    const x = a.x + w;
    const bulge = 36 + Math.abs(a.y - b.y) / 6;
    return `M${x},${a.y + h / 2} C${x + bulge},${a.y + h / 2} ${x + bulge},${b.y + h / 2} ${x},${b.y + h / 2}`;
  }
  const [l, r] = a.x < b.x ? [a, b] : [b, a];
  const x1 = l.x + w;
  const x2 = r.x;
  const mid = (x1 + x2) / 2;
  return `M${x1},${l.y + h / 2} C${mid},${l.y + h / 2} ${mid},${r.y + h / 2} ${x2},${r.y + h / 2}`;
}
