import type { ContextGraph, GraphTable } from '@guided-retrieval/context-graph';
import { commonColumnPrefix, segmentCompound, splitIdentifier, withoutPrefix } from './identifiers.js';
import { COMPOUND_WORDS } from './lexicon/vocabulary.js';
import { QUERY_CONTEXT_DATES, QUERY_CONTEXT_LABELS, QUERY_CONTEXT_MEASURES, QUERY_CONTEXT_TREND_MEASURES } from './thresholds.js';

const VOCABULARY = new Set(COMPOUND_WORDS);

function words(name: string, prefix = ''): string {
  return splitIdentifier(withoutPrefix(name, prefix))
    .flatMap((w) => segmentCompound(w, VOCABULARY))
    .join(' ');
}

/**
 * A table's query context (paper §3.1, step 3): its name, description and columns, and synthetic
 * questions it could help answer, generated from the kinds of its columns. Embedded once per
 * table when the index is built.
 */
export function tableQueryContext(table: GraphTable, graph: ContextGraph): string {
  const name = words(table.name);
  const prefix = commonColumnPrefix(table.columns.map((c) => c.name));
  const keys = new Set(graph.outEdges(table.name).flatMap((e) => e.fromColumns));
  const columns = table.columns.filter((c) => !keys.has(c.name) && !table.primaryKey.includes(c.name));
  const measures = columns.filter((c) => c.inferredType === 'real' || c.inferredType === 'integer').map((c) => words(c.name, prefix));
  const dates = columns
    .filter((c) => c.inferredType === 'date')
    .map((c) => words(c.name, prefix))
    .slice(0, QUERY_CONTEXT_DATES);
  const labels = columns.filter((c) => c.inferredType === 'text').map((c) => words(c.name, prefix));
  const lines = [
    `${name}. ${table.description}`,
    ...table.aliases,
    `${name} with ${columns.map((c) => words(c.name, prefix)).join(', ')}`,
    ...columns.filter((c) => c.description).map((c) => c.description),
    `how many ${name} are there`,
    ...labels.slice(0, QUERY_CONTEXT_LABELS).map((l) => `list ${name} by ${l}`),
    ...measures.slice(0, QUERY_CONTEXT_MEASURES).map((m) => `what is the total ${m} of ${name}`),
    ...dates.flatMap((d) => measures.slice(0, QUERY_CONTEXT_TREND_MEASURES).map((m) => `how does ${m} trend over ${d}`)),
    ...dates.map((d) => `${name} per month by ${d}`),
  ];
  return lines.filter((l) => l.trim().length > 0).join('\n');
}
