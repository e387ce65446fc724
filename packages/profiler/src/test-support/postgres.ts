import pg from 'pg';

export const SETUP_HINT =
  'PostgreSQL tests need a server: run `bash .ci/setup-postgres.sh` (as root) and export ' +
  'GUIDED_TEST_POSTGRES_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres — or set GUIDED_SKIP_POSTGRES=1 to skip them explicitly';

/** The admin URL, `undefined` when skipping was asked for; throws the set-up hint when neither is set. */
export function postgresUrl(): string | undefined {
  const url = process.env.GUIDED_TEST_POSTGRES_URL;
  if (url) return url;
  if (process.env.GUIDED_SKIP_POSTGRES === '1') return undefined;
  throw new Error(SETUP_HINT);
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates a fresh scratch database, runs `statements` in it, returns its URL and a drop function. */
export async function scratchDatabase(
  adminUrl: string,
  name: string,
  statements: readonly string[],
): Promise<{ url: string; client: pg.Client; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const sql of statements) await client.query(sql);
  return {
    url,
    client,
    async drop() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
