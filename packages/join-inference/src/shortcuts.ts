/**
 * Shortcuts around a detail table's parent. A table that only details rows of another — its
 * composite reference to the parent, then attributes (`citypops(City, Country, Province, Year,
 * Population)` of `city`), referenced by nothing — reaches everything else through the parent:
 * `citypops.Country` is `city.Country`, which references `country`. A reference of its own from a
 * column of the parent reference to where the parent's column leads is a shortcut around the
 * parent, which a schema does not draw.
 */
import type { JoinEdge } from './types.js';

/**
 * The candidates but the shortcuts of detail tables (see above), judged among every edge (`edges`:
 * the candidates and the declared keys); edges of other tables are kept as they are.
 */
export function withoutShortcuts(candidates: readonly JoinEdge[], edges: readonly JoinEdge[] = candidates): JoinEdge[] {
  const referenced = new Set(edges.map((e) => e.toTable));
  const shortcut = (e: JoinEdge): boolean => {
    if (e.fromColumns.length !== 1 || referenced.has(e.fromTable)) return false;
    const column = e.fromColumns[0]!;
    const own = edges.filter((x) => x.fromTable === e.fromTable);
    return own.some((parent) => {
      if (parent === e || parent.role || parent.fromColumns.length < 2 || !parent.fromColumns.includes(column)) return false;
      // Every other reference of the table starts inside this one: the table details the parent's rows.
      if (own.some((x) => x !== parent && x.fromColumns.some((c) => !parent.fromColumns.includes(c)))) return false;
      const through = parent.toColumns[parent.fromColumns.indexOf(column)]!;
      return edges.some(
        (x) =>
          x.fromTable === parent.toTable &&
          x.toTable === e.toTable &&
          x.fromColumns.length === 1 &&
          x.fromColumns[0] === through &&
          x.toColumns[0] === e.toColumns[0],
      );
    });
  };
  return candidates.filter((e) => !shortcut(e));
}
