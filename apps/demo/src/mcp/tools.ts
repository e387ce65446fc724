/**
 * What the MCP tools answer, apart from any transport: the input and output schemas (zod) and
 * the functions that fill them from a context graph and a retriever. `server.ts` registers them.
 */

import type { ContextGraph, GraphTable, JoinEdge } from '@guided-retrieval/context-graph';
import {
  defaultColumnParams,
  MAX_QUESTION_LENGTH,
  PROMPT_MODES,
  type PromptMode,
  RetrievalInputError,
  type Retriever,
} from '@guided-retrieval/retrieval';
import { z } from 'zod';
import { renderTree } from '../render.js';
import { type RetrievalOutput, toRetrievalOutput } from './result-schema.js';
import type { McpToolName } from './tool-names.js';

/** Sample values shown per column, and the longest shown (in characters). */
const SAMPLE_VALUES = 5;
const SAMPLE_CHARS = 80;
/** Near names offered for an unknown table. */
const NEAR_NAMES = 3;

/** A tool's answer that the agent can act on but is not a result: sent as `isError`. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

export const retrieveTablesInput = {
  question: z
    .string()
    .trim()
    .min(1)
    .max(MAX_QUESTION_LENGTH)
    .describe('The question, in plain English, e.g. "Which Indian suppliers are shipping the most to China?"'),
};

export const schemaContextInput = {
  question: retrieveTablesInput.question,
  mode: z
    .enum(PROMPT_MODES)
    .optional()
    .describe(
      'recall (default): the join tree, then the tables most likely needed beyond it while the budget allows (for an LLM writing SQL: an extra table costs little, a missing one fails); exact: the join tree alone (for a query compiler)',
    ),
  maxTokens: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe(
      `The most tokens (o200k_base) the context may take, filled with the likeliest columns; when absent, the columns worth their share of the schema, at most ${defaultColumnParams().defaultMaxTokens} tokens`,
    ),
};

export const schemaContextOutput = z.object({
  question: z.string(),
  database: z.string(),
  text: z
    .string()
    .describe(
      'The schema context to put in the prompt: tables, the columns the question needs with types, values and descriptions, the likely ones, the possibly needed tables and how they join, the joins',
    ),
  tokens: z.number().describe('Tokens of `text`'),
  maxTokens: z.number(),
  tokenizer: z.string().describe('The encoding tokens are counted with'),
  schemaTokens: z.number().describe('Tokens of the whole schema in the same form: what `text` saves against'),
  shown: z
    .array(z.object({ table: z.string(), columns: z.array(z.string()), possible: z.literal(true).optional() }))
    .describe('The columns `text` shows, per table; `possible` on a table beyond the join tree the question may need'),
  omitted: z.array(z.object({ table: z.string(), columns: z.number() })).describe('How many columns of each table it leaves out'),
  overBudget: z
    .boolean()
    .describe("The tables' names and join keys alone need more than maxTokens: `text` is those and a line saying what was left out"),
  sql: z.string().nullable().describe('The FROM clause; null when nothing was retrieved'),
  reason: z.string().nullable(),
});
export type SchemaContextOutput = z.infer<typeof schemaContextOutput>;

export const describeTableInput = {
  // Not trimmed here: a table may be named with a space at either end (describeTable tries the name as given first).
  table: z
    .string()
    .min(1)
    .max(500)
    .refine((s) => s.trim() !== '', 'a table name, not blank')
    .describe('The table name, as list_tables or retrieve_tables gives it (case-insensitive)'),
};

const joinEdgeSchema = z.object({
  fromTable: z.string().describe('The table holding the key'),
  fromColumns: z.array(z.string()),
  toTable: z.string().describe('The table it references'),
  toColumns: z.array(z.string()),
  origin: z.enum(['declared', 'inferred']).describe('declared by the schema, or inferred from the data and names'),
  confidence: z.number().describe('1 for declared keys; in (0, 1) for inferred ones'),
});

export const describeTableOutput = z.object({
  database: z.string(),
  table: z.string().describe('The table, as the schema spells it'),
  description: z.string().describe('From the schema documentation or a model; may be empty'),
  aliases: z.array(z.string()),
  rowCount: z.number(),
  primaryKey: z.array(z.string()),
  columns: z.array(
    z.object({
      name: z.string(),
      type: z.string().describe('The declared type, or the inferred one when none is declared'),
      inferredType: z.string().describe('The type the profiler read from the values'),
      description: z.string(),
      aliases: z.array(z.string()),
      distinct: z.number().nullable().describe('Distinct values in the profiled rows; null when not profiled'),
      nulls: z.number().nullable(),
      sampleValues: z
        .array(z.union([z.string(), z.number()]))
        .describe(`Up to ${SAMPLE_VALUES} frequent values (text cut at ${SAMPLE_CHARS} characters)`),
    }),
  ),
  joinsOut: z.array(joinEdgeSchema).describe('Keys this table holds: it joins to toTable on fromColumns = toColumns'),
  joinsIn: z.array(joinEdgeSchema).describe('Keys other tables hold that reference this one'),
});
export type DescribeTableOutput = z.infer<typeof describeTableOutput>;

export const listTablesOutput = z.object({
  database: z.string(),
  tables: z.array(z.object({ name: z.string(), rowCount: z.number(), columnCount: z.number(), description: z.string() })),
});
export type ListTablesOutput = z.infer<typeof listTablesOutput>;

export const TOOL_DESCRIPTIONS: Readonly<Record<McpToolName, string>> = {
  retrieve_tables:
    'Find the tables a question about the database needs and how to join them: a minimal join tree (aliases and ON predicates) and the SQL FROM clause to build a query on, with why each table is there. Call it before writing SQL; when nothing is retrieved, `reason` says why.',
  describe_table:
    'Describe one table: its columns (type, description, a few sample values), primary key, and the joins to and from other tables.',
  list_tables: 'List every table of the database with its row and column counts.',
  learn:
    "Teach the server this team's own SQL: question–SQL pairs (`pairs`) or SQL statements (`sql`, a query log). Each statement is parsed onto the database's tables and columns (the tables it reads, the joins it makes); tables the database lacks are named, never guessed. What is learned is kept beside the graph file (no SQL is stored); learning the same pairs again changes nothing.",
  schema_context:
    'The schema context to write the SQL for a question from, ready for a prompt and within a token budget: the tables the question needs, the columns it needs with types, roles (filter, measure, label, date, key, identifier) and the values it names, the likeliest other columns while the budget allows, and the joins as a FROM clause.',
};

/** Retrieves for one question; a question the retriever refuses is a `ToolInputError`. */
export async function retrieveTables(retriever: Retriever, question: string): Promise<RetrievalOutput> {
  try {
    return toRetrievalOutput(await retriever.retrieve(question));
  } catch (error) {
    if (error instanceof RetrievalInputError) throw new ToolInputError(error.message);
    throw error;
  }
}

