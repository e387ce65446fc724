/**
 * The joins a gold query shows, read with regular expressions (Spider 2.0-lite's SQL is
 * BigQuery, Snowflake or SQLite text that no parser here reads), and join edges scored against
 * them. Reading is tolerant: what it cannot read it skips, and it never throws.
 */
import type { JoinEdge } from '@guided-retrieval/join-inference';

/** One equality between columns of two different gold tables, spelled as goldTables and the SQL spell them. */
export interface GoldJoin {
  tables: [string, string];
  columns: [string, string];
}

export interface GoldJoinScore {
  /** Distinct unordered table pairs the gold SQL joins. */
  goldPairs: number;
  /** Of those, the pairs with at least one edge between their two tables. */
  pairsWithEdge: number;
  /** Edges whose table pair is a gold pair. */
  edgesOnGoldPairs: number;
  /** Of those, the edges whose columns are the ones some gold join of that pair uses. */
  edgesMatchingColumns: number;
}

/** A table alias defined at `at`; `table` is the gold table it stands for, null for CTEs, subqueries and other tables. */
interface AliasDefinition {
  at: number;
  alias: string;
  table: string | null;
}

interface ColumnReference {
  alias: string;
  column: string;
}

interface Equality {
  at: number;
  left: ColumnReference;
  right: ColumnReference;
}

const KEYWORDS = new Set(
  (
    'select from where join inner left right full outer cross natural on using as and or not group order by having limit offset qualify window ' +
    'union intersect except minus lateral unnest table flatten values with recursive when then else end case is in exists between like ' +
    'set for pivot unpivot tablesample at before changes match_recognize connect start partition over rows range fetch into returning'
  ).split(' '),
);

// Bare names end where a name cannot go on, so that backtracking never shortens one.
const SEGMENT = '(?:`[^`]+`|"[^"]+"|[A-Za-z_][\\w$-]*(?![\\w$-]))';
const TABLE_REF = `${SEGMENT}(?:\\.${SEGMENT})*(?!\\.)`;
const IDENTIFIER = '(?:`[^`]+`|"[^"]+"|[A-Za-z_][\\w$]*(?![\\w$]))';
const NOT_KEYWORD = `(?!(?:${[...KEYWORDS].join('|')})(?![\\w$]))`;
// The ref must not be a function call (UNNEST(…), FLATTEN(…)): those define no table. The alias
// must not be a keyword, else `FROM a JOIN b` would swallow the JOIN that defines b.
const REF_WITH_ALIAS = `(${TABLE_REF})(?!\\s*\\()(?:\\s+(?:AS\\s+)?${NOT_KEYWORD}(${IDENTIFIER}))?`;

/** The joins `sql` shows between two different tables of `goldTables`, deduplicated whatever their side order. */
export function goldJoins(sql: string, goldTables: readonly string[]): GoldJoin[] {
  const text = withoutCommentsAndStrings(sql);
  const definitions = aliasDefinitions(text, goldTables);
  const joins = new Map<string, GoldJoin>();
  for (const { at, left, right } of joinEqualities(text)) {
    const leftTable = resolveAlias(definitions, left.alias, at);
    const rightTable = resolveAlias(definitions, right.alias, at);
    if (!leftTable || !rightTable || sameName(leftTable, rightTable)) continue;
    const join: GoldJoin = { tables: [leftTable, rightTable], columns: [left.column, right.column] };
    const key = joinKey(join);
    if (!joins.has(key)) joins.set(key, join);
  }
  return [...joins.values()];
}

/** The joins of several queries with duplicates (whatever their side order) dropped. */
export function distinctGoldJoins(joins: Iterable<GoldJoin>): GoldJoin[] {
  const byKey = new Map<string, GoldJoin>();
  for (const join of joins) if (!byKey.has(joinKey(join))) byKey.set(joinKey(join), join);
  return [...byKey.values()];
}

/** How well `edges` cover the table pairs the gold joins and whether, on those pairs, they pick the gold columns. */
export function scoreGoldJoins(edges: readonly JoinEdge[], joins: readonly GoldJoin[]): GoldJoinScore {
  const goldPairs = new Set(joins.map((j) => pairKey(j.tables[0], j.tables[1])));
  const goldColumns = new Set(joins.flatMap((j) => orientedColumnKeys(j.tables[0], [j.columns[0]], j.tables[1], [j.columns[1]])));
  const onGoldPairs = edges.filter((e) => goldPairs.has(pairKey(e.fromTable, e.toTable)));
  // A composite edge matches when the gold joins its table pair on every one of its column pairs.
  const matches = (e: JoinEdge) =>
    e.fromColumns.length > 0 &&
    e.fromColumns.every((c, i) => goldColumns.has(orientedColumnKeys(e.fromTable, [c], e.toTable, [e.toColumns[i] ?? ''])[0]));
  const matching = onGoldPairs.filter(matches);
  const pairsWithEdge = new Set(onGoldPairs.map((e) => pairKey(e.fromTable, e.toTable)));
  return {
    goldPairs: goldPairs.size,
    pairsWithEdge: pairsWithEdge.size,
    edgesOnGoldPairs: onGoldPairs.length,
    edgesMatchingColumns: matching.length,
  };
}

