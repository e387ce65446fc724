import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * A small schema exercising what the profiler must get right: a composite primary key declared
 * in a different order than the columns, an explicit composite foreign key, implicit referenced
 * columns (single and composite, the latter via a differently-cased table name), a table name
 * with a space, one with double quotes, NULLs, a DATE column, ISO dates in a TEXT column, a BLOB
 * column, an untyped column, an integer beyond 2^53, an empty table, a WITHOUT ROWID table,
 * indexes (which sampling must not follow), a view and sqlite_sequence.
 */
export const FIXTURE_SQL = `
CREATE TABLE region (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE customer (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  region TEXT REFERENCES region,
  signup DATE,
  vip BOOLEAN,
  balance DECIMAL(10,2),
  avatar BLOB,
  extra
);
CREATE TABLE orders (
  order_no INTEGER NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customer(id),
  placed_at TEXT,
  total REAL,
  PRIMARY KEY (customer_id, order_no)
);
CREATE TABLE "line items" (
  customer_id INTEGER NOT NULL,
  order_no INTEGER NOT NULL,
  line INTEGER NOT NULL,
  sku VARCHAR(10),
  qty INTEGER,
  PRIMARY KEY (customer_id, order_no, line),
  FOREIGN KEY (customer_id, order_no) REFERENCES orders (customer_id, order_no),
  FOREIGN KEY (customer_id) REFERENCES customer (id)
);
CREATE TABLE "say ""hi""" (
  "the ""id""" INTEGER PRIMARY KEY,
  big INTEGER,
  anything,
  cust INTEGER,
  ord INTEGER,
  FOREIGN KEY (cust, ord) REFERENCES ORDERS
);
CREATE TABLE empty_table (a INTEGER, b);
CREATE TABLE tag (name TEXT PRIMARY KEY, weight INTEGER) WITHOUT ROWID;
CREATE INDEX customer_region ON customer (region);
CREATE INDEX tag_weight ON tag (weight);
CREATE VIEW eu_customers AS SELECT * FROM customer WHERE region = 'EU';

INSERT INTO region VALUES ('EU', 'Europe'), ('US', 'United States'), ('AP', 'Asia Pacific');
INSERT INTO customer (id, name, region, signup, vip, balance, avatar, extra) VALUES
  (1, 'Ann', 'EU', '2024-01-15', 1, 10.5, x'0102', NULL),
  (2, 'Bob', 'US', '2024-02-01', 0, 20, NULL, 'x'),
  (3, 'Cid', 'EU', NULL, 1, NULL, x'03', 7),
  (4, 'Dee', NULL, '2023-12-31', NULL, 10.5, NULL, 2.5),
  (5, 'Eve', 'EU', '2024-01-15', 1, -3, NULL, NULL);
INSERT INTO orders VALUES
  (1, 1, '2024-03-01', 100.0),
  (2, 1, '2024-03-02T10:00:00', 50.25),
  (1, 2, '2024-03-01', NULL),
  (1, 3, '2024-03-05', 100);
INSERT INTO "line items" VALUES
  (1, 1, 1, 'A-1', 2),
  (1, 1, 2, 'B-2', 1),
  (1, 2, 1, 'A-1', 5),
  (2, 1, 1, 'C-3', NULL);
INSERT INTO "say ""hi""" VALUES
  (1, 9007199254740993, 1, 1, 1),
  (2, 5, 2, 1, 2),
  (3, NULL, 3, 2, 1);
INSERT INTO tag VALUES ('c', 5), ('a', 9), ('b', 1);
`;

export interface Fixture {
  dir: string;
  path: string;
  cleanup(): void;
}

/** Writes the fixture database to a fresh temp dir (rollback journal, so a single file). */
export function createFixture(fileName = 'shop.db'): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'profiler-test-'));
  const path = join(dir, fileName);
  const db = new Database(path);
  db.pragma('journal_mode = DELETE');
  db.exec(FIXTURE_SQL);
  db.close();
  return { dir, path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}
