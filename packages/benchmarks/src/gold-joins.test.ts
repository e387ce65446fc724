import type { JoinEdge } from '@guided-retrieval/join-inference';
import { describe, expect, it } from 'vitest';
import { type GoldJoin, goldJoins, refSegments, resolveTableRef, scoreGoldJoins, summarizeGoldJoins } from './gold-joins.js';

const edge = (
  fromTable: string,
  fromColumns: string[],
  toTable: string,
  toColumns: string[],
  origin: JoinEdge['origin'] = 'inferred',
): JoinEdge => ({
  id: `${fromTable}(${fromColumns})->${toTable}(${toColumns})`,
  fromTable,
  fromColumns,
  toTable,
  toColumns,
  origin,
  confidence: 0.5,
  evidence: [],
});

describe('table refs', () => {
  it('splits backticked, quoted and bare refs into segments', () => {
    expect(refSegments('`bigquery-public-data.ga4.events_2021*`')).toEqual(['bigquery-public-data', 'ga4', 'events_2021*']);
    expect(refSegments('`p`.`d`.`t`')).toEqual(['p', 'd', 't']);
    expect(refSegments('"DB"."SCHEMA"."TABLE"')).toEqual(['DB', 'SCHEMA', 'TABLE']);
    expect(refSegments('DB.SCHEMA."Mixed.Name"')).toEqual(['DB', 'SCHEMA', 'Mixed.Name']);
  });

  it('resolves a ref to a gold table by its last segment, its last two, or a family prefix', () => {
    const gold = ['USERS', 'CRYPTO_ETHEREUM.BLOCKS', 'events_*', 'bls_qcew.*'];
    expect(resolveTableRef(['db', 's', 'users'], gold)).toBe('USERS');
    expect(resolveTableRef(['CRYPTO', 'CRYPTO_ETHEREUM', 'BLOCKS'], gold)).toBe('CRYPTO_ETHEREUM.BLOCKS');
    expect(resolveTableRef(['p', 'd', 'events_20210101'], gold)).toBe('events_*');
    expect(resolveTableRef(['bigquery-public-data', 'bls_qcew', '2020_q1'], gold)).toBe('bls_qcew.*');
    expect(resolveTableRef(['p', 'd', 'sessions'], gold)).toBeNull();
  });
});

describe('goldJoins', () => {
  it('reads BigQuery backticked refs, a date-sharded family included', () => {
    const sql = `SELECT u.id FROM \`project.dataset.events_2021*\` AS e
      JOIN \`project.dataset.users\` u ON e.user_pseudo_id = u.\`id\`
      WHERE _TABLE_SUFFIX BETWEEN '20210101' AND '20210131'`;
    expect(goldJoins(sql, ['events_*', 'users'])).toEqual([{ tables: ['events_*', 'users'], columns: ['user_pseudo_id', 'id'] }]);
  });

  it('reads Snowflake quoted names and skips paths into variants', () => {
    const sql = `SELECT o."amount" FROM "SHOP"."PUBLIC"."ORDERS" o
      INNER JOIN "SHOP"."PUBLIC"."USERS" AS u ON o."user_id" = u."id" AND o.value:"code" = u."code"
      LEFT JOIN SHOP.PUBLIC.ITEMS i ON i."order_id"::NUMBER = o."order_id"`;
    expect(goldJoins(sql, ['ORDERS', 'USERS', 'ITEMS'])).toEqual([
      { tables: ['ORDERS', 'USERS'], columns: ['user_id', 'id'] },
      { tables: ['ITEMS', 'ORDERS'], columns: ['order_id', 'order_id'] },
    ]);
  });

  it('reads bare SQLite names, with aliases and without, old-style comma joins too', () => {
    expect(goldJoins('SELECT * FROM orders JOIN customers ON orders.customer_id = customers.id', ['orders', 'customers'])).toEqual([
      { tables: ['orders', 'customers'], columns: ['customer_id', 'id'] },
    ]);
    expect(
      goldJoins('SELECT T2.name FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id', [
        'singer',
        'singer_in_concert',
      ]),
    ).toEqual([{ tables: ['singer_in_concert', 'singer'], columns: ['singer_id', 'singer_id'] }]);
    expect(goldJoins('SELECT * FROM film f, language l WHERE f.language_id = l.language_id', ['film', 'language'])).toEqual([
      { tables: ['film', 'language'], columns: ['language_id', 'language_id'] },
    ]);
  });

  it('resolves dataset-qualified gold names', () => {
    const sql = 'SELECT * FROM CRYPTO.CRYPTO_ETHEREUM.BLOCKS b JOIN CRYPTO.CRYPTO_ETHEREUM.TRANSACTIONS t ON b."number" = t."block_number"';
    expect(goldJoins(sql, ['CRYPTO_ETHEREUM.BLOCKS', 'CRYPTO_ETHEREUM.TRANSACTIONS'])).toEqual([
      { tables: ['CRYPTO_ETHEREUM.BLOCKS', 'CRYPTO_ETHEREUM.TRANSACTIONS'], columns: ['number', 'block_number'] },
    ]);
  });

  it('does not follow a CTE or subquery alias, even one named like a gold table', () => {
    const sql = `WITH users AS (SELECT id FROM db.s.accounts), recent AS (SELECT * FROM db.s.orders)
      SELECT * FROM recent r JOIN users u ON r.user_id = u.id
      JOIN (SELECT * FROM db.s.items) i ON i.order_id = r.id`;
    expect(goldJoins(sql, ['users', 'orders', 'items'])).toEqual([]);
  });

  it('resolves an alias reused across subqueries by its nearest definition', () => {
    const sql = `SELECT * FROM (SELECT * FROM answers a JOIN questions q ON a.parent_id = q.id) x
      JOIN users a ON a.id = x.owner_id`;
    expect(goldJoins(sql, ['answers', 'questions', 'users'])).toEqual([{ tables: ['answers', 'questions'], columns: ['parent_id', 'id'] }]);
  });

  it('keeps each join once, whatever its side order, and skips self-joins, comments and strings', () => {
    const sql = `SELECT * FROM orders o JOIN users u ON o.user_id = u.id
      UNION ALL SELECT * FROM users u2 JOIN orders o2 ON u2.ID = o2.USER_ID -- o.x = u.y
      UNION ALL SELECT * FROM orders a JOIN orders b ON a.parent_id = b.id WHERE 'o.a = u.b' <> ''`;
    expect(goldJoins(sql, ['orders', 'users'])).toEqual([{ tables: ['orders', 'users'], columns: ['user_id', 'id'] }]);
  });

  it('never throws on what it cannot read', () => {
    expect(goldJoins('', ['a'])).toEqual([]);
    expect(goldJoins('SELECT ((( FROM `unclosed JOIN "x ON a.b = = c.d', ['a', 'c'])).toEqual([]);
  });
});