/** The score of several databases summed. */
export function addScores(scores: Iterable<GoldJoinScore>): GoldJoinScore {
  const total: GoldJoinScore = { goldPairs: 0, pairsWithEdge: 0, edgesOnGoldPairs: 0, edgesMatchingColumns: 0 };
  for (const s of scores) {
    total.goldPairs += s.goldPairs;
    total.pairsWithEdge += s.pairsWithEdge;
    total.edgesOnGoldPairs += s.edgesOnGoldPairs;
    total.edgesMatchingColumns += s.edgesMatchingColumns;
  }
  return total;
}

/** The gold table a table ref names, or null (case-insensitive; `*` families match the tables they collapse). */
export function resolveTableRef(segments: readonly string[], goldTables: readonly string[]): string | null {
  const last = segments.at(-1)?.toLowerCase() ?? '';
  const lastTwo = segments.slice(-2).join('.').toLowerCase();
  const candidates = segments.length > 1 ? [last, lastTwo] : [last];
  for (const gold of goldTables) {
    const name = gold.toLowerCase();
    if (candidates.includes(name)) return gold;
  }
  for (const gold of goldTables) {
    const name = gold.toLowerCase();
    if (name.endsWith('*') && candidates.some((c) => c.startsWith(name.slice(0, -1)))) return gold;
  }
  return null;
}

/** The segments of a table ref: `a.b.c`, `` `a.b.c` ``, `` `a`.`b` `` and `"A"."B"` alike. */
export function refSegments(ref: string): string[] {
  const segments: string[] = [];
  for (const [, backticked, quoted, bare] of ref.matchAll(/`([^`]+)`|"([^"]+)"|([^.`"]+)/g)) {
    if (backticked !== undefined) segments.push(...backticked.split('.'));
    else segments.push((quoted ?? bare ?? '').trim());
  }
  return segments.filter((s) => s !== '');
}

