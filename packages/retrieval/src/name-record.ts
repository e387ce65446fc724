/** A record keyed by table names: no prototype, so `__proto__` or `constructor` is a name like any other. */
export function nameRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
