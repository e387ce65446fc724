/**
 * The retrieval result as other programs receive it: `RetrievalResult` without its trace (the
 * per-phase detail and timings). Defined once here, as a zod schema; the JSON Schema checked in
 * as `schema/retrieval-result.schema.json` is generated from it (`retrievalResultJsonSchema`), and
 * the MCP tool `retrieve_tables` publishes it as its output schema; `guided retrieve --json` and the
 * HTTP API's `POST /api/retrieve` answer with the same shape plus their own fields (`trace`, `preview`).
 */

import { ENGINES } from '@guided-retrieval/profiler';
import type { RetrievalResult } from '@guided-retrieval/retrieval';
import { z } from 'zod';

export const joinTreeNodeSchema = z.object({
  alias: z
    .string()
    .describe(
      'Unique within the tree: the table name in lower case, or `table_parent` for a table in several roles (NATION as nation_supplier and nation_customer)',
    ),
  table: z.string().describe('The table, as the schema spells it'),
  parent: z.string().nullable().describe("The parent node's alias; null at the root"),
  join: z
    .object({
      edge: z.string().describe('The join edge the node hangs from, as the graph stores it (`LINEITEM(L_SUPPKEY)->SUPPLIER(S_SUPPKEY)`)'),
      direction: z
        .enum(['forward', 'reverse'])
        .describe('`forward`: the parent holds the reference; `reverse`: the node does (a shared dimension joined backwards)'),
      columns: z
        .array(z.object({ parent: z.string(), child: z.string() }))
        .describe("The join predicate as column pairs: the parent's column equals this node's (`sql` renders them)"),
    })
    .nullable()
    .describe('How the node joins its parent; null at the root'),
});

const columnRoleSchema = z
  .enum(['filter', 'measure', 'label', 'date', 'key', 'identifier'])
  .describe(
    'filter: the question names a value of it (WHERE); measure: an amount or count word points at it; label: the question names it, or it names the rows asked about (SELECT, GROUP BY); date: a date word points at it; key: the join tree joins on it; identifier: the primary key',
  );

export const tableColumnsSchema = z.object({
  table: z.string(),
  columns: z
    .array(
      z.object({
        column: z.string(),
        type: z.string().describe('The declared type, or the inferred one when none is declared'),
        roles: z.array(columnRoleSchema).describe('What the column does in the query; empty for a column only likely'),
        likelihood: z.number().describe('How likely the query reads it, in [0, 1] (the fitted column model; 1 for a join key)'),
        why: z.string().describe('The evidence in words'),
        evidence: z.array(
          z.object({
            kind: z.enum(['value', 'column', 'alias', 'measure', 'time', 'join', 'name', 'table']),
            words: z.string().describe("The question's words (for a join, the predicate)"),
            via: z.string().optional().describe('How the words matched (exact, lemma, synonym…)'),
            score: z.number(),
          }),
        ),
        values: z.array(z.string()).describe('Values of the column the question names'),
      }),
    )
    .describe('The columns the question needs, likeliest first'),
  likely: z
    .array(z.object({ column: z.string(), type: z.string(), likelihood: z.number() }))
    .describe('The next likeliest columns: a prompt shows those worth their tokens while its budget allows'),
  total: z.number().describe('How many columns the table has'),
  possible: z
    .object({
      joins: z.string().describe("The result's table it joins"),
      on: z
        .array(z.object({ column: z.string(), to: z.string() }))
        .describe("The join edge's column pairs: this table's column, then the joined table's"),
      why: z.string().describe("Why it may be needed: the question's words it matched, the candidate tree holding it"),
    })
    .optional()
    .describe('Set on a table beyond the result that the question may need (listed after the retrieved tables)'),
});

