/**
 * Why each table is in the result, and why a result is empty or incomplete: the words a user
 * reads, made from the phases' data (matches, enrichment, notes, selected paths).
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { nameRecord } from './name-record.js';
import { formatNote } from './notes.js';
import type { SelectedPath, SourceAndTargets } from './types.js';

export function explainTables(
  tables: readonly string[],
  choice: SourceAndTargets,
  grounding: GroundingResult,
  selected: readonly SelectedPath[],
): Record<string, string> {
  const out = nameRecord<string>();
  for (const table of tables) {
    const matches = grounding.matches.filter((m) => m.table === table);
    const enriched = grounding.enrichment.added.find((a) => a.table === table);
    const parts: string[] = [];
    if (matches.length > 0) {
      const how = matches.map(
        (m) =>
          `"${m.token}" → ${m.column ? `${m.column} (${m.kind}, ${m.variantKind})` : `its ${m.kind === 'table' ? 'name' : m.kind} (${m.variantKind})`}`,
      );
      parts.push(`matched ${how.join('; ')}`);
    }
    if (enriched) parts.push(`semantically similar to the question (cosine ${enriched.similarity.toFixed(2)})`);
    if (table === choice.source) parts.push('source: roots the join tree');
    const added = choice.notes.find((n) => n.kind === 'added' && n.tables.includes(table));
    if (added) parts.push(formatNote(added));
    const onPath = selected.filter((s) => s.path.tables.slice(0, -1).includes(table) && s.target !== table).map((s) => s.target);
    if (parts.length === 0 && onPath.length > 0) parts.push(`bridge on the path to ${[...new Set(onPath)].join(', ')}`);
    out[table] = parts.join('; ') || 'target';
  }
  return out;
}

export function explainUnjoined(tables: readonly string[], grounding: GroundingResult): Record<string, string> {
  const out = nameRecord<string>();
  for (const t of tables) {
    const score = grounding.elsewhere.find((e) => e.table === t)?.score ?? 0;
    out[t] =
      `matched as strongly as the tree's best table (score ${score.toFixed(2)}), but it joins no table: no key connects it, so the FROM clause leaves it out`;
  }
  return out;
}

/** Tables the question matched in another island of the join graph than the source: no join can reach them. */
export function islandsReason(graph: ContextGraph, source: string, matched: readonly string[]): string | null {
  const apart = [...new Set(matched)].filter((t) => t !== source && !graph.linked(source, t));
  if (apart.length === 0) return null;
  const them = apart.length === 1 ? `${apart[0]} is` : `${apart.join(', ')} are`;
  return `${them} not joined: no join path connects ${apart.length === 1 ? 'it' : 'them'} to ${source} (another island of the join graph)`;
}

export function noMatchReason(grounding: GroundingResult, database: string): string {
  const words = grounding.tokens.filter((t) => !t.stopWord).map((t) => t.text);
  const asked = words.length > 0 ? `"${words.join(' ')}"` : 'the question';
  if (grounding.weakerMatches > 0)
    return `nothing in ${database} matches ${asked} strongly enough: only weak matches (words found by chance in values or parts of names), and no table is similar enough`;
  return `nothing in ${database} matches ${asked}: no table, column or sampled value, and no table is similar enough`;
}
