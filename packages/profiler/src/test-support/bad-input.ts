/**
 * Tables that stress a connector, in SQL that SQLite, PostgreSQL and DuckDB all accept: identifiers
 * with quotes, spaces, unicode and reserved words, an empty table, an all-NULL column, long text
 * values, placeholders, a primary key and a composite foreign key.
 */
export const BAD_INPUT_SQL = [
  `CREATE TABLE "select" ("from" INTEGER PRIMARY KEY, "order" VARCHAR(20), "ünïcødé näme" VARCHAR(40), "say ""hi""" INTEGER)`,
  `CREATE TABLE "line items" ("select id" INTEGER REFERENCES "select" ("from"), qty INTEGER, note TEXT)`,
  `CREATE TABLE empty_table (a INTEGER, b VARCHAR(5))`,
  `CREATE TABLE all_null (id INTEGER, "nothing" INTEGER, nada TEXT)`,
  `CREATE TABLE contacts (id INTEGER PRIMARY KEY, email TEXT, site TEXT, phone TEXT, country TEXT, cur TEXT, signup DATE, active BOOLEAN)`,
  `INSERT INTO "select" VALUES (1, 'asc', 'Zoë', 1), (2, 'desc', 'Ñandú', 2), (3, 'asc', '東京', NULL)`,
  `INSERT INTO "line items" VALUES (1, 5, 'N/A'), (1, 6, '-'), (2, 7, 'fine'), (3, NULL, NULL)`,
  `INSERT INTO all_null VALUES (1, NULL, NULL), (2, NULL, NULL)`,
  `INSERT INTO contacts VALUES
    (1, 'ann@example.com', 'https://example.com/a', '+1 555-0100', 'France', 'EUR', '2024-01-15', TRUE),
    (2, 'bob@example.org', 'https://example.org', '+44 20 7946 0958', 'Germany', 'USD', '2024-02-01', FALSE),
    (3, 'cid@example.net', 'http://example.net/x?y=1', '(555) 010-2000', 'Japan', 'JPY', '2023-12-31', TRUE),
    (4, 'dee@example.com', 'https://www.example.com', '555-010-3000', 'Brazil', 'GBP', '2024-03-01', FALSE)`,
];

/** A text value far longer than any value kept in a profile. */
export const HUGE_TEXT = 'x'.repeat(200_000);
