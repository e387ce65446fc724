/**
 * A grounded word's evidence as the choice weighs it: its class (what it landed on, how the word was
 * bent to reach it), its score, and whether it covers a whole name or spans several words.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';
import type { QuestionToken, WordEvidence } from '@guided-retrieval/grounding';
import { spelledAsName } from '@guided-retrieval/grounding/internal';

/** One word's evidence on one table. */
export interface ClassedEvidence {
  score: number;
  kind: EvidenceClass;
  /** The match covers a whole name or value. */
  whole: boolean;
  /** The match spans several words ("customer id", "ship date"). */
  phrase: boolean;
}

/**
 * A match's class as the features weigh it: what it landed on (a table's name, a column, a value
 * spelled as a name or an everyday word, a measure, a time) and how the word was bent to reach it
 * (spelled as the schema does, bent by an abbreviation, demonym or synonym, or read loosely by word
 * vectors or a description); a column matched in part (`units` in `unit_price`) is a class of its own.
 */
export const EVIDENCE_CLASSES = [
  'table-spelled',
  'table-partial',
  'table-bent',
  'table-loose',
  'column-spelled',
  'column-partial',
  'column-key',
  'column-bent',
  'column-loose',
  'value-name',
  'value-word',
  'measure',
  'time',
] as const;
export type EvidenceClass = (typeof EVIDENCE_CLASSES)[number];

const SPELLED = new Set(['exact', 'lemma', 'singular', 'plural', 'compound']);
const LOOSE = new Set(['similar', 'described']);

export function classOf(e: WordEvidence, tokens: readonly QuestionToken[], keys: KeyColumns): EvidenceClass {
  const m = e.match;
  const bent = SPELLED.has(m.variantKind) ? 'spelled' : LOOSE.has(m.variantKind) ? 'loose' : 'bent';
  if (m.kind === 'table' || (m.kind === 'alias' && m.column === null))
    return bent === 'spelled' && m.coverage < 1 ? 'table-partial' : `table-${bent}`;
  // A join key's name says which table it points at, not that its own table is meant.
  if ((m.kind === 'alias' || m.kind === 'column') && m.column !== null && keys.has(m.table, m.column)) return 'column-key';
  if (m.kind === 'alias' || m.kind === 'column') return bent === 'spelled' && m.coverage < 1 ? 'column-partial' : `column-${bent}`;
  if (m.kind === 'value') return spelledAsName(tokens, m.span) ? 'value-name' : 'value-word';
  return m.kind;
}

/** The columns of the graph's join edges (either end), per table. */
export interface KeyColumns {
  has(table: string, column: string): boolean;
}

const KEYS = new WeakMap<ContextGraph, KeyColumns>();

export function keyColumns(graph: ContextGraph): KeyColumns {
  let keys = KEYS.get(graph);
  if (!keys) {
    const byTable = new Map<string, Set<string>>();
    const add = (table: string, columns: readonly string[]) => {
      const set = byTable.get(table) ?? new Set<string>();
      for (const c of columns) set.add(c);
      byTable.set(table, set);
    };
    for (const e of graph.edges) {
      add(e.fromTable, e.fromColumns);
      add(e.toTable, e.toColumns);
    }
    keys = { has: (table, column) => byTable.get(table)?.has(column) ?? false };
    KEYS.set(graph, keys);
  }
  return keys;
}
