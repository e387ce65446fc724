import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedRowCounts } from './generate.js';
import { generateTpch, TABLE_NAMES, type TableName, type TpchSummary } from './index.js';
import { orderKeyOf, partSuppliers } from './rows.js';
import { all, dump, groupBy, makeTempDir, open, type Rec, sha } from './test-support/fixture.js';

let dir: string;
let cleanup: () => void;
let small: TpchSummary; // SF 0.001, default seed
let twin: TpchSummary; // SF 0.001, default seed again
let other: TpchSummary; // SF 0.001, another seed
let sf01: TpchSummary; // SF 0.01, default seed

beforeAll(() => {
  ({ dir, cleanup } = makeTempDir());
  small = generateTpch({ path: join(dir, 'a.db'), scaleFactor: 0.001 });
  twin = generateTpch({ path: join(dir, 'b.db'), scaleFactor: 0.001 });
  other = generateTpch({ path: join(dir, 'c.db'), scaleFactor: 0.001, seed: 7 });
  sf01 = generateTpch({ path: join(dir, 'sf01.db') });
  console.log(`SF 0.01 generated in ${sf01.ms.toFixed(0)} ms: ${JSON.stringify(sf01.rowCounts)}`);
});

afterAll(() => cleanup());

describe('row counts', () => {
  for (const [label, get] of [
    ['SF 0.001', () => small],
    ['SF 0.01', () => sf01],
  ] as const) {
    it(`${label}: every table has the spec's cardinality and the summary matches the file`, () => {
      const s = get();
      const expected = expectedRowCounts(s.scaleFactor);
      const counts = Object.fromEntries(TABLE_NAMES.map((t) => [t, all(s.path, `SELECT count(*) AS n FROM ${t}`)[0]?.n]));
      expect(counts).toEqual(s.rowCounts);
      const sf = s.scaleFactor;
      expect(expected).toEqual({
        REGION: 5,
        NATION: 25,
        SUPPLIER: 10_000 * sf,
        PART: 200_000 * sf,
        PARTSUPP: 800_000 * sf,
        CUSTOMER: 150_000 * sf,
        ORDERS: 1_500_000 * sf,
      });
      for (const t of Object.keys(expected) as Exclude<TableName, 'LINEITEM'>[]) {
        expect(s.rowCounts[t], t).toBe(expected[t]);
      }
      const orders = s.rowCounts.ORDERS;
      expect(s.rowCounts.LINEITEM).toBeGreaterThanOrEqual(orders);
      expect(s.rowCounts.LINEITEM).toBeLessThanOrEqual(7 * orders);
      const perOrder = all(s.path, `SELECT count(*) AS n FROM LINEITEM GROUP BY L_ORDERKEY`);
      expect(perOrder.length).toBe(orders); // every order has lines
      expect(Math.min(...perOrder.map((r) => Number(r.n)))).toBe(1);
      expect(Math.max(...perOrder.map((r) => Number(r.n)))).toBe(7);
      expect(s.ms).toBeGreaterThan(0);
    });
  }
});

describe('determinism', () => {
  it('the same seed gives byte-identical databases', () => {
    expect(dump(twin.path)).toBe(dump(small.path));
    expect(sha(twin.path)).toBe(sha(small.path));
  });

  it('a different seed gives a different database', () => {
    expect(dump(other.path)).not.toBe(dump(small.path));
    expect(other.seed).toBe(7);
    const names = (p: string) => all(p, 'SELECT P_NAME FROM PART ORDER BY P_PARTKEY');
    expect(names(other.path)).not.toEqual(names(small.path));
  });
});

