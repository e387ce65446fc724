/**
 * Column relevance: for each table of a retrieval result, the columns the question needs, each
 * with its roles and why, and the next likeliest; then the tables the tree leaves out that the
 * question may need (`possible.ts`), with their likeliest columns. A pure function of the graph,
 * the grounding, the join tree and the candidate trees, called once at the end of
 * `Retriever.retrieve`:
 *
 * - a join key of the tree is needed (role `key`);
 * - a column of the result the grounding matched is needed, its role from the match (`value` →
 *   filter, `measure`, `time` → date, `column`/`alias` → label);
 * - every column is weighed by the column model (`features.ts`, weights fitted on Spider's
 *   training set) and needed when at least `relevantLikelihood`, else offered as likely down to
 *   `likelyFloor`. A possible table is listed when one of its columns is offered.
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
import type { GroundingMatch, GroundingResult } from '@guided-retrieval/grounding';
import { quoteIdentifier } from '../sql.js';
import type { CandidateTrace, JoinTree } from '../types.js';
import {
  COLUMN_FEATURES,
  columnFeatures,
  columnType,
  isNumericColumn as numeric,
  questionStems,
  stemShare,
  type TableFacts,
  tableShape,
} from './features.js';
import type { ColumnParams } from './params.js';
import { type PossibleFacts, possibleTables, possibleWhy } from './possible.js';
import type { ColumnEvidence, ColumnRole, RelevantColumn, TableColumns } from './types.js';

export interface ColumnInput {
  graph: ContextGraph;
  grounding: Pick<GroundingResult, 'question' | 'tokens' | 'matches' | 'evidence'>;
  joinTree: JoinTree;
  /** The result's tables: the tree's, then the unjoined ones. */
  tables: readonly string[];
  /** The candidate trees a fitted choice weighed (`trace.disambiguation.candidates`), if any. */
  candidates?: readonly Pick<CandidateTrace, 'tables' | 'score'>[];
}

/** One column weighed: its features and likelihood, for the result and for the fit. */
export interface WeighedColumn {
  table: string;
  column: GraphColumn;
  features: number[];
  likelihood: number;
  /** Needed whatever the model says: a join key of the tree or a grounded column of the result. */
  forced: boolean;
  /** Set when its table is beyond the result (`possible.ts`), the same object for each of its columns. */
  possible: PossibleFacts | null;
  evidence: ColumnEvidence[];
  roles: ColumnRole[];
  values: string[];
}

const ROLE_OF_MATCH: Readonly<Partial<Record<string, ColumnRole>>> = {
  value: 'filter',
  measure: 'measure',
  time: 'date',
};
const ROLE_ORDER: readonly ColumnRole[] = ['key', 'filter', 'measure', 'date', 'label', 'identifier'];

