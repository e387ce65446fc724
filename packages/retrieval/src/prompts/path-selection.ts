/**
 * The prompt of step 8 (paper §3.3): for each target reached by more than one path, the
 * enumerated paths, numbered; the model picks the path (or, for a table needed in several roles,
 * the paths) that carry the question's meaning.
 */
import type { JoinPath } from '@guided-retrieval/context-graph';
import type { ChatMessage, JsonSchema } from '@guided-retrieval/llm-adapters';
import type { PathSelectionInput } from '../types.js';
import { formatInitialTargets, formatPath } from './format.js';

export const PROMPT_VERSION = 'path-selection/v1';
export const SCHEMA_NAME = 'path_selection';

export interface PathSelectionPrompt {
  version: typeof PROMPT_VERSION;
  messages: ChatMessage[];
  schema: JsonSchema;
  schemaName: string;
  /** Per target, the paths as numbered in the prompt (number n is `offered[target][n - 1]`). */
  offered: Record<string, JoinPath[]>;
}

const SYSTEM = `You choose how a SQL query joins its tables. The join tree starts at the source table; for each target table below, the possible join paths from the source are numbered.
For each target, choose the path whose meaning matches the question. Choose two or more paths for the same target only when the question needs that table in several roles (for example the nation of the supplier and the nation of the customer).
Answer with a JSON object only: {"selections": [{"target": "<table>", "paths": [<path number>, ...], "reason": "<one sentence>"}, ...]}, with one entry per target listed.`;

/**
 * The prompt for the targets that have a choice (`offered`, paths ranked best first, at most
 * `maxPaths` each); null when every target has one path or none, so there is nothing to ask.
 */
export function pathSelectionPrompt(input: PathSelectionInput, offered: Record<string, JoinPath[]>): PathSelectionPrompt | null {
  const ambiguous = input.targets.filter((t) => (offered[t]?.length ?? 0) > 1);
  if (ambiguous.length === 0) return null;
  const fixed = input.targets.filter((t) => (offered[t]?.length ?? 0) === 1);
  const user = [
    `Database: ${input.graph.database}`,
    `Question: ${input.question}`,
    `Source: ${input.source}`,
    `Targets: ${input.targets.join(', ')}`,
    '',
    'Words of the question that matched tables:',
    ...formatInitialTargets(
      input.grounding,
      [input.source, ...input.targets].filter((t) => input.grounding.matches.some((m) => m.table === t)),
    ),
    ...(fixed.length > 0
      ? ['', 'Reached by a single path (no choice needed):', ...fixed.map((t) => `- ${t}: ${formatPath(offered[t]![0]!)}`)]
      : []),
    '',
    'Choose among these paths:',
    ...ambiguous.flatMap((t) => [`${t}:`, ...offered[t]!.map((p, i) => `  ${i + 1}. ${formatPath(p)}`)]),
  ].join('\n');
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      selections: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            target: { type: 'string', enum: ambiguous },
            paths: { type: 'array', items: { type: 'integer' } },
            reason: { type: 'string' },
          },
          required: ['target', 'paths', 'reason'],
          additionalProperties: false,
        },
      },
    },
    required: ['selections'],
    additionalProperties: false,
  };
  return {
    version: PROMPT_VERSION,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: user },
    ],
    schema,
    schemaName: SCHEMA_NAME,
    offered: Object.fromEntries(ambiguous.map((t) => [t, offered[t]!])),
  };
}
