import type { JoinTree } from './types.js';

/** Words SQL engines refuse as bare identifiers; such names are quoted. */
const RESERVED = new Set([
  'all', 'and', 'as', 'asc', 'between', 'by', 'case', 'check', 'column', 'constraint', 'create', 'cross', 'default',
  'delete', 'desc', 'distinct', 'drop', 'else', 'end', 'except', 'exists', 'foreign', 'from', 'full', 'group',
  'having', 'in', 'index', 'inner', 'insert', 'intersect', 'into', 'is', 'join', 'key', 'left', 'like', 'limit',
  'natural', 'not', 'null', 'offset', 'on', 'or', 'order', 'outer', 'primary', 'references', 'right', 'select',
  'set', 'table', 'then', 'to', 'union', 'unique', 'update', 'user', 'using', 'values', 'when', 'where', 'with',
]);

/** Quotes an identifier only when it needs it, doubling embedded quotes. */
export function quoteIdentifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name.toLowerCase()) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** `FROM root AS alias JOIN child AS alias ON …`, one join per line, in the tree's order. */
export function renderFromClause(tree: JoinTree): string {
  const [root, ...rest] = tree.nodes;
  if (!root) return '';
  const lines = [`FROM ${quoteIdentifier(root.table)} AS ${root.alias}`];
  for (const node of rest) lines.push(`JOIN ${quoteIdentifier(node.table)} AS ${node.alias} ON ${node.on}`);
  return lines.join('\n');
}
