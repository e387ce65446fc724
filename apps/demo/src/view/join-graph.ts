/**
 * The join graph as the page draws it, built with graphology from `GET /api/graph` and, once a
 * question has been answered, its join tree. Pure: no DOM, so it is tested without a browser.
 *
 * A table the join tree uses in several roles (NATION as nation_supplier and nation_customer) is
 * drawn once per role; the tree's edges are marked `inTree`, the rest of the schema stays grey.
 */

import type { JoinTree, JoinTreeNode } from '@guided-retrieval/retrieval';
// The light entry: the browser bundle must not load the retriever.
import { joinCondition } from '@guided-retrieval/retrieval/internal';
import { MultiDirectedGraph } from 'graphology';
import type { GraphPayload } from './api-types.js';

export type NodeRole = 'source' | 'target' | 'joined' | 'other';

export interface DisplayNode {
  /** `a:<alias>` for a node of the join tree, `t:<TABLE>` for any other table. */
  key: string;
  table: string;
  /** The join tree's alias; null for a table outside the tree. */
  alias: string | null;
  inTree: boolean;
  role: NodeRole;
  /** The alias to print under the table's name: set only when it differs from the table's. */
  roleLabel: string | null;
  rowCount: number;
  x: number;
  y: number;
}

export interface DisplayEdge {
  key: string;
  /** The schema's join edge id. */
  edgeId: string;
  from: string;
  to: string;
  on: string;
  inTree: boolean;
}

export type DisplayGraph = MultiDirectedGraph<DisplayNode, DisplayEdge>;

/** The part of a retrieval result the drawing needs. */
export interface TreeInput {
  source: string | null;
  targets: readonly string[];
  joinTree: Pick<JoinTree, 'nodes' | 'dialect'>;
}

export const LAYOUT = { columnGap: 200, rowGap: 78, nodeHeight: 46, margin: 24 } as const;

export function displayGraph(payload: GraphPayload, result: TreeInput | null = null): DisplayGraph {
  const graph: DisplayGraph = new MultiDirectedGraph<DisplayNode, DisplayEdge>();
  const nodes = result?.joinTree.nodes ?? [];
  const dialect = result?.joinTree.dialect ?? 'sqlite';
  const targets = new Set(result?.targets ?? []);
  const rows = new Map(payload.tables.map((t) => [t.name, t.rowCount]));
  const aliasesOf = new Map<string, string[]>();
  for (const n of nodes) {
    const key = `a:${n.alias}`;
    aliasesOf.set(n.table, [...(aliasesOf.get(n.table) ?? []), key]);
    graph.addNode(key, {
      key,
      table: n.table,
      alias: n.alias,
      inTree: true,
      role: n.parent === null ? 'source' : targets.has(n.table) ? 'target' : 'joined',
      roleLabel: n.alias === n.table.toLowerCase() ? null : n.alias,
      rowCount: rows.get(n.table) ?? 0,
      x: 0,
      y: 0,
    });
  }
  for (const t of payload.tables) {
    if (aliasesOf.has(t.name)) continue;
    const key = `t:${t.name}`;
    aliasesOf.set(t.name, [key]);
    graph.addNode(key, {
      key,
      table: t.name,
      alias: null,
      inTree: false,
      role: 'other',
      roleLabel: null,
      rowCount: t.rowCount,
      x: 0,
      y: 0,
    });
  }
  const addEdge = (edgeId: string, from: string, to: string, on: string, inTree: boolean) => {
    const key = `${edgeId}|${from}|${to}`;
    if (!graph.hasEdge(key)) graph.addDirectedEdgeWithKey(key, from, to, { key, edgeId, from, to, on, inTree });
  };
  for (const e of payload.edges) {
    const used = nodes.filter((n) => n.join?.edge === e.id && n.parent !== null);
    if (used.length > 0) {
      for (const n of used) addEdge(e.id, `a:${n.parent}`, `a:${n.alias}`, joinCondition(n, dialect) ?? e.on, true);
      continue;
    }
    for (const from of aliasesOf.get(e.from) ?? []) for (const to of aliasesOf.get(e.to) ?? []) addEdge(e.id, from, to, e.on, false);
  }
  layout(graph, nodes);
  return graph;
}

/**
 * A layered layout, the same every time: the join tree's nodes in columns by depth, every other
 * table one column right of its nearest placed neighbour; rows ordered by the neighbours' rows.
 */
function layout(graph: DisplayGraph, tree: readonly JoinTreeNode[]): void {
  const layer = new Map<string, number>();
  for (const n of tree) layer.set(`a:${n.alias}`, n.parent === null ? 0 : (layer.get(`a:${n.parent}`) ?? 0) + 1);
  const byDegree = graph.nodes().sort((a, b) => graph.degree(b) - graph.degree(a) || a.localeCompare(b));
  let queue = [...layer.keys()];
  const visit = () => {
    for (let i = 0; i < queue.length; i++) {
      const key = queue[i]!;
      for (const next of [...graph.neighbors(key)].sort()) {
        if (layer.has(next)) continue;
        layer.set(next, layer.get(key)! + 1);
        queue.push(next);
      }
    }
  };
  visit();
  for (const key of byDegree) {
    if (layer.has(key)) continue; // a table of another component: start a new one here
    layer.set(key, 0);
    queue = [key];
    visit();
  }
  const columns: string[][] = [];
  const treeOrder = new Map(tree.map((n, i) => [`a:${n.alias}`, i]));
  for (const key of byDegree) {
    const column = layer.get(key)!;
    const keys = columns[column] ?? [];
    keys.push(key);
    columns[column] = keys;
  }
  const row = new Map<string, number>();
  columns.forEach((column, c) => {
    const barycentre = (key: string) => {
      const placed = graph.neighbors(key).filter((n) => row.has(n) && (layer.get(n) ?? 0) < c);
      return placed.length === 0 ? Number.POSITIVE_INFINITY : placed.reduce((s, n) => s + row.get(n)!, 0) / placed.length;
    };
    const order = [...column].sort(
      (a, b) =>
        barycentre(a) - barycentre(b) ||
        (treeOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (treeOrder.get(b) ?? Number.MAX_SAFE_INTEGER) ||
        a.localeCompare(b),
    );
    order.forEach((key, r) => {
      row.set(key, r);
    });
  });
  const tallest = Math.max(1, ...columns.map((c) => c?.length ?? 0));
  columns.forEach((column, c) => {
    const top = ((tallest - column.length) * LAYOUT.rowGap) / 2;
    for (const key of column) {
      graph.mergeNodeAttributes(key, { x: c * LAYOUT.columnGap, y: top + row.get(key)! * LAYOUT.rowGap });
    }
  });
}

/** The drawn join tree, in the words the browser test checks: `TABLE as alias` and `parent→child`. */
export function treeSummary(graph: DisplayGraph): { nodes: string[]; edges: string[] } {
  const label = (key: string) => {
    const n = graph.getNodeAttributes(key);
    return n.alias ?? n.table;
  };
  return {
    nodes: graph.filterNodes((_, a) => a.inTree).map((k) => `${graph.getNodeAttribute(k, 'table')} as ${label(k)}`),
    edges: graph.filterEdges((_, a) => a.inTree).map((e) => `${label(graph.source(e))}→${label(graph.target(e))}`),
  };
}
