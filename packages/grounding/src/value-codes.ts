/**
 * Values written as codes: a column of `CA`, `NY`, `TX` holds US states, one of `DEU`, `FRA` holds
 * countries, and a question names them in words ("orders shipped to California"). The code lists
 * are ISO 3166 (the `iso-3166` package: countries by alpha-2 and alpha-3 code, and every country's
 * subdivisions), never typed by hand. A column is read as one list's codes when most of its values
 * are codes of that list; each of its codes is then also findable by the name it stands for.
 */
import { iso31661, iso31662 } from 'iso-3166';

/** A list of codes and the names they stand for, upper case code → names. */
interface CodeList {
  name: string;
  names: ReadonlyMap<string, readonly string[]>;
}

let lists: readonly CodeList[] | undefined;

/** Every code list: countries by alpha-2 and by alpha-3 code, and each country's subdivisions by the code after its prefix (`US-CA` → `CA`). */
function codeLists(): readonly CodeList[] {
  if (lists) return lists;
  const alpha2 = new Map(iso31661.map((c) => [c.alpha2, [c.name]] as const));
  const alpha3 = new Map(iso31661.map((c) => [c.alpha3, [c.name]] as const));
  const byCountry = new Map<string, Map<string, string[]>>();
  for (const s of iso31662) {
    const [country, code] = s.code.split('-');
    if (!country || !code) continue;
    const codes = byCountry.get(country) ?? new Map<string, string[]>();
    codes.set(code, [...(codes.get(code) ?? []), s.name]);
    byCountry.set(country, codes);
  }
  lists = [
    { name: 'ISO 3166-1 alpha-2', names: alpha2 },
    { name: 'ISO 3166-1 alpha-3', names: alpha3 },
    ...[...byCountry].map(([country, names]) => ({ name: `ISO 3166-2:${country}`, names })),
  ];
  return lists;
}

/** How much of a column must be one list's codes for it to be read as that list. */
export interface CodeSettings {
  /** Share of the column's distinct text values that must be codes of the list. */
  minCodeShare: number;
  /** Fewest distinct codes: two values that happen to be codes say nothing. */
  minCodes: number;
}

/**
 * The names a column's code values stand for, when `values` (its distinct text values) are mostly
 * codes of one list: the list with the most of them wins, a tie to the earlier (countries first).
 */
export function namesOfCodes(values: readonly string[], settings: CodeSettings): { list: string; names: string[] } | null {
  const distinct = [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
  if (distinct.length < settings.minCodes) return null;
  let best: { list: CodeList; codes: string[] } | null = null;
  for (const list of codeLists()) {
    const codes = distinct.filter((v) => list.names.has(v.toUpperCase()));
    if (codes.length < settings.minCodes || codes.length < settings.minCodeShare * distinct.length) continue;
    if (!best || codes.length > best.codes.length) best = { list, codes };
  }
  if (!best) return null;
  const chosen = best;
  return { list: chosen.list.name, names: chosen.codes.flatMap((c) => chosen.list.names.get(c.toUpperCase()) ?? []) };
}