export const retrievalResultSchema = z
  .object({
    question: z.string().describe('The question, trimmed'),
    database: z.string().describe('The database the context graph describes'),
    source: z.string().nullable().describe('The root table of the join tree; null when nothing was retrieved (then `reason` says why)'),
    targets: z.array(z.string()).describe('The tables the question needs besides the source'),
    tables: z.array(z.string()).describe('Every table to read, each once: the join tree in order, then the unjoined ones'),
    unjoined: z
      .array(z.string())
      .describe('Tables the question needs that no join edge connects to the tree: the FROM clause cannot say how to join them'),
    joinTree: z
      .object({
        dialect: z.enum(ENGINES).describe('The SQL engine the FROM clause is quoted for'),
        nodes: z
          .array(joinTreeNodeSchema)
          .describe('Topologically ordered: every parent before its children; empty when nothing was retrieved'),
      })
      .describe('The join tree rooted at the source'),
    sql: z.string().nullable().describe('`FROM … JOIN … ON …` over the join tree; null when nothing was retrieved'),
    explanations: z.record(z.string(), z.string()).describe('For each retrieved table, why it is there'),
    columns: z
      .array(tableColumnsSchema)
      .describe(
        'For each retrieved table, in order: the columns the question needs (with roles and why), then the next likeliest; then the tables beyond the tree the question may need (`possible`)',
      ),
    reason: z.string().nullable().describe('Why nothing was retrieved, or which needed tables could not be joined; null otherwise'),
    confidence: z
      .object({
        tree: z.number().describe("The returned tree's probability among the candidate trees (calibrated out of fold), in [0, 1]"),
        tables: z
          .record(z.string(), z.number())
          .describe('Table → probability the question needs it: every returned table, and any other likely enough to list'),
        uncertain: z.boolean().describe('The returned tree is not clearly ahead of the others: check it before trusting it'),
      })
      .nullable()
      .describe(
        'How sure the fitted choice is; null when the disambiguator gives no probabilities (the heuristic, an LLM) or nothing was found',
      ),
  })
  // Open at the top: `guided retrieve --json` adds the per-phase `trace`, the HTTP API a row `preview`.
  .loose()
  .meta({
    title: 'RetrievalResult',
    description:
      'The tables a question needs and how to join them (Guided Retrieval). The same shape from MCP (retrieve_tables), `guided retrieve --json` (which adds `trace`) and the HTTP API (which adds `preview`).',
  });

export type RetrievalOutput = z.infer<typeof retrievalResultSchema>;

/** The result's shape without its trace: exactly what `retrievalResultSchema` describes. */
export function toRetrievalOutput(result: RetrievalResult): RetrievalOutput {
  return {
    question: result.question,
    database: result.database,
    source: result.source,
    targets: [...result.targets],
    tables: [...result.tables],
    unjoined: [...result.unjoined],
    joinTree: {
      dialect: result.joinTree.dialect,
      nodes: result.joinTree.nodes.map((n) => ({
        alias: n.alias,
        table: n.table,
        parent: n.parent,
        join: n.join && { edge: n.join.edge, direction: n.join.direction, columns: n.join.columns.map((c) => ({ ...c })) },
      })),
    },
    sql: result.sql,
    explanations: { ...result.explanations },
    columns: result.columns.map((t) => ({
      table: t.table,
      columns: t.columns.map((c) => ({
        ...c,
        roles: [...c.roles],
        evidence: c.evidence.map((e) => ({ ...e })),
        values: [...c.values],
      })),
      likely: t.likely.map((l) => ({ ...l })),
      total: t.total,
      ...(t.possible ? { possible: { ...t.possible, on: t.possible.on.map((p) => ({ ...p })) } } : {}),
    })),
    reason: result.reason,
    confidence: result.confidence && { ...result.confidence, tables: { ...result.confidence.tables } },
  };
}

/**
 * The JSON Schema of the result, as checked in and as MCP clients receive it: draft 7 (what the
 * MCP SDK publishes output schemas as, and what most validators read), the output side of the zod
 * schema (nested objects closed; the top level open to the fields `--json` and the HTTP API add).
 */
export function retrievalResultJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(retrievalResultSchema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
}