/** Every column of the result's tables, then of the possible tables, weighed, table by table. */
export function weighColumns(input: ColumnInput, params: ColumnParams): WeighedColumn[] {
  const { graph, grounding, joinTree } = input;
  const stems = questionStems(grounding.tokens);
  const before = new Map<string, number>();
  for (const e of grounding.evidence) {
    for (const w of e.words) {
      if (w.match.column === null) continue;
      const key = columnKey(e.table, w.match.column);
      before.set(key, Math.max(before.get(key) ?? 0, w.score));
    }
  }
  const byColumn = new Map<string, GroundingMatch[]>();
  const named = new Map<string, number>();
  const touched = new Map<string, number>();
  const dateAsked = grounding.tokens.some((t) => t.entity === 'DATE' || t.entity === 'DURATION' || t.entity === 'TIME');
  for (const m of grounding.matches) {
    touched.set(m.table, Math.max(touched.get(m.table) ?? 0, m.score));
    if (m.column === null) {
      if (m.kind === 'table' || m.kind === 'alias') named.set(m.table, Math.max(named.get(m.table) ?? 0, m.score));
      continue;
    }
    const key = columnKey(m.table, m.column);
    byColumn.set(key, [...(byColumn.get(key) ?? []), m]);
  }
  const joins = joinKeys(joinTree);
  const unmatchedValue = namesUnmatchedValue(grounding);
  const result = [...new Set(input.tables)];
  const possible = possibleTables({
    graph,
    tables: result,
    evidence: grounding.evidence,
    words: grounding.tokens.map((t) => t.text),
    matches: grounding.matches,
    ...(input.candidates ? { candidates: input.candidates } : {}),
  });
  const tables = [
    ...result.map((name) => ({ table: graph.table(name), possible: null })),
    ...possible.map((p) => ({ table: graph.table(p.table), possible: p })),
  ].filter((t): t is { table: GraphTable; possible: PossibleFacts | null } => t.table !== undefined);
  const weights = [params.weights.intercept, ...COLUMN_FEATURES.map((f) => params.weights[f])];
  const out: WeighedColumn[] = [];
  for (const { table, possible: beyond } of tables) {
    const shape = tableShape(graph, table);
    const shares = shape.stems.map((words) => stemShare(words, stems));
    const facts: TableFacts = {
      table,
      shape,
      named: named.get(table.name) ?? 0,
      sole: result.length === 1,
      touched: touched.get(table.name) ?? 0,
      dateAsked: dateAsked || grounding.matches.some((m) => m.kind === 'time'),
      bestShare: Math.max(0, ...shares),
      possible: beyond,
      unmatchedValue,
    };
    table.columns.forEach((column, i) => {
      const key = columnKey(table.name, column.name);
      const matches = byColumn.get(key) ?? [];
      const features = columnFeatures(facts, i, shares[i]!, { matched: matches.length > 0, evidence: before.get(key) ?? 0 });
      const join = joins.get(columnKey(table.name, column.name)) ?? [];
      const evidence: ColumnEvidence[] = [
        ...join.map((words) => ({ kind: 'join' as const, words, score: 1 })),
        ...matches.map((m) => ({ kind: m.kind as ColumnEvidence['kind'], words: m.token, via: m.variantKind, score: m.score })),
      ];
      const roles = new Set<ColumnRole>(join.length > 0 ? ['key'] : []);
      const pk = features[COLUMN_FEATURES.indexOf('primaryKey')] === 1;
      // A column the question names is what it shows or groups by (a label), or, holding numbers,
      // what it sums or compares (a measure); a key it names is an identifier to show.
      const named: ColumnRole = shape.key[i] ? 'identifier' : numeric(column) ? 'measure' : 'label';
      for (const m of matches) roles.add(ROLE_OF_MATCH[m.kind] ?? named);
      if (matches.length === 0 && join.length === 0) {
        if (features[COLUMN_FEATURES.indexOf('nameWords')]! > 0) {
          evidence.push({ kind: 'name', words: column.name, score: 1 });
          roles.add(named);
        }
        if (facts.named > 0 && (pk || shape.label === column.name)) evidence.push({ kind: 'table', words: table.name, score: facts.named });
      }
      if (pk) roles.add('identifier');
      if (shape.label === column.name && facts.named > 0) roles.add('label');
      const weighed: WeighedColumn = {
        table: table.name,
        column,
        features,
        likelihood: 0,
        forced: join.length > 0 || (matches.length > 0 && beyond === null),
        possible: beyond,
        evidence,
        roles: ROLE_ORDER.filter((r) => roles.has(r)),
        values: matches.filter((m) => m.kind === 'value').map((m) => namedValue(column, m)),
      };
      out.push(withLikelihood(weighed, logistic(weights, features)));
    });
  }
  return out;
}

/**
 * The column with the model's likelihood set: 1 for a join key of the tree; for a grounded column
 * of the result, at least its matches' scores.
 */
export function withLikelihood(w: WeighedColumn, model: number): WeighedColumn {
  if (w.roles.includes('key')) return { ...w, likelihood: 1 };
  const matched = w.forced ? w.evidence.filter((e) => e.kind !== 'name' && e.kind !== 'table').map((e) => e.score) : [];
  return { ...w, likelihood: Math.max(model, ...matched) };
}

/** The columns each of the result's tables needs, the next likeliest, then the possible tables' (see the file's comment). */
export function relevantColumns(input: ColumnInput, params: ColumnParams): TableColumns[] {
  return tableColumns(weighColumns(input, params), params);
}

