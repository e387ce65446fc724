/**
 * The prompt of steps 5–6 (paper §3.3): the question, the candidate sources with coverage and
 * reachability, T0 with its grounding matches, and the tables the model may choose from.
 */
import type { ChatMessage, JsonSchema } from '@guided-retrieval/llm-adapters';
import type { PromptParams } from '../params.js';
import type { CandidateSource, DisambiguationInput } from '../types.js';
import { formatInitialTargets, formatTables } from './format.js';

export const PROMPT_VERSION = 'source-targets/v1';
export const SCHEMA_NAME = 'source_and_targets';

export interface SourceTargetsPrompt {
  version: typeof PROMPT_VERSION;
  messages: ChatMessage[];
  schema: JsonSchema;
  schemaName: string;
  /** The tables the schema lets the model name as targets. */
  tables: string[];
}

const SYSTEM = `You pick the tables that a SQL query over a relational database needs in order to answer a question.
Tables join only along foreign keys, from a table to the tables it references; a join tree starts at one source table and reaches every other table it needs through those joins.
Decide two things:
1. source: the table that roots the join tree. It must be one of the candidate sources.
2. targets: every other table the query needs, to filter, group, aggregate or show data, including tables that connect the others when the question needs them (for example to reach a second role of the same table). Each target must be reachable from the source. Drop initial targets that only matched a word but do not matter for the question; add tables the question needs that the word matching missed.
Answer with a JSON object only: {"source": "<table>", "targets": ["<table>", ...], "reason": "<one sentence>"}.`;

/** The initial targets a candidate reaches, itself left out: ` (reaches NATION)`. */
function coveredText(c: CandidateSource): string {
  const others = c.covers.filter((t) => t !== c.table);
  return others.length > 0 ? ` (reaches initial target${others.length > 1 ? 's' : ''} ${others.join(', ')})` : '';
}

export interface SourceTargetsOptions {
  /**
   * No candidate reaches every initial target along the keys' direction, so joins may be walked
   * backwards (the heuristic decided so): any table linked to the source may be a target, and
   * `across` (the heuristic's source for such a tree) may be the source too.
   */
  reverse?: { across: string } | null;
}

/** The sources the model may choose: the best candidates (`promptCandidatesShown`), and under `reverse` the heuristic's table across. */
export function allowedSources(input: DisambiguationInput, params: PromptParams, options: SourceTargetsOptions = {}): string[] {
  const names = input.candidates.slice(0, params.promptCandidatesShown).map((c) => c.table);
  const across = options.reverse?.across;
  return across && !names.includes(across) ? [...names, across] : names;
}

/** The messages and the JSON schema of the source-and-targets call; `params` say how much it shows. */
export function sourceTargetsPrompt(
  input: DisambiguationInput,
  params: PromptParams,
  options: SourceTargetsOptions = {},
): SourceTargetsPrompt {
  const { graph, grounding, initialTargets } = input;
  const candidates = input.candidates.slice(0, params.promptCandidatesShown);
  const sources = allowedSources(input, params, options);
  const reach = new Set<string>();
  for (const source of sources) {
    reach.add(source);
    for (const t of options.reverse ? graph.linkedTables(source) : graph.reachable(source)) reach.add(t);
  }
  const across = options.reverse && !candidates.some((c) => c.table === options.reverse!.across) ? options.reverse.across : null;
  let tables = graph.tables.map((t) => t.name).filter((t) => reach.has(t));
  if (tables.length > params.promptTablesShown) {
    const near = new Set([...sources, ...initialTargets]);
    for (const t of initialTargets) for (const e of [...graph.outEdges(t), ...graph.inEdges(t)]) near.add(e.fromTable).add(e.toTable);
    tables = tables.filter((t) => near.has(t));
  }
  const reaches = (table: string) => {
    const all = [...graph.reachable(table)].sort();
    if (all.length === 0) return 'nothing';
    const listed = params.promptReachableListed;
    return all.length > listed ? `${all.slice(0, listed).join(', ')} (and ${all.length - listed} more)` : all.join(', ');
  };
  const user = [
    `Database: ${graph.database}`,
    `Question: ${input.question}`,
    '',
    'Initial targets (T0), with the words of the question that matched them:',
    ...formatInitialTargets(grounding, initialTargets),
    '',
    'Candidate sources, ranked by coverage (how many initial targets each reaches):',
    ...candidates.map(
      (c, i) =>
        `${i + 1}. ${c.table}: coverage ${c.coverage}${coveredText(c)}${c.isTarget ? '; itself an initial target' : ''}; reaches ${reaches(c.table)}`,
    ),
    ...(input.candidates.length > candidates.length
      ? [`(${input.candidates.length - candidates.length} more candidates with less coverage not shown)`]
      : []),
    ...(across ? [`${candidates.length + 1}. ${across}: links every initial target when joins are walked backwards`] : []),
    ...(options.reverse
      ? [
          '',
          "No candidate reaches every initial target along the keys' direction, so here joins may also be walked backwards: a target may be any table linked to the source.",
        ]
      : []),
    '',
    'Tables (columns; joins):',
    ...formatTables(graph, tables, params),
  ].join('\n');
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      source: { type: 'string', enum: sources },
      targets: { type: 'array', items: { type: 'string', enum: tables } },
      reason: { type: 'string' },
    },
    required: ['source', 'targets', 'reason'],
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
    tables,
  };
}
