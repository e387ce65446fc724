import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
import { COMPOUND_WORDS } from '@guided-retrieval/text';
import { commonColumnPrefix, segmentCompound, splitIdentifier, withoutPrefix } from './identifiers.js';
import { perName } from './memo.js';
import type { GroundingParams } from './params.js';

const VOCABULARY = new Set(COMPOUND_WORDS);

/** A name's words as a sentence writes them (`L_SHIPDATE` → `ship date`, its prefix dropped first). */
export type NameWords = (name: string) => string;

/** `NameWords` for one build: each name worked out once, as tables repeat their column names. */
export function nameWords(params: GroundingParams): NameWords {
  return perName((name) =>
    splitIdentifier(name)
      .flatMap((w) => segmentCompound(w, VOCABULARY, undefined, params))
      .join(' '),
  );
}

/**
 * A table's query context (paper §3.1, step 3): its name, description and columns, and synthetic
 * questions it could help answer, generated from the kinds of its columns. Embedded once per
 * table when the index is built.
 */
export function tableQueryContext(
  table: GraphTable,
  graph: ContextGraph,
  params: GroundingParams,
  wordsOf: NameWords = nameWords(params),
): string {
  const name = wordsOf(table.name);
  const prefix = commonColumnPrefix(
    table.columns.map((c) => c.name),
    params,
  );
  const keys = new Set(graph.outEdges(table.name).flatMap((e) => e.fromColumns));
  const columns = table.columns.filter((c) => !keys.has(c.name) && !table.primaryKey.includes(c.name));
  const words = (c: GraphColumn) => wordsOf(withoutPrefix(c.name, prefix));
  const measures = columns.filter((c) => c.inferredType === 'real' || c.inferredType === 'integer').map(words);
  const dates = columns
    .filter((c) => c.inferredType === 'date')
    .map(words)
    .slice(0, params.queryContextDates);
  const labels = columns.filter((c) => c.inferredType === 'text').map(words);
  const lines = [
    `${name}. ${table.description}`,
    ...table.aliases,
    `${name} with ${columns.map(words).join(', ')}`,
    ...columns.filter((c) => c.description).map((c) => c.description),
    `how many ${name} are there`,
    ...labels.slice(0, params.queryContextLabels).map((l) => `list ${name} by ${l}`),
    ...measures.slice(0, params.queryContextMeasures).map((m) => `what is the total ${m} of ${name}`),
    ...dates.flatMap((d) => measures.slice(0, params.queryContextTrendMeasures).map((m) => `how does ${m} trend over ${d}`)),
    ...dates.map((d) => `${name} per month by ${d}`),
  ];
  return lines.filter((l) => l.trim().length > 0).join('\n');
}