/** Weighed columns as the result lists them: per table, the needed ones, then the likely ones; a possible table only when it offers one. */
export function tableColumns(weighed: readonly WeighedColumn[], params: ColumnParams): TableColumns[] {
  const byTable = new Map<string, WeighedColumn[]>();
  for (const w of weighed) byTable.set(w.table, [...(byTable.get(w.table) ?? []), w]);
  const out: TableColumns[] = [];
  for (const [table, columns] of byTable) {
    const ranked = [...columns].sort((a, b) => Number(b.forced) - Number(a.forced) || b.likelihood - a.likelihood);
    const needed = ranked.filter((w) => w.forced || w.likelihood >= params.relevantLikelihood);
    const likely = ranked.filter((w) => !w.forced && w.likelihood < params.relevantLikelihood && w.likelihood >= params.likelyFloor);
    const possible = columns[0]!.possible;
    if (possible && needed.length + likely.length === 0) continue;
    out.push({
      table,
      columns: needed.map(toRelevant),
      likely: likely.map((w) => ({ column: w.column.name, type: columnType(w.column), likelihood: round(w.likelihood) })),
      total: columns.length,
      ...(possible ? { possible: { joins: possible.joins, on: possible.on, why: possibleWhy(possible) } } : {}),
    });
  }
  return out;
}

function toRelevant(w: WeighedColumn): RelevantColumn {
  return {
    column: w.column.name,
    type: columnType(w.column),
    roles: w.roles,
    likelihood: round(w.likelihood),
    why: w.evidence.map(describeEvidence).join('; ') || `likely (${round(w.likelihood)})`,
    evidence: w.evidence,
    values: [...new Set(w.values)],
  };
}

function describeEvidence(e: ColumnEvidence): string {
  switch (e.kind) {
    case 'join':
      return `join key: ${e.words}`;
    case 'name':
      return 'its name is in the question';
    case 'table':
      return `the question names its table ${e.words}`;
    default:
      return `"${e.words}" → ${e.kind} match${e.via && e.via !== 'exact' ? ` via ${e.via}` : ''} (${e.score.toFixed(2)})`;
  }
}

/** A quoted phrase, or a proper noun no settled match covers: a value the question names that the sampled values do not hold. */
function namesUnmatchedValue(grounding: ColumnInput['grounding']): boolean {
  if (QUOTED.test(grounding.question)) return true;
  const covered = new Set<number>();
  for (const m of grounding.matches) for (let i = m.span[0]; i < m.span[1]; i++) covered.add(i);
  return grounding.tokens.some((t, i) => t.pos === 'PROPN' && !covered.has(i));
}

const QUOTED = /["“][^"”]+["”]|(?:^|\s)'[^']+'/;

/** Each column the tree joins on, with the predicate in words (`invoice.CustomerId = customer.CustomerId`). */
function joinKeys(tree: JoinTree): Map<string, string[]> {
  const tableOf = new Map(tree.nodes.map((n) => [n.alias, n.table]));
  const out = new Map<string, string[]>();
  const add = (table: string, column: string, words: string) => {
    const key = columnKey(table, column);
    const list = out.get(key) ?? [];
    if (!list.includes(words)) list.push(words);
    out.set(key, list);
  };
  for (const node of tree.nodes) {
    if (node.join === null || node.parent === null) continue;
    const parent = tableOf.get(node.parent) ?? node.parent;
    for (const pair of node.join.columns) {
      const q = (name: string) => quoteIdentifier(name, tree.dialect);
      const words = `${q(node.parent)}.${q(pair.parent)} = ${q(node.alias)}.${q(pair.child)}`;
      add(parent, pair.parent, words);
      add(node.table, pair.child, words);
    }
  }
  return out;
}

/** The column's value the match names, as the column spells it when its sample has it; else the question's words. */
function namedValue(column: GraphColumn, match: GroundingMatch): string {
  const key = match.variant.toLowerCase();
  const found = column.sample.find((s) => String(s.value).toLowerCase() === key);
  return found === undefined ? match.token : String(found.value);
}

function columnKey(table: string, column: string): string {
  return `${table.toLowerCase()}\u0000${column.toLowerCase()}`;
}

function logistic(weights: readonly number[], features: readonly number[]): number {
  let z = weights[0] ?? 0;
  for (let j = 0; j < features.length; j++) z += (weights[j + 1] ?? 0) * features[j]!;
  return 1 / (1 + Math.exp(-z));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
