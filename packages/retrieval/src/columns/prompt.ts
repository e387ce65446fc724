/**
 * The prompt context: what an LLM writing the SQL is shown, under a token budget. A first line
 * says which tables are the answer and which are there in case. Per table of the result: its name,
 * its join keys, the columns the question needs with their types, a few values for the matched
 * ones and their descriptions, then the likely columns worth their tokens (`choose.ts`); then, in
 * `recall` mode (the default), the possibly needed tables (`possible.ts`), likeliest first by the
 * choice's table probabilities, whose likely columns are worth theirs, each with the key that joins
 * it; then the join tree as the FROM clause, and the tables' descriptions while the budget allows.
 * `exact` mode shows the tree's tables alone (for a query compiler). Tokens are counted with
 * `o200k_base` (`tokens.ts`) and the text never exceeds the budget, unless the tree's names and
 * keys alone need more: then it is those and a line saying what was left out (`overBudget`).
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
import { identifierWords } from '@guided-retrieval/text';
import { quoteIdentifier, renderFromClause, tableReference } from '../sql.js';
import type { RetrievalResult } from '../types.js';
import { chooseOffers, type Offer } from './choose.js';
import { columnType } from './features.js';
import type { ColumnParams } from './params.js';
import { countTokens, TOKENIZER, type TokenCounter } from './tokens.js';
import type { TableColumns } from './types.js';

export interface PromptOptions {
  /**
   * The token budget, filled with the likeliest columns that fit. Without one, the prompt shows the
   * columns worth their tokens (the parameter `columnPrice`, `choose.ts`) up to `defaultMaxTokens`.
   */
  maxTokens?: number;
  /** How tokens are counted (default: `o200k_base`). */
  countTokens?: TokenCounter;
  /**
   * `recall` (default): the tree, then the tables most likely needed beyond it while the budget
   * allows — an LLM writing SQL copes with an extra table and fails on a missing one; `exact`: the
   * tree's tables alone, for a query compiler.
   */
  mode?: PromptMode;
}

/** What a prompt spends its budget on: the tree alone, or the tree and the tables most likely needed beyond it. */
export type PromptMode = 'exact' | 'recall';

export const PROMPT_MODES: readonly PromptMode[] = ['exact', 'recall'];

export interface PromptContext {
  text: string;
  /** Tokens of `text`. */
  tokens: number;
  maxTokens: number;
  /** The encoding tokens are counted with. */
  tokenizer: string;
  /** Tokens of the whole schema in the same form (`renderSchemaText`): what each line's share is of. */
  schemaTokens: number;
  /** The columns the text shows, per table (a possibly needed table's marked `possible`). */
  shown: { table: string; columns: string[]; possible?: true }[];
  /** How many columns of each table shown it leaves out. */
  omitted: { table: string; columns: number }[];
  /** The tree's names and keys alone need more than `maxTokens`: the text is those and what was left out. */
  overBudget: boolean;
}

export type PromptSource = Pick<
  RetrievalResult,
  'question' | 'database' | 'tables' | 'unjoined' | 'sql' | 'reason' | 'joinTree' | 'columns'
> &
  Partial<Pick<RetrievalResult, 'confidence'>>;

/** A column or description line the prompt may show. */
interface Item extends Offer {
  table: string;
  column: string | null;
  line: string;
}

