import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Spider-format benchmark of one small database, written to a temp folder; with
 * `secondDatabase`, a second one (`library`) whose `Customer` table collides with shop's
 * `customer`, and two questions on it.
 */
export function writeMiniSpider(options: { secondDatabase?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'mini-spider-'));
  const tables = [
    {
      db_id: 'shop',
      table_names_original: ['customer', 'orders', 'product'],
      table_names: ['customer', 'orders', 'product'],
      column_names_original: [
        [-1, '*'],
        [0, 'customer_id'],
        [0, 'name'],
        [0, 'city'],
        [1, 'order_id'],
        [1, 'customer_id'],
        [1, 'product_id'],
        [1, 'order_date'],
        [2, 'product_id'],
        [2, 'title'],
        [2, 'price'],
      ],
      column_names: [
        [-1, '*'],
        [0, 'customer id'],
        [0, 'name'],
        [0, 'city'],
        [1, 'order id'],
        [1, 'customer id'],
        [1, 'product id'],
        [1, 'order date'],
        [2, 'product id'],
        [2, 'title'],
        [2, 'price'],
      ],
      column_types: ['text', 'number', 'text', 'text', 'number', 'number', 'number', 'time', 'number', 'text', 'number'],
      primary_keys: [1, 4, 8],
      foreign_keys: [
        [5, 1],
        [6, 8],
      ],
    },
  ];
  const questions = [
    { db_id: 'shop', question: 'How many customers live in each city?', query: 'SELECT city, count(*) FROM customer GROUP BY city' },
    { db_id: 'shop', question: 'What is the average price of products?', query: 'SELECT avg(price) FROM product' },
    {
      db_id: 'shop',
      question: 'List the names of customers who ordered a product costing more than 10.',
      query:
        'SELECT DISTINCT T1.name FROM customer AS T1 JOIN orders AS T2 ON T1.customer_id = T2.customer_id JOIN product AS T3 ON T2.product_id = T3.product_id WHERE T3.price > 10',
    },
    { db_id: 'shop', question: 'Which orders were placed after 2020?', query: 'SELECT order_id FROM orders WHERE order_date > 2020' },
    { db_id: 'shop', question: 'Broken gold query', query: 'SELEC nothing FROM' },
  ];
  if (options.secondDatabase) {
    tables.push({
      db_id: 'library',
      table_names_original: ['Customer', 'loan', 'book'],
      table_names: ['customer', 'loan', 'book'],
      column_names_original: [
        [-1, '*'],
        [0, 'customer_id'],
        [0, 'name'],
        [0, 'membership'],
        [1, 'loan_id'],
        [1, 'customer_id'],
        [1, 'book_id'],
        [1, 'due_date'],
        [2, 'book_id'],
        [2, 'title'],
        [2, 'author'],
      ],
      column_names: [
        [-1, '*'],
        [0, 'customer id'],
        [0, 'name'],
        [0, 'membership'],
        [1, 'loan id'],
        [1, 'customer id'],
        [1, 'book id'],
        [1, 'due date'],
        [2, 'book id'],
        [2, 'title'],
        [2, 'author'],
      ],
      column_types: ['text', 'number', 'text', 'text', 'number', 'number', 'number', 'time', 'number', 'text', 'text'],
      primary_keys: [1, 4, 8],
      foreign_keys: [
        [5, 1],
        [6, 8],
      ],
    });
    questions.push(
      {
        db_id: 'library',
        question: 'Which customers borrowed a book written by Austen?',
        query:
          "SELECT DISTINCT T1.name FROM Customer AS T1 JOIN loan AS T2 ON T1.customer_id = T2.customer_id JOIN book AS T3 ON T2.book_id = T3.book_id WHERE T3.author = 'Austen'",
      },
      { db_id: 'library', question: 'Who is the author of each book?', query: 'SELECT title, author FROM book' },
    );
  }
  writeFileSync(join(dir, 'tables.json'), JSON.stringify(tables));
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(questions));
  return dir;
}

/** Spider-Syn's rewording of the mini benchmark's questions: the schema words replaced by synonyms. */
export const MINI_SYN_QUESTIONS = [
  'How many clients live in each town?',
  'What is the average cost of goods?',
  'List the names of clients who bought an item costing more than 10.',
  'Which purchases were placed after 2020?',
  'Broken gold query',
];

/**
 * writeMiniSpider in Spider-Syn's layout: each question reworded (MINI_SYN_QUESTIONS), the
 * original kept in `spider_question` with a marker (`ORIGINAL:`) that a retriever must never see.
 */
export function writeMiniSpiderSyn(): string {
  const dir = writeMiniSpider();
  const path = join(dir, 'dev.json');
  const original = JSON.parse(readFileSync(path, 'utf8')) as { db_id: string; question: string; query: string }[];
  const reworded = original.map((q, i) => ({
    db_id: q.db_id,
    question: MINI_SYN_QUESTIONS[i] ?? q.question,
    query: q.query,
    spider_question: `ORIGINAL: ${q.question}`,
  }));
  writeFileSync(path, JSON.stringify(reworded));
  return dir;
}
