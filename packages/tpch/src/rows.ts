/**
 * The row builders: each returns one table row as positional values in the DDL's column order.
 * Rules and ranges follow TPC-H spec v3 clause 4.2.3; money is computed in integer cents.
 */
import { Rng } from './random.js';
import {
  CONTAINERS,
  commentText,
  keyedName,
  P_NAME_WORDS,
  P_TYPES,
  PRIORITIES,
  phoneNumber,
  SEGMENTS,
  SHIP_INSTRUCTIONS,
  SHIP_MODES,
  vString,
} from './text.js';

export type SqlValue = string | number;
export type Row = SqlValue[];

/** The spec's 5 regions, keys 0..4. */
export const REGIONS: readonly string[] = ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'];

/** The spec's 25 nations as [name, regionkey]; the index is the nationkey. */
export const NATIONS: readonly (readonly [string, number])[] = [
  ['ALGERIA', 0],
  ['ARGENTINA', 1],
  ['BRAZIL', 1],
  ['CANADA', 1],
  ['EGYPT', 4],
  ['ETHIOPIA', 0],
  ['FRANCE', 3],
  ['GERMANY', 3],
  ['INDIA', 2],
  ['INDONESIA', 2],
  ['IRAN', 4],
  ['IRAQ', 4],
  ['JAPAN', 2],
  ['JORDAN', 4],
  ['KENYA', 0],
  ['MOROCCO', 0],
  ['MOZAMBIQUE', 0],
  ['PERU', 1],
  ['CHINA', 2],
  ['ROMANIA', 3],
  ['SAUDI ARABIA', 4],
  ['VIETNAM', 2],
  ['RUSSIA', 3],
  ['UNITED KINGDOM', 3],
  ['UNITED STATES', 1],
];

/** Row counts of the scaled tables (and the clerk count) for one scale factor. */
export interface Cardinalities {
  suppliers: number;
  parts: number;
  customers: number;
  orders: number;
  clerks: number;
}

export const SUPPLIERS_PER_PART = 4;

export function cardinalities(scaleFactor: number): Cardinalities {
  const scaled = (base: number) => Math.max(1, Math.round(base * scaleFactor));
  return {
    suppliers: scaled(10_000),
    parts: scaled(200_000),
    customers: scaled(150_000),
    orders: scaled(1_500_000),
    clerks: scaled(1_000),
  };
}

/** P_RETAILPRICE in cents: 90000 + ((partkey/10) mod 20001) + 100 × (partkey mod 1000). */
export function retailPriceCents(partKey: number): number {
  return 90_000 + (Math.floor(partKey / 10) % 20_001) + 100 * (partKey % 1_000);
}

/**
 * The 4 suppliers of a part: the spec's `(p + (i × ((S/4) + floor((p-1)/S)))) mod S + 1`, i=0..3.
 * When S is tiny (SF < ~0.01) the formula can repeat a supplier for a part; a repeat is then
 * replaced by the next supplier key (wrapping) not yet used for that part, so PARTSUPP's key holds.
 */
export function partSuppliers(partKey: number, suppliers: number): number[] {
  const step = Math.floor(suppliers / 4) + Math.floor((partKey - 1) / suppliers);
  const out: number[] = [];
  for (let i = 0; i < SUPPLIERS_PER_PART; i++) {
    let key = ((partKey + i * step) % suppliers) + 1;
    while (out.includes(key)) key = (key % suppliers) + 1;
    out.push(key);
  }
  return out;
}

/** The i-th order's key (1-based i): the spec's sparse keys, the first 8 of every 32. */
export function orderKeyOf(index: number): number {
  return Math.floor((index - 1) / 8) * 32 + ((index - 1) % 8) + 1;
}

// Dates, as day numbers counted from STARTDATE (spec 4.2.3).
const DAY_MS = 86_400_000;
const START_MS = Date.UTC(1992, 0, 1);
const dayOf = (y: number, m: number, d: number) => (Date.UTC(y, m - 1, d) - START_MS) / DAY_MS;
/** The last order date: ENDDATE (1998-12-31) minus 151 days, i.e. 1998-08-02. */
export const LAST_ORDER_DAY = dayOf(1998, 12, 31) - 151;
/** CURRENTDATE, 1995-06-17: what has shipped or been received by then is settled. */
export const CURRENT_DAY = dayOf(1995, 6, 17);
const DATE_TEXT: readonly string[] = Array.from({ length: dayOf(1998, 12, 31) + 1 }, (_, d) =>
  new Date(START_MS + d * DAY_MS).toISOString().slice(0, 10),
);
/** 'YYYY-MM-DD' of a day number. */
export function dateText(day: number): string {
  const text = DATE_TEXT[day];
  if (text === undefined) throw new RangeError(`day ${day} is outside 1992-01-01..1998-12-31`);
  return text;
}

export function regionRows(rng: Rng): Row[] {
  return REGIONS.map((name, key) => [key, name, commentText(rng, 31, 115)]);
}

