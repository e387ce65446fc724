/**
 * What the question needs of each table's columns (`relevantColumns`), and the prompt context
 * rendered from it (`renderPromptContext`): the part of the result an LLM writing the SQL reads.
 */

/**
 * What a column does in the query the question asks for:
 * - `filter`: the question names one of its values (`"Alameda"` → `County`): a WHERE;
 * - `measure`: an amount or count word points at it (`"spent"` → `Total`): an aggregate;
 * - `label`: the question names it, or it names the rows of a table the question asks about: a
 *   SELECT or GROUP BY;
 * - `date`: a year, month or date word points at it;
 * - `key`: the join tree joins on it;
 * - `identifier`: the table's primary key, to show or count rows by.
 */
export type ColumnRole = 'filter' | 'measure' | 'label' | 'date' | 'key' | 'identifier';

/** One piece of evidence for a column: the question's words and what they matched, or the join. */
export interface ColumnEvidence {
  /** `value`, `column`, `alias`, `measure`, `time` (a grounding match), `join` (a join predicate), `name` (the column's words in the question), `table` (its table is named). */
  kind: 'value' | 'column' | 'alias' | 'measure' | 'time' | 'join' | 'name' | 'table';
  /** The question's words (for a join, the predicate `a.x = b.y`). */
  words: string;
  /** How the words matched (`exact`, `lemma`, `synonym`…) for a grounding match. */
  via?: string;
  /** Strength in (0, 1]: the grounding score, 1 for a join. */
  score: number;
}

export interface RelevantColumn {
  column: string;
  /** The declared type, or the inferred one when none is declared. */
  type: string;
  /** What the column does; empty for a column only likely (no evidence of its own). */
  roles: ColumnRole[];
  /** How likely the query reads it, in [0, 1]: the fitted column model (`params/columns.json`), 1 for a join key. */
  likelihood: number;
  /** Why, in words: each piece of evidence. */
  why: string;
  evidence: ColumnEvidence[];
  /** Values of the column the question names (a filter), else none. */
  values: string[];
}

/** A table of the result with the columns the question needs, then the next likeliest. */
export interface TableColumns {
  table: string;
  /** The columns the question needs, likeliest first: join keys, matched columns, and those the model rates at least `relevantLikelihood`. */
  columns: RelevantColumn[];
  /** The next likeliest columns (at least `likelyFloor`), likeliest first: a prompt shows those worth their tokens while the budget allows. */
  likely: { column: string; type: string; likelihood: number }[];
  /** How many columns the table has in all. */
  total: number;
  /** Set on a table beyond the result that the question may need (after the result's tables): how it joins one of them, and why. */
  possible?: PossibleTable;
}

/**
 * A table the tree leaves out that the question may need: matched by the question's words before
 * settling, or in a candidate tree the choice weighed, and joined to a table of the result by one
 * key edge.
 */
export interface PossibleTable {
  /** The result's table it joins. */
  joins: string;
  /** The edge's column pairs: this table's column, then the result table's. */
  on: { column: string; to: string }[];
  /** Why, in words: the question's words it matched, the candidate tree it is in. */
  why: string;
}
