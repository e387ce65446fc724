import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTrace, RetrievalInputError, type RetrievalResult, Retriever } from './index.js';
import { type TpchFixture, tpchFixture } from './test-support/tpch-db.js';
import { PAPER_TREE, treeAsSql } from './test-support/tree.js';

let fixture: TpchFixture;
let retriever: Retriever;

beforeAll(async () => {
  fixture = await tpchFixture();
  retriever = await Retriever.create(fixture.graph);
});
afterAll(() => fixture.cleanup());

const PAPER_QUESTION = 'Which Indian suppliers are shipping the most to China?';

describe("the paper's running example on a real TPC-H database", () => {
  let result: RetrievalResult;
  let wallMs: number; // the test's own clock around the call
  beforeAll(async () => {
    const started = performance.now();
    result = await retriever.retrieve(PAPER_QUESTION);
    wallMs = performance.now() - started;
  });

  it('grounds T0 = {Supplier, Nation, Lineitem} without enrichment (§3.1)', () => {
    expect(result.trace.grounding.initialTargets).toEqual(['SUPPLIER', 'NATION', 'LINEITEM']);
    expect(result.trace.grounding.enrichment.triggered).toBe(false);
    const nationValues = result.trace.grounding.matches.filter((m) => m.table === 'NATION' && m.kind === 'value');
    expect(nationValues.map((m) => [m.token, m.variant, m.variantKind])).toEqual([
      ['Indian', 'india', 'demonym'],
      ['China', 'china', 'exact'],
    ]);
  });

  it('ranks LINEITEM first by coverage (§3.2) and chooses it as the source', () => {
    const coverage = Object.fromEntries(result.trace.exploration.candidates.map((c) => [c.table, c.coverage]));
    expect(coverage).toMatchObject({ LINEITEM: 2, SUPPLIER: 1, ORDERS: 1 });
    expect(result.source).toBe('LINEITEM');
  });

  it('names its disambiguator before any question as the trace names it after one: the fitted choice by default', () => {
    expect(retriever.disambiguatorName).toBe('fitted');
    expect(result.trace.disambiguation.by).toBe(retriever.disambiguatorName);
  });

  it('refines the targets to {Supplier, Nation, Orders, Customer} (§3.3)', () => {
    expect(result.targets).toEqual(['SUPPLIER', 'NATION', 'ORDERS', 'CUSTOMER']);
    expect(result.trace.disambiguation.roles.map((r) => ({ ...r, paths: r.paths.map(formatTrace.path) }))).toEqual([
      { table: 'NATION', paths: ['LINEITEM → SUPPLIER → NATION', 'LINEITEM → ORDERS → CUSTOMER → NATION'] },
    ]);
    // The paths as the trace holds them: tables and the join edges by id.
    expect(result.trace.disambiguation.roles[0]!.paths[0]).toEqual({
      tables: ['LINEITEM', 'SUPPLIER', 'NATION'],
      edges: [
        { id: 'LINEITEM(L_SUPPKEY)->SUPPLIER(S_SUPPKEY)', direction: 'forward' },
        { id: 'SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)', direction: 'forward' },
      ],
    });
  });

  it('merges into LINEITEM → SUPPLIER → NATION_S → ORDERS → CUSTOMER → NATION_C (§3.4)', () => {
    expect(treeAsSql(result.joinTree)).toEqual(PAPER_TREE);
  });

  it("renders a FROM clause on which the paper's SELECT runs and returns rows", () => {
    const sql = `SELECT supplier.S_NAME AS supplier_name, SUM(lineitem.L_QUANTITY) AS total_quantity,
        COUNT(DISTINCT lineitem.L_ORDERKEY) AS distinct_orders
      ${result.sql}
      WHERE nation_supplier.N_NAME = 'INDIA' AND nation_customer.N_NAME = 'CHINA'
      GROUP BY supplier.S_NAME ORDER BY total_quantity DESC`;
    const db = new Database(fixture.path, { readonly: true });
    try {
      const rows = db.prepare(sql).all() as { supplier_name: string; total_quantity: number }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0]!.supplier_name).toMatch(/^Supplier#\d{9}$/);
    } finally {
      db.close();
    }
  });

  it('explains every table and records a timing for every phase', () => {
    expect(Object.keys(result.explanations).sort()).toEqual(['CUSTOMER', 'LINEITEM', 'NATION', 'ORDERS', 'SUPPLIER']);
    expect(result.explanations.ORDERS).toMatch(/added ORDERS, CUSTOMER/);
    const t = result.trace.timings;
    const phases = (['grounding', 'exploration', 'disambiguation', 'pathEnumeration', 'pathSelection', 'merging'] as const).map(
      (phase) => t[phase],
    );
    for (const ms of phases) expect(Number.isFinite(ms) && ms >= 0, String(ms)).toBe(true);
    // The phases are consecutive laps of the call's one clock: together they fit in its total (up
    // to their rounding to 0.001 ms each), and the total fits in the time the test saw the call take.
    const sum = phases.reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(t.total + 0.004);
    expect(t.total).toBeLessThanOrEqual(wallMs + 0.001);
  });

  it('is deterministic: same graph and question, same result (timings aside)', async () => {
    const again = await (await Retriever.create(fixture.graph)).retrieve(PAPER_QUESTION);
    const strip = (r: RetrievalResult) => JSON.stringify({ ...r, trace: { ...r.trace, timings: null } });
    expect(strip(again)).toBe(strip(result));
  });
});

