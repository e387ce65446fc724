import {
  bigintScalar,
  type ColumnDescription,
  type Connector,
  closeAfter,
  type Dialect,
  quoteIdentifier,
  quoteLiteral,
  type SampleSource,
  type Scalar,
  type TableDescription,
} from './connector.js';
import { loadPg } from './driver.js';
import { errorCode, messageOf, ProfilerError } from './errors.js';
import { describePostgresTable } from './postgres-catalog.js';
import { postgresDialect } from './postgres-dialect.js';
import { kindOf, nameTables, type PostgresTable, schemaList, tableListSql, USER_SCHEMA } from './postgres-schemas.js';
import { type ProfileOptions, profileDatabase } from './profile.js';
import { normalizeUrl, redactSecrets, redactUrl, secretSpellings, urlPassword } from './redact.js';
import type { DatabaseProfile } from './types.js';

/** pg's type ids whose text we keep (dates, times) or turn into JSON-safe numbers. */
const OID = { int8: 20, numeric: 1700, date: 1082, time: 1083, timestamp: 1114, timestamptz: 1184, interval: 1186, timetz: 1266 };

export function numericScalar(text: string): string | number {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const significant = text.replace(/^-?0*/, '').replace('.', '').replace(/0+$/, '').length;
  return significant <= 15 ? Number(text) : text;
}

