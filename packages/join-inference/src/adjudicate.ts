import type { ChatModel, ChatRequest } from '@guided-retrieval/llm-adapters';
import type { ColumnProfile, DatabaseProfile } from '@guided-retrieval/profiler';
import { isRecord } from '@guided-retrieval/profiler/files';
import { defaultJoinParams, type JoinParams } from './params.js';
import type { JoinAdjudicator, JoinEdge } from './types.js';

/** Bump when the prompt's wording or answer shape changes (cached answers then no longer apply). */
export const ADJUDICATION_PROMPT_VERSION = 1;

export interface AdjudicatorOptions {
  /** The batch size and the sample values shown (default: `params/join-inference.json`). */
  params?: JoinParams;
  /** Candidates per model call (default: `adjudicationBatchSize`): keeps each prompt small. */
  batchSize?: number;
  /** Per model call (default: the model's own). */
  timeoutMs?: number;
  /** What went wrong with a call or an answer; the statistics' own verdict then stands. */
  onNote?: (note: string) => void;
}

const SYSTEM = [
  'You review candidate foreign keys found in a database by statistics: each candidate says that',
  'every value of a referencing column is a value of a referenced key column. Statistics find',
  'coincidental overlaps too (small integers that fit any key, codes shared by unrelated tables).',
  'For each candidate, answer whether the referencing column really refers to rows of the',
  'referenced table, judging from the table and column names, the sample values and the evidence.',
  'Answer only about the candidates given, by their number.',
].join(' ');

const ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    verdicts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { candidate: { type: 'integer' }, holds: { type: 'boolean' }, reason: { type: 'string' } },
        required: ['candidate', 'holds'],
      },
    },
  },
  required: ['verdicts'],
} as const;

function describeColumn(profile: DatabaseProfile, table: string, columns: readonly string[], sampleValues: number): string {
  const t = profile.tables.find((x) => x.name === table);
  return columns
    .map((name) => {
      const c: ColumnProfile | undefined = t?.columns.find((x) => x.name === name);
      if (!c) return `${table}.${name}`;
      const values = c.sample
        .slice(0, sampleValues)
        .map((s) => JSON.stringify(s.value))
        .join(', ');
      return `${table}.${name} (${c.declaredType || c.inferredType}; ${c.distinct} distinct of ${t!.rowCount} rows; e.g. ${values || 'no values'})`;
    })
    .join(' + ');
}

/** The user message for one batch: numbered candidates with what the statistics saw (at most `sampleValues` values a column). */
export function adjudicationPrompt(candidates: readonly JoinEdge[], profile: DatabaseProfile, sampleValues: number): string {
  const lines = candidates.map((edge, i) =>
    [
      `${i + 1}. ${describeColumn(profile, edge.fromTable, edge.fromColumns, sampleValues)}`,
      `   references ${describeColumn(profile, edge.toTable, edge.toColumns, sampleValues)}`,
      `   evidence: ${edge.evidence.join('; ')}`,
    ].join('\n'),
  );
  return [
    `Database: ${profile.database} (${profile.tables.length} tables: ${profile.tables.map((t) => t.name).join(', ')})`,
    '',
    'Candidates:',
    ...lines,
    '',
    'Return {"verdicts": [{"candidate": <number>, "holds": true|false, "reason": "<a few words>"}]}.',
  ].join('\n');
}

/**
 * An adjudicator backed by a chat model: it may only confirm or reject the candidates it is
 * shown. A verdict for a number it was not shown, a malformed answer or a failed call leaves
 * those candidates undecided, and inference then keeps its own threshold for them.
 */
export function createJoinAdjudicator(model: ChatModel, options: AdjudicatorOptions = {}): JoinAdjudicator {
  const params = options.params ?? defaultJoinParams();
  const batchSize = Math.max(1, options.batchSize ?? params.adjudicationBatchSize);
  const note = options.onNote ?? (() => {});
  return {
    id: `llm:${model.id}`,
    async judge(candidates, profile) {
      const verdicts = new Map<string, boolean>();
      for (let start = 0; start < candidates.length; start += batchSize) {
        const batch = candidates.slice(start, start + batchSize);
        const request: ChatRequest = {
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: adjudicationPrompt(batch, profile, params.adjudicationSampleValues) },
          ],
          jsonSchema: ANSWER_SCHEMA,
          schemaName: `join_adjudication_v${ADJUDICATION_PROMPT_VERSION}`,
          temperature: 0,
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        };
        let answer: unknown;
        try {
          answer = (await model.complete(request)).json;
        } catch (error) {
          note(
            `${model.id} failed on candidates ${start + 1}–${start + batch.length}: ${error instanceof Error ? error.message : String(error)}`,
          );
          continue;
        }
        if (!isRecord(answer) || !Array.isArray(answer.verdicts)) {
          note(`${model.id} answered without a verdicts list: candidates ${start + 1}–${start + batch.length} left to the statistics`);
          continue;
        }
        for (const verdict of answer.verdicts) {
          const candidate = isRecord(verdict) ? verdict.candidate : undefined;
          const holds = isRecord(verdict) ? verdict.holds : undefined;
          const edge = typeof candidate === 'number' && Number.isInteger(candidate) ? batch[candidate - 1] : undefined;
          if (!edge || typeof holds !== 'boolean') {
            note(`${model.id} gave a verdict for a candidate it was not shown: ignored`);
            continue;
          }
          verdicts.set(edge.id, holds);
        }
      }
      return verdicts;
    },
  };
}