export function nationRows(rng: Rng): Row[] {
  return NATIONS.map(([name, region], key) => [key, name, region, commentText(rng, 31, 114)]);
}

export function partRow(rng: Rng, key: number): Row {
  const m = rng.int(1, 5);
  return [
    key,
    rng.sample(P_NAME_WORDS, 5).join(' '),
    `Manufacturer#${m}`,
    `Brand#${m}${rng.int(1, 5)}`,
    rng.pick(P_TYPES),
    rng.int(1, 50),
    rng.pick(CONTAINERS),
    retailPriceCents(key) / 100,
    commentText(rng, 5, 22),
  ];
}

/**
 * S_COMMENT, 25..100 characters. About 5 in 10,000 suppliers (the spec's SF × 5) carry
 * "Customer … Complaints" and as many "Customer … Recommends", at a random position.
 */
function supplierComment(rng: Rng): string {
  const roll = rng.int(1, 2_000);
  if (roll > 2) return commentText(rng, 25, 100);
  const marker = `Customer ${commentText(rng, 1, 10)} ${roll === 1 ? 'Complaints' : 'Recommends'}`;
  const total = rng.int(Math.max(25, marker.length), 100);
  const head = rng.int(0, total - marker.length);
  const fill = (n: number) => (n === 0 ? '' : commentText(rng, n, n));
  return `${fill(head)}${marker}${fill(total - marker.length - head)}`;
}

export function supplierRow(rng: Rng, key: number): Row {
  const nation = rng.int(0, NATIONS.length - 1);
  return [
    key,
    keyedName('Supplier', key),
    vString(rng, 10, 40),
    nation,
    phoneNumber(rng, nation),
    rng.cents(-999.99, 9999.99) / 100,
    supplierComment(rng),
  ];
}

export function partSuppRow(rng: Rng, partKey: number, suppKey: number): Row {
  return [partKey, suppKey, rng.int(1, 9_999), rng.cents(1, 1_000) / 100, commentText(rng, 49, 198)];
}

export function customerRow(rng: Rng, key: number): Row {
  const nation = rng.int(0, NATIONS.length - 1);
  return [
    key,
    keyedName('Customer', key),
    vString(rng, 10, 40),
    nation,
    phoneNumber(rng, nation),
    rng.cents(-999.99, 9999.99) / 100,
    rng.pick(SEGMENTS),
    commentText(rng, 29, 116),
  ];
}

/** One order and its 1..7 lines. */
export interface OrderRows {
  order: Row;
  lines: Row[];
}

export const ORDER_STREAM = 7;

/**
 * The i-th order (1-based) with its lines. Each order draws from its own stream of the seed, so
 * an order can be rebuilt on its own: the ORDERS pass and the LINEITEM pass rebuild the same rows.
 */
export function orderRows(seed: number, index: number, card: Cardinalities): OrderRows {
  const rng = new Rng(seed, ORDER_STREAM, index);
  const orderKey = orderKeyOf(index);
  let custKey = rng.int(1, card.customers);
  // The spec leaves every third customer without orders.
  while (custKey % 3 === 0) custKey = rng.int(1, card.customers);
  const orderDay = rng.int(0, LAST_ORDER_DAY);
  const priority = rng.pick(PRIORITIES);
  const clerk = keyedName('Clerk', rng.int(1, card.clerks));
  const comment = commentText(rng, 19, 78);

  const lines: Row[] = [];
  let total = 0; // in units of 1/10,000 cent
  let shipped = 0;
  const count = rng.int(1, 7);
  for (let n = 1; n <= count; n++) {
    const partKey = rng.int(1, card.parts);
    const suppKey = rng.pick(partSuppliers(partKey, card.suppliers));
    const quantity = rng.int(1, 50);
    const extended = quantity * retailPriceCents(partKey);
    const discount = rng.int(0, 10);
    const tax = rng.int(0, 8);
    const shipDay = orderDay + rng.int(1, 121);
    const commitDay = orderDay + rng.int(30, 90);
    const receiptDay = shipDay + rng.int(1, 30);
    const returnFlag = receiptDay <= CURRENT_DAY ? (rng.int(0, 1) === 0 ? 'R' : 'A') : 'N';
    const lineStatus = shipDay > CURRENT_DAY ? 'O' : 'F';
    if (lineStatus === 'F') shipped++;
    total += extended * (100 + tax) * (100 - discount);
    lines.push([
      orderKey,
      partKey,
      suppKey,
      n,
      quantity,
      extended / 100,
      discount / 100,
      tax / 100,
      returnFlag,
      lineStatus,
      dateText(shipDay),
      dateText(commitDay),
      dateText(receiptDay),
      rng.pick(SHIP_INSTRUCTIONS),
      rng.pick(SHIP_MODES),
      commentText(rng, 10, 43),
    ]);
  }
  const status = shipped === count ? 'F' : shipped === 0 ? 'O' : 'P';
  const order: Row = [orderKey, custKey, status, Math.round(total / 10_000) / 100, dateText(orderDay), priority, clerk, 0, comment];
  return { order, lines };
}
