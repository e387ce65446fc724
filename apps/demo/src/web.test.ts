/**
 * The web page in a real, headless Chromium (Debian's /usr/bin/chromium through playwright-core),
 * against the real server (`guided serve --port 0`) with a fresh GUIDED_CACHE_DIR. What is checked
 * is what is drawn: the SVG's nodes and edges carry data attributes.
 *
 * `UPDATE_SCREENSHOT=1 npx vitest run src/web.test.ts` also refreshes docs/screenshot.png.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/server.js';

const CHROMIUM = '/usr/bin/chromium';
const QUESTION = 'Which Indian suppliers are shipping the most to China?';
const SECOND = 'How many orders were shipped by truck?';
const DOCS_SCREENSHOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshot.png');

let root: string;
let server: TestServer;
let context: BrowserContext;
let page: Page;

// `pnpm test` (tooling/scripts/test.mjs) sets GUIDED_SKIP_BROWSER=1, and says so, only where it could not install Chromium.
const skipBrowser = process.env.GUIDED_SKIP_BROWSER === '1';
if (skipBrowser) process.stderr.write('web.test.ts: GUIDED_SKIP_BROWSER=1: the browser test is skipped\n');

beforeAll(async () => {
  if (skipBrowser) return;
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: the browser test needs Debian's chromium; install it with .ci/setup-chromium.sh (as root), or set GUIDED_SKIP_BROWSER=1`,
    );
  }
  root = mkdtempSync(join(tmpdir(), 'guided-web-'));
  server = await startTestServer(['serve'], { GUIDED_CACHE_DIR: join(root, 'cache'), XDG_CACHE_HOME: join(root, 'xdg') });
  context = await chromium.launchPersistentContext(join(root, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    // A laptop's screen: what a manager first sees, and what must not scroll sideways.
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every wait below is for an event (a state drawn on the page); the bound only stops a hung page, and is generous for a busy machine.
  context.setDefaultTimeout(120_000);
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url);
  await page.waitForSelector('#graph[data-state="schema"] svg');
}, 180_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function askQuestion(question: string): Promise<void> {
  await page.fill('#question', question);
  await page.click('#go');
  await page.waitForSelector(`#graph[data-state="result"][data-question="${question}"] svg`);
}

/** The page's width against the window's: the page must never scroll sideways (long SQL and wide tables scroll in their own boxes). */
const widths = () =>
  // Run in the page (a string: this file is typed for Node, without the DOM's types).
  page.evaluate('({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })') as Promise<{
    scrollWidth: number;
    innerWidth: number;
  }>;

/** The text a reader sees without scrolling: every rendered text node inside the window (closed <details> render none). */
const firstScreenText = () =>
  page.evaluate(`(() => {
    const seen = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) seen.push(node.textContent ?? '');
    }
    return seen.join(' ');
  })()`) as Promise<string>;

const badge = () => page.textContent('#disambiguator');
let badgeBefore: string | null = null;

const drawnTree = () =>
  page.$$eval('#graph svg g.node[data-in-tree="true"]', (els) =>
    els.map((e) => `${e.getAttribute('data-table')} as ${e.getAttribute('data-alias')}`),
  );
const drawnTreeEdges = () =>
  page.$$eval('#graph svg path.edge[data-in-tree="true"]', (els) =>
    els.map((e) => `${e.getAttribute('data-from')}→${e.getAttribute('data-to')}`),
  );

