import { joinCondition } from '../index.js';
import type { JoinTree } from '../types.js';

/** A join tree as SQL reads it: each node's predicate rendered, so expectations stay one line a node. */
export function treeAsSql(tree: JoinTree) {
  return {
    dialect: tree.dialect,
    nodes: tree.nodes.map((n) => ({
      alias: n.alias,
      table: n.table,
      parent: n.parent,
      on: joinCondition(n, tree.dialect),
      edge: n.join?.edge ?? null,
    })),
  };
}
