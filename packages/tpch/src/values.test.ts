import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTpch, type TpchSummary } from './index.js';
import { NATIONS, retailPriceCents } from './rows.js';
import { all, groupBy, makeTempDir } from './test-support/fixture.js';
import { CONTAINERS, P_NAME_WORDS, P_TYPES, PRIORITIES, SEGMENTS, SHIP_INSTRUCTIONS, SHIP_MODES } from './text.js';

let cleanup: () => void;
let runs: TpchSummary[]; // SF 0.001 under two seeds

beforeAll(() => {
  let dir: string;
  ({ dir, cleanup } = makeTempDir());
  runs = [{}, { seed: 2 }].map((extra, n) => generateTpch({ path: join(dir, `v${n}.db`), scaleFactor: 0.001, ...extra }));
});

afterAll(() => cleanup());

describe('values', () => {
  it('REGION and NATION hold the spec rows', () => {
    expect(all(runs[0]!.path, 'SELECT R_REGIONKEY AS k, R_NAME AS n FROM REGION ORDER BY 1')).toEqual(
      ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'].map((n, k) => ({ k, n })),
    );
    const nations = all(runs[0]!.path, 'SELECT * FROM NATION ORDER BY N_NATIONKEY');
    expect(nations.map((r) => [r.N_NAME, r.N_REGIONKEY])).toEqual(NATIONS.map((n) => [...n]));
    expect(nations).toHaveLength(25);
    expect(nations[8]).toMatchObject({ N_NATIONKEY: 8, N_NAME: 'INDIA', N_REGIONKEY: 2 });
    expect(nations[18]).toMatchObject({ N_NATIONKEY: 18, N_NAME: 'CHINA', N_REGIONKEY: 2 });
    expect(nations[24]).toMatchObject({ N_NAME: 'UNITED STATES', N_REGIONKEY: 1 });
  });

  it('the word lists have the spec sizes', () => {
    expect(new Set(P_NAME_WORDS).size).toBe(92);
    expect(new Set(P_TYPES).size).toBe(150);
    expect(new Set(CONTAINERS).size).toBe(40);
  });

  it('PART, SUPPLIER and CUSTOMER values follow the spec formats', () => {
    for (const { path } of runs) checkParties(path);
  });

  it('every line and order satisfies the date, flag, status and price rules', () => {
    for (const { path, rowCounts } of runs) checkOrders(path, rowCounts.ORDERS);
  });

  it('dates are stored as YYYY-MM-DD text', () => {
    const types = all(
      runs[0]!.path,
      `SELECT DISTINCT typeof(O_ORDERDATE) AS t FROM ORDERS
      UNION SELECT typeof(L_SHIPDATE) FROM LINEITEM UNION SELECT typeof(L_COMMITDATE) FROM LINEITEM
      UNION SELECT typeof(L_RECEIPTDATE) FROM LINEITEM`,
    );
    expect(types).toEqual([{ t: 'text' }]);
  });
});

/** PART, SUPPLIER and CUSTOMER rows against the spec's formats and ranges. */
function checkParties(path: string): void {
  for (const r of all(path, 'SELECT * FROM PART')) {
    const key = Number(r.P_PARTKEY);
    const words = String(r.P_NAME).split(' ');
    expect(new Set(words).size).toBe(5);
    expect(words.every((w) => P_NAME_WORDS.includes(w))).toBe(true);
    const m = /^Manufacturer#([1-5])$/.exec(String(r.P_MFGR));
    expect(m).not.toBeNull();
    expect(String(r.P_BRAND)).toMatch(new RegExp(`^Brand#${m?.[1]}[1-5]$`));
    expect(P_TYPES).toContain(r.P_TYPE);
    expect(CONTAINERS).toContain(r.P_CONTAINER);
    expect(Number(r.P_SIZE)).toBeGreaterThanOrEqual(1);
    expect(Number(r.P_SIZE)).toBeLessThanOrEqual(50);
    const price = (90000 + (Math.floor(key / 10) % 20001) + 100 * (key % 1000)) / 100;
    expect(r.P_RETAILPRICE).toBe(price);
  }
  expect(all(path, 'SELECT P_RETAILPRICE AS p FROM PART WHERE P_PARTKEY = 1')[0]?.p).toBe(901);
  const cols = (t: 'S' | 'C', key: string) =>
    `SELECT ${t}_${key} AS k, ${t}_NAME AS n, ${t}_NATIONKEY AS c, ${t}_PHONE AS p, ${t}_ACCTBAL AS b`;
  const people = [...all(path, `${cols('S', 'SUPPKEY')} FROM SUPPLIER`), ...all(path, `${cols('C', 'CUSTKEY')} FROM CUSTOMER`)];
  for (const r of people) {
    expect(String(r.n)).toMatch(new RegExp(`^(Supplier|Customer)#${String(r.k).padStart(9, '0')}$`));
    expect(String(r.p)).toMatch(new RegExp(`^${Number(r.c) + 10}-\\d{3}-\\d{3}-\\d{4}$`));
    expect(Number(r.b)).toBeGreaterThanOrEqual(-999.99);
    expect(Number(r.b)).toBeLessThanOrEqual(9999.99);
    expect(Math.round(Number(r.b) * 100) / 100).toBe(r.b);
  }
  expect(all(path, 'SELECT S_NAME AS n FROM SUPPLIER WHERE S_SUPPKEY = 1')[0]?.n).toBe('Supplier#000000001');
  const segments = all(path, 'SELECT DISTINCT C_MKTSEGMENT AS s FROM CUSTOMER').map((r) => r.s);
  expect([...segments].sort()).toEqual([...SEGMENTS].sort());
}