/** The prompt context for one question; a question the retriever refuses is a `ToolInputError`. */
export async function schemaContext(
  retriever: Retriever,
  question: string,
  maxTokens?: number,
  mode?: PromptMode,
): Promise<SchemaContextOutput> {
  try {
    const result = await retriever.retrieve(question);
    const prompt = retriever.promptContext(result, { ...(maxTokens === undefined ? {} : { maxTokens }), ...(mode ? { mode } : {}) });
    return {
      question: result.question,
      database: result.database,
      ...prompt,
      shown: prompt.shown.map((s) => ({ table: s.table, columns: [...s.columns], ...(s.possible ? { possible: true as const } : {}) })),
      omitted: prompt.omitted.map((o) => ({ ...o })),
      sql: result.sql,
      reason: result.reason,
    };
  } catch (error) {
    if (error instanceof RetrievalInputError) throw new ToolInputError(error.message);
    throw error;
  }
}

export function renderRetrieval(out: RetrievalOutput): string {
  if (out.source === null) return `No tables retrieved from ${out.database}: ${out.reason ?? 'nothing matched'}`;
  const lines = [`Tables: ${out.tables.join(', ')}`, '', ...renderTree(out.joinTree), '', out.sql ?? ''];
  if (out.unjoined.length > 0) lines.push('', `Also needed, joined to nothing (no key connects them): ${out.unjoined.join(', ')}`);
  if (out.reason) lines.push('', `Note: ${out.reason}`);
  lines.push('', 'Why:', ...Object.entries(out.explanations).map(([table, why]) => `  ${table}: ${why}`));
  return lines.join('\n');
}

const edge = (e: JoinEdge) => ({
  fromTable: e.fromTable,
  fromColumns: [...e.fromColumns],
  toTable: e.toTable,
  toColumns: [...e.toColumns],
  origin: e.origin,
  confidence: e.confidence,
});

