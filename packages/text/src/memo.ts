/**
 * `compute` remembered per key, the memo cleared when it reaches `limit` entries: a warehouse's
 * names and a question stream repeat the same words (speed, never results).
 */
export function remembering<K, V>(compute: (key: K) => V, limit = 100_000): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined && !cache.has(key)) {
      value = compute(key);
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
    }
    return value as V;
  };
}
