import mysql from 'mysql2/promise';

export const MYSQL_SETUP_HINT =
  'MySQL tests need a server: run `bash .ci/setup-mariadb.sh` (as root) and export ' +
  'GUIDED_TEST_MYSQL_URL=mysql://guided:guided@127.0.0.1:3306/Chinook — or set GUIDED_SKIP_MYSQL=1 to skip them explicitly';

/** The Chinook URL (user `guided`, SELECT only), `undefined` when skipping was asked for; throws the set-up hint when neither is set. */
export function mysqlUrl(): string | undefined {
  const url = process.env.GUIDED_TEST_MYSQL_URL;
  if (url) return url;
  if (process.env.GUIDED_SKIP_MYSQL === '1') return undefined;
  throw new Error(MYSQL_SETUP_HINT);
}

/** The same server as `url`, another user and database (defaults: the set-up script's writer, allowed everything on `guided_test_%`). */
export function mysqlUrlFor(url: string, database: string, user = 'guided_writer', password = 'guided_writer'): string {
  const u = new URL(process.env.GUIDED_TEST_MYSQL_WRITER_URL ?? url);
  if (process.env.GUIDED_TEST_MYSQL_WRITER_URL === undefined) {
    u.username = user;
    u.password = password;
  }
  u.pathname = `/${database}`;
  return u.toString();
}

/** A plain mysql2 connection (no read-only transaction) for setting up and checking. */
export async function rawConnection(url: string, options: { ansiQuotes?: boolean } = {}): Promise<mysql.Connection> {
  const u = new URL(url);
  const connection = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    charset: 'utf8mb4',
  });
  if (options.ansiQuotes) await connection.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')");
  return connection;
}

/**
 * Creates a fresh scratch database `name` (it must start with `guided_test_`, the writer's grant)
 * as the writer, runs `statements` in it (identifiers in double quotes), and returns the URLs of
 * the writer and of the reader `guided` for it, and a drop function.
 */
export async function scratchMysql(
  url: string,
  name: string,
  statements: readonly string[],
): Promise<{ writerUrl: string; readerUrl: string; writer: mysql.Connection; drop(): Promise<void> }> {
  const writerUrl = mysqlUrlFor(url, name);
  const writer = await rawConnection(mysqlUrlFor(url, ''), { ansiQuotes: true });
  await writer.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await writer.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  await writer.query(`USE \`${name}\``);
  for (const sql of statements) await writer.query(sql);
  const reader = new URL(url);
  reader.pathname = `/${name}`;
  return {
    writerUrl,
    readerUrl: reader.toString(),
    writer,
    async drop() {
      await writer.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await writer.end();
    },
  };
}