/** Every table alias the query defines, in order: FROM/JOIN refs (and comma lists), subquery and CTE aliases. */
function aliasDefinitions(text: string, goldTables: readonly string[]): AliasDefinition[] {
  const cteNames = new Set(
    [...text.matchAll(new RegExp(`(?:\\bWITH(?:\\s+RECURSIVE)?|,)\\s*(${IDENTIFIER})\\s*(?:\\([^()]*\\)\\s*)?AS\\s*\\(`, 'gi'))].map((m) =>
      unquote(m[1]!).toLowerCase(),
    ),
  );
  const definitions: AliasDefinition[] = [];
  const define = (at: number, ref: string, alias: string | undefined) => {
    const segments = refSegments(ref);
    if (segments.length === 0 || (segments.length === 1 && KEYWORDS.has(segments[0]!.toLowerCase()))) return;
    const isCte = segments.length === 1 && cteNames.has(segments[0]!.toLowerCase());
    const table = isCte ? null : resolveTableRef(segments, goldTables);
    const named = alias !== undefined && !KEYWORDS.has(unquote(alias).toLowerCase()) ? unquote(alias) : segments.at(-1)!;
    definitions.push({ at, alias: named.toLowerCase(), table });
  };
  const head = new RegExp(`\\b(FROM|JOIN)\\s+${REF_WITH_ALIAS}`, 'gi');
  const commaItem = new RegExp(`\\s*,\\s*${REF_WITH_ALIAS}`, 'iy');
  for (const m of text.matchAll(head)) {
    if (
      m[1]!.toUpperCase() === 'FROM' &&
      /\b(?:EXTRACT|TRIM|SUBSTRING)\s*\(\s*[^()]*$/i.test(text.slice(Math.max(0, m.index - 60), m.index))
    )
      continue;
    define(m.index, m[2]!, m[3]);
    if (m[1]!.toUpperCase() !== 'FROM') continue;
    // Old-style joins: FROM a x, b y WHERE x.k = y.k.
    commaItem.lastIndex = m.index + m[0].length;
    for (let item = commaItem.exec(text); item; item = commaItem.exec(text)) define(item.index, item[1]!, item[2]);
  }
  // A subquery's or UNNEST's alias shadows a table alias of the same name defined earlier.
  for (const m of text.matchAll(new RegExp(`\\)\\s*(?:AS\\s+)?(${IDENTIFIER})`, 'gi'))) {
    const alias = unquote(m[1]!).toLowerCase();
    if (!KEYWORDS.has(alias)) definitions.push({ at: m.index, alias, table: null });
  }
  return definitions.sort((a, b) => a.at - b.at);
}

/**
 * The gold table `alias` stands for at `at`: the nearest definition before it (aliases are reused
 * across subqueries and CTEs), else the first after it (a correlated subquery's outer alias).
 */
function resolveAlias(definitions: readonly AliasDefinition[], alias: string, at: number): string | null {
  const named = definitions.filter((d) => d.alias === alias);
  const before = named.filter((d) => d.at < at).at(-1);
  return (before ?? named[0])?.table ?? null;
}

const SIDE = `(${IDENTIFIER})\\s*\\.\\s*(${IDENTIFIER})(?:\\s*::\\s*\\w+(?:\\([^()]*\\))?)?`;
// Sides that are struct fields (a.b.c), Snowflake paths (x.value:"code"), calls or arithmetic are not read.
const EQUALITY = new RegExp(`(?<![\\w$.\`":]|[-+*/|]\\s*)${SIDE}\\s*=\\s*${SIDE}(?!\\s*(?:[.(\\[:]|[-+*/|]))`, 'g');
const CLAUSE = /\b(ON|WHERE|SELECT|FROM|JOIN|GROUP|ORDER|HAVING|QUALIFY|WHEN|LIMIT|USING|OVER|PARTITION)\b/gi;

/** Equalities between two alias-qualified columns that sit in an ON or WHERE clause. */
function joinEqualities(text: string): Equality[] {
  const clauses = [...text.matchAll(CLAUSE)].map((m) => ({ at: m.index, keyword: m[1]!.toUpperCase() }));
  const clauseAt = (at: number) => clauses.filter((c) => c.at < at).at(-1)?.keyword;
  const equalities: Equality[] = [];
  for (const m of text.matchAll(EQUALITY)) {
    const clause = clauseAt(m.index);
    if (clause !== 'ON' && clause !== 'WHERE') continue;
    equalities.push({
      at: m.index,
      left: { alias: unquote(m[1]!).toLowerCase(), column: unquote(m[2]!) },
      right: { alias: unquote(m[3]!).toLowerCase(), column: unquote(m[4]!) },
    });
  }
  return equalities;
}

/** The SQL with comments and single-quoted strings blanked, so that neither is read as a join. */
function withoutCommentsAndStrings(sql: string): string {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\]|\\.)*'/g, (m) => ' '.repeat(m.length));
}

function unquote(identifier: string): string {
  return /^[`"].*[`"]$/s.test(identifier) ? identifier.slice(1, -1) : identifier;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function pairKey(a: string, b: string): string {
  return [a.toLowerCase(), b.toLowerCase()].sort().join('\u0000');
}

/** The edge's or join's columns keyed by table, in both orientations (the first is as given). */
function orientedColumnKeys(
  fromTable: string,
  fromColumns: readonly string[],
  toTable: string,
  toColumns: readonly string[],
): [string, string] {
  const side = (table: string, columns: readonly string[]) => `${table}.${columns.join(',')}`.toLowerCase();
  const from = side(fromTable, fromColumns);
  const to = side(toTable, toColumns);
  return [`${from}=${to}`, `${to}=${from}`];
}

function joinKey(join: GoldJoin): string {
  return [...orientedColumnKeys(join.tables[0], [join.columns[0]], join.tables[1], [join.columns[1]])].sort()[0]!;
}

export interface GoldJoinSummary extends GoldJoinScore {
  /** Databases with inferred edges and at least one question that lists its gold tables. */
  databases: number;
  perDatabase: Record<string, GoldJoinScore>;
}

/**
 * Each database's inferred edges scored against the distinct joins its questions' gold SQL shows
 * (declared edges are not inference's to answer for), with the totals; null without any database.
 */
export function summarizeGoldJoins(
  databases: ReadonlyMap<string, { edges: readonly JoinEdge[]; joins: readonly GoldJoin[] }>,
): GoldJoinSummary | null {
  if (databases.size === 0) return null;
  const perDatabase = Object.fromEntries(
    [...databases]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([db, { edges, joins }]) => [
        db,
        scoreGoldJoins(
          edges.filter((e) => e.origin === 'inferred'),
          distinctGoldJoins(joins),
        ),
      ]),
  );
  return { databases: databases.size, ...addScores(Object.values(perDatabase)), perDatabase };
}