export function toScalar(value: unknown): Scalar {
  if (value === null || value === undefined) return null;
  // NaN and ±Infinity (double precision, real) as PostgreSQL spells them: JSON has no such number.
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return bigintScalar(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Buffer.isBuffer(value)) return null;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export interface PostgresOptions {
  /**
   * The schema(s) whose tables are profiled: one name, a comma-separated list or an array.
   * Default: every schema but PostgreSQL's own (`pg_catalog`, `information_schema`, `pg_toast`,
   * `pg_temp_*`, `pg_toast_temp_*`). A table's name in the profile is bare (`orders`) when no
   * other profiled schema has a table of that name, else `schema.table`.
   */
  schema?: string | readonly string[];
  /** A name for the profile's `database` (default: the database name in the URL). */
  database?: string;
  /** Abort any one statement after this many milliseconds (default: no limit). */
  statementTimeoutMs?: number;
}

interface PgClient {
  query(config: { text: string; rowMode?: 'array'; values?: unknown[]; types?: unknown }): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}

const handles = new WeakMap<Connector, PgClient>();

/** The client of a connector made by `openPostgres`, so tests can prove it refuses writes. @internal */
export function postgresHandle(connector: Connector): { query(text: string): Promise<unknown> } {
  const client = handles.get(connector);
  if (client === undefined) throw new Error('not a connector made by openPostgres');
  return { query: (text: string) => client.query({ text }) };
}

class PostgresConnector implements Connector {
  readonly engine = 'postgres' as const;
  readonly dialect: Dialect;
  #closed = false;
  #savepoints = 0;
  /** Why the connection is gone (the server's own words), once it is: every later statement fails with it. */
  #lost: ProfilerError | undefined;

  /** Profile name → where the table lives; read once when the connection opens (shared with forks). */
  tables = new Map<string, PostgresTable>();

  constructor(
    readonly client: PgClient,
    readonly database: string,
    /** The schemas profiled; `undefined`: every non-system schema. */
    readonly schemas: readonly string[] | undefined,
    readonly types: unknown,
    readonly secrets: readonly string[],
    /** `host:port`, for errors. */
    readonly target: string,
    /** Opens another connection whose transaction imports this snapshot. */
    readonly opener: (snapshot: string, tables: Map<string, PostgresTable>) => Promise<PostgresConnector>,
  ) {
    this.dialect = postgresDialect((name) => this.locate(name));
  }

  /** Where a table of the profile lives (a name not listed is taken as a bare table of the first schema, or `public`). */
  locate(name: string): PostgresTable {
    return this.tables.get(name) ?? { schema: this.schemas?.[0] ?? 'public', table: name };
  }

  /** The tables, views and materialized views of the profiled schemas now, as `{ schema, table, kind }`. */
  async readTables(): Promise<PostgresTable[]> {
    const rows = await this.#run(tableListSql(this.schemas, true), this.schemas === undefined ? undefined : [this.schemas]);
    return rows.map((r) => {
      const kind = kindOf(String(r[2]));
      return { schema: String(r[0]), table: String(r[1]), ...(kind ? { kind } : {}) };
    });
  }

  /** Another read-only connection on the same snapshot (`pg_export_snapshot`, `SET TRANSACTION SNAPSHOT`). */
  async fork(): Promise<Connector> {
    const [row] = await this.#run('SELECT pg_export_snapshot()');
    return this.opener(String(row?.[0]), this.tables);
  }

  async #run(text: string, values?: unknown[]): Promise<unknown[][]> {
    if (this.#lost) throw this.#lost;
    try {
      const result = await this.client.query({ text, rowMode: 'array', types: this.types, ...(values ? { values } : {}) });
      return result.rows as unknown[][];
    } catch (error) {
      if (this.#lost) throw this.#lost;
      if (connectionLost(error)) throw this.lose(error);
      throw pgError(error, this.secrets);
    }
  }

  /**
   * The connection is gone (the backend terminated, the server stopped): the first reason given,
   * the server's own message when it sent one, is kept, and every later statement fails with it
   * rather than with the driver's "not queryable".
   */
  lose(error: unknown): ProfilerError {
    this.#lost ??= new ProfilerError(
      'unreachable',
      `PostgreSQL connection lost: ${this.target}: ${redactSecrets(messageOf(error), this.secrets)}`,
      {
        cause: error,
      },
    );
    return this.#lost;
  }

  /**
   * The tables named when the connection opened that still exist (names stay as they were then,
   * so that a table dropped meanwhile is told apart from a renamed one).
   */
  async listTables(): Promise<string[]> {
    return this.#listed(false);
  }

  /** Views and materialized views, like `listTables`. */
  async listViews(): Promise<string[]> {
    return this.#listed(true);
  }

  async #listed(views: boolean): Promise<string[]> {
    const now = new Set((await this.readTables()).map((t) => JSON.stringify([t.schema, t.table])));
    return [...this.tables]
      .filter(([, t]) => (t.kind !== undefined) === views && now.has(JSON.stringify([t.schema, t.table])))
      .map(([name]) => name);
  }

  /** `'"schema"."table"'` as a SQL literal, for `to_regclass`. */
  #regclass(name: string): string {
    const { schema, table } = this.locate(name);
    return `${quoteLiteral(quoteIdentifier(schema))}||'.'||${quoteLiteral(quoteIdentifier(table))}`;
  }

  async describeTable(name: string): Promise<TableDescription> {
    const located = this.locate(name);
    const description = await describePostgresTable(
      (text, values) => this.#run(text, values),
      name,
      located,
      this.#regclass(name),
      (target) => this.nameOf(target),
    );
    return { ...description, ...(located.kind ? { kind: located.kind } : {}) };
  }

  /** A table's name in the profile: its own when profiled, else (a foreign key into a schema not profiled) `schema.table`. */
  nameOf(target: PostgresTable): string {
    for (const [name, t] of this.tables) if (t.schema === target.schema && t.table === target.table) return name;
    return `${target.schema}.${target.table}`;
  }

  async sampleSource(table: string, rowCount: number, sampleRows: number): Promise<SampleSource> {
    return this.dialect.sampleFrom?.(this.dialect.tableRef(table), rowCount, sampleRows, 42) as SampleSource;
  }

  async query(sql: string): Promise<Scalar[][]> {
    return (await this.#run(sql)).map((row) => row.map(toScalar));
  }

  /**
   * Bounds of the columns that lead a btree index (valid, not partial, not on an expression, with
   * the column's collation) and are compared as they are: one MIN or MAX per subquery, each an
   * index seek.
   */
  async indexBounds(table: string, columns: readonly ColumnDescription[]): Promise<Map<string, [Scalar, Scalar]>> {
    const ref = this.#regclass(table);
    const rows = await this.#run(
      `SELECT DISTINCT a.attname FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE i.indrelid = to_regclass(${ref}) AND am.amname = 'btree' AND i.indisvalid AND i.indpred IS NULL AND i.indexprs IS NULL
          AND i.indcollation[0] = a.attcollation`,
    );
    const leading = new Set(rows.map((r) => String(r[0])));
    const names = columns
      .filter((c) => leading.has(c.name))
      .filter((c) => this.dialect.column(quoteIdentifier(c.name), c.baseType ?? c.declaredType).value === quoteIdentifier(c.name))
      .map((c) => c.name);
    const bounds = new Map<string, [Scalar, Scalar]>();
    if (names.length === 0) return bounds;
    const from = this.dialect.tableRef(table);
    const parts = names.map((n) => `(SELECT MIN(${quoteIdentifier(n)}) FROM ${from}), (SELECT MAX(${quoteIdentifier(n)}) FROM ${from})`);
    const [row] = await this.query(`SELECT ${parts.join(', ')}`);
    for (const [i, n] of names.entries()) bounds.set(n, [row?.[2 * i] ?? null, row?.[2 * i + 1] ?? null]);
    return bounds;
  }

  async isolate<T>(work: () => Promise<T>): Promise<T> {
    this.#savepoints += 1;
    const name = `guided_${this.#savepoints}`;
    await this.#run(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      await this.#run(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await this.#run(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.client.query({ text: 'ROLLBACK' });
    } catch {
      // The connection may already be gone; closing must not fail because of it.
    }
    await this.client.end().catch(() => undefined);
  }
}

