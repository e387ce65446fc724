/** Words before a table's or a role's name that group by it: "each paper", "per manager", "every store". */
export const GROUPING_WORDS: ReadonlySet<string> = new Set(['each', 'per', 'every']);
