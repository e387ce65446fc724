import type BetterSqlite3 from 'better-sqlite3';
import { ProfilerError } from './errors.js';
import { driverMissing } from './install-command.js';

/** better-sqlite3's `Database` constructor. Kept out of the public declarations on purpose. */
export type DatabaseConstructor = typeof BetterSqlite3;
export type Database = BetterSqlite3.Database;
export type PgModule = typeof import('pg');
export type DuckdbModule = typeof import('@duckdb/node-api');
export type Mysql2Module = typeof import('mysql2/promise');
export type MysqlField = import('mysql2').TypeCastField;

/** The install command of each driver, in the user's package manager's words (`install-command.ts`), when it is missing. */
export const driverMissingMessage = {
  sqlite: () => driverMissing('better-sqlite3', 'better-sqlite3@12', { native: true }),
  postgres: () => driverMissing('pg', 'pg@8'),
  mysql: () => driverMissing('mysql2', 'mysql2@3'),
  duckdb: () => driverMissing('@duckdb/node-api', '@duckdb/node-api@1.5.6-r.1'),
};

async function load(loader: () => Promise<unknown>, missing: () => string): Promise<unknown> {
  try {
    return await loader();
  } catch (error) {
    throw new ProfilerError('driver-missing', missing(), { cause: error });
  }
}

/**
 * Loads better-sqlite3, an optional peer dependency, on first use. `loader` exists so that the
 * missing-driver error can be tested; callers use the default.
 */
export async function loadBetterSqlite3(loader: () => Promise<unknown> = () => import('better-sqlite3')): Promise<DatabaseConstructor> {
  const mod = await load(loader, driverMissingMessage.sqlite);
  const ctor = (mod as { default?: unknown } | undefined)?.default ?? mod;
  if (typeof ctor !== 'function') throw new ProfilerError('driver-missing', driverMissingMessage.sqlite());
  return ctor as DatabaseConstructor;
}

/** Loads pg (node-postgres), an optional peer dependency, on first use. */
export async function loadPg(loader: () => Promise<unknown> = () => import('pg')): Promise<PgModule> {
  const mod = (await load(loader, driverMissingMessage.postgres)) as { default?: PgModule } & Partial<PgModule>;
  const pg = mod.default ?? (mod as PgModule);
  if (typeof pg?.Client !== 'function') throw new ProfilerError('driver-missing', driverMissingMessage.postgres());
  return pg;
}

/** Loads @duckdb/node-api, an optional peer dependency, on first use. */
export async function loadDuckdb(loader: () => Promise<unknown> = () => import('@duckdb/node-api')): Promise<DuckdbModule> {
  const mod = (await load(loader, driverMissingMessage.duckdb)) as Partial<DuckdbModule>;
  if (typeof mod?.DuckDBInstance !== 'function') throw new ProfilerError('driver-missing', driverMissingMessage.duckdb());
  return mod as DuckdbModule;
}

/** Loads mysql2 (its promise API), an optional peer dependency, on first use. */
export async function loadMysql2(loader: () => Promise<unknown> = () => import('mysql2/promise')): Promise<Mysql2Module> {
  const mod = (await load(loader, driverMissingMessage.mysql)) as { default?: Mysql2Module } & Partial<Mysql2Module>;
  const mysql = typeof mod?.createConnection === 'function' ? (mod as Mysql2Module) : mod?.default;
  if (typeof mysql?.createConnection !== 'function') throw new ProfilerError('driver-missing', driverMissingMessage.mysql());
  return mysql;
}
