/**
 * Tables the question needs more than once, each time in another role: a dimension carrying two
 * grounded values reached along different last edges (supplier nation and customer nation), and
 * a foreign-key column whose words name a role (`ReportsTo`, `manager_staff_id`), which brings in
 * the table it references — a second node of the same table for a self-reference.
 */
import type { ContextGraph, JoinDirection, JoinPath } from '@guided-retrieval/context-graph';
import type { GroundingResult } from '@guided-retrieval/grounding';
import { identifierWords, stem } from '@guided-retrieval/text';
import { GROUPING_WORDS } from './grouping-words.js';
import type { PathLimits, RoleRequest } from './types.js';

export interface RoleContext {
  graph: ContextGraph;
  grounding: GroundingResult;
  limits: PathLimits;
  /** What a step into a table costs (`PathOptions.tableCost`). */
  cost: (table: string, direction: JoinDirection) => number;
  /** The least a step of `cost` costs (`minStepCost` of the heuristic parameters): lets the searches aim. */
  minStepCost: number;
  /** Words before a key column's match searched for a grouping word (`groupingWordsBefore`). */
  groupingWordsBefore: number;
}

/**
 * A target that carries two or more distinct grounded values ("Indian … China") and can be
 * reached from the source along different last edges is needed once per value.
 */
export function detectRoles(source: string, targets: readonly string[], context: RoleContext): RoleRequest[] {
  const { graph, grounding, limits, cost, minStepCost } = context;
  const roles: RoleRequest[] = [];
  for (const table of targets) {
    const values = distinctValues(grounding, table);
    if (values.length < 2) continue;
    const paths = graph.pathsByLastEdge(source, table, values.length, { maxLength: limits.maxLength, tableCost: cost, minStepCost });
    if (paths.length < 2) continue;
    roles.push({
      table,
      paths,
      reason: `${table} carries ${values.length} grounded values (${values.join(', ')}), reached as ${paths
        .map((p) => `${table} of ${p.tables[p.tables.length - 2]}`)
        .join(' and ')}`,
    });
  }
  return roles;
}

export const PERSON_QUESTION: ReadonlySet<string> = new Set(['who', 'whom', 'whose']);

/** Words of a key column that say nothing about the role it plays. */
const KEY_WORDS = new Set(['id', 'key', 'no', 'num', 'number', 'code', 'fk', 'ref', 'sk']);

/**
 * A column match on a single-column foreign key of the source or a target, by a word that is not
 * the referenced table's name: the question asks for the referenced entity in that role. A
 * self-reference ("who does each employee report to?") gives the table twice; another table joins
 * along that very key when the question asks who ("who is the manager of each store?").
 */
export function referencedEntityRoles(source: string, targets: readonly string[], context: RoleContext): RoleRequest[] {
  const { graph, grounding, limits, cost, minStepCost, groupingWordsBefore } = context;
  const roles: RoleRequest[] = [];
  const inTree = new Set([source, ...targets]);
  // A question about a person in a role ("who manages…") wants the referenced row itself; otherwise
  // the key column usually answers it (matches.winner_name, races.year): only a self-reference then.
  const asksWho = PERSON_QUESTION.has(grounding.tokens[0]?.lower ?? '');
  for (const match of grounding.matches) {
    if (!match.column || (match.kind !== 'column' && match.kind !== 'alias') || !inTree.has(match.table)) continue;
    // "for each sales rep", "per manager": the question groups by the referenced entity and wants
    // it named, which a surrogate key (an integer) does not do; a readable key (`city_name`) does.
    const keyColumn = graph.table(match.table)?.columns.find((c) => c.name === match.column);
    const surrogate = keyColumn?.inferredType === 'integer' || /int/i.test(keyColumn?.declaredType ?? '');
    const groupsBy =
      surrogate &&
      grounding.tokens.slice(Math.max(0, match.span[0] - groupingWordsBefore), match.span[0]).some((t) => GROUPING_WORDS.has(t.lower));
    const column = match.column.toLowerCase();
    for (const edge of graph.outEdges(match.table)) {
      if (edge.fromColumns.length !== 1 || edge.fromColumns[0]!.toLowerCase() !== column) continue;
      const referenced = new Set(identifierWords(edge.toTable, { digits: 'split' }));
      const said = match.variant.split(/\s+/).filter((w) => !KEY_WORDS.has(w));
      if (said.length === 0 || said.every((w) => referenced.has(w) || referenced.has(w.replace(/s$/, '')))) continue;
      const self = edge.toTable === edge.fromTable;
      if (!self && (inTree.has(edge.toTable) || !(asksWho || groupsBy))) continue;
      if (roles.some((r) => r.table === edge.toTable)) continue;
      const toHolder =
        match.table === source
          ? emptyPath(source)
          : graph.shortestPath(source, match.table, { maxLength: limits.maxLength - 1, tableCost: cost, minStepCost });
      if (!toHolder) continue;
      const viaKey: JoinPath = {
        source,
        target: edge.toTable,
        tables: [...toHolder.tables, edge.toTable],
        edges: [...toHolder.edges, { ...edge, direction: 'forward' }],
      };
      const reason = `"${match.token}" names ${match.table}.${match.column}, a reference to ${edge.toTable}`;
      roles.push(
        self
          ? { table: edge.toTable, paths: [toHolder, viaKey], reason: `${reason} (the same table in a second role)` }
          : { table: edge.toTable, paths: [viaKey], reason },
      );
    }
  }
  return roles;
}