/** The prompt context of `result` (see the file's comment); an invalid budget is a `RangeError`. */
export function renderPromptContext(
  graph: ContextGraph,
  result: PromptSource,
  params: ColumnParams,
  options: PromptOptions = {},
): PromptContext {
  const maxTokens = options.maxTokens ?? params.defaultMaxTokens;
  const mode = options.mode ?? 'recall';
  if (!PROMPT_MODES.includes(mode)) throw new RangeError(`the prompt mode is exact or recall, not ${String(mode)}`);
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 1)
    throw new RangeError(`the token budget must be a whole number ≥ 1, not ${maxTokens}`);
  const count = options.countTokens ?? countTokens;
  const tokensOf = lineCounter(graph, count);
  const schemaTokens = tokensOf(`\u0000schema ${params.textChars}`, () => renderSchemaText(graph, params));
  const dialect = result.joinTree.dialect;
  const q = (name: string) => quoteIdentifier(name, dialect);
  if (result.tables.length === 0) {
    const text = `-- ${result.database}: no table retrieved${result.reason ? `: ${oneLine(result.reason, 400)}` : ''}`;
    return { text, tokens: count(text), maxTokens, tokenizer: TOKENIZER, schemaTokens, shown: [], omitted: [], overBudget: false };
  }
  const byTable = new Map(result.columns.map((c) => [c.table, c]));
  const blocks: Block[] = [];
  for (const name of result.tables) {
    const table = graph.table(name);
    if (!table) continue;
    const keys = (byTable.get(name)?.columns ?? []).filter((c) => c.roles.includes('key')).map((c) => c.column);
    blocks.push({
      table,
      entry: byTable.get(name) ?? null,
      fixed: new Set(keys),
      head: `TABLE ${tableReference(name, dialect, table.schema)}`,
    });
  }
  // The tables beyond the tree, likeliest first by the choice's probabilities (those it gives none keep their order, after).
  const probability = (table: string) => result.confidence?.tables[table];
  const beyond = mode === 'exact' ? [] : result.columns.filter((e) => e.possible && graph.table(e.table));
  const ranked = beyond
    .map((entry, i) => ({ entry, i, p: probability(entry.table) ?? -1 }))
    .sort((a, b) => b.p - a.p || a.i - b.i)
    .map((x) => x.entry);
  for (const entry of ranked) {
    const table = graph.table(entry.table)!;
    const possible = entry.possible!;
    const pairs = possible.on.map((p) => `${q(entry.table)}.${q(p.column)} = ${q(possible.joins)}.${q(p.to)}`).join(' AND ');
    const p = probability(entry.table);
    blocks.push({
      table,
      entry,
      fixed: new Set(possible.on.map((o) => o.column)),
      head: `TABLE ${tableReference(entry.table, dialect, table.schema)}  -- possibly needed${p === undefined ? '' : ` (${Math.round(p * 100)} %)`}, joined by ${pairs}`,
      possible: { joins: possible.joins, keys: possible.on.map((o) => o.to) },
    });
  }
  const from = renderFromClause(result.joinTree, { schemaOf: (t) => graph.table(t)?.schema, bareNames: true });
  const joins = from === '' ? [] : from.split('\n');
  if (result.unjoined.length > 0) joins.push(`-- no key joins ${result.unjoined.join(', ')} to the others`);

  // What the budget may add: the columns (needed ones first, then the likely ones worth their
  // tokens), then the result's tables' descriptions.
  const items: Item[] = [];
  const headings = new Map<string, number>();
  for (const block of blocks) {
    const { table, entry } = block;
    if (block.possible)
      headings.set(
        table.name,
        tokensOf(`${block.head}; 1 of ${table.columns.length} columns`) +
          [...block.fixed].reduce((n, c) => n + tokensOf(keyLine(q, table, c, graph)), 0) +
          tokensOf(answerLine([table.name], [table.name])),
      );
    const heading = block.possible ? table.name : null;
    for (const c of entry?.columns ?? []) {
      if (block.fixed.has(c.column)) continue;
      const line = columnLine(q, c.column, c.type, promptNotes(find(table, c.column), c.values, params));
      items.push({
        table: table.name,
        column: c.column,
        line,
        tokens: tokensOf(line),
        likelihood: c.likelihood,
        needed: !block.possible,
        heading,
      });
    }
    for (const l of entry?.likely ?? []) {
      if (block.fixed.has(l.column)) continue;
      const line = columnLine(q, l.column, l.type, promptNotes(find(table, l.column), [], params));
      items.push({ table: table.name, column: l.column, line, tokens: tokensOf(line), likelihood: l.likelihood, needed: false, heading });
    }
  }
  for (const { table, possible } of blocks) {
    if (possible || table.description.trim() === '') continue;
    const line = `  -- ${oneLine(table.description, params.textChars)}`;
    items.push({ table: table.name, column: null, line, tokens: tokensOf(line), likelihood: 1, needed: true, heading: null });
  }
  const columnItems = items.filter((i) => i.column !== null);
  const descriptions = items.filter((i) => i.column === null);
  items.splice(0, items.length, ...columnItems, ...descriptions);

  const taken = new Set<Item>();
  const render = (keyLines = true): { text: string; omitted: PromptContext['omitted']; shown: PromptContext['shown'] } => {
    const omitted: PromptContext['omitted'] = [];
    const shown = new Map<string, { table: string; columns: string[]; possible?: true }>();
    const lines: string[] = [];
    const opened = blocks.filter((b) => !b.possible || items.some((i) => taken.has(i) && i.table === b.table.name));
    for (const b of opened)
      shown.set(b.table.name, { table: b.table.name, columns: [...b.fixed], ...(b.possible ? { possible: true as const } : {}) });
    // The keys an opened possible table joins by, on the table it joins: shown there as key lines too.
    const joinedBy = new Map<string, Set<string>>();
    for (const b of opened)
      if (b.possible)
        for (const key of b.possible.keys) {
          addColumn(shown.get(b.possible.joins), key);
          joinedBy.set(b.possible.joins, new Set([...(joinedBy.get(b.possible.joins) ?? []), key]));
        }
    // Which tables are the answer and which are shown in case: said when some are shown in case.
    const inCase = opened.filter((b) => b.possible).map((b) => b.table.name);
    if (inCase.length > 0)
      lines.push(
        answerLine(
          blocks.filter((b) => !b.possible).map((b) => b.table.name),
          inCase,
        ),
      );
    for (const b of opened) {
      const mine = items.filter((i) => taken.has(i) && i.table === b.table.name);
      const entry = shown.get(b.table.name)!;
      for (const i of mine) if (i.column !== null) addColumn(entry, i.column);
      const left = b.table.columns.length - entry.columns.length;
      if (left > 0) omitted.push({ table: b.table.name, columns: left });
      const note = left > 0 ? `${entry.columns.length} of ${b.table.columns.length} columns` : '';
      lines.push(b.possible ? `${b.head}${note ? `; ${note}` : ''}` : `${b.head}${note ? `  -- ${note}` : ''}`);
      // A table no column of which is taken shows the columns it joins by (the FROM clause names them
      // for the others): every table listed shows at least one column line.
      const columnsTaken = new Set(mine.filter((i) => i.column !== null).map((i) => i.column));
      if (keyLines && columnsTaken.size === 0) {
        const keys = [...b.fixed, ...[...(joinedBy.get(b.table.name) ?? [])].filter((c) => !b.fixed.has(c))];
        lines.push(...keys.map((c) => keyLine(q, b.table, c, graph)));
      }
      lines.push(...mine.filter((i) => i.column === null).map((i) => i.line), ...mine.filter((i) => i.column !== null).map((i) => i.line));
    }
    lines.push(...joins);
    return { text: lines.join('\n'), omitted, shown: [...shown.values()] };
  };

  let current = render();
  let tokens = count(current.text);
  if (tokens > maxTokens) {
    const text = `${current.text}\n-- over budget: the tables' names and join keys take ${tokens} tokens, more than the ${maxTokens} allowed; every other column is left out`;
    return finish(text, count(text), true);
  }
  // Chosen by the lines' own counts (o200k splits at line ends, so they add up), then checked
  // against the whole text's count: a line taken last is given back while the whole is over. The
  // key lines of the tables left without a column are counted then: a table with one shows none.
  const order = chooseOffers(items, {
    spent: count(render(false).text),
    maxTokens,
    schemaTokens,
    price: options.maxTokens === undefined ? params.columnPrice : 0,
    headings,
  }).map((i) => items[i]!);
  for (const item of order) taken.add(item);
  current = render();
  tokens = count(current.text);
  while (tokens > maxTokens && order.length > 0) {
    taken.delete(order.pop()!);
    current = render();
    tokens = count(current.text);
  }
  return finish(current.text, tokens, false);

  function finish(text: string, total: number, overBudget: boolean): PromptContext {
    const { omitted, shown } = current;
    return { text, tokens: total, maxTokens, tokenizer: TOKENIZER, schemaTokens, shown, omitted, overBudget };
  }
}

