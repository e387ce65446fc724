/** Text helpers shared by the prompts: how matches, tables and paths are written for a model. */
import type { ContextGraph, JoinEdge, JoinPath } from '@guided-retrieval/context-graph';
import type { GroundingMatch, GroundingResult } from '@guided-retrieval/grounding';
import type { PromptParams } from '../params.js';

/** `"Indian" → NATION.N_NAME (value, demonym "india", score 0.81)` */
export function formatMatch(m: GroundingMatch): string {
  const where = m.column ? `${m.table}.${m.column}` : m.table;
  return `"${m.token}" → ${where} (${m.kind}, ${m.variantKind} "${m.variant}", score ${m.score.toFixed(2)})`;
}

/** One line per initial target: the question's words that matched it, or why it is there. */
export function formatInitialTargets(grounding: GroundingResult, tables: readonly string[]): string[] {
  return tables.map((table) => {
    const matches = grounding.matches.filter((m) => m.table === table);
    const enriched = grounding.enrichment.added.find((a) => a.table === table);
    const why = [...matches.map(formatMatch), ...(enriched ? [`similar to the question (cosine ${enriched.similarity.toFixed(2)})`] : [])];
    return `- ${table}: ${why.length > 0 ? why.join('; ') : 'no direct match'}`;
  });
}

function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** A description that says more than the name it describes (BIRD often repeats the name). */
function informative(description: string, name: string): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return description.trim() !== '' && norm(description) !== norm(name);
}

/**
 * The schema the model may choose from, one table per line with its columns (and their
 * descriptions, when the graph has them) and its outgoing joins; `params` say how much of each.
 */
export function formatTables(graph: ContextGraph, tables: readonly string[], params: PromptParams): string[] {
  const maxColumns = params.promptColumnsShown;
  const lines: string[] = [];
  for (const name of tables) {
    const table = graph.table(name);
    if (!table) continue;
    const columns = table.columns
      .slice(0, maxColumns)
      .map((c) =>
        informative(c.description, c.name) ? `${c.name} "${clip(c.description, params.promptColumnDescriptionChars)}"` : c.name,
      );
    if (table.columns.length > maxColumns) columns.push(`… ${table.columns.length - maxColumns} more`);
    const description = table.description ? ` "${clip(table.description, params.promptTableDescriptionChars)}"` : '';
    const joins = graph.outEdges(name).map((e) => `${e.toTable} on ${edgeCondition(e)}`);
    lines.push(`- ${name}${description}: ${columns.join(', ')}${joins.length > 0 ? `; joins ${joins.join(', ')}` : ''}`);
  }
  return lines;
}

function edgeCondition(e: JoinEdge): string {
  return e.fromColumns.map((c, i) => `${e.fromTable}.${c} = ${e.toTable}.${e.toColumns[i] ?? '?'}`).join(' AND ');
}

/** `LINEITEM → SUPPLIER → NATION (LINEITEM.L_SUPPKEY = SUPPLIER.S_SUPPKEY; SUPPLIER.S_NATIONKEY = NATION.N_NATIONKEY)` */
export function formatPath(path: JoinPath): string {
  return `${path.tables.join(' → ')} (${path.edges.map(edgeCondition).join('; ')})`;
}