const day = (d: unknown) => Date.parse(`${String(d)}T00:00:00Z`) / 86_400_000;

/** Every ORDERS and LINEITEM row against the spec's date, flag, status and price rules. */
function checkOrders(path: string, orderCount: number): void {
  const orders = all(path, 'SELECT * FROM ORDERS');
  const lines = groupBy(all(path, 'SELECT * FROM LINEITEM'), (l) => String(l.L_ORDERKEY));
  expect(orders).toHaveLength(orderCount);
  for (const o of orders) {
    const od = day(o.O_ORDERDATE);
    expect(String(o.O_ORDERDATE) >= '1992-01-01').toBe(true);
    expect(String(o.O_ORDERDATE) <= '1998-08-02').toBe(true);
    expect(PRIORITIES).toContain(o.O_ORDERPRIORITY);
    expect(String(o.O_CLERK)).toMatch(/^Clerk#\d{9}$/);
    expect(o.O_SHIPPRIORITY).toBe(0);
    const ls = lines[String(o.O_ORDERKEY)] ?? [];
    expect(ls.map((l) => l.L_LINENUMBER).sort()).toEqual(ls.map((_, i) => i + 1));
    let total = 0;
    for (const l of ls) {
      const [sd, cd, rd] = [day(l.L_SHIPDATE), day(l.L_COMMITDATE), day(l.L_RECEIPTDATE)];
      expect(sd - od).toBeGreaterThanOrEqual(1);
      expect(sd - od).toBeLessThanOrEqual(121);
      expect(cd - od).toBeGreaterThanOrEqual(30);
      expect(cd - od).toBeLessThanOrEqual(90);
      expect(rd - sd).toBeGreaterThanOrEqual(1);
      expect(rd - sd).toBeLessThanOrEqual(30);
      const received = String(l.L_RECEIPTDATE) <= '1995-06-17';
      expect(received ? ['R', 'A'] : ['N']).toContain(l.L_RETURNFLAG);
      expect(l.L_LINESTATUS).toBe(String(l.L_SHIPDATE) > '1995-06-17' ? 'O' : 'F');
      const q = Number(l.L_QUANTITY);
      expect(Number.isInteger(q) && q >= 1 && q <= 50).toBe(true);
      expect(l.L_EXTENDEDPRICE).toBe((q * retailPriceCents(Number(l.L_PARTKEY))) / 100);
      expect(Number(l.L_DISCOUNT)).toBeGreaterThanOrEqual(0);
      expect(Number(l.L_DISCOUNT)).toBeLessThanOrEqual(0.1);
      expect(Number(l.L_TAX)).toBeGreaterThanOrEqual(0);
      expect(Number(l.L_TAX)).toBeLessThanOrEqual(0.08);
      expect(SHIP_MODES).toContain(l.L_SHIPMODE);
      expect(SHIP_INSTRUCTIONS).toContain(l.L_SHIPINSTRUCT);
      total += Number(l.L_EXTENDEDPRICE) * (1 + Number(l.L_TAX)) * (1 - Number(l.L_DISCOUNT));
    }
    expect(Math.abs(Number(o.O_TOTALPRICE) - total)).toBeLessThanOrEqual(0.0051);
    const statuses = new Set(ls.map((l) => l.L_LINESTATUS));
    expect(o.O_ORDERSTATUS).toBe(statuses.size === 2 ? 'P' : statuses.has('F') ? 'F' : 'O');
  }
  const statuses = all(path, 'SELECT DISTINCT O_ORDERSTATUS AS s FROM ORDERS ORDER BY 1');
  expect(statuses.map((r) => r.s)).toEqual(['F', 'O', 'P']);
  const flags = all(path, 'SELECT DISTINCT L_RETURNFLAG AS f FROM LINEITEM ORDER BY 1');
  expect(flags.map((r) => r.f)).toEqual(['A', 'N', 'R']);
}