/**
 * Errors that end the connection: the server's admin shutdown, crash or termination of the backend
 * (57P01–57P03, class 08), a reset socket, and the driver's words for a connection already ended.
 */
function connectionLost(error: unknown): boolean {
  const code = errorCode(error);
  if (code !== undefined && (/^57P0[1-3]$/.test(code) || /^08/.test(code) || code === 'ECONNRESET' || code === 'EPIPE')) return true;
  return /Connection terminated|not queryable|Client has encountered a connection error/i.test(messageOf(error));
}

/** One line that names what failed and never contains the password. */
function pgError(error: unknown, secrets: readonly string[], target = ''): ProfilerError {
  const code = errorCode(error);
  const message = redactSecrets(messageOf(error), secrets);
  const where = target ? `${target}: ` : '';
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ECONNRESET':
      return new ProfilerError('unreachable', `PostgreSQL server unreachable: ${where}${message}`, { cause: error });
    case '28P01':
    case '28000':
      return new ProfilerError('auth-failed', `PostgreSQL: ${where}${message}`, { cause: error });
    case '3D000':
      return new ProfilerError('not-found', `PostgreSQL: ${where}${message}`, { cause: error });
    case '42501':
      return new ProfilerError('permission-denied', `PostgreSQL: ${where}${message}`, { cause: error });
    case '42P01':
      return new ProfilerError('no-such-table', `no such table: ${/relation "(.*)" does not exist/.exec(message)?.[1] ?? message}`, {
        cause: error,
      });
    default:
      return new ProfilerError('query-failed', `PostgreSQL: ${where}${message}`, { cause: error });
  }
}

/**
 * pg reads `sslmode=prefer|require|verify-ca` as `verify-full` and says so in a 10-line warning on
 * stderr before anything else: ask for what it does, so the user sees the real outcome alone.
 */
