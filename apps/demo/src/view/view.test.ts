/**
 * The page's pure renderers, without a browser: the display graph (role copies, highlighted tree,
 * layout), its SVG, the marked question and the phase panels. Input: the real TPC-H result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { type RetrievalResult, Retriever } from '@guided-retrieval/retrieval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGraph } from '../cache.js';
import { graphPayload } from '../server/graph-payload.js';
import { renderPreview } from './answer.js';
import type { GraphPayload } from './api-types.js';
import { disambiguatorLabel, escapeHtml, questionHtml, questionSegments } from './html.js';
import { displayGraph, treeSummary } from './join-graph.js';
import { renderResultHtml } from './phases.js';
import { renderGraphSvg } from './svg.js';

const QUESTION = 'Which Indian suppliers are shipping the most to China?';
let root: string;
let graph: ContextGraph;
let payload: GraphPayload;
let result: RetrievalResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'guided-view-'));
  process.env.GUIDED_CACHE_DIR = join(root, 'cache');
  graph = (await demoGraph(() => {})).graph;
  payload = graphPayload(graph, { examples: [], preview: false, disambiguator: 'fitted' });
  result = await (await Retriever.create(graph)).retrieve(QUESTION);
});

afterAll(() => {
  delete process.env.GUIDED_CACHE_DIR;
  rmSync(root, { recursive: true, force: true });
});

describe('displayGraph', () => {
  it('without a result: one node per table, one edge per join edge, nothing highlighted', () => {
    const g = displayGraph(payload);
    expect(g.order).toBe(8);
    expect(g.size).toBe(10);
    expect(treeSummary(g)).toEqual({ nodes: [], edges: [] });
  });

  it('with the paper result: NATION once per role, the tree highlighted, REGION joined to both roles', () => {
    const g = displayGraph(payload, result);
    expect(g.order).toBe(9); // 8 tables, NATION twice
    const s = treeSummary(g);
    expect(s.nodes.sort()).toEqual(
      [
        'CUSTOMER as customer',
        'LINEITEM as lineitem',
        'NATION as nation_customer',
        'NATION as nation_supplier',
        'ORDERS as orders',
        'SUPPLIER as supplier',
      ].sort(),
    );
    expect(s.edges.sort()).toEqual(
      ['customer→nation_customer', 'lineitem→orders', 'lineitem→supplier', 'orders→customer', 'supplier→nation_supplier'].sort(),
    );
    expect(g.getNodeAttribute('a:lineitem', 'role')).toBe('source');
    expect(g.getNodeAttribute('a:nation_supplier', 'roleLabel')).toBe('nation_supplier');
    expect(g.getNodeAttribute('a:supplier', 'roleLabel')).toBeNull();
    expect(g.getNodeAttribute('t:PART', 'role')).toBe('other');
    expect(g.neighbors('t:REGION').sort()).toEqual(['a:nation_customer', 'a:nation_supplier']);
    // a join edge the tree uses is not drawn again to the other role
    expect(g.neighbors('a:nation_customer').sort()).toEqual(['a:customer', 't:REGION']);
  });

  it('lays the tree out in columns by depth, no two nodes on one spot, the same every time', () => {
    const g = displayGraph(payload, result);
    const x = (k: string) => g.getNodeAttribute(k, 'x');
    expect(x('a:lineitem')).toBeLessThan(x('a:supplier'));
    expect(x('a:supplier')).toBeLessThan(x('a:nation_supplier'));
    expect(x('a:customer')).toBeLessThan(x('a:nation_customer'));
    const spots = g.mapNodes((_, a) => `${a.x},${a.y}`);
    expect(new Set(spots).size).toBe(spots.length);
    expect(renderGraphSvg(displayGraph(payload, result))).toBe(renderGraphSvg(g));
  });
});

describe('renderGraphSvg', () => {
  it('draws every node and edge with the attributes the browser test reads', () => {
    const svg = renderGraphSvg(displayGraph(payload, result));
    expect(svg.match(/<g class="node /g)).toHaveLength(9);
    expect(svg.match(/<path class="edge in-tree"/g)).toHaveLength(5);
    expect(svg).toContain('data-table="NATION" data-alias="nation_customer" data-in-tree="true" data-role="target"');
    expect(svg).toContain('>as nation_supplier</text>');
    expect(svg).toContain('data-from="lineitem" data-to="supplier" data-in-tree="true"');
  });

  it('escapes table names', () => {
    const evil: GraphPayload = {
      database: 'x',
      tables: [{ name: '<b>"T"</b>', rowCount: 1, columns: 1, primaryKey: [] }],
      edges: [],
      examples: [],
      preview: false,
      disambiguator: 'fitted',
    };
    const svg = renderGraphSvg(displayGraph(evil));
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&quot;T&quot;&lt;/b&gt;');
  });
});

describe('the question and the phases', () => {
  it('marks each grounded word with what it matched, in order, keeping the rest of the text', () => {
    const segments = questionSegments(QUESTION, result.trace.grounding.matches);
    expect(segments.map((s) => s.text).join('')).toBe(QUESTION);
    expect(segments.filter((s) => s.matches.length > 0).map((s) => s.text)).toEqual(['Indian', 'suppliers', 'shipping', 'most', 'China']);
    expect(questionHtml(QUESTION, result.trace.grounding.matches)).toContain('<sub>NATION.N_NAME</sub>');
  });

  it('a match inside an already marked stretch joins it', () => {
    const m = (token: string, span: [number, number]) => ({
      token,
      span,
      variant: token,
      variantKind: 'exact' as const,
      table: 'T',
      column: null,
      kind: 'table' as const,
      coverage: 1,
      score: 1,
    });
    const segments = questionSegments('the ship date is', [m('ship date', [1, 3]), m('ship', [1, 2])]);
    expect(segments.map((s) => [s.text, s.matches.length])).toEqual([
      ['the ', 0],
      ['ship date', 2],
      [' is', 0],
    ]);
  });

  it('renders the answer in plain words first, then the four phases folded below it', () => {
    const html = renderResultHtml(result);
    expect([...html.matchAll(/data-phase="(\w+)"/g)].map((m) => m[1])).toEqual([
      'answer',
      'grounding',
      'exploration',
      'disambiguation',
      'paths',
    ]);
    const answer = html.slice(0, html.indexOf('<details'));
    expect(answer).toContain(
      'This question needs 5 tables: <strong>LINEITEM</strong>, <strong>SUPPLIER</strong>, <strong>NATION</strong> (twice: for SUPPLIER and CUSTOMER), <strong>ORDERS</strong> and <strong>CUSTOMER</strong>.',
    );
    expect(answer).toContain(
      '<strong>SUPPLIER</strong> → <strong>NATION</strong> <em>as nation_supplier</em> on <code>S_NATIONKEY = N_NATIONKEY</code>',
    );
    expect(answer).toContain('“Indian” matched a value in NATION.N_NAME (read as “india”)');
    expect(answer).toContain('“suppliers” matched the table SUPPLIER');
    expect(answer).toContain(`<pre class="sql">${escapeHtml(result.sql ?? '')}</pre>`);
    expect(answer).toContain('No database attached');
    // The answer speaks no jargon of the paper; the phases below say it in words too.
    expect(html).not.toMatch(/T0|coverage/);
    expect(html).toContain('<details class="how"><summary>How it was found, step by step</summary>');
    const viaCustomer = [
      'LINEITEM(L_ORDERKEY)->ORDERS(O_ORDERKEY)',
      'ORDERS(O_CUSTKEY)->CUSTOMER(C_CUSTKEY)',
      'CUSTOMER(C_NATIONKEY)->NATION(N_NATIONKEY)',
    ];
    expect(html).toContain(
      `<li class="chosen" data-edges="${escapeHtml(JSON.stringify(viaCustomer))}">LINEITEM → ORDERS → CUSTOMER → NATION <span`,
    );
    expect(html).toContain('NATION is needed 2 times, along LINEITEM → SUPPLIER → NATION | LINEITEM → ORDERS → CUSTOMER → NATION');
  });

  it('labels the sample rows for what they are: the join, not filtered by the question', () => {
    const html = renderPreview({ ok: true, rowCount: 59626, columns: ['a.x'], rows: [[1]], ms: 3, limit: 5 });
    expect(html).toContain('not filtered by the question');
    expect(html).toContain('data-row-count="59626"');
  });

  it('marks the chosen paths by their edge ids: of two that read alike (parallel edges), only the one chosen', () => {
    const via = (column: string) => ({
      tables: ['department', 'employee'],
      edges: [{ id: `department(${column})->employee(id)`, direction: 'forward' as const }],
    });
    const parallel: RetrievalResult = {
      ...result,
      trace: {
        ...result.trace,
        pathEnumeration: [{ target: 'employee', paths: [via('head_id'), via('deputy_id')] }],
        pathSelection: [{ target: 'employee', path: via('deputy_id'), reason: 'the deputy' }],
      },
    };
    const html = renderResultHtml(parallel);
    const items = [...html.matchAll(/<li( class="chosen")? data-edges="([^"]*)">department → employee/g)];
    expect(items.map((m) => [Boolean(m[1]), JSON.parse(m[2]!.replaceAll('&quot;', '"').replaceAll('&gt;', '>'))])).toEqual([
      [false, ['department(head_id)->employee(id)']],
      [true, ['department(deputy_id)->employee(id)']],
    ]);
    expect(html.match(/✔ the deputy/g)).toHaveLength(1);
  });

  it('says why nothing came back', async () => {
    const empty = await (await Retriever.create(graph)).retrieve('What is the weather in Paris tomorrow?');
    const html = renderResultHtml(empty);
    expect(html).toContain('No tables found:');
    expect(html).not.toContain('<pre class="sql">');
  });

  it('names the model when one decided, and renders a failed preview', () => {
    expect(disambiguatorLabel('llm:qwen2.5')).toBe('LLM: qwen2.5');
    expect(disambiguatorLabel('fitted')).toBe('no LLM · fitted choice among candidate join trees');
    expect(renderPreview({ ok: false, error: 'took <too> long' })).toContain('took &lt;too&gt; long');
  });
});
