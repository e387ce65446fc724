/**
 * Measures and time words: a small lexicon for the business words no schema spells. Amount words
 * (revenue, spent, paid, …) point at money-like numeric columns, count words (popular, busiest,
 * "sold the most") at the fact table holding the events, and years, months and dates at date
 * columns. Each becomes a grounding match of its own kind (`measure`, `time`), weaker than a
 * name, and only near the tables the question's other words name: alone, "revenue" or "2013"
 * cannot say which table is meant.
 */
import type { ContextGraph, GraphColumn, GraphTable } from '@guided-retrieval/context-graph';
import { describeEvent, type EventTable, eventTables, nearestEvent } from './event-tables.js';
import { splitIdentifier } from './identifiers.js';
import {
  isAmountWord,
  isCountWord,
  isSelfReferenceWord,
  lexiconWord,
  MONEY_COLUMN_WORDS,
  SECONDARY_MONEY_WORDS,
  timeWord,
} from './measure-words.js';
import { perName } from './memo.js';
import type { GroundingParams } from './params.js';
import { wordsOf } from './settle.js';
import { nearTables } from './table-rings.js';
import type { GroundingMatch, QuestionToken } from './types.js';

/**
 * Column names of a date or a year: the columns a year, month or date in a question can filter. A
 * date column is typed a date, or named one (`InvoiceDate`, `order_year`).
 */
const DATE_NAME = /(date|year|timestamp|datetime)$/;

/**
 * Whether `table.column` is a join's referencing column: `table.column` spelled as one of the
 * joins' `fromTable.fromColumn`. A name with a dot in it can only be spelled as another with one,
 * so names without are looked up per table, not as a string made per column.
 */
function referenceColumns(graph: ContextGraph): (table: string, column: string) => boolean {
  const plain = new Map<string, Set<string>>();
  const dotted = new Set<string>();
  for (const e of graph.edges) {
    for (const c of e.fromColumns) {
      if (e.fromTable.includes('.') || c.includes('.')) dotted.add(`${e.fromTable}.${c}`);
      else {
        const columns = plain.get(e.fromTable) ?? new Set<string>();
        plain.set(e.fromTable, columns.add(c));
      }
    }
  }
  return (table, column) =>
    table.includes('.') || column.includes('.') ? dotted.has(`${table}.${column}`) : (plain.get(table)?.has(column) ?? false);
}

/** A numeric column: typed a number, or declared one (`numericType` reads the declared type, once per type). */
function isNumeric(column: GraphColumn, numericType: (declared: string) => boolean): boolean {
  return column.inferredType === 'real' || column.inferredType === 'integer' || numericType(column.declaredType);
}

/** Money words a glued column word may end with (`unitprice`, `linetotal`): those of `minMoneyEndingLength` letters or more. */
function moneyWordEndings(minLength: number): string[] {
  return [...MONEY_COLUMN_WORDS].filter((m) => m.length >= minLength);
}

/** Per table, the columns the lexicon can land on: worked out once per graph, not per question. */
export interface MeasureColumns {
  money: ReadonlyMap<string, readonly GraphColumn[]>;
  dates: ReadonlyMap<string, readonly GraphColumn[]>;
  /** Per table, its numeric columns that are neither a key nor a reference: what an event table measures. */
  measured: ReadonlyMap<string, number>;
  /** Per table, its money columns an amount word can mean: price, amount, total…, not freight or tax. */
  proceeds: ReadonlyMap<string, readonly GraphColumn[]>;
  /** The tables recording events (see event-tables.ts): what measure words are answered by. */
  events: ReadonlyMap<string, EventTable>;
}

/** Whether a money column is proceeds: none of its words, nor their endings, is a secondary money word. */
function isProceeds(name: string, secondaryEndings: readonly string[]): boolean {
  return !splitIdentifier(name).some((w) => SECONDARY_MONEY_WORDS.has(w) || secondaryEndings.some((m) => w.endsWith(m)));
}

