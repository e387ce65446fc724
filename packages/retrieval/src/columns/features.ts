/**
 * What the column model reads about one column of a retrieved or possible table (`possible.ts`):
 * numbers from the question's words, the grounding's matches (settled, and each table's strongest
 * per word before settling), the table's shape and, for a possible table, why it may be needed.
 * `relevance.ts` weighs them with the fitted weights of `params/columns.json`; `apps/eval`'s column
 * fit reads the same numbers.
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
import type { QuestionToken } from '@guided-retrieval/grounding';
import { identifierWords, STOP_WORDS, stem } from '@guided-retrieval/text';
import type { PossibleFacts } from './possible.js';

/** The features, in the order the weights list them (after the intercept). */
export const COLUMN_FEATURES = [
  'nameWords',
  'nameSaid',
  'bestNamed',
  'namesTable',
  'bridge',
  'tableScore',
  'dateAsked',
  'primaryKey',
  'label',
  'labelOfNamedTable',
  'keyOfNamedTable',
  'soleTable',
  'width',
  'namedWidth',
  'numeric',
  'position',
  'matched',
  'evidence',
  'evidenceSaid',
  'possible',
  'possibleEvidence',
  'possibleWords',
  'possibleCandidate',
  'possibleGap',
  'possibleKey',
  'possibleExplains',
  'possibleExplainsAny',
  'nameColumn',
  'unmatchedValueName',
  'unmatchedValueLabel',
] as const;

export type ColumnFeature = (typeof COLUMN_FEATURES)[number];

const NUMERIC_TYPE = /int|num|real|float|double|decimal|money|number/i;
const DATE_TYPE = /date|time|year/i;
const TEXT_TYPE = /char|text|string|clob/i;
/** A column holding names or titles (`name`, `DisplayName`, `surname`, `title`). */
const NAME_COLUMN = /(?:name|title)s?$/i;

/** The stems of the question's words that are not stop words (lemma and word as written). */
export function questionStems(tokens: readonly QuestionToken[]): Set<string> {
  const stems = new Set<string>();
  for (const t of tokens) {
    if (t.stopWord || !/[\p{L}\p{N}]/u.test(t.text)) continue;
    stems.add(stem(t.lower));
    stems.add(stem(t.lemma.toLowerCase()));
  }
  return stems;
}

