/**
 * Calendar dimensions, found from structure and names: a table most of whose columns are parts of
 * a date (year, month, quarter, week, day, season, holiday…) and that other tables reference by a
 * key — a star schema's `date` or `time_by_day`. A time in the question ("in 1997", "per quarter",
 * "on weekends") is evidence for it: the fact table holds only the key, never the year.
 */
import type { ContextGraph } from '@guided-retrieval/context-graph';

/** Column-name parts of a calendar (matched inside glued names: `d_dayofweek`, `month_of_year`). */
const CALENDAR_PART = /(year|month|quarter|week|day|date|season|holiday|fiscal|hour|minute|period)/;

export interface CalendarSettings {
  /** Least number of calendar columns. */
  minColumns: number;
  /** Least share of its columns that are calendar columns. */
  minShare: number;
}

/** The graph's calendar dimensions (referenced by at least one table), by name: found once, when the index is built. */
export function calendarTables(graph: ContextGraph, settings: CalendarSettings): readonly string[] {
  return graph.tables
    .filter((t) => {
      if (graph.inDegree(t.name) === 0 || t.columns.length === 0) return false;
      const calendar = t.columns.filter((c) => c.inferredType === 'date' || CALENDAR_PART.test(c.name.toLowerCase())).length;
      return calendar >= settings.minColumns && calendar >= settings.minShare * t.columns.length;
    })
    .map((t) => t.name);
}