describe.skipIf(skipBrowser)('the web page', () => {
  it('draws the whole schema before any question, nothing highlighted', async () => {
    const tables = await page.$$eval('#graph svg g.node', (els) => els.map((e) => e.getAttribute('data-table')));
    expect(tables.sort()).toEqual(['CUSTOMER', 'LINEITEM', 'NATION', 'ORDERS', 'PART', 'PARTSUPP', 'REGION', 'SUPPLIER']);
    expect(await page.$$('#graph svg [data-in-tree="true"]')).toHaveLength(0);
    expect(await page.$$('#graph svg path.edge')).toHaveLength(10);
    expect(await page.textContent('#examples')).toContain(QUESTION);
  });

  it('before any question, at 1280×800: no sideways scroll, no jargon, and the badge says what will run', async () => {
    const { scrollWidth, innerWidth } = await widths();
    expect(innerWidth).toBe(1280);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(await firstScreenText()).not.toMatch(/\bT0\b|coverage/i);
    badgeBefore = await badge();
    expect(badgeBefore).toBe('no LLM · fitted choice among candidate join trees');
  });

  it('answers the paper question: the six-node join tree is drawn and highlighted, NATION in two roles', async () => {
    await askQuestion(QUESTION);
    expect((await drawnTree()).sort()).toEqual(
      [
        'LINEITEM as lineitem',
        'SUPPLIER as supplier',
        'NATION as nation_supplier',
        'ORDERS as orders',
        'CUSTOMER as customer',
        'NATION as nation_customer',
      ].sort(),
    );
    expect((await drawnTreeEdges()).sort()).toEqual(
      ['lineitem→supplier', 'supplier→nation_supplier', 'lineitem→orders', 'orders→customer', 'customer→nation_customer'].sort(),
    );
    // the role aliases are printed on the two NATION boxes, and the source is marked
    const nationLabels = await page.$$eval('#graph svg g.node[data-table="NATION"] text.alias', (els) => els.map((e) => e.textContent));
    expect(nationLabels.sort()).toEqual(['as nation_customer', 'as nation_supplier']);
    expect(await page.getAttribute('#graph svg g.node[data-role="source"]', 'data-table')).toBe('LINEITEM');
    // the highlighted edges are drawn differently from the rest
    const strokes = await page.$$eval('#graph svg path.edge', (els) => [
      ...new Set(
        els.map(
          (e) =>
            `${e.getAttribute('data-in-tree')}:${(globalThis as unknown as { getComputedStyle(e: unknown): { stroke: string } }).getComputedStyle(e).stroke}`,
        ),
      ),
    ]);
    expect(strokes).toHaveLength(2);
  });

  it('answers first in plain words with the SQL, at 1280×800 without sideways scroll, jargon or a changed badge', async () => {
    const { scrollWidth, innerWidth } = await widths();
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(await badge()).toBe(badgeBefore);
    const seen = await firstScreenText();
    expect(seen).not.toMatch(/\bT0\b|coverage/i);
    for (const shown of ['This question needs 5 tables', '“Indian” matched a value in NATION.N_NAME', 'FROM LINEITEM AS lineitem'])
      expect(seen).toContain(shown);
    expect(await page.textContent('#steps .headline')).toBe(
      'This question needs 5 tables: LINEITEM, SUPPLIER, NATION (twice: for SUPPLIER and CUSTOMER), ORDERS and CUSTOMER.',
    );
    // The four phases are folded below the answer.
    expect(await page.getAttribute('#steps details.how', 'open')).toBeNull();
    expect(await page.isVisible('#steps section.phase[data-phase="grounding"]')).toBe(false);
  });

  it('folds the four phases below the answer: grounded words, candidates, start and targets, paths; SQL, sample rows, timings', async () => {
    const marks = await page.$$eval('#steps mark.grounded', (els) => els.map((e) => e.getAttribute('data-token')));
    expect(marks).toEqual(['Indian', 'suppliers', 'shipping', 'most', 'China']);
    expect(await page.getAttribute('#steps mark.grounded[data-token="Indian"]', 'title')).toContain('NATION.N_NAME');
    const phases = await page.$$eval('#steps section[data-phase]', (els) => els.map((e) => e.getAttribute('data-phase')));
    expect(phases).toEqual(['answer', 'grounding', 'exploration', 'disambiguation', 'paths']);
    expect(await page.getAttribute('#steps tr.chosen', 'data-candidate')).toBe('LINEITEM');
    expect(await page.getAttribute('#steps [data-source]', 'data-source')).toBe('LINEITEM');
    // The chosen paths are marked by their edges' ids (matched to the offered ones by id, not by text).
    const chosen = await page.$$eval('#steps li.chosen', (els) => els.map((e) => JSON.parse(e.getAttribute('data-edges') ?? '[]')));
    expect(chosen).toContainEqual([
      'LINEITEM(L_ORDERKEY)->ORDERS(O_ORDERKEY)',
      'ORDERS(O_CUSTKEY)->CUSTOMER(C_CUSTKEY)',
      'CUSTOMER(C_NATIONKEY)->NATION(N_NATIONKEY)',
    ]);
    expect(await page.$$eval('#steps li.chosen', (els) => els.map((e) => e.textContent))).toContainEqual(
      expect.stringMatching(/^LINEITEM → ORDERS → CUSTOMER → NATION ✔/),
    );
    expect(await page.textContent('#steps pre.sql')).toMatch(/^FROM LINEITEM AS lineitem\n/);
    expect(Number(await page.getAttribute('#steps [data-row-count]', 'data-row-count'))).toBeGreaterThan(0);
    expect(await page.textContent('#steps .preview-note')).toContain('not filtered by the question');
    expect(await page.$$('#steps table.preview tbody tr')).toHaveLength(5);
    for (const phase of ['grounding', 'exploration', 'disambiguation', 'paths']) {
      expect(await page.textContent(`#steps [data-timing="${phase}"]`)).toMatch(/\d+\.\d\d ms/);
    }
    // Unfolded, the steps show, and the page still does not scroll sideways.
    await page.click('#steps details.how summary');
    expect(await page.isVisible('#steps section.phase[data-phase="grounding"]')).toBe(true);
    const { scrollWidth, innerWidth } = await widths();
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.click('#steps details.how summary');
  });

  it('saves a screenshot', async () => {
    const file = join(root, 'screenshot.png');
    await page.screenshot({ path: file }); // the first screen, as a reader sees it at 1280×800
    expect(statSync(file).size).toBeGreaterThan(20_000);
    if (process.env.UPDATE_SCREENSHOT) {
      mkdirSync(dirname(DOCS_SCREENSHOT), { recursive: true });
      copyFileSync(file, DOCS_SCREENSHOT);
    }
  });

  it('a second question replaces the first cleanly', async () => {
    await askQuestion(SECOND);
    const tree = await drawnTree();
    expect(tree.map((n) => n.split(' as ')[0]).sort()).toEqual(['LINEITEM', 'ORDERS']);
    expect(await drawnTreeEdges()).toHaveLength(1);
    // no leftovers: NATION is drawn once again, without a role, and every table once
    expect(await page.$$('#graph svg g.node[data-table="NATION"]')).toHaveLength(1);
    expect(await page.$$('#graph svg g.node')).toHaveLength(8);
    expect(await page.$$eval('#steps mark.grounded', (els) => els.map((e) => e.getAttribute('data-token')))).not.toContain('Indian');
    expect(await page.getAttribute('#steps', 'data-question')).toBe(SECOND);
    expect(await badge()).toBe(badgeBefore);
    expect((await widths()).scrollWidth).toBeLessThanOrEqual((await widths()).innerWidth);
  });

  it('an example question can be clicked', async () => {
    await page.click(`#examples button.example[data-question="${QUESTION}"]`);
    await page.waitForSelector(`#graph[data-state="result"][data-question="${QUESTION}"] svg`);
    expect(await drawnTree()).toHaveLength(6);
  });

  it('an empty question shows an inline message and keeps the last result', async () => {
    await page.fill('#question', '   ');
    await page.click('#go');
    await page.waitForSelector('#message:not([hidden])');
    expect(await page.textContent('#message')).toMatch(/type a question/i);
    expect(await drawnTree()).toHaveLength(6);
    // the next real question clears the message
    await askQuestion(SECOND);
    expect(await page.isHidden('#message')).toBe(true);
  });
});
