/**
 * References named by role: `sender_id`, `receiver_id`, `owner`, `reports_to` point at a key named
 * otherwise (`uid`, `employee_id`), so names give no prior. Values can: when a column's values lie
 * inside the keys of one kind only (one key name, in one table or in sibling tables sharing it), the
 * column references the tightest of them. When keys of several kinds hold the values (small integers
 * fit every key counting from 1), nothing is said.
 */
import type { ColumnProfile, TableProfile } from '@guided-retrieval/profiler';
import { singular } from '@guided-retrieval/text';
import { type KeyTarget, passesPruning, type ValueKind, valueKind } from './candidates.js';
import { type Containment, estimateContainment, rangeDensity } from './containment.js';
import { joinEdgeId } from './declared.js';
import { isUnique } from './keys.js';
import { fromName } from './name-match.js';
import { hasRoleWord, namedThings, namesPeer, roleName } from './name-roles.js';
import { isGeneric, mentionsTable, namedForEntity, squeeze, tableNames, unnumbered, words } from './names.js';
import type { JoinParams } from './params.js';
import type { JoinEdge } from './types.js';

export type RoleTarget = KeyTarget & { kind: ValueKind };

/** Which keys hold the same kind of thing: one non-generic key name, or else the one column. */
function keyKind(target: RoleTarget, params: JoinParams): string {
  return isGeneric(target.column.name, params) ? `${target.table.name}\u0000${target.column.name}` : squeeze(target.column.name);
}

/** Containment from sketches that role references need: exact counts (nearly) total, estimates nearly. */
function strongContainment(from: ColumnProfile, to: ColumnProfile, params: JoinParams): Containment | undefined {
  const c = estimateContainment(from, to, params);
  if (!c) return undefined;
  // Only sketches speak for the values: a dense range or a sample says little of small integers.
  if (c.method === 'complete sketch') return c.value >= params.roleMinExactContainment ? c : undefined;
  if (c.method === 'bloom filter' || c.method === 'bottom-k sketch') return c.value >= params.roleMinEstimatedContainment ? c : undefined;
  return undefined;
}

/**
 * The log of the chance that `from`'s distinct values would all lie inside `to` if they were drawn
 * from their range at random: `to`'s density over the range to the power of their number (at most
 * `roleChanceMaxValues`); 0 (no evidence) for a key that counts through it. Text keys are no range:
 * any holding the values is telling.
 */
function logChance(from: ColumnProfile, to: ColumnProfile, params: JoinParams): number {
  if (valueKind(to, params)?.kind === 'text' && valueKind(from, params)?.kind === 'text') return Number.NEGATIVE_INFINITY;
  const density = rangeDensity(to, from.min, from.max, params);
  if (density === undefined) return 0;
  return density <= 0 ? Number.NEGATIVE_INFINITY : Math.min(from.distinct, params.roleChanceMaxValues) * Math.log(density);
}

/**
 * Role-named references among `columns` (table and column, not yet referencing anything): each
 * column named for a role or with a reference suffix, mentioning no table of `tables`, not its table's
 * key, holding two or more distinct values, whose values (by sketch) lie inside own keys of exactly
 * one kind; the tightest of those keys (fewest distinct values; among equals, the one named for
 * its table) is referenced. A role word or relation (`manager_id`, `reports_to`) may reference its
 * own table's key; a bare suffix may not. When keys of several kinds hold the values of a role word
 * or a relation to a peer, the column's own table (`employee.supervisor_id`, `ReportsTo`) or, for a role word, one
 * a sibling column references (`chosen`: `employee_closure.employee_id` for `supervisor_id`)
 * decides, if only keys of one kind among them hold them: a role is most often played by the kind
 * of row its table already speaks of.
 */
