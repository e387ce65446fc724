/**
 * Join edges recovered from SQL alone: every gold query of a database learned as a team's query
 * log (no question, through `@guided-retrieval/history`, read onto the schema's tables and
 * columns with the declared foreign keys hidden), each join it uses turned into an edge, scored
 * against the declared foreign keys as `--bench joins-bird` scores inference (`joins/score.ts`).
 *
 * A join says two columns are equal, not which one holds the key; the edge points at the side
 * that is a key of its table — its declared primary key (kept, as `hideDeclaredKeys` keeps it),
 * else a column whose every value differs (BIRD's statistics) — and a join neither side of which
 * is a key is no foreign key.
 */
import type { BenchDatabase, BenchQuestion } from '@guided-retrieval/benchmarks';
import { profileFromSchema, type SchemaTableStats } from '@guided-retrieval/context-graph/build';
import { History, type LearnedJoin, learnInto } from '@guided-retrieval/history';
import { declaredJoinEdges, inferJoins } from '@guided-retrieval/join-inference';
import type { DatabaseProfile } from '@guided-retrieval/profiler';
import { type EdgeCounts, type EdgeRef, type EdgeScore, edgeKey, microAverage, scoreEdges } from '../joins/score.js';

type KeyKind = 'primary' | 'unique' | null;

function keyKind(profile: DatabaseProfile, table: string, columns: readonly string[]): KeyKind {
  const t = profile.tables.find((x) => x.name.toLowerCase() === table.toLowerCase());
  if (!t) return null;
  const lower = (cs: readonly string[]) =>
    [...cs]
      .map((c) => c.toLowerCase())
      .sort()
      .join('\u0000');
  if (t.primaryKey.length > 0 && lower(t.primaryKey) === lower(columns)) return 'primary';
  if (columns.length !== 1) return null;
  const c = t.columns.find((x) => x.name.toLowerCase() === columns[0]!.toLowerCase());
  return c?.distinctExact && t.rowCount > 0 && c.distinct === t.rowCount ? 'unique' : null;
}

/** The edge a learned join stands for, pointing at its key side; null when neither side is a key. */
export function joinEdge(join: LearnedJoin, profile: DatabaseProfile): EdgeRef | null {
  const a = keyKind(profile, join.fromTable, join.fromColumns);
  const b = keyKind(profile, join.toTable, join.toColumns);
  const edge = (from: 'a' | 'b'): EdgeRef => {
    const [fromTable, fromColumns, toTable, toColumns] =
      from === 'a'
        ? [join.fromTable, join.fromColumns, join.toTable, join.toColumns]
        : [join.toTable, join.toColumns, join.fromTable, join.fromColumns];
    return { id: `${fromTable}(${fromColumns.join(',')})->${toTable}(${toColumns.join(',')})`, fromTable, fromColumns, toTable, toColumns };
  };
  if (a === null && b === null) return null;
  if (a === null) return edge('a');
  if (b === null) return edge('b');
  // Both sides keys (a one-to-one join): a primary key is referenced before a merely unique
  // column; two primary keys say no direction (BIRD's gold SQL joins `id = id` across tables).
  return a === b ? null : edge(a === 'primary' ? 'b' : 'a');
}

/** A database's edges three ways, each scored against its declared foreign keys. */
export interface SqlJoinsDatabase {
  /** Gold queries read, and the distinct joins they use. */
  statements: number;
  joinsUsed: number;
  /** Joins with no key on either side (or two primary keys), left out. */
  keyless: number;
  /** The declared keys some query joins at all (either way round): what SQL alone can find. */
  usedKeys: number;
  /** From the SQL alone. */
  sql: EdgeScore;
  /** Join inference with the declared keys hidden (as `--bench joins-bird`). */
  inference: EdgeScore;
  /** Inference with the log: `withLog`. */
  combined: EdgeScore;
}

export interface SqlJoinsResults {
  bench: string;
  sql: EdgeCounts;
  inference: EdgeCounts;
  combined: EdgeCounts;
  /** Declared keys the queries join at all, out of all: the most recall SQL alone can have. */
  usedKeys: number;
  truth: number;
  perDatabase: Record<string, SqlJoinsDatabase>;
}

const referencing = (e: EdgeRef) => `${e.fromTable}.${[...e.fromColumns].join(',')}`.toLowerCase();

/**
 * Inferred edges corrected by the log: an inferred edge whose referencing columns the log joins,
 * but never to this edge's target, is dropped (a foreign key points at one place, and the log
 * shows where); an edge of the log whose referencing columns no kept inferred edge has is added.
 */
export function withLog(inferred: readonly EdgeRef[], logged: readonly EdgeRef[]): EdgeRef[] {
  const logTargets = new Map<string, Set<string>>();
  for (const e of logged) {
    const targets = logTargets.get(referencing(e)) ?? new Set<string>();
    targets.add(edgeKey(e));
    logTargets.set(referencing(e), targets);
  }
  const kept = inferred.filter((e) => logTargets.get(referencing(e))?.has(edgeKey(e)) ?? true);
  const keptFrom = new Set(kept.map(referencing));
  return [...kept, ...logged.filter((e) => !keptFrom.has(referencing(e)))];
}

/** One database: its gold SQL learned as a log with the keys hidden, its joins as edges, beside inference and the two together. */
export async function scoreSqlJoins(
  db: BenchDatabase,
  questions: readonly BenchQuestion[],
  stats?: ReadonlyMap<string, SchemaTableStats>,
): Promise<SqlJoinsDatabase> {
  const profile = profileFromSchema(db.schema, stats);
  const truth = declaredJoinEdges(profile);
  const hidden: DatabaseProfile = { ...profile, tables: profile.tables.map((t) => ({ ...t, foreignKeys: [] })) };
  const schema = {
    engine: hidden.engine,
    tables: hidden.tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ name: c.name })) })),
  };
  const items = questions.map((q) => ({ sql: q.sql, at: `${db.name}/${q.id}` }));
  const { history, report } = learnInto(History.empty(), schema, items);
  const used = history.joins();
  const logged = used.flatMap(({ join }) => {
    const e = joinEdge(join, hidden);
    return e ? [e] : [];
  });
  const inferred = (await inferJoins(hidden, { declared: 'hide' })).edges;
  return {
    statements: report.statements,
    joinsUsed: used.length,
    keyless: used.length - logged.length,
    usedKeys: truth.filter((e) => history.joinUsage(e) > 0).length,
    sql: scoreEdges(logged, truth),
    inference: scoreEdges(inferred, truth),
    combined: scoreEdges(withLog(inferred, logged), truth),
  };
}

/** Every database of a benchmark, micro-averaged. */
export function sqlJoinsResults(bench: string, perDatabase: Record<string, SqlJoinsDatabase>): SqlJoinsResults {
  const all = Object.values(perDatabase);
  return {
    bench,
    sql: microAverage(all.map((d) => d.sql)),
    inference: microAverage(all.map((d) => d.inference)),
    combined: microAverage(all.map((d) => d.combined)),
    usedKeys: all.reduce((n, d) => n + d.usedKeys, 0),
    truth: all.reduce((n, d) => n + d.sql.truth, 0),
    perDatabase,
  };
}
