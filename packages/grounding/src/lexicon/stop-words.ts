/**
 * Function words and request verbs, which never name data. Deliberately smaller than a search
 * engine's list (wink-nlp's own flags `part`, `name`, `first`, `amount` as stop words, and those
 * are column names in most schemas).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'all', 'also', 'am', 'among', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been',
  'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'could', 'did', 'do', 'does', 'doing', 'during',
  'each', 'either', 'every', 'for', 'from', 'get', 'give', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers',
  'him', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'just', 'let', 'list', 'me', 'more', 'most', 'much',
  'must', 'my', 'neither', 'nor', 'not', 'of', 'off', 'on', 'only', 'onto', 'or', 'other', 'our', 'ours', 'out', 'over',
  'per', 'please', 'same', 'shall', 'she', 'should', 'show', 'so', 'some', 'such', 'tell', 'than', 'that', 'the',
  'their', 'theirs', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'under',
  'until', 'up', 'upon', 'us', 'very', 'was', 'we', 'were', 'what', 'whatever', 'when', 'where', 'whether', 'which',
  'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'within', 'without', 'would', 'you', 'your', 'yours',
]);