/** The first line: which tables are the answer, and which are shown in case. */
function answerLine(answer: readonly string[], inCase: readonly string[]): string {
  return `-- the answer joins ${answer.join(', ')}${inCase.length > 0 ? `; shown in case: ${inCase.join(', ')}` : ''}`;
}

/** A join key's line: its name, its type, and what it references. */
function keyLine(q: (name: string) => string, table: GraphTable, column: string, graph: ContextGraph): string {
  const c = find(table, column);
  const ref = graph.outEdges(table.name).find((e) => e.fromColumns.includes(column));
  const to = ref ? `→ ${ref.toTable}.${ref.toColumns[ref.fromColumns.indexOf(column)]}` : 'join key';
  return columnLine(q, column, c ? columnType(c) : '', [to]);
}

/** A table the prompt may show: the result's, or a possibly needed one (how it joins, and the keys it shows of the table it joins). */
interface Block {
  table: GraphTable;
  entry: TableColumns | null;
  /** Columns shown whenever the table is: the join keys (in the FROM clause, or a possible table's heading). */
  fixed: ReadonlySet<string>;
  head: string;
  possible?: { joins: string; keys: string[] };
}

function addColumn(entry: { columns: string[] } | undefined, column: string): void {
  if (entry && !entry.columns.includes(column)) entry.columns.push(column);
}