/** Questions written for TPC-H with the tables a correct query reads. */
const QUESTIONS: { question: string; tables: string[]; kind: string }[] = [
  { kind: 'single table', question: 'List all regions', tables: ['REGION'] },
  { kind: 'single table, column', question: 'What is the average retail price of parts?', tables: ['PART'] },
  { kind: 'single table, value', question: 'List the customers in the building segment', tables: ['CUSTOMER'] },
  { kind: 'single table, partial value', question: 'Show the urgent orders', tables: ['ORDERS'] },
  { kind: 'single table, abbreviation', question: 'How many customers does each market segment have?', tables: ['CUSTOMER'] },
  { kind: 'one hop', question: 'Which nations are in the Middle East region?', tables: ['NATION', 'REGION'] },
  { kind: 'one hop, value', question: 'Customers in the automobile segment from Brazil', tables: ['CUSTOMER', 'NATION'] },
  { kind: 'one hop, value', question: 'How many orders were shipped by truck?', tables: ['LINEITEM', 'ORDERS'] },
  { kind: 'two-hop bridge', question: 'Which suppliers are in Asia?', tables: ['SUPPLIER', 'NATION', 'REGION'] },
  {
    kind: 'two-hop bridge',
    question: 'What is the total account balance of customers in Europe?',
    tables: ['CUSTOMER', 'NATION', 'REGION'],
  },
  // PARTSUPP's keys would say which part and supplier, but the question spells both tables: a tree
  // that drops a table the question names is never chosen over one that keeps it (#47).
  {
    kind: 'bridge source, tables named',
    question: 'How much stock is available for each part at each supplier?',
    tables: ['PARTSUPP', 'PART', 'SUPPLIER'],
  },
  {
    kind: 'bridge source',
    question: 'How much stock do suppliers hold of parts, by supplier name and part name?',
    tables: ['PARTSUPP', 'PART', 'SUPPLIER'],
  },
  {
    kind: 'fact and dimension',
    question: 'What is the total quantity of parts shipped by mail per ship date?',
    tables: ['LINEITEM', 'PART'],
  },
  {
    kind: 'bridge through orders',
    question: 'What is the discount on line items returned by customers?',
    tables: ['LINEITEM', 'ORDERS', 'CUSTOMER'],
  },
  {
    kind: 'role-playing nations',
    question: 'Orders from French customers to Russian suppliers',
    tables: ['LINEITEM', 'ORDERS', 'CUSTOMER', 'NATION', 'SUPPLIER'],
  },
  {
    kind: 'role-playing nations',
    question: 'Which customers from Japan ordered parts from German suppliers?',
    tables: ['LINEITEM', 'ORDERS', 'CUSTOMER', 'NATION', 'PART', 'SUPPLIER'],
  },
];

describe('TPC-H questions', () => {
  it.each(QUESTIONS)('$kind: $question', async ({ question, tables }) => {
    const result = await retriever.retrieve(question);
    expect([...result.tables].sort()).toEqual([...tables].sort());
    expect(result.sql).toMatch(/^FROM /);
    const db = new Database(fixture.path, { readonly: true });
    try {
      expect(() => db.prepare(`SELECT COUNT(*) ${result.sql}`).get()).not.toThrow();
    } finally {
      db.close();
    }
  });

  it('gives each nation role its own alias and parent', async () => {
    const result = await retriever.retrieve('Orders from French customers to Russian suppliers');
    const nations = result.joinTree.nodes.filter((n) => n.table === 'NATION');
    expect(nations.map((n) => [n.alias, n.parent])).toEqual([
      ['nation_customer', 'customer'],
      ['nation_supplier', 'supplier'],
    ]);
  });

  it('a vague question is answered by semantic enrichment', async () => {
    const result = await retriever.retrieve('How are our sales trending?');
    expect(result.trace.grounding.matches).toEqual([]);
    expect(result.trace.grounding.enrichment.triggered).toBe(true);
    expect(result.trace.grounding.enrichment.added.map((a) => a.table)).toEqual(['ORDERS', 'LINEITEM']);
    expect([...result.tables].sort()).toEqual(['LINEITEM', 'ORDERS']);
  });

  it('a question about nothing in the schema gives an empty result with the reason', async () => {
    const result = await retriever.retrieve('What is the weather in Paris tomorrow?');
    expect(result).toMatchObject({ source: null, targets: [], tables: [], sql: null, joinTree: { nodes: [] } });
    expect(result.reason).toMatch(/nothing in tpch matches "weather Paris tomorrow"/);
  });

  it('refuses an empty or oversized question with a clear error', async () => {
    await expect(retriever.retrieve('   ')).rejects.toThrow(RetrievalInputError);
    await expect(retriever.retrieve('   ')).rejects.toThrow('the question is empty');
    await expect(retriever.retrieve('x'.repeat(2001))).rejects.toThrow(/2001 characters long; the limit is 2000/);
  });
});
