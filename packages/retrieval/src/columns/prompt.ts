/**
 * The prompt context: what an LLM writing the SQL is shown, under a token budget. Per table of the
 * result: its name and description, the columns the question needs with their types, roles and a
 * few values for the matched ones, then the next likeliest columns while the budget allows; the
 * join predicates as the FROM clause. Tokens are counted with `o200k_base` (`tokens.ts`) and the
 * text never exceeds the budget, unless the tree's names and keys alone need more: then it is
 * those and a line saying what was left out (`overBudget`).
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
import { quoteIdentifier, tableReference } from '../sql.js';
import type { RetrievalResult } from '../types.js';
import { columnType } from './features.js';
import type { ColumnParams } from './params.js';
import { countTokens, TOKENIZER, type TokenCounter } from './tokens.js';
import type { RelevantColumn } from './types.js';

export interface PromptOptions {
  /** The token budget (default: the parameter `defaultMaxTokens`). */
  maxTokens?: number;
  /** How tokens are counted (default: `o200k_base`). */
  countTokens?: TokenCounter;
}

export interface PromptContext {
  text: string;
  /** Tokens of `text`. */
  tokens: number;
  maxTokens: number;
  /** The encoding tokens are counted with. */
  tokenizer: string;
  /** The columns the text shows, per table. */
  shown: { table: string; columns: string[] }[];
  /** How many columns of each table it leaves out. */
  omitted: { table: string; columns: number }[];
  /** The tree's names and keys alone need more than `maxTokens`: the text is those and what was left out. */
  overBudget: boolean;
}

export type PromptSource = Pick<
  RetrievalResult,
  'question' | 'database' | 'tables' | 'unjoined' | 'sql' | 'reason' | 'joinTree' | 'columns'
>;

/** One line the budget may take or leave, in the order offered. */
interface Item {
  table: string;
  column: string | null;
  line: string;
  tokens: number;
}

/** The prompt context of `result` (see the file's comment); an invalid budget is a `RangeError`. */
export function renderPromptContext(
  graph: ContextGraph,
  result: PromptSource,
  params: ColumnParams,
  options: PromptOptions = {},
): PromptContext {
  const maxTokens = options.maxTokens ?? params.defaultMaxTokens;
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 1)
    throw new RangeError(`the token budget must be a whole number ≥ 1, not ${maxTokens}`);
  const count = options.countTokens ?? countTokens;
  const dialect = result.joinTree.dialect;
  const q = (name: string) => quoteIdentifier(name, dialect);
  if (result.tables.length === 0) {
    const text = `-- ${result.database}: no table retrieved${result.reason ? `: ${oneLine(result.reason, 400)}` : ''}`;
    return { text, tokens: count(text), maxTokens, tokenizer: TOKENIZER, shown: [], omitted: [], overBudget: false };
  }
  const tables = result.tables.map((name) => graph.table(name)).filter((t): t is GraphTable => t !== undefined);
  const byTable = new Map(result.columns.map((c) => [c.table, c]));
  const unjoined = new Set(result.unjoined);

  // The skeleton: every table's name and its join keys, and the FROM clause.
  const skeleton = new Map<string, string[]>();
  const shown = new Map<string, Set<string>>();
  const tableLine = new Map<string, string>();
  for (const t of tables) {
    tableLine.set(t.name, `TABLE ${tableReference(t.name, dialect, t.schema)}`);
    const keys = (byTable.get(t.name)?.columns ?? []).filter((c) => c.roles.includes('key'));
    skeleton.set(
      t.name,
      keys.map((c) => columnLine(q, c, find(t, c.column), params)),
    );
    shown.set(t.name, new Set(keys.map((c) => c.column)));
  }
  const joins = result.sql ? result.sql.split('\n') : [];
  if (unjoined.size > 0) joins.push(`-- no key joins ${[...unjoined].join(', ')} to the others`);

  // What the budget may add, in order: the needed columns, the tables' descriptions, the likely columns.
  const items: Item[] = [];
  const item = (table: string, column: string | null, line: string) => items.push({ table, column, line, tokens: count(`${line}\n`) });
  const needed = tables.flatMap((t) => (byTable.get(t.name)?.columns ?? []).filter((c) => !c.roles.includes('key')).map((c) => ({ t, c })));
  needed.sort((a, b) => b.c.likelihood - a.c.likelihood);
  for (const { t, c } of needed) item(t.name, c.column, columnLine(q, c, find(t, c.column), params));
  for (const t of tables) if (t.description.trim() !== '') item(t.name, null, `  -- ${oneLine(t.description, params.textChars)}`);
  const likely = tables.flatMap((t) => (byTable.get(t.name)?.likely ?? []).map((l) => ({ t, l })));
  likely.sort((a, b) => b.l.likelihood - a.l.likelihood);
  for (const { t, l } of likely) {
    const col = find(t, l.column);
    item(t.name, l.column, `  ${q(l.column)} ${l.type}${col?.description ? `  -- ${oneLine(col.description, params.textChars)}` : ''}`);
  }

  const taken = new Set<Item>();
  const render = (): { text: string; omitted: PromptContext['omitted'] } => {
    const omitted: PromptContext['omitted'] = [];
    const lines: string[] = [];
    for (const t of tables) {
      const mine = items.filter((i) => taken.has(i) && i.table === t.name);
      const shownHere = (shown.get(t.name)?.size ?? 0) + mine.filter((i) => i.column !== null).length;
      const left = t.columns.length - shownHere;
      if (left > 0) omitted.push({ table: t.name, columns: left });
      lines.push(`${tableLine.get(t.name)!}${left > 0 ? `  -- ${shownHere} of ${t.columns.length} columns` : ''}`);
      lines.push(...mine.filter((i) => i.column === null).map((i) => i.line));
      lines.push(...skeleton.get(t.name)!, ...mine.filter((i) => i.column !== null).map((i) => i.line));
    }
    lines.push(...joins);
    return { text: lines.join('\n'), omitted };
  };

  let current = render();
  let tokens = count(current.text);
  if (tokens > maxTokens) {
    const text = `${current.text}\n-- over budget: the tables' names and join keys take ${tokens} tokens, more than the ${maxTokens} allowed; every other column is left out`;
    return finish(text, count(text), true);
  }
  // Greedy by the lines' own counts (o200k splits at line ends, so they add up), then checked
  // against the whole text's count: a line taken last is given back while the whole is over.
  const order: Item[] = [];
  let estimate = tokens;
  for (const candidate of items) {
    if (estimate + candidate.tokens > maxTokens) continue;
    taken.add(candidate);
    order.push(candidate);
    estimate += candidate.tokens;
  }
  current = render();
  tokens = count(current.text);
  while (tokens > maxTokens && order.length > 0) {
    taken.delete(order.pop()!);
    current = render();
    tokens = count(current.text);
  }
  return finish(current.text, tokens, false);

  function finish(text: string, total: number, overBudget: boolean): PromptContext {
    const omitted = render().omitted;
    return {
      text,
      tokens: total,
      maxTokens,
      tokenizer: TOKENIZER,
      shown: tables.map((t) => ({
        table: t.name,
        columns: [
          ...(shown.get(t.name) ?? []),
          ...items.filter((i) => taken.has(i) && i.table === t.name && i.column !== null).map((i) => i.column!),
        ],
      })),
      omitted,
      overBudget,
    };
  }
}