const sampleValue = (value: string | number) =>
  typeof value === 'string' && value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS - 1)}…` : value;

/** One table's columns, key and joins; an unknown name is a `ToolInputError` naming near ones. */
export function describeTable(graph: ContextGraph, name: string): DescribeTableOutput {
  const table = graph.table(name) ?? graph.table(name.trim());
  if (!table) throw new ToolInputError(unknownTable(graph, name.trim()));
  return {
    database: graph.database,
    table: table.name,
    description: table.description,
    aliases: [...table.aliases],
    rowCount: table.rowCount,
    primaryKey: [...table.primaryKey],
    columns: table.columns.map((c) => ({
      name: c.name,
      type: c.declaredType || c.inferredType,
      inferredType: c.inferredType,
      description: c.description,
      aliases: [...c.aliases],
      distinct: c.stats?.distinct ?? null,
      nulls: c.stats?.nulls ?? null,
      sampleValues: c.sample.slice(0, SAMPLE_VALUES).map((s) => sampleValue(s.value)),
    })),
    joinsOut: graph.outEdges(table.name).map(edge),
    joinsIn: graph.inEdges(table.name).map(edge),
  };
}

export function renderDescription(d: DescribeTableOutput): string {
  const join = (e: z.infer<typeof joinEdgeSchema>) =>
    `${e.fromTable}(${e.fromColumns.join(', ')}) → ${e.toTable}(${e.toColumns.join(', ')})${e.origin === 'inferred' ? ` (inferred, ${e.confidence.toFixed(2)})` : ''}`;
  const lines = [
    `${d.table} in ${d.database}: ${d.rowCount} rows${d.primaryKey.length > 0 ? `, primary key (${d.primaryKey.join(', ')})` : ''}${d.description ? ` — ${d.description}` : ''}`,
    'Columns:',
    ...d.columns.map(
      (c) =>
        `  ${c.name} ${c.type}${c.description ? ` — ${c.description}` : ''}${c.sampleValues.length > 0 ? `; e.g. ${c.sampleValues.map((v) => JSON.stringify(v)).join(', ')}` : ''}`,
    ),
    `Joins out: ${d.joinsOut.map(join).join('; ') || 'none'}`,
    `Joins in: ${d.joinsIn.map(join).join('; ') || 'none'}`,
  ];
  return lines.join('\n');
}

export function listTables(graph: ContextGraph): ListTablesOutput {
  return {
    database: graph.database,
    tables: graph.tables.map((t: GraphTable) => ({
      name: t.name,
      rowCount: t.rowCount,
      columnCount: t.columns.length,
      description: t.description,
    })),
  };
}

export function renderTableList(list: ListTablesOutput): string {
  const lines = list.tables.map((t) => `${t.name}: ${t.rowCount} rows, ${t.columnCount} column${t.columnCount === 1 ? '' : 's'}`);
  return [`${list.database}: ${list.tables.length} table${list.tables.length === 1 ? '' : 's'}`, ...lines].join('\n');
}

/**
 * "no table X in db; the nearest names: A, B, C": names that contain it or that it contains first, then by edit
 * distance (case-insensitive).
 */
export function unknownTable(graph: ContextGraph, name: string): string {
  const near = nearNames(
    graph.tables.map((t) => t.name),
    name,
    NEAR_NAMES,
  );
  return `no table ${JSON.stringify(name)} in ${graph.database}${near.length > 0 ? `; the nearest names: ${near.join(', ')}` : ''} (list_tables lists all ${graph.tables.length})`;
}

export function nearNames(names: readonly string[], wanted: string, count: number): string[] {
  const w = wanted.toLowerCase();
  const scored = names.map((name) => {
    const n = name.toLowerCase();
    // a name that contains the other (orders ⊂ order_items) is near whatever its edit distance
    const contains = w.length > 0 && (n.includes(w) || w.includes(n));
    const distance = editDistance(n, w);
    return { name, contains, distance, near: contains || distance <= Math.max(2, Math.floor(Math.max(n.length, w.length) / 3)) };
  });
  scored.sort((a, b) => Number(b.contains) - Number(a.contains) || a.distance - b.distance || a.name.localeCompare(b.name));
  // the near ones; failing any, the closest few all the same
  const near = scored.filter((s) => s.near);
  return (near.length > 0 ? near : scored).slice(0, count).map((s) => s.name);
}

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
