import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_FORMAT_VERSION, HistoryFileError, historyPathFor, learnFiles, loadHistory, loadHistoryFor, parseHistory } from './file.js';
import { hashWord } from './words.js';

const GRAPH = {
  database: 'shop',
  engine: 'sqlite' as const,
  tables: [
    { name: 'orders', columns: [{ name: 'id' }, { name: 'customer_id' }, { name: 'total' }] },
    { name: 'customer', columns: [{ name: 'id' }, { name: 'name' }] },
  ],
};

const root = mkdtempSync(join(tmpdir(), 'history-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dir = root;
let graphPath = '';
let n = 0;
beforeEach(() => {
  dir = join(root, `case${n++}`);
  mkdirp(dir);
  graphPath = join(dir, 'shop.graph.json');
});

function mkdirp(path: string): void {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
}

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const PAIRS = [
  JSON.stringify({
    question: 'How many orders did Ada Lovelace place?',
    sql: "SELECT COUNT(*) FROM orders o JOIN customer c ON o.customer_id = c.id WHERE c.name = 'Ada Lovelace'",
  }),
  JSON.stringify({ question: 'Orders over 250', sql: 'SELECT * FROM orders WHERE total > 250' }),
].join('\n');

describe('historyPathFor', () => {
  it('puts the history beside the graph', () => {
    expect(historyPathFor('/a/shop.graph.json')).toBe('/a/shop.history.json');
    expect(historyPathFor('g.json')).toBe('g.history.json');
    expect(historyPathFor('graph')).toBe('graph.history.json');
  });
});

describe('learnFiles', () => {
  it('writes a versioned file of tables and joins, no SQL, and appends to it without duplicates', async () => {
    const pairs = write('pairs.jsonl', PAIRS);
    const first = await learnFiles(GRAPH, graphPath, [pairs]);
    expect(first).toMatchObject({ path: join(dir, 'shop.history.json'), written: true, failed: [] });
    expect(first.report).toMatchObject({ statements: 2, learned: 2, added: 2, duplicates: 0 });
    const text = readFileSync(first.path, 'utf8');
    expect(text).not.toMatch(/SELECT|'Ada|> 250/);
    expect(JSON.parse(text)).toMatchObject({ formatVersion: HISTORY_FORMAT_VERSION, database: 'shop', hashValues: false });
    expect(text.split('\n')).toHaveLength(5); // header, two entries, closing, final newline

    const log = write('log.sql', 'SELECT * FROM orders WHERE total > 9;\nSELECT * FROM customer;\n');
    const second = await learnFiles(GRAPH, graphPath, [pairs, log]);
    expect(second.report).toMatchObject({ statements: 4, learned: 4, added: 2, duplicates: 2 });
    const loaded = await loadHistory(second.path);
    expect(loaded.database).toBe('shop');
    expect(loaded.history.statements).toBe(4);
    expect(loaded.history.similar('orders placed by Ada Lovelace', 1)[0]?.entry.joins).toEqual([
      { fromTable: 'customer', fromColumns: ['id'], toTable: 'orders', toColumns: ['customer_id'] },
    ]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps what earlier files taught when a later file fails, and reports each bad file in one line', async () => {
    const pairs = write('pairs.jsonl', PAIRS);
    const empty = write('empty.csv', '');
    const result = await learnFiles(GRAPH, graphPath, [pairs, empty, join(dir, 'missing.sql')]);
    expect(result.failed).toEqual([
      { file: empty, error: `${empty} is empty: nothing to learn` },
      { file: join(dir, 'missing.sql'), error: `cannot read history input ${join(dir, 'missing.sql')}: no such file` },
    ]);
    expect((await loadHistoryFor(graphPath))?.statements).toBe(2);
  });

  it('counts and skips unparseable statements and unknown tables, naming them', async () => {
    const log = write(
      'log.sql',
      'SELECT * FROM orders;\nSELEC oops;\nSELECT * FROM refunds JOIN orders ON refunds.order_id = orders.id;\nSET x = 1;\n',
    );
    const { report } = await learnFiles(GRAPH, graphPath, [log]);
    expect(report).toMatchObject({ statements: 4, learned: 1, unparseable: 1, noTable: 1, unknownTables: { refunds: 1 } });
    expect(report.unparseableExamples[0]?.at).toBe(`${log}:2`);
  });

  it('with hashValues keeps no value of the SQL readable in the question, and keeps hashing', async () => {
    const pairs = write('pairs.jsonl', PAIRS);
    const result = await learnFiles(GRAPH, graphPath, [pairs], { hashValues: true });
    const text = readFileSync(result.path, 'utf8');
    expect(text).not.toMatch(/Ada|Lovelace|250/);
    expect(text).toContain(hashWord('Lovelace'));
    expect(JSON.parse(text).hashValues).toBe(true);
    // A hashed value still finds its question.
    expect(result.history.similar('How many orders did Ada Lovelace place?', 1)[0]?.similarity).toBe(1);
    const again = await learnFiles(GRAPH, graphPath, [
      write(
        'more.jsonl',
        JSON.stringify({
          question: 'Orders of Grace Hopper',
          sql: "SELECT * FROM orders o JOIN customer c ON o.customer_id = c.id WHERE c.name = 'Grace Hopper'",
        }),
      ),
    ]);
    expect(readFileSync(again.path, 'utf8')).not.toMatch(/Grace|Hopper/);
  });

  it('refuses to hash into a history learned without hashing, and a history of another database', async () => {
    const pairs = write('pairs.jsonl', PAIRS);
    await learnFiles(GRAPH, graphPath, [pairs]);
    await expect(learnFiles(GRAPH, graphPath, [pairs], { hashValues: true })).rejects.toThrow(HistoryFileError);
    await expect(learnFiles({ ...GRAPH, database: 'other' }, graphPath, [pairs])).rejects.toThrow(
      /shop\.history\.json was learned for database shop, not other/,
    );
  });
});

describe('the history file', () => {
  it('is absent before learning, and a damaged file is one line naming the file and the place', async () => {
    expect(await loadHistoryFor(graphPath)).toBeNull();
    const path = historyPathFor(graphPath);
    writeFileSync(path, '{"formatVersion": 9}');
    await expect(loadHistoryFor(graphPath)).rejects.toThrow(`${path}: formatVersion: 9 is not a version this reads (1)`);
    expect(() =>
      parseHistory(
        '{"formatVersion":1,"database":"s","hashValues":false,"entries":[{"tables":"x","joins":[],"fingerprint":"f"}]}',
        'h.json',
      ),
    ).toThrow('h.json: entries[0].tables: expected a list of names');
    expect(() => parseHistory('not json', 'h.json')).toThrow(/^h\.json: not a history file/);
  });
});