/** Tables to render, each with all its columns or only those listed. */
export type SchemaSelection = readonly { table: string; columns?: readonly string[] }[];

/**
 * The schema in the prompt's form, as a model is handed it without retrieval: every table (or
 * those of `only`) with every column (or those listed) with its type, key and description.
 */
export function renderSchemaText(graph: ContextGraph, params: ColumnParams, only?: SchemaSelection): string {
  const dialect = graph.engine;
  const q = (name: string) => quoteIdentifier(name, dialect);
  const lines: string[] = [];
  const selection: SchemaSelection = only ?? graph.tables.map((t) => ({ table: t.name }));
  for (const { table: name, columns } of selection) {
    const t = graph.table(name);
    if (!t) continue;
    const wanted = columns ? new Set(columns.map((c) => c.toLowerCase())) : null;
    lines.push(`TABLE ${tableReference(t.name, dialect, t.schema)}`);
    if (t.description.trim() !== '') lines.push(`  -- ${oneLine(t.description, params.textChars)}`);
    const refs = new Map<string, string>();
    for (const e of graph.outEdges(t.name)) {
      e.fromColumns.forEach((c, i) => {
        refs.set(c.toLowerCase(), `${e.toTable}.${e.toColumns[i]}`);
      });
    }
    const pk = new Set(t.primaryKey.map((k) => k.toLowerCase()));
    for (const c of t.columns) {
      if (wanted && !wanted.has(c.name.toLowerCase())) continue;
      const notes = [
        pk.has(c.name.toLowerCase()) ? 'primary key' : '',
        refs.has(c.name.toLowerCase()) ? `→ ${refs.get(c.name.toLowerCase())}` : '',
        c.description ? oneLine(c.description, params.textChars) : '',
      ].filter((s) => s !== '');
      lines.push(`  ${q(c.name)} ${columnType(c)}${notes.length > 0 ? `  -- ${notes.join('; ')}` : ''}`);
    }
  }
  return lines.join('\n');
}

/** A needed column: name, type, roles and the words that point at it, a few values when matched, its description. */
function columnLine(q: (name: string) => string, c: RelevantColumn, column: GraphColumn | undefined, params: ColumnParams): string {
  const notes: string[] = [];
  const asked = c.evidence.filter((e) => e.kind !== 'join' && e.kind !== 'name' && e.kind !== 'table');
  const words = [...new Set(asked.map((e) => `"${oneLine(e.words, params.textChars)}"`))];
  if (c.roles.length > 0 || words.length > 0) notes.push([c.roles.join(', '), ...words].filter((x) => x !== '').join(' '));
  if (asked.length > 0) {
    const values = [...new Set([...c.values, ...(column?.sample ?? []).map((s) => String(s.value))])].slice(0, params.valuesShown);
    if (values.length > 0) notes.push(`e.g. ${values.map((v) => `'${oneLine(v, params.textChars)}'`).join(', ')}`);
  }
  if (column?.description && !c.roles.includes('key')) notes.push(oneLine(column.description, params.textChars));
  return `  ${q(c.column)} ${c.type}${notes.length > 0 ? `  -- ${notes.join('; ')}` : ''}`;
}

function find(table: GraphTable, column: string): GraphColumn | undefined {
  return table.columns.find((c) => c.name === column);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