/** The stems of a name's words, stop words and bare numbers aside. */
export function nameStems(name: string): string[] {
  return identifierWords(name, { digits: 'split' })
    .filter((w) => !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/** The largest share of one of a column's names' (its own, then its aliases') word stems that the question says. */
export function stemShare(names: readonly (readonly string[])[], stems: ReadonlySet<string>): number {
  let best = 0;
  for (const words of names) {
    if (words.length === 0) continue;
    best = Math.max(best, words.filter((w) => stems.has(w)).length / words.length);
  }
  return best;
}

export function isNumericColumn(column: GraphColumn): boolean {
  return column.inferredType === 'integer' || column.inferredType === 'real' || NUMERIC_TYPE.test(column.declaredType);
}

/** A column's type as a prompt shows it: the declared one, else the inferred one. */
export function columnType(column: GraphColumn): string {
  return column.declaredType || column.inferredType;
}

/** What a table's shape says, the same for every question: read once per table (`tableShape`). */
export interface TableShape {
  /** Its first text column that holds no join key (its primary key, a key of an edge in or out): a name or title the rows are told apart by. */
  label: string | null;
  /** Each column's names' stems (its name's, then each alias's: other names users call it by), in column order. */
  stems: readonly (readonly (readonly string[])[])[];
  /** Each column: in the primary key. */
  primaryKey: readonly boolean[];
  /** Each column: holds a key (its primary key, or a key of a join edge in or out). */
  key: readonly boolean[];
  /** Each column: its name has a word of its table's name (`schools.School`, `singer.Singer_Name`). */
  namesTable: readonly boolean[];
}

const shapes = new WeakMap<GraphTable, TableShape>();

/** The table's shape, remembered per table object. */
export function tableShape(graph: ContextGraph, table: GraphTable): TableShape {
  let shape = shapes.get(table);
  if (shape === undefined) {
    const keys = new Set(table.primaryKey.map((c) => c.toLowerCase()));
    for (const e of graph.outEdges(table.name)) for (const c of e.fromColumns) keys.add(c.toLowerCase());
    for (const e of graph.inEdges(table.name)) for (const c of e.toColumns) keys.add(c.toLowerCase());
    const label = table.columns.find(
      (c) => !keys.has(c.name.toLowerCase()) && (c.inferredType === 'text' || TEXT_TYPE.test(c.declaredType)) && !isNumericColumn(c),
    );
    const pk = new Set(table.primaryKey.map((c) => c.toLowerCase()));
    const own = new Set(nameStems(table.name.slice(table.namespace ? table.namespace.length + 1 : 0)));
    const stems = table.columns.map((c) => [c.name, ...c.aliases].map(nameStems));
    shape = {
      label: label?.name ?? null,
      stems,
      primaryKey: table.columns.map((c) => pk.has(c.name.toLowerCase())),
      key: table.columns.map((c) => keys.has(c.name.toLowerCase())),
      namesTable: stems.map(([words]) => (words ?? []).some((w) => own.has(w))),
    };
    shapes.set(table, shape);
  }
  return shape;
}

/** What the model knows of a table when it weighs its columns. */
export interface TableFacts {
  table: GraphTable;
  shape: TableShape;
  /** How strongly the question names the table itself (its best table or table-alias match; 0 when not). */
  named: number;
  /** The result has this one table. */
  sole: boolean;
  /** The best grounding score on the table or any of its columns (0: a bridge the question never touches). */
  touched: number;
  /** The question says a date, time or duration (a wink-nlp entity or a time match). */
  dateAsked: boolean;
  /** The largest `nameWords` among the table's columns. */
  bestShare: number;
  /** Set for a table beyond the result (`possible.ts`). */
  possible: PossibleFacts | null;
  /** The question names a value no match found: a quoted phrase, or a proper noun no settled match covers. */
  unmatchedValue: boolean;
}

/** What the grounding says of one column. */
export interface ColumnMatches {
  /** A settled match landed on it. */
  matched: boolean;
  /** Its strongest match before settling (0 when none). */
  evidence: number;
}

/** The feature values of one column, in `COLUMN_FEATURES` order. */
export function columnFeatures(facts: TableFacts, index: number, share: number, matches: ColumnMatches): number[] {
  const column = facts.table.columns[index]!;
  const possible = facts.possible;
  const on = possible?.on.some((p) => p.column === column.name) ?? false;
  const nameColumn = NAME_COLUMN.test(column.name);
  const pk = facts.shape.primaryKey[index] ? 1 : 0;
  const label = facts.shape.label === column.name ? 1 : 0;
  const n = facts.table.columns.length;
  const values: Record<ColumnFeature, number> = {
    nameWords: share,
    nameSaid: share > 0 ? 1 : 0,
    bestNamed: share > 0 && share >= facts.bestShare ? 1 : 0,
    namesTable: facts.shape.namesTable[index] ? 1 : 0,
    bridge: facts.touched === 0 ? 1 : 0,
    tableScore: facts.touched,
    dateAsked: facts.dateAsked && (column.inferredType === 'date' || DATE_TYPE.test(column.declaredType)) ? 1 : 0,
    primaryKey: pk,
    label,
    labelOfNamedTable: label * facts.named,
    keyOfNamedTable: pk * facts.named,
    soleTable: facts.sole ? 1 : 0,
    width: Math.log1p(n),
    namedWidth: share > 0 ? Math.log1p(n) : 0,
    numeric: isNumericColumn(column) ? 1 : 0,
    position: n <= 1 ? 0 : index / (n - 1),
    matched: matches.matched ? 1 : 0,
    evidence: matches.evidence,
    evidenceSaid: matches.evidence > 0 ? 1 : 0,
    possible: possible ? 1 : 0,
    possibleEvidence: possible?.evidence ?? 0,
    possibleWords: possible ? Math.log1p(possible.words.length) : 0,
    possibleCandidate: possible && possible.gap !== null ? 1 : 0,
    possibleGap: possible?.gap ?? 0,
    possibleKey: on ? 1 : 0,
    possibleExplains: possible ? Math.log1p(possible.explains) : 0,
    possibleExplainsAny: possible && possible.explains > 0 ? 1 : 0,
    nameColumn: nameColumn ? 1 : 0,
    unmatchedValueName: facts.unmatchedValue && nameColumn ? 1 : 0,
    unmatchedValueLabel: facts.unmatchedValue ? label : 0,
  };
  return COLUMN_FEATURES.map((f) => values[f]);
}
