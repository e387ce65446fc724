/**
 * Questions the page offers for any database, made from its own tables, joins and values: which
 * rows have the most of those that reference them ("Which artists have the most albums?"), the
 * rows of one named value ("Which albums belong to AC/DC?"), a measure per referenced row ("What
 * is the total per customer?"), a count by a category value, two tables joined through a third.
 * Deterministic: the same graph gives the same questions. The first is the input's placeholder.
 */
import type { ContextGraph, GraphColumn, GraphTable, JoinEdge } from '@guided-retrieval/context-graph';
import { identifierWords, plural, singular } from '@guided-retrieval/text';

/** Questions offered at most. */
const MAX_EXAMPLES = 5;
/** A value longer than this makes a clumsy question. */
const MAX_VALUE_LENGTH = 32;
/** Words naming an amount worth summing per row it references, the likelier sum first. */
const AMOUNT_WORDS = ['total', 'amount', 'revenue', 'sales', 'payment', 'salary', 'balance', 'fee', 'cost', 'price', 'quantity', 'qty'];
/** A column named so holds a label or category a question filters on. */
const LABEL_WORD = /^(name|title|country|city|state|region|genre|category|type|status|kind|class|level|department|language)$/;

/** A table's or column's words, lower case, without the table's name repeated (`AlbumId` of Album is "id"). */
function words(name: string): string[] {
  return identifierWords(name, { digits: 'split' }).filter((w) => w.length > 0);
}

/** The table's name as a noun ("invoice lines"), its namespace left out; only its last word is made plural or singular. */
function tableNoun(table: GraphTable, many: boolean): string {
  const own = table.namespace ? table.name.slice(table.namespace.length + 1) : table.name;
  const parts = words(own);
  const last = singular(parts.pop() ?? own.toLowerCase());
  return [...parts, many ? plural(last) : last].join(' ');
}

/** Where an amount word ranks (lower: likelier a sum), or -1 when the column's name has none. */
function amountRank(column: GraphColumn): number {
  const ranks = words(column.name)
    .map((w) => AMOUNT_WORDS.indexOf(w))
    .filter((r) => r >= 0);
  return ranks.length === 0 ? -1 : Math.min(...ranks);
}

const isKey = (table: GraphTable, column: GraphColumn, edges: readonly JoinEdge[]) =>
  table.primaryKey.includes(column.name) ||
  edges.some(
    (e) =>
      (e.fromTable === table.name && e.fromColumns.includes(column.name)) ||
      (e.toTable === table.name && e.toColumns.includes(column.name)),
  );

/** A table of keys alone (PlaylistTrack): it links two others and is nothing to ask about itself. */
const isLink = (table: GraphTable, edges: readonly JoinEdge[]) => table.columns.every((c) => isKey(table, c, edges));

/** Whether the label names a row (a name or a title) rather than a category of rows. */
const isName = (column: GraphColumn) => words(column.name).some((w) => w === 'name' || w === 'title');

/** A label column of the table (a name, a title, a country) and its most frequent readable value. */
function labelValue(table: GraphTable, edges: readonly JoinEdge[]): { column: GraphColumn; value: string } | undefined {
  const labels = table.columns.filter(
    (c) =>
      (c.inferredType === 'text' || c.inferredType === 'unknown') &&
      !isKey(table, c, edges) &&
      words(c.name).some((w) => LABEL_WORD.test(w)),
  );
  for (const column of labels) {
    const value = [...column.sample]
      .sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)))
      .map((s) => String(s.value).trim())
      .find((v) => v.length > 1 && v.length <= MAX_VALUE_LENGTH && /\p{L}/u.test(v) && !/["\n]/.test(v));
    if (value) return { column, value };
  }
  return undefined;
}

/** The example questions of `graph`, at most five, most telling first. */
export function exampleQuestions(graph: ContextGraph): string[] {
  const { tables, edges } = graph;
  const byName = new Map(tables.map((t) => [t.name, t]));
  const questions: string[] = [];
  const add = (q: string | undefined) => {
    if (q && !questions.includes(q)) questions.push(q);
  };
  // Referencing edges, the busiest child first: each names a child table and the parent it points to.
  const links = edges
    .filter((e) => e.fromTable !== e.toTable)
    .map((e) => ({ edge: e, child: byName.get(e.fromTable)!, parent: byName.get(e.toTable)! }))
    .filter((l) => l.child && l.parent)
    .sort((a, b) => b.child.rowCount - a.child.rowCount || a.edge.id.localeCompare(b.edge.id));

  const things = links.filter((l) => !isLink(l.child, edges));
  const named = things.map((l) => ({ ...l, label: labelValue(l.parent, edges) })).filter((l) => l.label && isName(l.label.column));
  const counted = named[0];
  if (counted) add(`Which ${tableNoun(counted.parent, true)} have the most ${tableNoun(counted.child, true)}?`);

  const measured = things
    .flatMap((l) =>
      l.child.columns
        .filter((c) => (c.inferredType === 'real' || c.inferredType === 'integer') && !isKey(l.child, c, edges) && amountRank(c) >= 0)
        .map((amount) => ({ ...l, amount })),
    )
    .sort((a, b) => amountRank(a.amount) - amountRank(b.amount))[0];
  if (measured) {
    const amount = words(measured.amount.name).join(' ');
    add(`What is the ${/^(total|sum)\b/.test(amount) ? amount : `total ${amount}`} per ${tableNoun(measured.parent, false)}?`);
  }

  const owned = named.find((l) => l.parent !== counted?.parent) ?? named[1];
  if (owned?.label) add(`Which ${tableNoun(owned.child, true)} belong to ${owned.label.value}?`);

  const category = tables
    .map((t) => ({ table: t, label: labelValue(t, edges) }))
    .filter((c) => c.label && !isName(c.label.column))
    .sort((a, b) => b.table.rowCount - a.table.rowCount)[0];
  if (category?.label)
    add(`How many ${tableNoun(category.table, true)} have ${words(category.label.column.name).join(' ')} ${category.label.value}?`);

  // Two tables a link table joins (PlaylistTrack: "List the playlists with their tracks"), else any table referencing two.
  const linked = (a: (typeof links)[number]) => links.some((b) => b.child === a.child && b.parent !== a.parent);
  const chain = links.find((a) => isLink(a.child, edges) && linked(a)) ?? links.find(linked);
  if (chain) {
    const other = links.find((b) => b.child === chain.child && b.parent !== chain.parent)!;
    add(`List the ${tableNoun(chain.parent, true)} with their ${tableNoun(other.parent, true)}`);
  }

  // A database without joins: its tables by their labels.
  for (const t of tables) {
    if (questions.length >= MAX_EXAMPLES) break;
    const label = labelValue(t, edges);
    add(label ? `Which ${tableNoun(t, true)} have ${words(label.column.name).join(' ')} ${label.value}?` : undefined);
  }
  if (questions.length === 0 && tables[0]) add(`How many ${tableNoun(tables[0], true)} are there?`);
  return questions.slice(0, MAX_EXAMPLES);
}
