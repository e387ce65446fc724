/**
 * Words that identifiers glue together without a separator (`SHIPDATE`, `ORDERKEY`,
 * `TOTALPRICE`): compound splitting cuts an identifier part into these, plus the words the schema
 * itself spells separately. General data-modelling vocabulary, not one schema's.
 */
export const COMPOUND_WORDS: readonly string[] = [
  'account', 'address', 'age', 'amount', 'area', 'avg', 'balance', 'birth', 'brand', 'city', 'class', 'code',
  'comment', 'commit', 'cost', 'count', 'country', 'date', 'day', 'discount', 'email', 'end', 'first',
  'flag', 'full', 'grade', 'group', 'hour', 'id', 'item', 'key', 'last', 'level', 'line', 'list', 'mode',
  'month', 'name', 'nation', 'number', 'order', 'part', 'phone', 'price', 'priority', 'qty', 'quantity', 'rank',
  'rate', 'receipt', 'region', 'return', 'sale', 'score', 'segment', 'ship', 'size', 'start', 'state', 'status',
  'street', 'sum', 'supply', 'tax', 'time', 'title', 'total', 'type', 'unit', 'user', 'value', 'week', 'year',
  'zip',
];
