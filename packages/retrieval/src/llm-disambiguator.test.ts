import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ContextGraph, graphFromSchema, type SchemaForeignKeySpec, type SchemaTableSpec } from '@guided-retrieval/context-graph';
import { type ChatModel, type ChatRequest, type ChatResponse, OllamaChatModel } from '@guided-retrieval/llm-adapters';
import { TABLE_DDL, TABLE_NAMES } from '@guided-retrieval/tpch';
import { CONTAINERS, NATIONS, PRIORITIES, REGIONS, SEGMENTS, SHIP_INSTRUCTIONS, SHIP_MODES } from '@guided-retrieval/tpch/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHeuristicParams, formatTrace, LlmDisambiguator, type RetrievalResult, Retriever } from './index.js';
import { PAPER_TREE, treeAsSql } from './test-support/tree.js';

/** Value domains of TPC-H's categorical columns, as the generator draws them. */
const DOMAINS: Record<string, readonly string[]> = {
  R_NAME: REGIONS,
  N_NAME: NATIONS.map(([n]) => n),
  C_MKTSEGMENT: SEGMENTS,
  O_ORDERPRIORITY: PRIORITIES,
  O_ORDERSTATUS: ['F', 'O', 'P'],
  L_SHIPMODE: SHIP_MODES,
  L_SHIPINSTRUCT: SHIP_INSTRUCTIONS,
  L_RETURNFLAG: ['R', 'A', 'N'],
  L_LINESTATUS: ['O', 'F'],
  P_CONTAINER: CONTAINERS,
};

/** TPC-H as a `graphFromSchema` graph: the generator's DDL (names, types, keys) and value domains. */
function tpchSchemaGraph(): ContextGraph {
  const foreignKeys: SchemaForeignKeySpec[] = [];
  const tables: SchemaTableSpec[] = TABLE_NAMES.map((name) => {
    const lines = TABLE_DDL[name]
      .split('\n')
      .slice(1, -1)
      .map((l) => l.trim().replace(/,$/, ''));
    let primaryKey: string[] = [];
    const columns = [];
    for (const line of lines) {
      const pk = /^PRIMARY KEY \((.+)\)$/.exec(line);
      const fk = /^FOREIGN KEY \((.+)\) REFERENCES (\w+) \((.+)\)$/.exec(line);
      if (pk) primaryKey = pk[1]!.split(/,\s*/);
      else if (fk)
        foreignKeys.push({ fromTable: name, fromColumns: fk[1]!.split(/,\s*/), toTable: fk[2]!, toColumns: fk[3]!.split(/,\s*/) });
      else {
        const [column, type] = line.split(' ') as [string, string];
        if (line.includes('PRIMARY KEY')) primaryKey = [column];
        const ref = / REFERENCES (\w+) \((\w+)\)/.exec(line);
        if (ref) foreignKeys.push({ fromTable: name, fromColumns: [column], toTable: ref[1]!, toColumns: [ref[2]!] });
        const inferredType = type === 'INTEGER' ? 'integer' : type.startsWith('DECIMAL') ? 'real' : type === 'DATE' ? 'date' : 'text';
        columns.push({ name: column, type, inferredType, ...(DOMAINS[column] ? { sample: [...DOMAINS[column]] } : {}) } as const);
      }
    }
    return { name, primaryKey, columns };
  });
  return graphFromSchema({ database: 'tpch', tables, foreignKeys });
}

const PAPER_QUESTION = 'Which Indian suppliers are shipping the most to China?';

/** A chat model that answers from a script: the seam the disambiguator is tested through. */
class ScriptedModel implements ChatModel {
  readonly id = 'scripted';
  readonly requests: ChatRequest[] = [];
  constructor(private readonly script: (request: ChatRequest, n: number) => unknown) {}
  async complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const json = this.script(request, this.requests.length - 1);
    if (json instanceof Error) throw json;
    return { content: JSON.stringify(json), json, model: 'scripted', latencyMs: 0 };
  }
}