/** Token counts of lines, remembered per graph and counter (a column's line is the same for every question but its values). */
const counted = new WeakMap<ContextGraph, WeakMap<TokenCounter, Map<string, number>>>();

function lineCounter(graph: ContextGraph, count: TokenCounter): (line: string, text?: () => string) => number {
  const byCounter = counted.get(graph) ?? new WeakMap<TokenCounter, Map<string, number>>();
  counted.set(graph, byCounter);
  const memo = byCounter.get(count) ?? new Map<string, number>();
  byCounter.set(count, memo);
  return (line, text) => {
    let n = memo.get(line);
    if (n === undefined) {
      n = text ? count(text()) : count(`${line}\n`);
      memo.set(line, n);
    }
    return n;
  };
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
      ];
      lines.push(columnLine(q, c.name, columnType(c), notes));
    }
  }
  return lines.join('\n');
}

/** A column's line: its name and type, and its notes after `--`. */
function columnLine(q: (name: string) => string, name: string, type: string, notes: readonly string[]): string {
  const said = notes.filter((n) => n !== '');
  return `  ${q(name)} ${type}${said.length > 0 ? `  -- ${said.join('; ')}` : ''}`;
}

/**
 * A prompt's notes on a column: the values the question names and a few more of its sample, its
 * description unless it only repeats the column's name (`School Code`: "School Code").
 */
function promptNotes(column: GraphColumn | undefined, named: readonly string[], params: ColumnParams): string[] {
  const notes: string[] = [];
  if (named.length > 0) {
    const values = [...new Set([...named, ...(column?.sample ?? []).map((s) => String(s.value))])].slice(0, params.valuesShown);
    notes.push(`e.g. ${values.map((v) => `'${oneLine(v, params.textChars)}'`).join(', ')}`);
  }
  if (column?.description && !repeatsName(column)) notes.push(oneLine(column.description, params.textChars));
  return notes;
}

function repeatsName(column: GraphColumn): boolean {
  const own = new Set(identifierWords(column.name, { digits: 'split' }));
  return identifierWords(column.description, { digits: 'split' }).every((w) => own.has(w));
}

function find(table: GraphTable, column: string): GraphColumn | undefined {
  return table.columns.find((c) => c.name === column);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
