/**
 * Event tables, found from structure: the tables that record what happened (invoice lines, order
 * details, rentals, payments), which measure words ("revenue", "sold", "most popular") are
 * answered by. An event table references other tables (many-to-one references out) and is dated:
 * a date of its own, or its header's date when it measures something itself (an invoice line
 * has no date, its invoice has). A date column every other table carries (`last_update`,
 * `modifieddate`) is bookkeeping, not when anything happened.
 */
import type { ContextGraph, GraphColumn } from '@guided-retrieval/context-graph';
import { nearTables } from './table-rings.js';

export interface EventTable {
  table: string;
  /** The date that dates its events: its own, or the header's it references. */
  dated: { table: string; column: string };
  /** The tables it references (other than itself). */
  references: readonly string[];
  /** Its numeric columns that are neither keys nor references. */
  measures: number;
}

export interface EventTableInputs {
  dates: ReadonlyMap<string, readonly GraphColumn[]>;
  measured: ReadonlyMap<string, number>;
  /** `GroundingParams.bookkeepingDateShare`. */
  bookkeepingShare: number;
  /** `GroundingParams.minBookkeepingTables`. */
  minBookkeepingTables: number;
}

/** The graph's event tables, by name (empty for a graph with no dated table). */
export function eventTables(graph: ContextGraph, inputs: EventTableInputs): Map<string, EventTable> {
  const bookkeeping = bookkeepingDates(graph, inputs);
  const eventDate = (table: string) => (inputs.dates.get(table) ?? []).find((c) => !bookkeeping.has(c.name.toLowerCase()));
  const events = new Map<string, EventTable>();
  for (const t of graph.tables) {
    const references = [...new Set(graph.outEdges(t.name).map((e) => e.toTable))].filter((r) => r !== t.name).sort();
    if (references.length === 0) continue;
    const measures = inputs.measured.get(t.name) ?? 0;
    const own = eventDate(t.name);
    const header = own || measures === 0 ? undefined : references.find((r) => eventDate(r) !== undefined);
    const dated = own ? { table: t.name, column: own.name } : header ? { table: header, column: eventDate(header)!.name } : null;
    if (dated) events.set(t.name, { table: t.name, dated, references, measures });
  }
  return events;
}

function bookkeepingDates(graph: ContextGraph, inputs: EventTableInputs): Set<string> {
  const carriers = new Map<string, number>();
  for (const columns of inputs.dates.values())
    for (const name of new Set(columns.map((c) => c.name.toLowerCase()))) carriers.set(name, (carriers.get(name) ?? 0) + 1);
  const least = Math.max(inputs.minBookkeepingTables, inputs.bookkeepingShare * graph.tables.length);
  return new Set([...carriers].filter(([, n]) => n >= least).map(([name]) => name));
}

/**
 * The event tables nearest the named tables (the named ones first, then one join away, …, up to
 * `maxHops`) that `qualifies` accepts; of one ring, the one referencing the most tables, then
 * measuring the most, then with the most rows. Null when none is within reach.
 */
export function nearestEvent(
  graph: ContextGraph,
  named: readonly string[],
  events: ReadonlyMap<string, EventTable>,
  maxHops: number,
  qualifies: (event: EventTable) => boolean = () => true,
): { event: EventTable; hops: number } | null {
  if (events.size === 0) return null;
  for (const [hops, ring] of nearTables(graph, named, maxHops).entries()) {
    const found = ring
      .map((t) => events.get(t.name))
      .filter((e): e is EventTable => e !== undefined && qualifies(e))
      .sort(
        (a, b) =>
          b.references.length - a.references.length ||
          b.measures - a.measures ||
          (graph.table(b.table)?.rowCount ?? 0) - (graph.table(a.table)?.rowCount ?? 0) ||
          (a.table < b.table ? -1 : 1),
      );
    if (found.length > 0) return { event: found[0]!, hops };
  }
  return null;
}

/** What the trace says chose an event table. */
export function describeEvent(event: EventTable): string {
  const date = event.dated.table === event.table ? event.dated.column : `${event.dated.table}.${event.dated.column}`;
  return `event table (dated by ${date}; references ${event.references.join(', ')})`;
}
