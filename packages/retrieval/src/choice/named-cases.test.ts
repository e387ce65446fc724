/**
 * What the question names, kept: the cases a new user tried (issue #47), each over a small real
 * database the test writes and builds as `guided build` does (and Chinook from the shared sample
 * databases, when they sit beside the clone).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { buildGraph } from '@guided-retrieval/context-graph/build';
import { beforeAll, describe, expect, it } from 'vitest';
import { Retriever } from '../retriever.js';
import { insert, sqliteGraph } from '../test-support/sqlite-graph.js';
import { defaultChoiceFile } from './model-file.js';

const sorted = (xs: Iterable<string>) => [...xs].sort();

async function tablesFor(graph: ContextGraph, question: string): Promise<string[]> {
  return sorted((await (await Retriever.create(graph)).retrieve(question)).tables);
}

describe('a table the question names stays in the tree', () => {
  let shop: ContextGraph;
  let layered: ContextGraph;
  beforeAll(async () => {
    shop = await sqliteGraph('shop', [
      'CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, company_name TEXT, country TEXT)',
      'CREATE TABLE categories (category_id INTEGER PRIMARY KEY, category_name TEXT, description TEXT)',
      `CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name TEXT, unit_price REAL,
        supplier_id INTEGER REFERENCES suppliers(supplier_id), category_id INTEGER REFERENCES categories(category_id))`,
      insert('suppliers', [
        [1, 'Exotic Liquids', 'UK'],
        [2, 'New Orleans Cajun Delights', 'USA'],
        [3, 'Tokyo Traders', 'Japan'],
        [4, 'Pavlova, Ltd.', 'Australia'],
      ]),
      insert('categories', [
        [1, 'Beverages', 'Soft drinks, coffees, teas, beers, and ales'],
        [2, 'Condiments', 'Sweet and savory sauces, relishes, spreads, and seasonings'],
        [3, 'Seafood', 'Seaweed and fish'],
        [4, 'Produce', 'Dried fruit and bean curd'],
      ]),
      insert('products', [
        [1, 'Chai', 18, 1, 1],
        [2, 'Chang', 19, 1, 1],
        [3, 'Aniseed Syrup', 10, 1, 2],
        [4, "Chef Anton's Cajun Seasoning", 22, 2, 2],
        [5, 'Ikura', 31, 3, 3],
        [6, 'Konbu', 6, 3, 3],
        [7, 'Tofu', 23.25, 3, 4],
        [8, 'Outback Lager', 15, 4, 1],
      ]),
    ]);
    const layer = (name: string, next: string) =>
      `CREATE TABLE ${name} (${name}_id INTEGER PRIMARY KEY, label TEXT, ${next}_id INTEGER REFERENCES ${next}(${next}_id))`;
    layered = await sqliteGraph('layered', [
      'CREATE TABLE nation (nation_id INTEGER PRIMARY KEY, nation_name TEXT)',
      layer('district', 'nation'),
      layer('zone', 'district'),
      layer('sector', 'zone'),
      layer('route', 'sector'),
      'CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, customer_name TEXT, route_id INTEGER REFERENCES route(route_id))',
      insert('nation', [
        [1, 'France'],
        [2, 'Japan'],
        [3, 'Peru'],
      ]),
      ...['district', 'zone', 'sector', 'route'].map((t, i) =>
        insert(
          t,
          [1, 2, 3].map((k) => [k, `${t} ${k}`, ((k + i) % 3) + 1]),
        ),
      ),
      insert(
        'customer',
        Array.from({ length: 9 }, (_, i) => [i + 1, `Customer ${i + 1}`, (i % 3) + 1]),
      ),
    ]);
  });

  // Not answered right (#47): a whole value said as an everyday word ("beverages") is no naming kind
  // of the rule — on the training questions such words as often match a value of a table the question
  // does not need ("love" in a tags table), and the rule cost 1 point out of fold. What the choice does
  // instead, tested: it says it is not sure and gives the category its probability (the prompt's
  // possibly needed tables join the tree directly: categories, two joins away, is not among them).
  it('leaves out the category a whole value names ("Which suppliers supply beverages?") only uncertain, with its probability', async () => {
    const retriever = await Retriever.create(shop);
    const result = await retriever.retrieve('Which suppliers supply beverages?');
    expect(result.tables).toEqual(['suppliers']);
    expect(result.confidence?.uncertain).toBe(true);
    expect(result.confidence?.tables.categories).toBeGreaterThan(0.25);
    const candidate = result.trace.disambiguation.candidates?.find((c) => sorted(c.tables).join() === 'categories,products,suppliers');
    expect(candidate?.eligible).toBe(true);
  });

  it('never lets a tree that drops a table the question names outscore one that keeps it, however the weights favour small trees', async () => {
    // A model that weighs nothing but size: without the naming rule the smallest tree wins.
    const shipped = defaultChoiceFile();
    const sizeOnly = {
      ...shipped,
      model: { features: ['tables'], mean: [0], scale: [1], weights: [-50], calibration: { slope: 1, intercept: 0 } },
    };
    const question = 'Which nation is each customer in?';
    const without = await (await Retriever.create(layered, { choice: { ...sizeOnly, rule: { namingKinds: [] } } })).retrieve(question);
    expect(without.tables).not.toContain('nation');
    const ruled = await (await Retriever.create(layered, { choice: { ...sizeOnly, rule: { namingKinds: ['table'] } } })).retrieve(question);
    expect(ruled.tables).toContain('nation');
    const dropping = (ruled.trace.disambiguation.candidates ?? []).filter((c) => !c.tables.includes('nation'));
    expect(dropping.length).toBeGreaterThan(0);
    for (const c of dropping) expect(c.eligible).toBe(false);
  });

  it('keeps a table spelled out at the end of a long chain ("Which nation is each customer in?")', async () => {
    expect(await tablesFor(layered, 'Which nation is each customer in?')).toEqual([
      'customer',
      'district',
      'nation',
      'route',
      'sector',
      'zone',
    ]);
  });
});

describe('what the question says was done, and the column it spells', () => {
  let bank: ContextGraph;
  let payments: ContextGraph;
  beforeAll(async () => {
    // No key is declared: join inference finds them, as on a new user's keyless database.
    bank = await sqliteGraph('bank', [
      'CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, city TEXT)',
      'CREATE TABLE advisors (advisor_id INTEGER PRIMARY KEY, advisor_name TEXT, branch_id INTEGER)',
      'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, customer_name TEXT, advisor_id INTEGER)',
      'CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, customer_id INTEGER, branch_id INTEGER, status TEXT, amount REAL)',
      insert('branches', [
        [1, 'York'],
        [2, 'Leeds'],
        [3, 'Bristol'],
        [4, 'Durham'],
      ]),
      insert(
        'advisors',
        Array.from({ length: 8 }, (_, i) => [i + 1, `Advisor ${i + 1}`, (i % 4) + 1]),
      ),
      insert(
        'customers',
        Array.from({ length: 40 }, (_, i) => [i + 1, `Customer ${i + 1}`, (i % 8) + 1]),
      ),
      insert(
        'loans',
        Array.from({ length: 80 }, (_, i) => [
          i + 1,
          (i % 40) + 1,
          ((i * 3) % 4) + 1,
          ['current', 'repaid', 'defaulted'][i % 3]!,
          1000 + i * 10,
        ]),
      ),
    ]);
    payments = await sqliteGraph('payments', [
      'CREATE TABLE stores (store_id INTEGER PRIMARY KEY, store_name TEXT)',
      'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, customer_name TEXT, signup_date DATE)',
      `CREATE TABLE orders (order_id INTEGER PRIMARY KEY, order_date DATE,
        store_id INTEGER REFERENCES stores(store_id), customer_id INTEGER REFERENCES customers(customer_id))`,
      `CREATE TABLE order_items (order_id INTEGER REFERENCES orders(order_id), line INTEGER, product TEXT, unit_price REAL, quantity INTEGER,
        PRIMARY KEY (order_id, line))`,
      'CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id), amount REAL, method TEXT)',
      insert('stores', [
        [1, 'Downtown'],
        [2, 'Airport'],
        [3, 'Harbour'],
      ]),
      insert(
        'customers',
        Array.from({ length: 12 }, (_, i) => [i + 1, `Customer ${i + 1}`, `202${i % 5}-0${(i % 9) + 1}-15`]),
      ),
      insert(
        'orders',
        Array.from({ length: 60 }, (_, i) => [i + 1, `202${3 + (i % 2)}-0${(i % 9) + 1}-1${i % 10}`, (i % 3) + 1, (i % 12) + 1]),
      ),
      insert(
        'order_items',
        Array.from({ length: 120 }, (_, i) => [
          (i % 60) + 1,
          Math.floor(i / 60) + 1,
          ['lamp', 'desk', 'chair'][i % 3]!,
          10 + (i % 7),
          1 + (i % 4),
        ]),
      ),
      insert(
        'payments',
        Array.from({ length: 60 }, (_, i) => [i + 1, i + 1, 25 + i, ['card', 'cash'][i % 2]!]),
      ),
    ]);
  });

  it('reads "advised by" as the advisors, and joins the York branch through them', async () => {
    const result = await (await Retriever.create(bank)).retrieve(
      'Which customers with defaulted loans are advised by someone from the York branch?',
    );
    expect(sorted(result.tables)).toEqual(['advisors', 'branches', 'customers', 'loans']);
    // The tree's edges as table pairs: the York branch is the advisor's, not the loan's.
    const tableOf = new Map(result.joinTree.nodes.map((n) => [n.alias, n.table]));
    const pairs = result.joinTree.nodes.filter((n) => n.parent).map((n) => sorted([n.table, tableOf.get(n.parent!)!]).join('–'));
    expect(pairs).toContain('advisors–branches');
    expect(pairs).not.toContain('branches–loans');
  });

  it('takes "amount paid" to the payments, not the order lines', async () => {
    const tables = await tablesFor(payments, 'What is the total amount paid per store in 2024?');
    expect(tables).toEqual(['orders', 'payments', 'stores']);
  });
});

describe('a star schema: the channel a compound names, roles of one dimension, states by their codes', () => {
  let star: ContextGraph;
  beforeAll(async () => {
    const day = (i: number) => new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10);
    const states = ['CA', 'TX', 'NY', 'FL', 'WA', 'GA'];
    const fact = (prefix: string) =>
      `CREATE TABLE ${prefix === 'ss' ? 'store_sales' : 'web_sales'} (${prefix}_sold_date_sk INTEGER REFERENCES date_dim(d_date_sk),
        ${prefix === 'ws' ? 'ws_ship_date_sk INTEGER REFERENCES date_dim(d_date_sk), ws_bill_addr_sk INTEGER REFERENCES customer_address(ca_address_sk), ws_ship_addr_sk INTEGER REFERENCES customer_address(ca_address_sk),' : 'ss_store_sk INTEGER REFERENCES store(s_store_sk),'}
        ${prefix}_item_sk INTEGER REFERENCES item(i_item_sk), ${prefix}_quantity INTEGER, ${prefix}_net_paid REAL)`;
    star = await sqliteGraph('star', [
      'CREATE TABLE date_dim (d_date_sk INTEGER PRIMARY KEY, d_date DATE, d_year INTEGER, d_moy INTEGER)',
      'CREATE TABLE item (i_item_sk INTEGER PRIMARY KEY, i_product_name TEXT, i_category TEXT)',
      'CREATE TABLE store (s_store_sk INTEGER PRIMARY KEY, s_store_name TEXT, s_state TEXT)',
      'CREATE TABLE customer_address (ca_address_sk INTEGER PRIMARY KEY, ca_city TEXT, ca_state TEXT)',
      fact('ss'),
      fact('ws'),
      insert(
        'date_dim',
        Array.from({ length: 730 }, (_, i) => [i + 1, day(i), 2022 + Math.floor(i / 365), 1 + (Math.floor(i / 30) % 12)]),
      ),
      insert(
        'item',
        Array.from({ length: 40 }, (_, i) => [i + 1, `product ${i + 1}`, ['Books', 'Music', 'Shoes', 'Sports'][i % 4]!]),
      ),
      insert(
        'store',
        Array.from({ length: 6 }, (_, i) => [i + 1, `store ${i + 1}`, states[i]!]),
      ),
      insert(
        'customer_address',
        Array.from({ length: 60 }, (_, i) => [i + 1, ['Midway', 'Fairview', 'Oak Grove'][i % 3]!, states[i % 6]!]),
      ),
      insert(
        'store_sales',
        Array.from({ length: 300 }, (_, i) => [((i * 7) % 730) + 1, (i % 6) + 1, (i % 40) + 1, 1 + (i % 5), 10 + (i % 50)]),
      ),
      insert(
        'web_sales',
        Array.from({ length: 300 }, (_, i) => [
          ((i * 5) % 720) + 1,
          ((i * 5) % 720) + 4,
          (i % 60) + 1,
          ((i + 7) % 60) + 1,
          (i % 40) + 1,
          1 + (i % 3),
          5 + (i % 40),
        ]),
      ),
    ]);
  });

  it('takes "store sales" to the store channel\'s fact table', async () => {
    const tables = await tablesFor(star, 'What were our store sales by item category in 2023?');
    expect(tables).toContain('store_sales');
    expect(tables).not.toContain('web_sales');
  });

  it('joins the date dimension twice when the question names two events of one sale', async () => {
    const result = await (await Retriever.create(star)).retrieve(
      'How many web orders were shipped in a different year than they were sold?',
    );
    const dates = result.joinTree.nodes.filter((n) => n.table === 'date_dim');
    expect(dates.map((n) => n.join?.columns.map((c) => c.parent).join()).sort()).toEqual(['ws_ship_date_sk', 'ws_sold_date_sk']);
  });

  it('joins the address twice for two addresses of one order, and reads a state by its code', async () => {
    const result = await (await Retriever.create(star)).retrieve('web sales billed to Texas and shipped to California');
    const addresses = result.joinTree.nodes.filter((n) => n.table === 'customer_address');
    expect(addresses.map((n) => n.join?.columns.map((c) => c.parent).join()).sort()).toEqual(['ws_bill_addr_sk', 'ws_ship_addr_sk']);
    // "California" and "Texas" are read as the codes the state columns hold (`CA`, `TX`).
    const states = result.trace.grounding.evidence
      .flatMap((e) => e.words)
      .filter((w) => w.match.kind === 'value' && /state/.test(w.match.column ?? '') && w.match.variantKind === 'demonym');
    expect([...new Set(states.map((w) => w.match.token))].sort()).toEqual(['California', 'Texas']);
  });
});

const chinookFile = fileURLToPath(new URL('../../../../../shared/benchmarks/sample-dbs/chinook/Chinook_Sqlite.sqlite', import.meta.url));

describe.runIf(existsSync(chinookFile))('Chinook (shared sample databases)', () => {
  let chinook: ContextGraph;
  beforeAll(async () => {
    chinook = await buildGraph(chinookFile, { name: 'chinook' });
  });

  // Not answered right (#47), as "beverages" above: Genre is left out, said uncertain, and shown in the prompt.
  it('leaves out the genre a value names ("Which customers spent the most on Rock tracks?") only uncertain, and the prompt shows it', async () => {
    const retriever = await Retriever.create(chinook);
    const result = await retriever.retrieve('Which customers spent the most on Rock tracks?');
    expect(sorted(result.tables)).toEqual(['Customer', 'Invoice', 'InvoiceLine', 'Track']);
    expect(result.confidence?.uncertain).toBe(true);
    expect(result.confidence?.tables.Genre).toBeGreaterThan(0.1);
    expect(retriever.promptContext(result, { mode: 'recall' }).text).toMatch(/TABLE "?Genre"?\s+-- possibly needed/);
  });
});
