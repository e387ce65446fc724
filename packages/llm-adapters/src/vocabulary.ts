/**
 * Word lists the offline embedder uses to read identifiers: abbreviations, and the vocabulary
 * that glued-together names (`SHIPDATE`, `unitprice`, `custkey`) are split by. General database
 * vocabulary only, like the concept lexicon; nothing specific to one benchmark or schema.
 */

/** Common abbreviations in column and table names, mapped to the word they stand for. */
export const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['acct', 'account'],
  ['addr', 'address'],
  ['amt', 'amount'],
  ['avail', 'available'],
  ['avg', 'average'],
  ['bal', 'balance'],
  ['cnt', 'count'],
  ['cust', 'customer'],
  ['dept', 'department'],
  ['desc', 'description'],
  ['dt', 'date'],
  ['emp', 'employee'],
  ['mfgr', 'manufacturer'],
  ['mgr', 'manager'],
  ['mkt', 'market'],
  ['nbr', 'number'],
  ['num', 'number'],
  ['pct', 'percent'],
  ['prod', 'product'],
  ['qty', 'quantity'],
  ['supp', 'supplier'],
  ['tel', 'phone'],
]);

/**
 * Words that commonly end a column name (`…date`, `…key`, `…price`). In identifiers, a glued
 * name ending in one of these is split off even when the rest is not a known word
 * (`receiptdate` → receipt + date).
 */
export const HEAD_WORDS: readonly string[] = [
  'id', 'key', 'code', 'name', 'type', 'date', 'time', 'day', 'month', 'year', 'price', 'cost',
  'amount', 'count', 'number', 'total', 'qty', 'status', 'flag', 'mode', 'size', 'rate',
  'comment', 'priority', 'balance', 'percent',
];

/** Words that glued identifiers are split into (along with the abbreviations and head words). */
export const COMPOUND_WORDS: readonly string[] = [
  // people and parties
  'customer', 'client', 'buyer', 'user', 'account', 'supplier', 'vendor', 'provider', 'employee',
  'staff', 'manager', 'person', 'owner', 'contact', 'member', 'first', 'last', 'full', 'birth',
  'hire',
  // things and documents
  'order', 'line', 'item', 'product', 'part', 'stock', 'inventory', 'store', 'shop', 'invoice',
  'bill', 'payment', 'pay', 'purchase', 'sale', 'market', 'segment', 'category', 'group', 'class',
  'brand', 'model', 'unit', 'list', 'retail', 'supply', 'container', 'package', 'return',
  'commit', 'receipt', 'department', 'description', 'title', 'note', 'manufacturer',
  // places
  'ship', 'shipment', 'delivery', 'address', 'street', 'city', 'town', 'state', 'country',
  'nation', 'region', 'zip', 'postal', 'post', 'phone', 'email', 'location',
  // measures and qualifiers
  'quantity', 'revenue', 'profit', 'discount', 'tax', 'fee', 'sum', 'average', 'min', 'max',
  'weight', 'height', 'width', 'length', 'color', 'level', 'rank', 'start', 'end', 'created',
  'updated', 'extended', 'available', 'stamp', 'week', 'quarter', 'hour',
];
