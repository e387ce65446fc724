import type BetterSqlite3 from 'better-sqlite3';
import { ProfilerError } from './errors.js';

/** better-sqlite3's `Database` constructor. Kept out of the public declarations on purpose. */
export type DatabaseConstructor = typeof BetterSqlite3;
export type Database = BetterSqlite3.Database;
export type PgModule = typeof import('pg');
export type DuckdbModule = typeof import('@duckdb/node-api');
export type Mysql2Module = typeof import('mysql2/promise');
export type MysqlField = import('mysql2').TypeCastField;

export const DRIVER_NOT_INSTALLED = 'better-sqlite3 is not installed: run `pnpm add better-sqlite3@12`';
export const PG_NOT_INSTALLED = 'pg is not installed: run `pnpm add pg@8`';
export const MYSQL2_NOT_INSTALLED = 'mysql2 is not installed: run `pnpm add mysql2@3`';
export const DUCKDB_NOT_INSTALLED = '@duckdb/node-api is not installed: run `pnpm add @duckdb/node-api@1.5.6-r.1`';

async function load(loader: () => Promise<unknown>, missing: string): Promise<unknown> {
  try {
    return await loader();
  } catch (error) {
    throw new ProfilerError('driver-missing', missing, { cause: error });
  }
}

/**
 * Loads better-sqlite3, an optional peer dependency, on first use. `loader` exists so that the
 * missing-driver error can be tested; callers use the default.
 */
export async function loadBetterSqlite3(loader: () => Promise<unknown> = () => import('better-sqlite3')): Promise<DatabaseConstructor> {
  const mod = await load(loader, DRIVER_NOT_INSTALLED);
  const ctor = (mod as { default?: unknown } | undefined)?.default ?? mod;
  if (typeof ctor !== 'function') throw new ProfilerError('driver-missing', DRIVER_NOT_INSTALLED);
  return ctor as DatabaseConstructor;
}

/** Loads pg (node-postgres), an optional peer dependency, on first use. */
export async function loadPg(loader: () => Promise<unknown> = () => import('pg')): Promise<PgModule> {
  const mod = (await load(loader, PG_NOT_INSTALLED)) as { default?: PgModule } & Partial<PgModule>;
  const pg = mod.default ?? (mod as PgModule);
  if (typeof pg?.Client !== 'function') throw new ProfilerError('driver-missing', PG_NOT_INSTALLED);
  return pg;
}

/** Loads @duckdb/node-api, an optional peer dependency, on first use. */
export async function loadDuckdb(loader: () => Promise<unknown> = () => import('@duckdb/node-api')): Promise<DuckdbModule> {
  const mod = (await load(loader, DUCKDB_NOT_INSTALLED)) as Partial<DuckdbModule>;
  if (typeof mod?.DuckDBInstance !== 'function') throw new ProfilerError('driver-missing', DUCKDB_NOT_INSTALLED);
  return mod as DuckdbModule;
}

/** Loads mysql2 (its promise API), an optional peer dependency, on first use. */
export async function loadMysql2(loader: () => Promise<unknown> = () => import('mysql2/promise')): Promise<Mysql2Module> {
  const mod = (await load(loader, MYSQL2_NOT_INSTALLED)) as { default?: Mysql2Module } & Partial<Mysql2Module>;
  const mysql = typeof mod?.createConnection === 'function' ? (mod as Mysql2Module) : mod?.default;
  if (typeof mysql?.createConnection !== 'function') throw new ProfilerError('driver-missing', MYSQL2_NOT_INSTALLED);
  return mysql;
}
