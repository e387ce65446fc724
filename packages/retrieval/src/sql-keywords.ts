/**
 * The words each engine will not take as a bare name, from the engine's own list.
 *
 * SQLite: every keyword of `sqlite3_keyword_name()` (the 147 of SQLite 3.4x, lang_keywords.html),
 * any of which may be refused as an identifier depending on where it stands.
 * PostgreSQL: `SELECT word FROM pg_get_keywords() WHERE catcode <> 'U'` on PostgreSQL 15 (reserved,
 * column-name and type/function-name keywords; unreserved ones are plain names). DuckDB's parser
 * is PostgreSQL's: the same list.
 */
export const SQLITE_KEYWORDS: ReadonlySet<string> = new Set([
  'abort', 'action', 'add', 'after', 'all', 'alter', 'always', 'analyze', 'and', 'as', 'asc', 'attach',
  'autoincrement', 'before', 'begin', 'between', 'by', 'cascade', 'case', 'cast', 'check', 'collate',
  'column', 'commit', 'conflict', 'constraint', 'create', 'cross', 'current', 'current_date', 'current_time',
  'current_timestamp', 'database', 'default', 'deferrable', 'deferred', 'delete', 'desc', 'detach',
  'distinct', 'do', 'drop', 'each', 'else', 'end', 'escape', 'except', 'exclude', 'exclusive', 'exists',
  'explain', 'fail', 'filter', 'first', 'following', 'for', 'foreign', 'from', 'full', 'generated', 'glob',
  'group', 'groups', 'having', 'if', 'ignore', 'immediate', 'in', 'index', 'indexed', 'initially', 'inner',
  'insert', 'instead', 'intersect', 'into', 'is', 'isnull', 'join', 'key', 'last', 'left', 'like', 'limit',
  'match', 'materialized', 'natural', 'no', 'not', 'nothing', 'notnull', 'null', 'nulls', 'of', 'offset',
  'on', 'or', 'order', 'others', 'outer', 'over', 'partition', 'plan', 'pragma', 'preceding', 'primary',
  'query', 'raise', 'range', 'recursive', 'references', 'regexp', 'reindex', 'release', 'rename', 'replace',
  'restrict', 'returning', 'right', 'rollback', 'row', 'rows', 'savepoint', 'select', 'set', 'table', 'temp',
  'temporary', 'then', 'ties', 'to', 'transaction', 'trigger', 'unbounded', 'union', 'unique', 'update',
  'using', 'vacuum', 'values', 'view', 'virtual', 'when', 'where', 'window', 'with', 'without',
]);

export const POSTGRES_KEYWORDS: ReadonlySet<string> = new Set([
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'authorization', 'between',
  'bigint', 'binary', 'bit', 'boolean', 'both', 'case', 'cast', 'char', 'character', 'check', 'coalesce',
  'collate', 'collation', 'column', 'concurrently', 'constraint', 'create', 'cross', 'current_catalog',
  'current_date', 'current_role', 'current_schema', 'current_time', 'current_timestamp', 'current_user',
  'dec', 'decimal', 'default', 'deferrable', 'desc', 'distinct', 'do', 'else', 'end', 'except', 'exists',
  'extract', 'false', 'fetch', 'float', 'for', 'foreign', 'freeze', 'from', 'full', 'grant', 'greatest',
  'group', 'grouping', 'having', 'ilike', 'in', 'initially', 'inner', 'inout', 'int', 'integer', 'intersect',
  'interval', 'into', 'is', 'isnull', 'join', 'lateral', 'leading', 'least', 'left', 'like', 'limit',
  'localtime', 'localtimestamp', 'national', 'natural', 'nchar', 'none', 'normalize', 'not', 'notnull',
  'null', 'nullif', 'numeric', 'offset', 'on', 'only', 'or', 'order', 'out', 'outer', 'overlaps', 'overlay',
  'placing', 'position', 'precision', 'primary', 'real', 'references', 'returning', 'right', 'row', 'select',
  'session_user', 'setof', 'similar', 'smallint', 'some', 'substring', 'symmetric', 'table', 'tablesample',
  'then', 'time', 'timestamp', 'to', 'trailing', 'treat', 'trim', 'true', 'union', 'unique', 'user', 'using',
  'values', 'varchar', 'variadic', 'verbose', 'when', 'where', 'window', 'with', 'xmlattributes',
  'xmlconcat', 'xmlelement', 'xmlexists', 'xmlforest', 'xmlnamespaces', 'xmlparse', 'xmlpi', 'xmlroot',
  'xmlserialize', 'xmltable',
]);