export function measureColumns(graph: ContextGraph, params: GroundingParams): MeasureColumns {
  const endings = moneyWordEndings(params.minMoneyEndingLength);
  const secondaryEndings = [...SECONDARY_MONEY_WORDS].filter((m) => m.length >= params.minMoneyEndingLength);
  // A money column's name says money (`UnitPrice`, `total`, `amount_paid`).
  const moneyName = perName((name) => splitIdentifier(name).some((w) => MONEY_COLUMN_WORDS.has(w) || endings.some((m) => w.endsWith(m))));
  const proceedsName = perName((name) => isProceeds(name, secondaryEndings));
  const dateName = perName((name) => DATE_NAME.test(name.toLowerCase()));
  const numericType = perName((declared) => /^(decimal|numeric|money|real|double|float)/i.test(declared));
  const isReference = referenceColumns(graph);
  const money = new Map<string, GraphColumn[]>();
  const dates = new Map<string, GraphColumn[]>();
  const measured = new Map<string, number>();
  const proceeds = new Map<string, GraphColumn[]>();
  for (const t of graph.tables) {
    // Numeric columns that are neither a key nor a reference: what a table measures; the money ones say money by name.
    const measures = t.columns.filter((c) => isNumeric(c, numericType) && !isReference(t.name, c.name) && !t.primaryKey.includes(c.name));
    const m = measures.filter((c) => moneyName(c.name));
    const d = t.columns.filter((c) => c.inferredType === 'date' || dateName(c.name));
    if (m.length > 0) money.set(t.name, m);
    const p = m.filter((c) => proceedsName(c.name));
    if (p.length > 0) proceeds.set(t.name, p);
    if (d.length > 0) dates.set(t.name, d);
    if (measures.length > 0) measured.set(t.name, measures.length);
  }
  // A year (`release_year`) is what something is, not when it happened: events are dated by a date.
  const eventDates = new Map(
    [...dates].map(([t, cs]) => [t, cs.filter((c) => !/year$/i.test(c.name))] as const).filter(([, cs]) => cs.length > 0),
  );
  return {
    money,
    dates,
    measured,
    proceeds,
    events: eventTables(graph, {
      dates: eventDates,
      measured,
      bookkeepingShare: params.bookkeepingDateShare,
      minBookkeepingTables: params.minBookkeepingTables,
    }),
  };
}

/** Whether a date column may hold `year` (any year, for a month): yes unless its range says otherwise. */
function mayHoldYear(column: GraphColumn, year: number | null): boolean {
  if (year === null || !column.stats) return true;
  const min = yearOf(column.stats.min);
  const max = yearOf(column.stats.max);
  return min === null || max === null || (min <= year && year <= max);
}

function yearOf(value: string | number | null): number | null {
  if (typeof value === 'number') return value >= 1800 && value <= 2200 ? Math.trunc(value) : null;
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})/.exec(value);
  return m ? Number(m[1]) : null;
}

/**
 * The lexicon's matches for `tokens`: only for words the index matched nothing with, and only on
 * the tables `named` (those the question's other words matched) or the nearest tables to them,
 * up to `maxLexiconHops` joins away.
 */
export function lexiconMatches(
  tokens: readonly QuestionToken[],
  graph: ContextGraph,
  columns: MeasureColumns,
  indexed: readonly GroundingMatch[],
  named: readonly string[],
  params: GroundingParams,
): GroundingMatch[] {
  if (named.length === 0 || !tokens.some((_, i) => lexiconWord(tokens, i))) return [];
  const matchedWords = new Set(indexed.flatMap(wordsOf));
  const unmatched = (i: number) => !matchedWords.has(i);
  const near = nearTables(graph, named, params.maxLexiconHops);
  const measures = [
    ...amountAndCountMatches(tokens, unmatched, graph, columns, near, named, params),
    ...selfReferenceMatches(tokens, graph, indexed, named, params.lexiconMatchScore),
  ];
  // A time word dates what the question measures: the events the amount and count words found, else the named tables.
  const measured = [...new Set(measures.map((m) => m.table))];
  const dated = measured.length > 0 ? nearTables(graph, measured, params.maxLexiconHops) : near;
  return [...measures, ...timeMatches(tokens, unmatched, columns, dated, params)];
}

function lexiconMatch(
  token: QuestionToken,
  i: number,
  table: string,
  column: string | null,
  kind: 'measure' | 'time' | 'alias',
  variant: string,
  score: number,
): GroundingMatch {
  return {
    token: token.text,
    span: [i, i + 1],
    variant,
    variantKind: 'synonym',
    table,
    column,
    kind,
    coverage: 1,
    score,
  };
}

/**
 * Amount words on the proceeds columns of the event table nearest the named tables, count words
 * on the nearest event table itself; where the graph has no event table (nothing dated), amount
 * words on the nearest money columns and count words on the named tables' fact table.
 */