describe('scoreGoldJoins', () => {
  const joins: GoldJoin[] = [
    { tables: ['orders', 'users'], columns: ['user_id', 'id'] },
    { tables: ['ITEMS', 'ORDERS'], columns: ['order_id', 'id'] },
    { tables: ['stores', 'hubs'], columns: ['hub_id', 'hub_id'] },
  ];

  it('counts gold pairs, pairs with an edge, edges on them and edges on the gold columns', () => {
    const edges = [
      edge('USERS', ['id'], 'ORDERS', ['user_id']), // reversed orientation, other case: matches
      edge('orders', ['created_by'], 'users', ['id']), // right pair, wrong column
      edge('items', ['order_id'], 'orders', ['id']),
      edge('items', ['sku'], 'products', ['sku']), // not a gold pair
    ];
    expect(scoreGoldJoins(edges, joins)).toEqual({ goldPairs: 3, pairsWithEdge: 2, edgesOnGoldPairs: 3, edgesMatchingColumns: 2 });
  });

  it('matches a composite edge only when the gold joins every one of its column pairs', () => {
    const composite = [
      { tables: ['ball', 'score'], columns: ['match_id', 'match_id'] },
      { tables: ['ball', 'score'], columns: ['over_id', 'over_id'] },
    ] satisfies GoldJoin[];
    expect(scoreGoldJoins([edge('score', ['match_id', 'over_id'], 'ball', ['match_id', 'over_id'])], composite).edgesMatchingColumns).toBe(
      1,
    );
    expect(scoreGoldJoins([edge('score', ['match_id', 'ball_id'], 'ball', ['match_id', 'ball_id'])], composite).edgesMatchingColumns).toBe(
      0,
    );
  });

  it('sums the databases, scoring only inferred edges and joins deduplicated across questions', () => {
    const summary = summarizeGoldJoins(
      new Map([
        [
          'shop',
          {
            edges: [edge('orders', ['user_id'], 'users', ['id']), edge('items', ['order_id'], 'orders', ['id'], 'declared')],
            joins: [...joins, joins[0]!],
          },
        ],
        ['empty', { edges: [], joins: [] }],
      ]),
    );
    expect(summary).toEqual({
      databases: 2,
      goldPairs: 3,
      pairsWithEdge: 1,
      edgesOnGoldPairs: 1,
      edgesMatchingColumns: 1,
      perDatabase: {
        empty: { goldPairs: 0, pairsWithEdge: 0, edgesOnGoldPairs: 0, edgesMatchingColumns: 0 },
        shop: { goldPairs: 3, pairsWithEdge: 1, edgesOnGoldPairs: 1, edgesMatchingColumns: 1 },
      },
    });
    expect(summarizeGoldJoins(new Map())).toBeNull();
  });
});
