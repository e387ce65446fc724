/**
 * References a catalog shows only by a shared column name. A schema without keys or values (a
 * warehouse catalog: names, types, a few sample values) often joins its tables on a column they
 * all carry — `repo_name`, `geo_id`, `zip_code` — where no column is provably unique. Each such
 * column is read as a reference to the one holder most likely to own it: the table whose key
 * the name reads as (named after it, or its first column), else the narrowest table.
 */
import type { ColumnProfile, DatabaseProfile, TableProfile } from '@guided-retrieval/profiler';
import { columnKey, type SetAside } from './bookkeeping.js';
import { valueKind } from './candidates.js';
import { joinEdgeId } from './declared.js';
import { isGeneric, isReferenceLike, namedForEntity, namesOwnTable, squeeze, words } from './names.js';
import type { JoinParams } from './params.js';
import type { JoinEdge } from './types.js';

interface Holder {
  table: TableProfile;
  column: ColumnProfile;
  position: number;
}

/**
 * For every non-generic column name that two or more tables carry with values of one kind, and
 * that reads as an identifier (`…_id`, `…_code`, `…_key`) or is a name of two words or more some
 * holder has first (`repo_name`, not `label`): one edge from each other holder to the owner — an
 * identifier only when a holder reads as its owner (`smtp_id` of no `smtp` table points outside the schema). Only columns without values take part (values, when
 * a profile has them, speak through containment instead), and a name some holder already joins
 * by (`joined`: `table\0column`, lower case, of both ends of every edge found) is left to that edge.
 * Columns set aside (`setAside`: load bookkeeping) take no part.
 */
export function sharedNameEdges(
  profile: DatabaseProfile,
  joined: ReadonlySet<string>,
  params: JoinParams,
  setAside: SetAside = new Map(),
): JoinEdge[] {
  const byName = new Map<string, Holder[]>();
  for (const table of profile.tables) {
    table.columns.forEach((column, position) => {
      if (
        column.count > 0 ||
        !valueKind(column, params) ||
        isGeneric(column.name, params) ||
        setAside.has(columnKey(table.name, column.name))
      )
        return;
      const key = squeeze(column.name);
      if (key.length < params.nameMinLetters) return;
      const list = byName.get(key);
      if (list) list.push({ table, column, position });
      else byName.set(key, [{ table, column, position }]);
    });
  }
  // A name carried by more tables than that is a convention (`created_at`), not a key.
  const limit = Math.max(params.sharedMinHolders, Math.floor(profile.tables.length * params.sharedMaxHolderShare));
  const edges: JoinEdge[] = [];
  for (const holders of byName.values()) {
    if (holders.length < 2 || holders.length > limit) continue;
    if (new Set(holders.map((h) => h.table)).size !== holders.length) continue;
    if (holders.some((h) => joined.has(`${h.table.name}\u0000${h.column.name}`.toLowerCase()))) continue;
    const name = holders[0]!.column.name;
    const identifier = isReferenceLike(name);
    // A thing's name has two words (`repo_name`); one word alone (`label`) is an attribute many tables have.
    if (!identifier && (words(name).length < 2 || !holders.some((h) => h.position === 0))) continue;
    const kinds = new Set(holders.map((h) => valueKind(h.column, params)!.kind));
    if (kinds.size > 1) continue;
    const owner = ownerOf(holders, params);
    // An identifier is owned by the table named for it: of a thing no holder is (`smtp_id`, `type_id`;
    // `property_id`, whose table holds no column of that name), it points outside the holders.
    if (identifier && ownerRank(owner, params) > 0) continue;
    for (const h of holders) {
      if (h === owner) continue;
      const fromColumns = [h.column.name];
      const toColumns = [owner.column.name];
      edges.push({
        id: joinEdgeId(h.table.name, fromColumns, owner.table.name, toColumns),
        fromTable: h.table.name,
        fromColumns,
        toTable: owner.table.name,
        toColumns,
        origin: 'inferred',
        confidence: params.sharedNameConfidence,
        evidence: [
          `${holders.length} tables carry ${name}; ${owner.table.name} reads as its owner (${ownerReason(owner, params)}); names only, no values to check`,
        ],
      });
    }
  }
  return edges;
}

function ownerRank(h: Holder, params: JoinParams): number {
  if (namesOwnTable(h.column.name, h.table.name, params) || namedForEntity(h.column.name, h.table.name, params)) return 0;
  if (h.position === 0) return 1;
  return 2;
}

function ownerReason(h: Holder, params: JoinParams): string {
  return ['the name reads as its key', 'its first column', 'the narrowest holder'][ownerRank(h, params)]!;
}

/** The holder that owns the name: named for it, else holding it first, else the narrowest; then by name. */
function ownerOf(holders: readonly Holder[], params: JoinParams): Holder {
  return [...holders].sort(
    (a, b) =>
      ownerRank(a, params) - ownerRank(b, params) ||
      a.table.columns.length - b.table.columns.length ||
      (a.table.name < b.table.name ? -1 : a.table.name > b.table.name ? 1 : 0),
  )[0]!;
}