function amountAndCountMatches(
  tokens: readonly QuestionToken[],
  unmatched: (i: number) => boolean,
  graph: ContextGraph,
  columns: MeasureColumns,
  near: readonly GraphTable[][],
  named: readonly string[],
  params: GroundingParams,
): GroundingMatch[] {
  const out: GroundingMatch[] = [];
  const score = params.lexiconMatchScore;
  const proceeds = (e: EventTable) => columns.proceeds.get(e.table) ?? [];
  tokens.forEach((token, i) => {
    if (!unmatched(i)) return;
    if (isAmountWord(token)) {
      const found = nearestEvent(graph, named, columns.events, params.maxLexiconHops, (e) => proceeds(e).length > 0);
      if (found) {
        for (const column of proceeds(found.event))
          out.push(
            lexiconMatch(token, i, found.event.table, column.name, 'measure', `amount word on an ${describeEvent(found.event)}`, score),
          );
        return;
      }
      for (const { table, column } of firstFound(near, (t) => columns.money.get(t.name) ?? [], params.maxLexiconTables))
        out.push(lexiconMatch(token, i, table, column, 'measure', 'amount word', score));
    } else if (isCountWord(tokens, i)) {
      const found = nearestEvent(graph, named, columns.events, params.maxLexiconHops);
      if (found) {
        out.push(lexiconMatch(token, i, found.event.table, null, 'measure', `count word on an ${describeEvent(found.event)}`, score));
        return;
      }
      const fact = factTable(graph, named, columns.measured, params.factTableReferences);
      if (fact) out.push(lexiconMatch(token, i, fact, null, 'measure', 'count word', score));
    }
  });
  return out;
}

/** "the manager of each employee": a named table's reference to itself, unless the index already found that column. */
function selfReferenceMatches(
  tokens: readonly QuestionToken[],
  graph: ContextGraph,
  indexed: readonly GroundingMatch[],
  named: readonly string[],
  score: number,
): GroundingMatch[] {
  const out: GroundingMatch[] = [];
  tokens.forEach((token, i) => {
    if (!isSelfReferenceWord(token)) return;
    for (const table of named) {
      for (const e of graph.outEdges(table)) {
        if (e.toTable !== table || e.fromColumns.length !== 1) continue;
        const column = e.fromColumns[0]!;
        if (indexed.some((m) => m.table === table && m.column === column && m.span[0] <= i && i < m.span[1])) continue;
        out.push(lexiconMatch(token, i, table, column, 'alias', 'self-reference', score));
      }
    }
  });
  return out;
}

/** Years, months and dates on the nearest date columns of the `dated` tables (holding the year, when their range says). */
function timeMatches(
  tokens: readonly QuestionToken[],
  unmatched: (i: number) => boolean,
  columns: MeasureColumns,
  dated: readonly GraphTable[][],
  params: GroundingParams,
): GroundingMatch[] {
  const out: GroundingMatch[] = [];
  tokens.forEach((token, i) => {
    const time = unmatched(i) ? timeWord(token) : null;
    if (!time) return;
    const holding = (t: GraphTable) => (columns.dates.get(t.name) ?? []).filter((c) => mayHoldYear(c, time.year));
    for (const { table, column } of firstFound(dated, holding, params.maxLexiconTables))
      out.push(lexiconMatch(token, i, table, column, 'time', time.year === null ? 'month' : 'year', params.lexiconMatchScore));
  });
  return out;
}

/**
 * The columns `pick` finds in the first ring that has any; none when they lie in more than
 * `maxTables` tables there (a date in every table of a warehouse names none of them).
 */
function firstFound(
  rings: readonly GraphTable[][],
  pick: (t: GraphTable) => readonly GraphColumn[],
  maxTables: number,
): { table: string; column: string }[] {
  for (const ring of rings) {
    const found = ring.flatMap((t) => pick(t).map((c) => ({ table: t.name, column: c.name })));
    if (found.length === 0) continue;
    return new Set(found.map((f) => f.table)).size > maxTables ? [] : found;
  }
  return [];
}

/**
 * The table holding the named tables' events, found from structure: of the tables referencing
 * one of them, the one referencing the most tables (many-to-one references out), then measuring
 * the most (numeric columns that are neither keys nor references: quantity, amount), then with
 * the most rows; none when a named table is one already (`references` references out).
 */
function factTable(
  graph: ContextGraph,
  named: readonly string[],
  measured: ReadonlyMap<string, number>,
  references: number,
): string | undefined {
  if (named.some((t) => graph.outEdges(t).length >= references)) return undefined;
  const referencing = [...new Set(named.flatMap((t) => graph.inEdges(t).map((e) => e.fromTable)))].filter((t) => !named.includes(t));
  return referencing
    .map((t) => ({
      t,
      refs: new Set(graph.outEdges(t).map((e) => e.toTable)).size,
      measures: measured.get(t) ?? 0,
      rows: graph.table(t)?.rowCount ?? 0,
    }))
    .sort((a, b) => b.refs - a.refs || b.measures - a.measures || b.rows - a.rows || (a.t < b.t ? -1 : 1))[0]?.t;
}
