/**
 * Looks up by name as spelled, else the first named so in another case: a schema may hold
 * `"Orders"` and `orders`, `"ID"` and `id` (PostgreSQL keeps a quoted name's case).
 */
export function spelledAs<T extends { name: string }>(items: readonly T[]): (name: string) => T | undefined {
  const exact = new Map<string, T>();
  const folded = new Map<string, T>();
  for (const item of items) {
    if (!exact.has(item.name)) exact.set(item.name, item);
    if (!folded.has(item.name.toLowerCase())) folded.set(item.name.toLowerCase(), item);
  }
  return (name) => exact.get(name) ?? folded.get(name.toLowerCase());
}
