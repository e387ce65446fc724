/**
 * generateTpch: writes a TPC-H database of a given scale factor to one SQLite file, from a seed.
 * The file is built under a temporary name next to the target and renamed into place at the end,
 * so a failed run never leaves a half-written database at the target path.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Rng } from './random.js';
import {
  type Cardinalities,
  cardinalities,
  customerRow,
  NATIONS,
  nationRows,
  orderRows,
  partRow,
  partSuppliers,
  partSuppRow,
  REGIONS,
  type Row,
  regionRows,
  SUPPLIERS_PER_PART,
  supplierRow,
} from './rows.js';
import { TABLE_DDL, TABLE_NAMES, type TableName } from './schema.js';

export interface GenerateTpchOptions {
  /** Where to write the SQLite file. Its directory must exist. */
  path: string;
  /** TPC-H scale factor: SF 1 is ~1 GB in the spec's terms. Default 0.01; at most 10. */
  scaleFactor?: number;
  /** Seed of the PRNG; the same seed and scale factor give the same database. Default 20260101. */
  seed?: number;
  /** Replace an existing file at `path` (only once the new database is complete). Default false. */
  overwrite?: boolean;
  /** Called as rows are written: every 10,000 rows of a table and once when it is complete. */
  onProgress?: (table: string, rows: number, totalRows: number) => void;
}

export interface TpchSummary {
  /** The absolute path written. */
  path: string;
  scaleFactor: number;
  seed: number;
  rowCounts: Record<TableName, number>;
  /** Wall-clock milliseconds the generation took. */
  ms: number;
}

export const DEFAULT_SCALE_FACTOR = 0.01;
export const DEFAULT_SEED = 20260101;
export const MAX_SCALE_FACTOR = 10;
const PROGRESS_EVERY = 10_000;

/** The row count of each table at a scale factor (LINEITEM's depends on the seed: 1..7 per order). */
export function expectedRowCounts(scaleFactor: number): Omit<Record<TableName, number>, 'LINEITEM'> {
  const c = cardinalities(scaleFactor);
  return {
    REGION: REGIONS.length,
    NATION: NATIONS.length,
    PART: c.parts,
    SUPPLIER: c.suppliers,
    PARTSUPP: c.parts * SUPPLIERS_PER_PART,
    CUSTOMER: c.customers,
    ORDERS: c.orders,
  };
}

function validate(options: GenerateTpchOptions): { sf: number; seed: number; target: string } {
  if (typeof options.path !== 'string' || options.path.trim() === '') {
    throw new Error(`generateTpch: path must be a non-empty string, got ${JSON.stringify(options.path)}`);
  }
  const sf = options.scaleFactor ?? DEFAULT_SCALE_FACTOR;
  if (typeof sf !== 'number' || !Number.isFinite(sf) || sf <= 0 || sf > MAX_SCALE_FACTOR) {
    throw new Error(`generateTpch: scaleFactor must be a finite number > 0 and <= ${MAX_SCALE_FACTOR}, got ${String(sf)}`);
  }
  const suppliers = cardinalities(sf).suppliers;
  if (suppliers < SUPPLIERS_PER_PART) {
    throw new Error(
      `generateTpch: scaleFactor ${sf} is too small: it gives ${suppliers} supplier(s), but each ` +
        `part needs ${SUPPLIERS_PER_PART} distinct suppliers (use at least 0.0004)`,
    );
  }
  const seed = options.seed ?? DEFAULT_SEED;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new Error(`generateTpch: seed must be a safe integer, got ${String(seed)}`);
  }
  return { sf, seed, target: resolve(options.path) };
}

let tempCounter = 0;

