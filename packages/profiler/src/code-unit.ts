/** Strings in code-unit order, as `<` compares them: the same order on every machine and in every locale. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