const isPathSelection = (r: ChatRequest) => r.schemaName === 'path_selection';
const PAPER_ANSWERS = (r: ChatRequest) =>
  isPathSelection(r)
    ? {
        selections: [
          { target: 'SUPPLIER', paths: [1], reason: 'the supplier of each line item' },
          { target: 'NATION', paths: [1, 2], reason: "India is the supplier's nation, China the customer's." },
        ],
      }
    : {
        source: 'LINEITEM',
        targets: ['SUPPLIER', 'NATION', 'ORDERS', 'CUSTOMER'],
        reason: 'Shipping to China means the customer nation, through ORDERS and CUSTOMER.',
      };

const graph = tpchSchemaGraph();

let heuristic: RetrievalResult;
beforeAll(async () => {
  heuristic = await (await Retriever.create(graph)).retrieve(PAPER_QUESTION);
});

async function run(model: ChatModel): Promise<RetrievalResult> {
  const retriever = await Retriever.create(graph, { disambiguator: new LlmDisambiguator(model) });
  return retriever.retrieve(PAPER_QUESTION);
}

describe('LlmDisambiguator prompts on the paper example (golden)', () => {
  let model: ScriptedModel;
  let result: RetrievalResult;
  beforeAll(async () => {
    model = new ScriptedModel(PAPER_ANSWERS);
    result = await run(model);
  });

  it('asks for the source and targets with the question, the candidates and T0', () => {
    const [request] = model.requests;
    expect(request!.schemaName).toBe('source_and_targets');
    expect(request!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request!.messages[0]!.content).toMatchInlineSnapshot(`
      "You pick the tables that a SQL query over a relational database needs in order to answer a question.
      Tables join only along foreign keys, from a table to the tables it references; a join tree starts at one source table and reaches every other table it needs through those joins.
      Decide two things:
      1. source: the table that roots the join tree. It must be one of the candidate sources.
      2. targets: every other table the query needs, to filter, group, aggregate or show data, including tables that connect the others when the question needs them (for example to reach a second role of the same table). Each target must be reachable from the source. Drop initial targets that only matched a word but do not matter for the question; add tables the question needs that the word matching missed.
      Answer with a JSON object only: {"source": "<table>", "targets": ["<table>", ...], "reason": "<one sentence>"}."
    `);
    expect(request!.messages[1]!.content).toMatchInlineSnapshot(`
      "Database: tpch
      Question: Which Indian suppliers are shipping the most to China?

      Initial targets (T0), with the words of the question that matched them:
      - SUPPLIER: "suppliers" → SUPPLIER (table, lemma "supplier", score 0.95)
      - NATION: "Indian" → NATION.N_NAME (value, demonym "india", score 0.81); "China" → NATION.N_NAME (value, exact "china", score 0.90)
      - LINEITEM: "shipping" → LINEITEM.L_SHIPMODE (value, lemma "ship", score 0.76); "most" → LINEITEM (measure, synonym "count word on an event table (dated by L_SHIPDATE; references ORDERS, PART, PARTSUPP, SUPPLIER)", score 0.78)

      Candidate sources, ranked by coverage (how many initial targets each reaches):
      1. LINEITEM: coverage 2 (reaches initial targets SUPPLIER, NATION); itself an initial target; reaches CUSTOMER, NATION, ORDERS, PART, PARTSUPP, REGION, SUPPLIER
      2. SUPPLIER: coverage 1 (reaches initial target NATION); itself an initial target; reaches NATION, REGION
      3. PARTSUPP: coverage 2 (reaches initial targets SUPPLIER, NATION); reaches NATION, PART, REGION, SUPPLIER
      4. NATION: coverage 0; itself an initial target; reaches REGION
      5. CUSTOMER: coverage 1 (reaches initial target NATION); reaches NATION, REGION
      6. ORDERS: coverage 1 (reaches initial target NATION); reaches CUSTOMER, NATION, REGION

      Tables (columns; joins):
      - REGION: R_REGIONKEY, R_NAME, R_COMMENT
      - NATION: N_NATIONKEY, N_NAME, N_REGIONKEY, N_COMMENT; joins REGION on NATION.N_REGIONKEY = REGION.R_REGIONKEY
      - PART: P_PARTKEY, P_NAME, P_MFGR, P_BRAND, P_TYPE, P_SIZE, P_CONTAINER, P_RETAILPRICE, P_COMMENT
      - SUPPLIER: S_SUPPKEY, S_NAME, S_ADDRESS, S_NATIONKEY, S_PHONE, S_ACCTBAL, S_COMMENT; joins NATION on SUPPLIER.S_NATIONKEY = NATION.N_NATIONKEY
      - PARTSUPP: PS_PARTKEY, PS_SUPPKEY, PS_AVAILQTY, PS_SUPPLYCOST, PS_COMMENT; joins PART on PARTSUPP.PS_PARTKEY = PART.P_PARTKEY, SUPPLIER on PARTSUPP.PS_SUPPKEY = SUPPLIER.S_SUPPKEY
      - CUSTOMER: C_CUSTKEY, C_NAME, C_ADDRESS, C_NATIONKEY, C_PHONE, C_ACCTBAL, C_MKTSEGMENT, C_COMMENT; joins NATION on CUSTOMER.C_NATIONKEY = NATION.N_NATIONKEY
      - ORDERS: O_ORDERKEY, O_CUSTKEY, O_ORDERSTATUS, O_TOTALPRICE, O_ORDERDATE, O_ORDERPRIORITY, O_CLERK, O_SHIPPRIORITY, O_COMMENT; joins CUSTOMER on ORDERS.O_CUSTKEY = CUSTOMER.C_CUSTKEY
      - LINEITEM: L_ORDERKEY, L_PARTKEY, L_SUPPKEY, L_LINENUMBER, L_QUANTITY, L_EXTENDEDPRICE, L_DISCOUNT, L_TAX, L_RETURNFLAG, L_LINESTATUS, L_SHIPDATE, L_COMMITDATE, L_RECEIPTDATE, L_SHIPINSTRUCT, L_SHIPMODE, L_COMMENT; joins ORDERS on LINEITEM.L_ORDERKEY = ORDERS.O_ORDERKEY, PART on LINEITEM.L_PARTKEY = PART.P_PARTKEY, SUPPLIER on LINEITEM.L_SUPPKEY = SUPPLIER.S_SUPPKEY, PARTSUPP on LINEITEM.L_PARTKEY = PARTSUPP.PS_PARTKEY AND LINEITEM.L_SUPPKEY = PARTSUPP.PS_SUPPKEY"
    `);
    expect(request!.jsonSchema).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "reason": {
            "type": "string",
          },
          "source": {
            "enum": [
              "LINEITEM",
              "SUPPLIER",
              "PARTSUPP",
              "NATION",
              "CUSTOMER",
              "ORDERS",
            ],
            "type": "string",
          },
          "targets": {
            "items": {
              "enum": [
                "REGION",
                "NATION",
                "PART",
                "SUPPLIER",
                "PARTSUPP",
                "CUSTOMER",
                "ORDERS",
                "LINEITEM",
              ],
              "type": "string",
            },
            "type": "array",
          },
        },
        "required": [
          "source",
          "targets",
          "reason",
        ],
        "type": "object",
      }
    `);
  });

  it('asks for the path per target with the enumerated paths numbered', () => {
    const request = model.requests[1]!;
    expect(request.schemaName).toBe('path_selection');
    expect(request.messages[0]!.content).toMatchInlineSnapshot(`
      "You choose how a SQL query joins its tables. The join tree starts at the source table; for each target table below, the possible join paths from the source are numbered.
      For each target, choose the path whose meaning matches the question. Choose two or more paths for the same target only when the question needs that table in several roles (for example the nation of the supplier and the nation of the customer).
      Answer with a JSON object only: {"selections": [{"target": "<table>", "paths": [<path number>, ...], "reason": "<one sentence>"}, ...]}, with one entry per target listed."
    `);
    expect(request.messages[1]!.content).toMatchInlineSnapshot(`
      "Database: tpch
      Question: Which Indian suppliers are shipping the most to China?
      Source: LINEITEM
      Targets: SUPPLIER, NATION, ORDERS, CUSTOMER

      Words of the question that matched tables:
      - LINEITEM: "shipping" → LINEITEM.L_SHIPMODE (value, lemma "ship", score 0.76); "most" → LINEITEM (measure, synonym "count word on an event table (dated by L_SHIPDATE; references ORDERS, PART, PARTSUPP, SUPPLIER)", score 0.78)
      - SUPPLIER: "suppliers" → SUPPLIER (table, lemma "supplier", score 0.95)
      - NATION: "Indian" → NATION.N_NAME (value, demonym "india", score 0.81); "China" → NATION.N_NAME (value, exact "china", score 0.90)

      Reached by a single path (no choice needed):
      - ORDERS: LINEITEM → ORDERS (LINEITEM.L_ORDERKEY = ORDERS.O_ORDERKEY)
      - CUSTOMER: LINEITEM → ORDERS → CUSTOMER (LINEITEM.L_ORDERKEY = ORDERS.O_ORDERKEY; ORDERS.O_CUSTKEY = CUSTOMER.C_CUSTKEY)

      Choose among these paths:
      SUPPLIER:
        1. LINEITEM → SUPPLIER (LINEITEM.L_SUPPKEY = SUPPLIER.S_SUPPKEY)
        2. LINEITEM → PARTSUPP → SUPPLIER (LINEITEM.L_PARTKEY = PARTSUPP.PS_PARTKEY AND LINEITEM.L_SUPPKEY = PARTSUPP.PS_SUPPKEY; PARTSUPP.PS_SUPPKEY = SUPPLIER.S_SUPPKEY)
      NATION:
        1. LINEITEM → SUPPLIER → NATION (LINEITEM.L_SUPPKEY = SUPPLIER.S_SUPPKEY; SUPPLIER.S_NATIONKEY = NATION.N_NATIONKEY)
        2. LINEITEM → ORDERS → CUSTOMER → NATION (LINEITEM.L_ORDERKEY = ORDERS.O_ORDERKEY; ORDERS.O_CUSTKEY = CUSTOMER.C_CUSTKEY; CUSTOMER.C_NATIONKEY = NATION.N_NATIONKEY)
        3. LINEITEM → PARTSUPP → SUPPLIER → NATION (LINEITEM.L_PARTKEY = PARTSUPP.PS_PARTKEY AND LINEITEM.L_SUPPKEY = PARTSUPP.PS_SUPPKEY; PARTSUPP.PS_SUPPKEY = SUPPLIER.S_SUPPKEY; SUPPLIER.S_NATIONKEY = NATION.N_NATIONKEY)"
    `);
    expect(model.requests).toHaveLength(2);
  });

  it("applies the model's answers: the paper's join tree, decided by the llm", () => {
    expect(result.trace.disambiguation.by).toBe('llm:scripted');
    expect(result.source).toBe('LINEITEM');
    expect(result.targets).toEqual(['SUPPLIER', 'NATION', 'ORDERS', 'CUSTOMER']);
    expect(treeAsSql(result.joinTree)).toEqual(PAPER_TREE);
    expect(result.trace.pathSelection.filter((s) => s.target === 'NATION').map((s) => ({ ...s, path: formatTrace.path(s.path) }))).toEqual([
      {
        target: 'NATION',
        path: 'LINEITEM → SUPPLIER → NATION',
        reason: "llm: path 1 of 3 (role 1 of 2): India is the supplier's nation, China the customer's.",
      },
      {
        target: 'NATION',
        path: 'LINEITEM → ORDERS → CUSTOMER → NATION',
        reason: "llm: path 2 of 3 (role 2 of 2): India is the supplier's nation, China the customer's.",
      },
    ]);
    expect(result.trace.disambiguation.notes).toContainEqual({
      kind: 'source',
      tables: ['LINEITEM'],
      reason:
        'llm chose it, with targets SUPPLIER, NATION, ORDERS, CUSTOMER: Shipping to China means the customer nation, through ORDERS and CUSTOMER.',
    });
  });
});

describe('LlmDisambiguator prompt sizes', () => {
  it('shows as many candidates and columns as its parameters say', async () => {
    const model = new ScriptedModel(PAPER_ANSWERS);
    const params = { ...defaultHeuristicParams(), promptCandidatesShown: 2, promptColumnsShown: 2 };
    await (await Retriever.create(graph, { disambiguator: new LlmDisambiguator(model, { params }) })).retrieve(PAPER_QUESTION);
    const user = model.requests[0]!.messages[1]!.content;
    expect(user).toContain('2. SUPPLIER: coverage 1');
    expect(user).not.toContain('3. PARTSUPP');
    expect(user).toContain('(4 more candidates with less coverage not shown)');
    expect(user).toContain('- REGION: R_REGIONKEY, R_NAME, … 1 more');
  });
});

describe('LlmDisambiguator decisions', () => {
  it('applies a valid answer that differs from the heuristic', async () => {
    const model = new ScriptedModel((r) =>
      isPathSelection(r)
        ? {
            selections: [
              { target: 'SUPPLIER', paths: [1], reason: 'direct' },
              { target: 'NATION', paths: [1], reason: 'the supplier nation' },
            ],
          }
        : { source: 'LINEITEM', targets: ['SUPPLIER', 'NATION'], reason: 'suppliers by nation' },
    );
    const result = await run(model);
    expect(result.tables).toEqual(['LINEITEM', 'SUPPLIER', 'NATION']);
    expect(result.sql).toBe(
      'FROM LINEITEM AS lineitem\nJOIN SUPPLIER AS supplier ON lineitem.L_SUPPKEY = supplier.S_SUPPKEY\nJOIN NATION AS nation ON supplier.S_NATIONKEY = nation.N_NATIONKEY',
    );
    expect(result.trace.pathSelection).toEqual([
      {
        target: 'SUPPLIER',
        path: { tables: ['LINEITEM', 'SUPPLIER'], edges: [{ id: 'LINEITEM(L_SUPPKEY)->SUPPLIER(S_SUPPKEY)', direction: 'forward' }] },
        reason: 'llm: path 1 of 2: direct',
      },
      {
        target: 'NATION',
        path: {
          tables: ['LINEITEM', 'SUPPLIER', 'NATION'],
          edges: [
            { id: 'LINEITEM(L_SUPPKEY)->SUPPLIER(S_SUPPKEY)', direction: 'forward' },
            { id: 'SUPPLIER(S_NATIONKEY)->NATION(N_NATIONKEY)', direction: 'forward' },
          ],
        },
        reason: 'llm: path 1 of 3: the supplier nation',
      },
    ]);
  });

  it('rejects an invented source table: the heuristic choice stands, noted', async () => {
    const model = new ScriptedModel((r) =>
      isPathSelection(r) ? { selections: [] } : { source: 'SHIPMENTS', targets: ['NATION'], reason: 'x' },
    );
    const result = await run(model);
    expect(result.source).toBe(heuristic.source);
    expect(result.targets).toEqual(heuristic.targets);
    expect(result.trace.disambiguation.notes.at(-1)).toEqual({
      kind: 'rejected',
      tables: ['SHIPMENTS'],
      reason: 'llm proposed unknown table SHIPMENTS as the source: kept heuristic choice',
    });
  });

  it('rejects a source that is not a candidate', async () => {
    const model = new ScriptedModel((r) => (isPathSelection(r) ? { selections: [] } : { source: 'REGION', targets: [], reason: 'x' }));
    const result = await run(model);
    expect(result.source).toBe(heuristic.source);
    expect(formatTrace.note(result.trace.disambiguation.notes.at(-1)!)).toBe(
      'rejected REGION: llm proposed source REGION, which is not a candidate source: kept heuristic choice',
    );
  });

  it('rejects invented or unreachable targets: the heuristic targets stand', async () => {
    const invented = await run(
      new ScriptedModel((r) =>
        isPathSelection(r) ? PAPER_ANSWERS(r) : { source: heuristic.source, targets: ['SUPPLIER', 'WAREHOUSE'], reason: 'x' },
      ),
    );
    expect(invented.source).toBe(heuristic.source);
    expect(invented.targets).toEqual(heuristic.targets);
    expect(invented.trace.disambiguation.notes.map(formatTrace.note)).toContain(
      `rejected WAREHOUSE: llm proposed target unknown table WAREHOUSE: kept heuristic targets ${heuristic.targets.join(', ')}`,
    );

    // with a valid source of its own, the heuristic's tables that this source reaches stand in
    const reach = graph.reachable('SUPPLIER');
    const expected = [...new Set([...heuristic.targets, heuristic.source!, ...heuristic.trace.grounding.initialTargets])].filter(
      (t) => t !== 'SUPPLIER' && reach.has(t),
    );
    const unreachable = await run(
      new ScriptedModel((r) =>
        isPathSelection(r) ? PAPER_ANSWERS(r) : { source: 'SUPPLIER', targets: ['NATION', 'LINEITEM'], reason: 'x' },
      ),
    );
    expect(unreachable.source).toBe('SUPPLIER');
    expect(unreachable.targets).toEqual(expected);
    expect(expected).toEqual(['NATION']);
    expect(unreachable.trace.disambiguation.notes.map(formatTrace.note)).toContain(
      'rejected LINEITEM: llm proposed target LINEITEM, not reachable from SUPPLIER: kept heuristic targets NATION',
    );
  });

  it('rejects a path number that was not offered: the heuristic path stands for that target', async () => {
    const model = new ScriptedModel((r) =>
      isPathSelection(r)
        ? {
            selections: [
              { target: 'SUPPLIER', paths: [1], reason: 'direct' },
              { target: 'NATION', paths: [7], reason: 'x' },
            ],
          }
        : PAPER_ANSWERS(r),
    );
    const result = await run(model);
    const nation = result.trace.pathSelection.filter((s) => s.target === 'NATION');
    expect(nation.length).toBeGreaterThan(0);
    for (const s of nation) {
      expect(s.reason).toMatch(/ \(llm proposed path 7 of 3 offered: kept heuristic choice\)$/);
      expect(s.reason.startsWith('llm:')).toBe(false);
    }
    expect(result.trace.pathSelection.find((s) => s.target === 'SUPPLIER')!.reason).toBe('llm: path 1 of 2: direct');
    const omitted = await run(
      new ScriptedModel((r) => (isPathSelection(r) ? { selections: [{ target: 'REGION', paths: [1], reason: 'x' }] } : PAPER_ANSWERS(r))),
    );
    expect(omitted.trace.pathSelection.find((s) => s.target === 'NATION')!.reason).toMatch(/\(llm chose no path: kept heuristic choice\)$/);
  });

  it('falls back to the heuristic when the model throws, noting why', async () => {
    const model = new ScriptedModel(() => new Error('connection refused'));
    const result = await run(model);
    expect(result.trace.disambiguation.by).toBe('llm:scripted');
    expect(result.joinTree).toEqual(heuristic.joinTree);
    expect(result.targets).toEqual(heuristic.targets);
    expect(result.trace.disambiguation.notes.at(-1)).toEqual({
      kind: 'rejected',
      tables: [],
      reason: 'llm failed (connection refused): kept heuristic choice',
    });
    // the paths: a failure in step 8 leaves each target's heuristic path, noted
    const second = await run(new ScriptedModel((r) => (isPathSelection(r) ? new Error('timeout') : PAPER_ANSWERS(r))));
    expect(second.trace.pathSelection.find((s) => s.target === 'NATION')!.reason).toMatch(
      /\(llm failed \(timeout\): kept heuristic choice\)$/,
    );
    expect(second.trace.pathSelection.find((s) => s.target === 'ORDERS')!.reason).toBe('only path');
  });

  it('falls back on a malformed answer', async () => {
    const result = await run(new ScriptedModel(() => ({ choice: 'LINEITEM' })));
    expect(result.joinTree).toEqual(heuristic.joinTree);
    expect(formatTrace.note(result.trace.disambiguation.notes.at(-1)!)).toBe(
      'rejected: llm answer is not {source, targets}: kept heuristic choice',
    );
  });
});

describe('LlmDisambiguator when joins must be walked backwards', () => {
  // BIRD's california_schools shape: frpm → schools ← satscores; nothing reaches both facts.
  const schools = graphFromSchema({
    database: 'california_schools',
    tables: [
      { name: 'schools', primaryKey: ['CDSCode'], columns: ['CDSCode', 'County', 'School'] },
      { name: 'frpm', primaryKey: ['CDSCode'], columns: ['CDSCode', 'Free Meal Count', 'Enrollment'] },
      { name: 'satscores', primaryKey: ['cds'], columns: ['cds', 'MathScore', 'NumTstTakr'] },
    ],
    foreignKeys: [
      { fromTable: 'frpm', fromColumns: ['CDSCode'], toTable: 'schools', toColumns: ['CDSCode'] },
      { fromTable: 'satscores', fromColumns: ['cds'], toTable: 'schools', toColumns: ['CDSCode'] },
    ],
  });
  // Both facts matched by the question's words (a table only semantic enrichment adds does not make the tree walk backwards).
  const question = 'enrollment and math scores';

  it('lets the model choose among linked tables when the heuristic walks edges backwards, and rejects the rest', async () => {
    const base = await (await Retriever.create(schools)).retrieve(question);
    expect(base.trace.disambiguation.reverse).toBe(true);
    const model = new ScriptedModel(() => ({
      source: 'satscores',
      targets: ['schools', 'frpm'],
      reason: 'scores per school, with its enrollment',
    }));
    const result = await (await Retriever.create(schools, { disambiguator: new LlmDisambiguator(model) })).retrieve(question);
    expect(model.requests[0]!.messages[1]!.content).toContain('here joins may also be walked backwards');
    expect(result.source).toBe('satscores');
    expect(result.trace.disambiguation.reverse).toBe(true);
    expect([...result.tables].sort()).toEqual(['frpm', 'satscores', 'schools']);
    expect(result.sql).toContain('JOIN');

    const invented = new ScriptedModel(() => ({ source: 'satscores', targets: ['frpm', 'districts'], reason: 'x' }));
    const fallback = await (await Retriever.create(schools, { disambiguator: new LlmDisambiguator(invented) })).retrieve(question);
    expect(
      fallback.trace.disambiguation.notes.some(
        (n) => n.kind === 'rejected' && n.reason.startsWith('llm proposed target unknown table districts: kept heuristic targets'),
      ),
    ).toBe(true);
  });
});

describe('LlmDisambiguator end to end through the Ollama adapter', () => {
  let server: Server;
  let url: string;
  const bodies: { format: { properties: Record<string, unknown> }; messages: unknown[]; stream: boolean }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw) as (typeof bodies)[number];
        bodies.push(body);
        const pathSelection = 'selections' in body.format.properties;
        const content = JSON.stringify(
          PAPER_ANSWERS({ messages: [], schemaName: pathSelection ? 'path_selection' : 'source_and_targets' }),
        );
        res.writeHead(req.url === '/api/chat' ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            model: 'qwen2.5:7b',
            created_at: '2025-01-01T00:00:00Z',
            message: { role: 'assistant', content },
            done_reason: 'stop',
            done: true,
            total_duration: 1,
            load_duration: 1,
            prompt_eval_count: 900,
            prompt_eval_duration: 1,
            eval_count: 40,
            eval_duration: 1,
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('makes both calls, applies the answers and counts usage', async () => {
    const model = new OllamaChatModel('qwen2.5:7b', url, { backoffMs: 5 });
    const result = await run(model);
    expect(bodies).toHaveLength(2);
    expect(bodies.every((b) => b.stream === false)).toBe(true);
    expect(result.trace.disambiguation.by).toBe('llm:ollama:qwen2.5:7b');
    expect(treeAsSql(result.joinTree)).toEqual(PAPER_TREE);
    expect(result.trace.pathSelection.find((s) => s.target === 'NATION')!.reason).toBe(
      "llm: path 1 of 3 (role 1 of 2): India is the supplier's nation, China the customer's.",
    );
    expect(model.usage()).toMatchObject({ calls: 2, promptTokens: 1800, completionTokens: 80, failures: 0 });
  });

  it('falls back to the heuristic when the server is gone', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = new OllamaChatModel('qwen2.5:7b', `http://127.0.0.1:${port}`, { retries: 0 });
    const result = await run(gone);
    expect(result.joinTree).toEqual(heuristic.joinTree);
    expect(result.trace.disambiguation.notes.at(-1)?.reason).toBe(
      'llm failed (connection: ollama:qwen2.5:7b: cannot reach the server (ECONNREFUSED)): kept heuristic choice',
    );
  });
});
