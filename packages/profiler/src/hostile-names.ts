/**
 * Table and column names that have broken code which took a name for a key or a word: the
 * hard cases the property tests draw names from (join-inference's, context-graph's and the
 * demo's `hostile-names*.test.ts`). Each is a legal quoted identifier in SQLite (PostgreSQL cuts a
 * name at 63 bytes).
 */
export const HOSTILE_NAMES: readonly string[] = [
  // Object.prototype's own names: a plain object used as a map answers them without being told.
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  // SQL keywords, which must be quoted.
  'select',
  'FROM',
  'order',
  'group',
  'join',
  'where',
  'table',
  'null',
  // quotes, dots, spaces, separators
  "it's",
  'say "hi"',
  'back`tick',
  'sales.orders',
  '..',
  'two words',
  ' lead',
  'trail ',
  'semi;colon',
  '--comment',
  '/*c*/',
  'a|b',
  'new\nline',
  'tab\there',
  // numbers, and names with no letter at all
  '1',
  '42id',
  '_',
  '__',
  '$',
  // Unicode: accents, scripts without case, case that folds in more than one way, emoji, right to left
  'café',
  'Ærø',
  'straße',
  'İstanbul',
  'Σίσυφος',
  'заказы',
  '顧客',
  'طلب',
  '🙂',
  'e\u0301', // e + combining acute: one grapheme, two code units
  // names that differ only in case (PostgreSQL keeps a quoted name's case: two tables, two columns)
  'Orders',
  'orders',
  'ORDERS',
  'ID',
  'id',
  // one character, and two hundred
  'x',
  'n'.repeat(200),
];