export function generateTpch(options: GenerateTpchOptions): TpchSummary {
  const started = performance.now();
  const { sf, seed, target } = validate(options);
  if (existsSync(target) && options.overwrite !== true) {
    throw new Error(`generateTpch: ${target} already exists; pass overwrite: true to replace it`);
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.${tempCounter++}.tmp`);
  const rowCounts = Object.fromEntries(TABLE_NAMES.map((t) => [t, 0])) as Record<TableName, number>;
  let db: Database.Database | undefined;
  try {
    db = createTables(temp);
    fillTables(filler(db, rowCounts, options.onProgress), seed, cardinalities(sf));
    db.close();
    db = undefined;
    renameSync(temp, target);
  } catch (error) {
    try {
      db?.close();
    } finally {
      rmSync(temp, { force: true });
      rmSync(`${temp}-journal`, { force: true });
    }
    throw error;
  }
  return { path: target, scaleFactor: sf, seed, rowCounts, ms: performance.now() - started };
}

/** A new database at `path` with the eight tables, set up for one fast bulk load. */
function createTables(path: string): Database.Database {
  const db = new Database(path);
  try {
    // The temp file is discarded on any failure, so it needs no journal and no fsyncs.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('cache_size = -65536');
    // better-sqlite3 enforces foreign keys by default; the rows satisfy them by construction
    // (the tests run PRAGMA foreign_key_check), so inserts skip the per-row lookups.
    db.pragma('foreign_keys = OFF');
    for (const table of TABLE_NAMES) db.exec(TABLE_DDL[table]);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Inserts `total` rows into `table`, built one by one by `build`, in one transaction. */
type Fill = (table: TableName, total: number, build: (write: (row: Row) => void) => void) => void;

/** A `Fill` on `db` that counts the rows into `rowCounts` and reports progress. */
function filler(db: Database.Database, rowCounts: Record<TableName, number>, progress: GenerateTpchOptions['onProgress']): Fill {
  return (table, total, build) => {
    const columns = db.prepare(`SELECT * FROM ${table}`).columns().length;
    const insert = db.prepare(`INSERT INTO ${table} VALUES (${Array.from({ length: columns }, () => '?').join(', ')})`);
    let rows = 0;
    db.transaction(() => {
      build((row) => {
        insert.run(row);
        rows++;
        if (progress && rows % PROGRESS_EVERY === 0 && rows < total) progress(table, rows, total);
      });
    })();
    if (rows !== total) throw new Error(`generateTpch: wrote ${rows} ${table} rows, expected ${total}`);
    rowCounts[table] = rows;
    progress?.(table, rows, total);
  };
}

/** Every table's rows, in the order their keys are referenced; each table draws from its own stream of the seed. */
function fillTables(fill: Fill, seed: number, card: Cardinalities): void {
  const streamOf = (table: TableName) => new Rng(seed, TABLE_NAMES.indexOf(table));
  fill('REGION', REGIONS.length, (write) => {
    for (const row of regionRows(streamOf('REGION'))) write(row);
  });
  fill('NATION', NATIONS.length, (write) => {
    for (const row of nationRows(streamOf('NATION'))) write(row);
  });
  fill('PART', card.parts, (write) => {
    const rng = streamOf('PART');
    for (let key = 1; key <= card.parts; key++) write(partRow(rng, key));
  });
  fill('SUPPLIER', card.suppliers, (write) => {
    const rng = streamOf('SUPPLIER');
    for (let key = 1; key <= card.suppliers; key++) write(supplierRow(rng, key));
  });
  fill('PARTSUPP', card.parts * SUPPLIERS_PER_PART, (write) => {
    const rng = streamOf('PARTSUPP');
    for (let part = 1; part <= card.parts; part++) {
      for (const supp of partSuppliers(part, card.suppliers)) write(partSuppRow(rng, part, supp));
    }
  });
  fill('CUSTOMER', card.customers, (write) => {
    const rng = streamOf('CUSTOMER');
    for (let key = 1; key <= card.customers; key++) write(customerRow(rng, key));
  });
  fillOrders(fill, seed, card);
}

/**
 * ORDERS then LINEITEM, one transaction each: an order's total needs its lines, so the LINEITEM
 * pass rebuilds each order (from the order's own stream) and writes its lines.
 */
function fillOrders(fill: Fill, seed: number, card: Cardinalities): void {
  let lineTotal = 0;
  fill('ORDERS', card.orders, (write) => {
    for (let i = 1; i <= card.orders; i++) {
      const { order, lines } = orderRows(seed, i, card);
      lineTotal += lines.length;
      write(order);
    }
  });
  fill('LINEITEM', lineTotal, (write) => {
    for (let i = 1; i <= card.orders; i++) for (const line of orderRows(seed, i, card).lines) write(line);
  });
}