/**
 * A table referenced along two or more keys of one table, each key's own words said by the
 * question: "shipped in a different year than they were sold" reads `ws_ship_date_sk` and
 * `ws_sold_date_sk` (both → date_dim), "billed to Texas and shipped to California" the bill and
 * ship addresses. The table is needed once per key said, each joined along its key.
 */
export function keyWordRoles(source: string, targets: readonly string[], context: RoleContext): RoleRequest[] {
  const { graph, grounding, limits, cost, minStepCost } = context;
  // Each said word's stems, with where it is said.
  const saidAt = new Map<string, number[]>();
  grounding.tokens.forEach((t, i) => {
    if (t.stopWord) return;
    for (const w of new Set([stem(t.lower), stem(t.lemma)])) saidAt.set(w, [...(saidAt.get(w) ?? []), i]);
  });
  const roles: RoleRequest[] = [];
  for (const holder of [source, ...targets]) {
    const columns = graph.table(holder)?.columns.map((c) => c.name) ?? [];
    // Words every column of the table starts with (`ws_`) say which table, not which role.
    const shared = commonWords(columns);
    const edges = graph.outEdges(holder).filter((e) => e.fromColumns.length === 1 && e.toTable !== holder);
    const keyColumns = new Set(edges.map((e) => e.fromColumns[0]!.toLowerCase()));
    // A role the table also describes in columns of its own (`winner_name` beside `winner_id`) is answered there.
    const describedHere = new Set(
      columns.filter((c) => !keyColumns.has(c.toLowerCase())).flatMap((c) => identifierWords(c, { digits: 'split' }).map(stem)),
    );
    const byTable = new Map<string, { edge: (typeof edges)[number]; words: string[]; at: number[] }[]>();
    for (const edge of edges) {
      const referenced = new Set(identifierWords(edge.toTable, { digits: 'split' }).map(stem));
      const words = identifierWords(edge.fromColumns[0]!, { digits: 'split' })
        .map(stem)
        .filter((w) => !KEY_WORDS.has(w) && !referenced.has(w) && !shared.has(w) && saidAt.has(w));
      if (words.length === 0 || words.some((w) => describedHere.has(w))) continue;
      byTable.set(edge.toTable, [...(byTable.get(edge.toTable) ?? []), { edge, words, at: words.flatMap((w) => saidAt.get(w)!) }]);
    }
    for (const [table, keys] of byTable) {
      if (keys.length < 2 || roles.some((r) => r.table === table)) continue;
      // The question asks something of the referenced table itself (a year of the dates, a state of the addresses), not only its keys.
      const roleWords = new Set(keys.flatMap((k) => k.at));
      const asked = grounding.evidence
        .find((e) => e.table === table)
        ?.words.some((w) => !roleWords.has(w.word) && w.match.kind !== 'table' && !isKey(graph, table, w.match.column));
      if (!asked) continue;
      const toHolder =
        holder === source
          ? emptyPath(source)
          : graph.shortestPath(source, holder, { maxLength: limits.maxLength - 1, tableCost: cost, minStepCost });
      if (!toHolder) continue;
      const paths = keys.map(({ edge }) => ({
        source,
        target: table,
        tables: [...toHolder.tables, table],
        edges: [...toHolder.edges, { ...edge, direction: 'forward' as const }],
      }));
      roles.push({
        table,
        paths,
        reason: `the question says ${keys.map((k) => `"${k.words.join(' ')}"`).join(' and ')}: ${table} once per key of ${holder} (${keys.map((k) => k.edge.fromColumns[0]).join(', ')})`,
      });
    }
  }
  return roles;
}

/** Whether `column` of `table` is a join key (either end of an edge). */
function isKey(graph: ContextGraph, table: string, column: string | null): boolean {
  if (column === null) return false;
  const c = column.toLowerCase();
  return (
    graph.outEdges(table).some((e) => e.fromColumns.some((f) => f.toLowerCase() === c)) ||
    graph.inEdges(table).some((e) => e.toColumns.some((t) => t.toLowerCase() === c))
  );
}

/** The words the first word of every name is (a table's column prefix, `ws` of `ws_item_sk`), stemmed. */
function commonWords(names: readonly string[]): Set<string> {
  const firsts = names.map((n) => stem(identifierWords(n, { digits: 'split' })[0] ?? ''));
  return names.length > 1 && firsts.every((w) => w !== '' && w === firsts[0]) ? new Set([firsts[0]!]) : new Set();
}

function emptyPath(table: string): JoinPath {
  return { source: table, target: table, tables: [table], edges: [] };
}

/** Distinct values matched in a table by separate words of the question. */
function distinctValues(grounding: GroundingResult, table: string): string[] {
  const values: string[] = [];
  const used = new Set<number>();
  for (const m of grounding.matches) {
    if (m.table !== table || m.kind !== 'value' || values.includes(m.variant)) continue;
    if (Array.from({ length: m.span[1] - m.span[0] }, (_, i) => m.span[0] + i).some((i) => used.has(i))) continue;
    for (let i = m.span[0]; i < m.span[1]; i++) used.add(i);
    values.push(m.variant);
  }
  return values;
}