describe('keys', () => {
  it('the data satisfies every declared foreign key', () => {
    for (const s of [small, other, sf01]) {
      const db = open(s.path);
      try {
        expect(db.pragma('foreign_key_check')).toEqual([]);
      } finally {
        db.close();
      }
    }
  });

  it('declares the spec foreign keys, including the composite LINEITEM → PARTSUPP', () => {
    const db = open(small.path);
    try {
      const fks = (t: string) => db.pragma(`foreign_key_list('${t}')`) as Rec[];
      const line = fks('LINEITEM');
      expect(new Set(line.map((r) => r.id)).size).toBe(4);
      const byId = Object.values(groupBy(line, (r) => String(r.id)));
      const shapes = byId.map((g) =>
        g
          .map((r) => `${r.from}->${r.table}.${r.to}`)
          .sort()
          .join(','),
      );
      expect(shapes.sort()).toEqual([
        'L_ORDERKEY->ORDERS.O_ORDERKEY',
        'L_PARTKEY->PART.P_PARTKEY',
        'L_PARTKEY->PARTSUPP.PS_PARTKEY,L_SUPPKEY->PARTSUPP.PS_SUPPKEY',
        'L_SUPPKEY->SUPPLIER.S_SUPPKEY',
      ]);
      const single = (t: string) =>
        fks(t)
          .map((r) => `${r.from}->${r.table}.${r.to}`)
          .sort();
      expect(single('REGION')).toEqual([]);
      expect(single('PART')).toEqual([]);
      expect(single('NATION')).toEqual(['N_REGIONKEY->REGION.R_REGIONKEY']);
      expect(single('SUPPLIER')).toEqual(['S_NATIONKEY->NATION.N_NATIONKEY']);
      expect(single('CUSTOMER')).toEqual(['C_NATIONKEY->NATION.N_NATIONKEY']);
      expect(single('ORDERS')).toEqual(['O_CUSTKEY->CUSTOMER.C_CUSTKEY']);
      expect(single('PARTSUPP')).toEqual(['PS_PARTKEY->PART.P_PARTKEY', 'PS_SUPPKEY->SUPPLIER.S_SUPPKEY']);
      const pk = (t: string) =>
        (db.pragma(`table_info('${t}')`) as Rec[])
          .filter((c) => Number(c.pk) > 0)
          .sort((a, b) => Number(a.pk) - Number(b.pk))
          .map((c) => c.name);
      expect(pk('PARTSUPP')).toEqual(['PS_PARTKEY', 'PS_SUPPKEY']);
      expect(pk('LINEITEM')).toEqual(['L_ORDERKEY', 'L_LINENUMBER']);
      expect(pk('ORDERS')).toEqual(['O_ORDERKEY']);
    } finally {
      db.close();
    }
  });

  it('PARTSUPP follows the spec supplier formula where it yields 4 distinct suppliers', () => {
    const S = 100;
    for (let p = 1; p <= 2_000; p++) {
      const spec = [0, 1, 2, 3].map((i) => ((p + i * (S / 4 + Math.floor((p - 1) / S))) % S) + 1);
      expect(partSuppliers(p, S)).toEqual(spec);
    }
    expect(new Set(partSuppliers(31, 10)).size).toBe(4); // the formula repeats one here
    const rows = all(sf01.path, 'SELECT PS_PARTKEY AS p, PS_SUPPKEY AS s FROM PARTSUPP');
    const grouped = groupBy(rows, (r) => String(r.p));
    for (const [p, g] of Object.entries(grouped)) {
      expect(g.map((r) => r.s).sort()).toEqual(partSuppliers(Number(p), S).sort());
    }
  });

  it('order keys are the spec sparse keys and no order goes to a customer key divisible by 3', () => {
    const keys = all(small.path, 'SELECT O_ORDERKEY AS k FROM ORDERS ORDER BY 1').map((r) => r.k);
    expect(keys).toEqual(Array.from({ length: keys.length }, (_, i) => orderKeyOf(i + 1)));
    expect(keys.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 33, 34]);
    expect(all(small.path, 'SELECT count(*) AS n FROM ORDERS WHERE O_CUSTKEY % 3 = 0')[0]?.n).toBe(0);
  });
});

describe('safety and validation', () => {
  it('refuses to overwrite an existing file unless overwrite is true, and names the path', () => {
    const path = join(dir, 'exists.db');
    writeFileSync(path, 'not a database');
    expect(() => generateTpch({ path, scaleFactor: 0.001 })).toThrow(path);
    expect(() => generateTpch({ path, scaleFactor: 0.001 })).toThrow(/already exists.*overwrite/);
    expect(readFileSync(path, 'utf8')).toBe('not a database');
    const s = generateTpch({ path, scaleFactor: 0.001, overwrite: true });
    expect(sha(path)).toBe(sha(small.path));
    expect(s.rowCounts).toEqual(small.rowCounts);
  });

  it('a failed run leaves neither a database nor a temp file behind, and keeps the old file', () => {
    const sub = mkdtempSync(join(dir, 'fail-'));
    const path = join(sub, 'x.db');
    const failOn = (table: string) => {
      if (table === 'ORDERS') throw new Error('boom');
    };
    expect(() => generateTpch({ path, scaleFactor: 0.001, onProgress: failOn })).toThrow('boom');
    expect(readdirSync(sub)).toEqual([]);
    writeFileSync(path, 'old');
    expect(() => generateTpch({ path, scaleFactor: 0.001, overwrite: true, onProgress: failOn })).toThrow('boom');
    expect(readdirSync(sub)).toEqual(['x.db']);
    expect(readFileSync(path, 'utf8')).toBe('old');
  });

  it('reports progress ending at each table total', () => {
    const seen = new Map<string, [number, number]>();
    const s = generateTpch({
      path: join(dir, 'progress.db'),
      scaleFactor: 0.001,
      onProgress: (table, rows, totalRows) => {
        expect(rows).toBeLessThanOrEqual(totalRows);
        seen.set(table, [rows, totalRows]);
      },
    });
    expect([...seen.keys()]).toEqual([...TABLE_NAMES]);
    for (const t of TABLE_NAMES) expect(seen.get(t)).toEqual([s.rowCounts[t], s.rowCounts[t]]);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 10.5, 0.0001])('rejects scaleFactor %s and names it', (scaleFactor) => {
    const path = join(dir, 'bad.db');
    expect(() => generateTpch({ path, scaleFactor })).toThrow(String(scaleFactor));
    expect(() => generateTpch({ path, scaleFactor })).toThrow(/scaleFactor/);
    expect(existsSync(path)).toBe(false);
  });

  it('rejects a seed that is not a safe integer', () => {
    expect(() => generateTpch({ path: join(dir, 'bad.db'), seed: 1.5 })).toThrow(/seed.*1\.5/);
  });

  it('uses no Math.random in the generator sources', () => {
    const src = new URL('.', import.meta.url);
    for (const f of readdirSync(src).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      expect(readFileSync(new URL(f, src), 'utf8'), f).not.toMatch(/Math\.random/);
    }
  });
});
