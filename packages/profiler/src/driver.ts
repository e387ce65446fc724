import type BetterSqlite3 from 'better-sqlite3';

/** better-sqlite3's `Database` constructor. Kept out of the public declarations on purpose. */
export type DatabaseConstructor = typeof BetterSqlite3;
export type Database = BetterSqlite3.Database;

export const DRIVER_NOT_INSTALLED = 'better-sqlite3 is not installed: run `pnpm add better-sqlite3@12`';

/**
 * Loads better-sqlite3, an optional peer dependency, on first use. `load` exists so that the
 * missing-driver error can be tested; callers use the default.
 */
export async function loadBetterSqlite3(
  load: () => Promise<unknown> = () => import('better-sqlite3'),
): Promise<DatabaseConstructor> {
  let mod: unknown;
  try {
    mod = await load();
  } catch (error) {
    throw new Error(DRIVER_NOT_INSTALLED, { cause: error });
  }
  const ctor = (mod as { default?: unknown } | undefined)?.default ?? mod;
  if (typeof ctor !== 'function') throw new Error(DRIVER_NOT_INSTALLED);
  return ctor as DatabaseConstructor;
}
