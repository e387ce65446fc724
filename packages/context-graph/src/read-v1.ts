/**
 * A version 1 graph file (the graph's data as indented JSON, written until version 2), checked in
 * one pass before a graph is built from it: a file of the right outer shape but wrong inner types
 * (a null table, `columns` not a list, an edge whose two sides have different numbers of columns)
 * is refused with the JSON path of the first problem, never a JavaScript error from deep inside.
 * zod is loaded when the first such file is read: a version 2 file, read by hand, never needs it.
 */
import { createRequire } from 'node:module';
import { ENGINES } from '@guided-retrieval/profiler/files';
import { valueFilterProblem } from '@guided-retrieval/profiler/values';
import type * as Zod from 'zod';
import { namespaceFromName } from './namespace.js';
import { INFERRED_TYPES } from './read-v2.js';
import { type ContextGraphData, GRAPH_FORMAT_VERSION } from './types.js';

/** The version 1 file's schema (zod), made on first use. */
function fileSchema(z: typeof Zod.z) {
  const name = z.string().min(1);
  const scalar = z.union([z.string(), z.number(), z.null()]);

  const column = z.object({
    name,
    declaredType: z.string(),
    inferredType: z.enum(INFERRED_TYPES),
    description: z.string(),
    aliases: z.array(z.string()),
    stats: z
      .object({ rowCount: z.number(), count: z.number(), nulls: z.number(), distinct: z.number(), min: scalar, max: scalar })
      .nullable(),
    sample: z.array(z.object({ value: z.union([z.string(), z.number()]), count: z.number() })),
    values: z
      .object({
        complete: z.boolean(),
        distinct: z.number(),
        list: z.array(z.string()).optional(),
        filter: z
          .object({
            scheme: z.string(),
            keys: z.number(),
            parts: z.boolean(),
            bits: z.number().int().positive(),
            hashes: z.number().int().positive().max(64),
            data: z.string(),
          })
          .superRefine((filter, context) => {
            const wrong = valueFilterProblem(filter);
            if (wrong) context.addIssue({ code: 'custom', message: wrong.problem, path: [wrong.field] });
          })
          .optional(),
        hashed: z.boolean().optional(),
      })
      .optional(),
  });

  const table = z.object({
    name,
    schema: z.string().min(1).optional(),
    kind: z.enum(['view', 'materialized view']).optional(),
    description: z.string(),
    aliases: z.array(z.string()),
    rowCount: z.number(),
    primaryKey: z.array(z.string()),
    columns: z.array(column),
  });

  const edge = z
    .object({
      id: name,
      fromTable: name,
      fromColumns: z.array(name).min(1),
      toTable: name,
      toColumns: z.array(name).min(1),
      origin: z.enum(['declared', 'inferred']),
      confidence: z.number().min(0).max(1),
      evidence: z.array(z.string()),
      role: name.optional(),
    })
    .refine((e) => e.fromColumns.length === e.toColumns.length, {
      message: 'fromColumns and toColumns must pair up (as many on each side)',
      path: ['toColumns'],
    });

  return z.object({
    formatVersion: z.literal(1),
    database: z.string(),
    engine: z.enum(ENGINES).optional(),
    tables: z.array(table),
    edges: z.array(edge),
  });
}

let graphFile: ReturnType<typeof fileSchema> | undefined;

/**
 * The data (in memory, a graph is of the version it would be saved as), or the first problem as
 * `path: message` (`tables[3].columns: expected array`).
 */
export function checkGraphV1(json: unknown): { ok: true; data: ContextGraphData } | { ok: false; problem: string } {
  graphFile ??= fileSchema((createRequire(import.meta.url)('zod') as typeof Zod).z);
  const parsed = graphFile.safeParse(json);
  if (parsed.success) {
    // Version 1 has no namespaces: a table's is what comes before the last dot of its name.
    const tables = parsed.data.tables.map((t) => {
      const namespace = namespaceFromName(t.name);
      return namespace === undefined ? t : { ...t, namespace };
    });
    return { ok: true, data: { ...parsed.data, tables, formatVersion: GRAPH_FORMAT_VERSION } as ContextGraphData };
  }
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: `${jsonPath(issue.path)}: ${issue.message.toLowerCase()}` };
}

function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
  return out === '' ? '(top level)' : out;
}
