/**
 * The MCP tool `learn`: question–SQL pairs or SQL statements an agent sends, learned onto the
 * served graph as `guided learn` learns files (`@guided-retrieval/history`), and kept beside the
 * graph file when the server was started with one (else for as long as the server runs).
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import {
  describeLearnReport,
  History,
  type HistoryItem,
  type LearnReport,
  learnInto,
  readHistoryInput,
  saveHistory,
} from '@guided-retrieval/history';
import { MAX_QUESTION_LENGTH } from '@guided-retrieval/retrieval';
import { z } from 'zod';
import { ToolInputError } from './tools.js';

/** Pairs one call may send, and the longest SQL text: bounds on a request, not on what is learned over many. */
const MAX_PAIRS = 10_000;
const MAX_SQL_CHARS = 10_000_000;

export const learnInput = {
  pairs: z
    .array(
      z.object({
        question: z.string().max(MAX_QUESTION_LENGTH).optional().describe('The question the SQL answers, in plain English'),
        sql: z.string().min(1).max(MAX_SQL_CHARS).describe('The SQL that answers it'),
      }),
    )
    .max(MAX_PAIRS)
    .optional()
    .describe('Question–SQL pairs, e.g. a BI tool’s saved questions'),
  sql: z.string().max(MAX_SQL_CHARS).optional().describe('SQL statements separated by semicolons, as a query log holds them (no question)'),
};

export const learnOutput = z.object({
  database: z.string(),
  statements: z.number().describe('Statements read'),
  learned: z.number().describe('Statements learned (their tables and joins)'),
  added: z.number().describe('Of those, new to the history'),
  duplicates: z.number().describe('Of those, already known (the same question and statement)'),
  unparseable: z.number(),
  noTable: z.number().describe('Statements reading no table of the graph (SET, DDL, SELECT 1)'),
  unknownTables: z.record(z.string(), z.number()).describe('Tables the graph lacks, never guessed: their statements are skipped'),
  problems: z
    .array(z.string())
    .describe('One line per kind of trouble: unparseable statements (where and why), unknown tables and columns'),
  historyStatements: z.number().describe('Statements the history now holds'),
  savedTo: z.string().nullable().describe('The history file beside the graph; null when the server has no graph file (kept in memory)'),
});
export type LearnOutput = z.infer<typeof learnOutput>;

/** The served graph's history: learned into one call at a time, saved beside the graph file when there is one. */
export class HistoryStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly graph: ContextGraph,
    /** Where it is saved (`historyPathFor(graph file)`), or null to keep it in memory. */
    private readonly path: string | null,
    private history: History,
  ) {}

  get current(): History {
    return this.history;
  }

  /** Learns `input` (one call's pairs and statements) and saves the result; calls run one after another. */
  learn(input: { pairs?: { question?: string | undefined; sql: string }[] | undefined; sql?: string | undefined }): Promise<LearnOutput> {
    const run = this.queue.then(() => this.learnNow(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async learnNow(input: Parameters<HistoryStore['learn']>[0]): Promise<LearnOutput> {
    const items: HistoryItem[] = (input.pairs ?? []).map((p, i) => ({
      ...(p.question ? { question: p.question } : {}),
      sql: p.sql,
      at: `pairs[${i}]`,
    }));
    if (input.sql !== undefined && input.sql.trim() !== '') items.push(...readHistoryInput(input.sql, 'sql', 'sql').items);
    if (items.length === 0)
      throw new ToolInputError('nothing to learn: send pairs ([{question, sql}]) or sql (statements separated by semicolons)');
    const { history, report } = learnInto(this.history, this.graph, items);
    if (history !== this.history && this.path !== null) await saveHistory(history, this.graph.database, this.path);
    this.history = history;
    return output(this.graph.database, report, history, this.path);
  }
}

function output(database: string, report: LearnReport, history: History, path: string | null): LearnOutput {
  return {
    database,
    statements: report.statements,
    learned: report.learned,
    added: report.added,
    duplicates: report.duplicates,
    unparseable: report.unparseable,
    noTable: report.noTable,
    unknownTables: report.unknownTables,
    problems: describeLearnReport(report).slice(1),
    historyStatements: history.statements,
    savedTo: path,
  };
}

export function renderLearned(out: LearnOutput): string {
  const summary = `Learned ${out.learned} of ${out.statements} statements (${out.added} new, ${out.duplicates} already known); the history of ${out.database} holds ${out.historyStatements}${out.savedTo ? `, saved to ${out.savedTo}` : ' (in memory: the server has no graph file)'}.`;
  return [summary, ...out.problems].join('\n');
}

/** A store for a served graph: its file's history, or an empty one. */
export function historyStore(graph: ContextGraph, path: string | null, history: History | null): HistoryStore {
  return new HistoryStore(graph, path, history ?? History.empty());
}