function sslModeAsPgReadsIt(url: string): string {
  if (/[?&]uselibpqcompat=true/i.test(url)) return url;
  return url.replace(/([?&]sslmode=)(?:prefer|require|verify-ca)(?=[&#]|$)/i, '$1verify-full');
}

/**
 * Connects to PostgreSQL (`postgres://user:password@host:port/database`) for reading only: the
 * session starts with `default_transaction_read_only = on`, and everything runs inside one
 * `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY` transaction (one consistent snapshot), which
 * is rolled back on close; the statement timeout is set again inside it (`SET LOCAL`), so that a
 * URL's `options=-c statement_timeout=0` cannot remove it. Errors are one line and never contain the password.
 */
export async function openPostgres(given: string, options: PostgresOptions = {}): Promise<Connector> {
  // A password with `@ / # ?` not percent-encoded: read with the user-info ending at the last `@`.
  let url = normalizeUrl(given);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new ProfilerError('bad-connection', `not a PostgreSQL URL: ${redactUrl(given)}`, { cause: error });
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ProfilerError('bad-connection', `not a PostgreSQL URL: ${redactUrl(url)}`);
  }
  url = sslModeAsPgReadsIt(url);
  // PGPASSWORD too: pg reads it when the URL has no password.
  const secrets = secretSpellings([urlPassword(given), urlPassword(url), process.env.PGPASSWORD]);
  const target = `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  const pg = await loadPg();
  const keep = (text: string) => text;
  const overrides: Record<number, (text: string) => unknown> = {
    [OID.int8]: (t) => bigintScalar(BigInt(t)),
    [OID.numeric]: numericScalar,
    [OID.date]: keep,
    [OID.time]: keep,
    [OID.timetz]: keep,
    [OID.timestamp]: keep,
    [OID.timestamptz]: keep,
    [OID.interval]: keep,
  };
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      overrides[oid] ?? (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format),
  };
  const settings = ['-c default_transaction_read_only=on'];
  if (options.statementTimeoutMs !== undefined) settings.push(`-c statement_timeout=${Math.floor(options.statementTimeoutMs)}`);
  const schemas = schemaList(options.schema);
  const database = options.database ?? (decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres');
  const open = async (snapshot?: string, tables?: Map<string, PostgresTable>): Promise<PostgresConnector> => {
    const client = new pg.Client({ connectionString: url, options: settings.join(' '), connectionTimeoutMillis: 10_000 });
    let connector: PostgresConnector | undefined;
    // The server's reason, when the connection ends while idle (a terminated backend, a shutdown).
    client.on('error', (error: unknown) => void connector?.lose(error));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw pgError(error, secrets, target);
    }
    connector = new PostgresConnector(client as unknown as PgClient, database, schemas, types, secrets, target, open);
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      if (snapshot !== undefined) await client.query(`SET TRANSACTION SNAPSHOT ${quoteLiteral(snapshot)}`);
      // Inside the transaction, after anything the URL's own `options=-c …` said (they replace
      // the session settings above): a URL cannot lift the limit.
      if (options.statementTimeoutMs !== undefined)
        await client.query(`SET LOCAL statement_timeout = ${Math.floor(options.statementTimeoutMs)}`);
      connector.tables = tables ?? nameTables(await connector.readTables());
    } catch (error) {
      await connector.close();
      throw error instanceof ProfilerError ? error : pgError(error, secrets, target);
    }
    if (connector.tables.size === 0) {
      const others = await connector
        .query(
          `SELECT DISTINCT n.nspname::text COLLATE "C" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMA} AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY 1`,
        )
        .catch(() => []);
      await connector.close();
      const where =
        schemas === undefined
          ? "in any schema but PostgreSQL's own"
          : `in schema${schemas.length > 1 ? 's' : ''} ${schemas.map((n) => JSON.stringify(n)).join(', ')}`;
      const hint = others.length > 0 ? ` (schemas with tables: ${others.map((r) => String(r[0])).join(', ')})` : '';
      throw new ProfilerError('no-tables', `PostgreSQL database "${database}" has no tables ${where}${hint}`);
    }
    handles.set(connector, client as unknown as PgClient);
    return connector;
  };
  return open();
}

/** Connects read-only, profiles the schema(s) and disconnects (also when profiling fails). */
export async function profilePostgres(url: string, options: ProfileOptions & PostgresOptions = {}): Promise<DatabaseProfile> {
  return closeAfter(await openPostgres(url, options), (connector) => profileDatabase(connector, options));
}