export function roleReferences(
  tables: readonly TableProfile[],
  columns: readonly { table: TableProfile; column: ColumnProfile }[],
  targets: readonly RoleTarget[],
  params: JoinParams,
  chosen: readonly JoinEdge[] = [],
): JoinEdge[] {
  const keys = targets.filter((t) => t.own && t.score >= params.roleMinKeyScore);
  const maxLogChance = Math.log(params.roleMaxChance);
  const tableWords = new Set(tables.flatMap((t) => [...words(t.name).map(singular), ...tableNames(t.name, params)]));
  const ownKeys = new Set(keys.map((t) => t.column));
  const out: JoinEdge[] = [];
  for (const { table, column: from } of columns) {
    const role = roleName(from.name, params);
    const fromKind = valueKind(from, params);
    if (
      !role ||
      !fromKind ||
      ownKeys.has(from) ||
      from.count === 0 ||
      from.distinct < 2 ||
      !from.sketch ||
      fromName(from.name, params).counts
    )
      continue;
    // A name that mentions a table (its own: `emailaddressid`; another: names speak for it), or a
    // word of one (`personid` and `person_password`), is no role.
    if (tables.some((t) => mentionsTable(from.name, t.name, params)) || namedThings(from.name, params).some((w) => tableWords.has(w)))
      continue;
    const fits: { to: RoleTarget; containment: Containment }[] = [];
    for (const to of keys) {
      if (to.column === from || (to.table === table && role !== 'role')) continue;
      if (!passesPruning(from, fromKind, to, to.kind, params)) continue;
      if (isUnique(from) && from.distinct >= to.column.distinct) continue;
      const containment = strongContainment(from, to.column, params);
      if (containment) fits.push({ to, containment });
    }
    // Keys that count through the column's range hold its values whatever they are; a sparse key
    // (or a text key) holding them all is evidence no chance gives: the kind to take, if only one is.
    const telling = fits.filter((f) => logChance(from, f.to.column, params) <= maxLogChance);
    const tellingKinds = new Set(telling.map((f) => keyKind(f.to, params)));
    if (tellingKinds.size === 1) fits.splice(0, fits.length, ...telling);
    let kinds = new Set(fits.map((f) => keyKind(f.to, params)));
    let bySibling = false;
    if (kinds.size > 1 && namesPeer(from.name)) {
      const referenced = hasRoleWord(from.name) ? chosen.filter((e) => e.fromTable === table.name).map((e) => e.toTable) : [];
      const near = new Set([table.name, ...referenced]);
      const siblings = fits.filter((f) => near.has(f.to.table.name));
      kinds = new Set(siblings.map((f) => keyKind(f.to, params)));
      if (kinds.size === 1) {
        fits.splice(0, fits.length, ...siblings);
        bySibling = true;
      }
    }
    if (kinds.size !== 1) continue;
    const tightest = Math.min(...fits.map((f) => f.to.column.distinct));
    const tight = fits.filter((f) => f.to.column.distinct === tightest);
    // Equally tight sibling keys: the one named for its table (`businessentity.businessentityid`), else none.
    const named = tight.filter((f) => namedForEntity(f.to.column.name, f.to.table.name, params));
    const pick = tight.length === 1 ? tight[0] : named.length === 1 ? named[0] : undefined;
    if (!pick) continue;
    const { to, containment } = pick;
    const roleWords = words(unnumbered(from.name)).filter((w) => !isGeneric(w, params));
    const fromColumns = [from.name];
    const toColumns = [to.column.name];
    out.push({
      id: joinEdgeId(table.name, fromColumns, to.table.name, toColumns),
      fromTable: table.name,
      fromColumns,
      toTable: to.table.name,
      toColumns,
      origin: 'inferred',
      confidence: params.roleConfidence,
      evidence: [
        role === 'role' ? `${from.name} is named for a role, not for a table` : `${from.name} reads as a reference but names no table`,
        `${Math.round(containment.value * 100)}% of ${containment.checked} ${from.name} values found in ${to.table.name}.${to.column.name} (${containment.method})`,
        bySibling
          ? `of the keys holding them, ${to.table.name}'s is the one ${table.name === to.table.name ? 'of its own table' : 'a sibling column references'}`
          : tellingKinds.size === 1
            ? `only keys named ${to.column.name} hold them where chance would not (other keys count through their range)`
            : fits.length === 1
              ? 'no other key holds them'
              : `of the ${fits.length} keys holding them, all named ${to.column.name}, ${to.table.name}'s is the tightest`,
        `${to.table.name}.${to.column.name} is its table's key (key score ${to.score})`,
      ],
      ...(roleWords.length > 0 ? { role: roleWords.join('_') } : {}),
    });
  }
  return out;
}
