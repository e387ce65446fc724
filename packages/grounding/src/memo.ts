/**
 * `fn` remembering its answers, for work an index build repeats per column that depends on the
 * name alone: a warehouse spells `customer_id` or `status` in hundreds of tables. Made per build,
 * so it holds no more than the graph's names, and is let go with the build.
 */
export function perName<T>(fn: (name: string) => T): (name: string) => T {
  const known = new Map<string, T>();
  return (name) => {
    let found = known.get(name);
    if (found === undefined && !known.has(name)) {
      found = fn(name);
      known.set(name, found);
    }
    return found as T;
  };
}

/**
 * `fn` remembering up to `max` answers, for work repeated over every text the offline embedder
 * reads (a word's stems, a feature's hash), kept for the process: forgotten all at once when
 * full (speed, never a result).
 */
export function remembering<T>(fn: (key: string) => T, max: number): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let found = known.get(key);
    if (found === undefined) {
      found = fn(key);
      if (known.size >= max) known.clear();
      known.set(key, found);
    }
    return found;
  };
}
