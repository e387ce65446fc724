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

/** The paper's join tree (§3.4): the supplier's nation and the customer's nation. */
export const PAPER_TREE = {
  dialect: 'sqlite',
  nodes: [
    { alias: 'lineitem', table: 'LINEITEM', parent: null, on: null, edge: null },
    {
      alias: 'supplier',
      table: 'SUPPLIER',
      parent: 'lineitem',
      on: 'lineitem.L_SUPPKEY = supplier.S_SUPPKEY',
      edge: 'LINEITEM(L_SUPPKEY)->SUPPLIER(S_SUPPKEY)',
    },
    {
      alias: 'nation_supplier',
      table: 'NATION',
      parent: 'supplier',
      on: 'supplier.S_NATIONKEY = nation_supplier.N_NATIONKEY',
      edge: 'SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)',
    },
    {
      alias: 'orders',
      table: 'ORDERS',
      parent: 'lineitem',
      on: 'lineitem.L_ORDERKEY = orders.O_ORDERKEY',
      edge: 'LINEITEM(L_ORDERKEY)->ORDERS(O_ORDERKEY)',
    },
    {
      alias: 'customer',
      table: 'CUSTOMER',
      parent: 'orders',
      on: 'orders.O_CUSTKEY = customer.C_CUSTKEY',
      edge: 'ORDERS(O_CUSTKEY)->CUSTOMER(C_CUSTKEY)',
    },
    {
      alias: 'nation_customer',
      table: 'NATION',
      parent: 'customer',
      on: 'customer.C_NATIONKEY = nation_customer.N_NATIONKEY',
      edge: 'CUSTOMER(C_NATIONKEY)->NATION(N_NATIONKEY)',
    },
  ],
};
