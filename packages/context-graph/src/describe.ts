/**
 * LLM-written descriptions and aliases for a context graph's tables and columns
 * (`C_ACCTBAL` → "customer account balance"), merged into a new graph so that grounding indexes
 * them. The model is any chat model with structured output (`ChatModel` of
 * `@guided-retrieval/llm-adapters` fits); its on-disk cache makes reruns free.
 */
import { isRecord } from '@guided-retrieval/profiler/files';
import { ContextGraph } from './graph.js';
import type { ContextGraphData, GraphColumn, GraphTable } from './types.js';

/** The part of `ChatModel` (llm-adapters) this needs, so that this package depends on no model code. */
export interface DescribeChatModel {
  readonly id: string;
  complete(request: {
    messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
    jsonSchema?: object;
    schemaName?: string;
    signal?: AbortSignal;
  }): Promise<{ content: string; json?: unknown }>;
}

export interface DescribeOptions {
  /** Columns per model call (default 40); a wider table takes several calls. */
  batchSize?: number;
  /** Which columns to ask about: those without a description (default) or all. */
  columns?: 'undescribed' | 'all';
  /** At most this many aliases kept per table or column (default 5). */
  maxAliases?: number;
  signal?: AbortSignal;
  /** Told about each call that failed or answered unusably; the graph keeps what it had there. */
  onWarning?: (message: string) => void;
}

interface Described {
  description: string;
  aliases: string[];
}

const SYSTEM = `You document a relational database for people who will search it in plain English.
For the table and each column listed, write a short description (at most 12 words, what it holds, with abbreviations spelled out) and up to 5 aliases: other words or short phrases a user might call it by. For a cryptic name such as C_ACCTBAL write e.g. "customer account balance". Do not invent columns.
Answer with a JSON object only: {"table": {"description": "...", "aliases": ["..."]}, "columns": [{"name": "<column>", "description": "...", "aliases": ["..."]}]}.`;

const DESCRIBED_SCHEMA = {
  type: 'object',
  properties: { description: { type: 'string' }, aliases: { type: 'array', items: { type: 'string' } } },
  required: ['description', 'aliases'],
  additionalProperties: false,
};

/** The prompt for one batch of one table's columns. */
function describePrompt(graph: ContextGraph, table: GraphTable, columns: readonly GraphColumn[]) {
  const joins = graph.outEdges(table.name).map((e) => `${e.fromColumns.join(', ')} → ${e.toTable}.${e.toColumns.join(', ')}`);
  const lines = [
    `Database: ${graph.database}`,
    `Table: ${table.name}${table.description ? ` (documented as: ${table.description})` : ''}`,
    ...(joins.length > 0 ? [`Foreign keys: ${joins.join('; ')}`] : []),
    `Other columns: ${
      table.columns
        .filter((c) => !columns.includes(c))
        .map((c) => c.name)
        .join(', ') || '(none)'
    }`,
    'Columns to describe:',
    ...columns.map((c) => {
      const sample = c.sample.slice(0, 3).map((s) => JSON.stringify(String(s.value).slice(0, 40)));
      const type = c.declaredType || c.inferredType;
      return `- ${c.name} (${type}${sample.length > 0 ? `; e.g. ${sample.join(', ')}` : ''})${c.description ? `: documented as: ${c.description}` : ''}`;
    }),
  ];
  const schema = {
    type: 'object',
    properties: {
      table: DESCRIBED_SCHEMA,
      columns: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string', enum: columns.map((c) => c.name) }, ...DESCRIBED_SCHEMA.properties },
          required: ['name', 'description', 'aliases'],
          additionalProperties: false,
        },
      },
    },
    required: ['table', 'columns'],
    additionalProperties: false,
  };
  return {
    messages: [
      { role: 'system' as const, content: SYSTEM },
      { role: 'user' as const, content: lines.join('\n') },
    ],
    jsonSchema: schema,
    schemaName: 'describe_table',
  };
}

/**
 * Asks `model`, one table at a time (in batches of `batchSize` columns), for descriptions and
 * aliases, and returns a new graph with them merged: a description fills only an empty one
 * (documentation wins), aliases are added to those already there. The input graph is unchanged.
 */
export async function describeGraph(graph: ContextGraph, model: DescribeChatModel, options: DescribeOptions = {}): Promise<ContextGraph> {
  const batchSize = Math.max(1, options.batchSize ?? 40);
  const maxAliases = options.maxAliases ?? 5;
  const data: ContextGraphData = structuredClone(graph.toData());
  const warn = options.onWarning ?? (() => {});
  for (const table of data.tables) {
    const wanted = options.columns === 'all' ? table.columns : table.columns.filter((c) => c.description.trim() === '');
    const batches: GraphColumn[][] = [];
    for (let i = 0; i < Math.max(wanted.length, 1); i += batchSize) batches.push(wanted.slice(i, i + batchSize));
    for (const [b, batch] of batches.entries()) {
      const prompt = describePrompt(graph, table, batch);
      let answer: unknown;
      try {
        answer = (await model.complete({ ...prompt, ...(options.signal ? { signal: options.signal } : {}) })).json;
      } catch (error) {
        warn(`${table.name}: ${model.id} failed (${error instanceof Error ? error.message : String(error)}); left as it was`);
        continue;
      }
      if (!isRecord(answer)) {
        warn(`${table.name}: ${model.id} gave no JSON object; left as it was`);
        continue;
      }
      if (b === 0) {
        const t = described(answer.table);
        if (t) merge(table, t, maxAliases);
      }
      for (const item of Array.isArray(answer.columns) ? answer.columns : []) {
        const name = isRecord(item) && typeof item.name === 'string' ? item.name : '';
        const column = batch.find((c) => c.name.toLowerCase() === name.toLowerCase());
        const d = described(item);
        if (!column) warn(`${table.name}: ${model.id} described unknown column ${JSON.stringify(name)}; ignored`);
        else if (d) merge(column, d, maxAliases);
      }
    }
  }
  return new ContextGraph(data);
}

function described(value: unknown): Described | null {
  if (!isRecord(value)) return null;
  const description = typeof value.description === 'string' ? value.description.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
  const aliases = Array.isArray(value.aliases) ? value.aliases.filter((a): a is string => typeof a === 'string') : [];
  return { description, aliases };
}

function merge(target: { name: string; description: string; aliases: string[] }, d: Described, maxAliases: number): void {
  if (target.description.trim() === '' && d.description) target.description = d.description;
  const seen = new Set([target.name.toLowerCase(), ...target.aliases.map((a) => a.toLowerCase())]);
  let added = 0;
  for (const raw of d.aliases) {
    const alias = raw.replace(/\s+/g, ' ').trim();
    if (added >= maxAliases || alias.length === 0 || alias.length > 60 || seen.has(alias.toLowerCase())) continue;
    seen.add(alias.toLowerCase());
    target.aliases.push(alias);
    added++;
  }
}
