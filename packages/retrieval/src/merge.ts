import type { JoinPath, PathEdge } from '@guided-retrieval/context-graph';
import { isBareName } from './sql.js';
import type { JoinTree, JoinTreeNode, NodeJoin, SqlDialect } from './types.js';

/**
 * Cuts a path after its last target (paper §3.4): tables past the final target add nothing.
 * A path with no target beyond the source shrinks to the source alone.
 */
export function trimPath(path: JoinPath, targets: ReadonlySet<string>): JoinPath {
  let last = 0;
  path.tables.forEach((t, i) => {
    if (i > 0 && targets.has(t)) last = i;
  });
  return {
    source: path.source,
    target: path.tables[last]!,
    tables: path.tables.slice(0, last + 1),
    edges: path.edges.slice(0, last),
  };
}

interface TrieNode {
  table: string;
  edge: PathEdge | null;
  children: TrieNode[];
}

/**
 * Merges the selected paths' prefixes into one join tree (paper §3.4): paths are trimmed past
 * their last target, shared prefixes of edges become shared nodes, and the tree is listed in
 * topological (depth-first, first-selected-first) order. A table reached along two different
 * edge sequences appears twice, once per role, under distinct aliases.
 */
export function mergePaths(
  source: string,
  paths: readonly JoinPath[],
  targets: Iterable<string>,
  dialect: SqlDialect = 'sqlite',
): JoinTree {
  const wanted = new Set(targets);
  const root: TrieNode = { table: source, edge: null, children: [] };
  for (const path of paths) {
    if (path.source !== source) throw new Error(`path from ${path.source} cannot join a tree rooted at ${source}`);
    let at = root;
    for (const edge of trimPath(path, wanted).edges) {
      let child = at.children.find((c) => c.edge?.id === edge.id && c.edge.direction === edge.direction);
      if (!child) {
        child = { table: edge.toTable, edge, children: [] };
        at.children.push(child);
      }
      at = child;
    }
  }
  const ordered: { node: TrieNode; parent: TrieNode | null }[] = [];
  const visit = (node: TrieNode, parent: TrieNode | null) => {
    ordered.push({ node, parent });
    for (const c of node.children) visit(c, node);
  };
  visit(root, null);
  const aliases = assignAliases(ordered, dialect);
  const nodes: JoinTreeNode[] = ordered.map(({ node, parent }) => {
    const alias = aliases.get(node)!;
    const parentAlias = parent ? aliases.get(parent)! : null;
    return { alias, table: node.table, parent: parentAlias, join: node.edge && parentAlias ? nodeJoin(node.edge) : null };
  });
  return { nodes, dialect };
}

/** The edge as the tree walks it: the parent's columns on the left, the child's on the right. */
function nodeJoin(edge: PathEdge): NodeJoin {
  return { edge: edge.id, direction: edge.direction, columns: edge.fromColumns.map((c, i) => ({ parent: c, child: edge.toColumns[i]! })) };
}

/**
 * A table's alias is its name in lower case; a table that appears more than once takes the role
 * its edge names (`teams_winner`, `teams_loser`: `JoinEdge.role`), else its parent's name as a
 * role (`nation_supplier`, `nation_customer`) — or, joined to itself, its key column's
 * (`employee_reports_to`) — then the other, then a number, until every alias is unique.
 */
function assignAliases(ordered: readonly { node: TrieNode; parent: TrieNode | null }[], dialect: SqlDialect): Map<TrieNode, string> {
  const base = (s: string) => {
    const alias =
      s
        .toLowerCase()
        .replace(/[^a-z0-9_]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .replace(/^(?=\d)/, 't') || 't';
    return isBareName(alias, dialect) ? alias : `${alias}_t`;
  };
  const counts = new Map<string, number>();
  for (const { node } of ordered) counts.set(node.table, (counts.get(node.table) ?? 0) + 1);
  const aliases = new Map<TrieNode, string>();
  const used = new Set<string>();
  for (const { node, parent } of ordered) {
    const name = base(node.table);
    const role = node.edge
      ? base(node.edge.fromColumns.join('_').replace(/[_\s]*(?:id|key|no)$/i, '') || node.edge.fromColumns.join('_'))
      : '';
    // The role the edge names for the table it enters (`teams_winner`, `teams_loser`) comes first.
    const named = node.edge?.role && node.edge.direction === 'forward' ? [`${name}_${base(node.edge.role)}`] : [];
    // A self-join's parent is the same table: the key column names the role (`employee_reports_to`).
    const candidates =
      counts.get(node.table)! > 1 && parent && node.edge
        ? parent.table === node.table
          ? [...named, `${name}_${role}`, `${name}_${base(parent.table)}`]
          : [...named, `${name}_${base(parent.table)}`, `${name}_${role}`]
        : [name];
    let alias = candidates.find((c) => !used.has(c));
    for (let n = 2; !alias; n++) if (!used.has(`${candidates[0]}_${n}`)) alias = `${candidates[0]}_${n}`;
    used.add(alias);
    aliases.set(node, alias);
  }
  return aliases;
}
