import { isPlaceholder } from './clean.js';
import type { OntologyTag, ValueFrequency } from './types.js';

/** What `tagOntology` looks at: a column's name, its (top) values and, when known, its counts. */
export interface OntologyInput {
  name: string;
  values: readonly ValueFrequency[];
  /** Distinct and non-null values over the table (for `identifier`). */
  distinct?: number;
  count?: number;
  /** The column is (part of) a declared primary key. */
  primaryKey?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const URL = /^(?:https?|ftp):\/\/[^\s/$.?#][^\s]*$|^www\.[^\s]+\.[A-Za-z]{2,}\S*$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const PHONE = /^\+?[\d\s().-]+$/;
const CODE = /^[A-Za-z0-9_.:#-]+$/;
const BOOLEAN_WORDS = new Set(['true', 'false', 't', 'f', 'y', 'n', 'yes', 'no']);

/** Share of occurrences (weighted by frequency) that must match for a tag. */
export const ONTOLOGY_THRESHOLD = 0.9;

let countryNames: Set<string> | undefined;
let countryCodes: Set<string> | undefined;
/** Region codes Intl names that are not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

function countries(): { names: Set<string>; codes: Set<string> } {
  if (countryNames === undefined || countryCodes === undefined) {
    countryNames = new Set();
    countryCodes = new Set();
    const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a += 1) {
      for (let b = 65; b <= 90; b += 1) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        const name = display.of(code);
        if (name === undefined || name === code) continue;
        countryCodes.add(code);
        countryNames.add(name.toLowerCase());
      }
    }
    for (const extra of ['usa', 'uk', 'united states of america', 'russia', 'vietnam', 'iran', 'south korea', 'north korea']) {
      countryNames.add(extra);
    }
  }
  return { names: countryNames, codes: countryCodes };
}

let currencyCodes: Set<string> | undefined;
function currencies(): Set<string> {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return currencyCodes;
}

function validDate(y: string | undefined, m: string | undefined, d: string | undefined): boolean {
  const month = Number(m);
  const day = Number(d);
  return Number(y) > 0 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function digits(s: string): number {
  return s.replace(/\D/g, '').length;
}

type Test = (value: string | number) => boolean;

const TESTS: [OntologyTag, Test][] = [
  ['email', (v) => typeof v === 'string' && EMAIL.test(v.trim())],
  ['url', (v) => typeof v === 'string' && URL.test(v.trim())],
  [
    'datetime',
    (v) => {
      const m = typeof v === 'string' ? DATETIME.exec(v.trim()) : null;
      return m !== null && validDate(m[1], m[2], m[3]);
    },
  ],
  [
    'date',
    (v) => {
      const m = typeof v === 'string' ? DATE.exec(v.trim()) : null;
      return m !== null && validDate(m[1], m[2], m[3]);
    },
  ],
  [
    'phone',
    (v) => {
      if (typeof v !== 'string') return false;
      const s = v.trim();
      const n = digits(s);
      // Separators or a leading + tell a phone number from a plain integer code.
      return PHONE.test(s) && n >= 7 && n <= 15 && (/[\s().-]/.test(s) || s.startsWith('+'));
    },
  ],
  ['currency', (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v.trim()) && currencies().has(v.trim())],
  [
    'country',
    (v) => {
      if (typeof v !== 'string') return false;
      const s = v.trim();
      const { names, codes } = countries();
      return names.has(s.toLowerCase()) || (/^[A-Z]{2}$/.test(s) && codes.has(s));
    },
  ],
  ['boolean', (v) => (typeof v === 'number' ? v === 0 || v === 1 : BOOLEAN_WORDS.has(v.trim().toLowerCase()))],
  [
    'year',
    (v) => {
      const n = typeof v === 'number' ? v : /^\d{4}$/.test(v.trim()) ? Number(v) : NaN;
      return Number.isInteger(n) && n >= 1800 && n <= 2100;
    },
  ],
];

/** Tags that need a hint beyond the values, because plain numbers pass their test too easily. */
function hinted(tag: OntologyTag, input: OntologyInput, distinctValues: number): boolean {
  const name = input.name.toLowerCase();
  if (tag === 'boolean') return distinctValues === 2 || /^(is|has|can|flag)|_flag$|bool/.test(name);
  if (tag === 'year') return /year|yr/.test(name) || distinctValues >= 5;
  if (tag === 'currency' || tag === 'country') return distinctValues >= 2 || /curr|country|nation/.test(name);
  return true;
}

/**
 * What the column's values clearly are, or `null`: at least 90% of the non-placeholder
 * occurrences among `values` pass one test, tried in this order: email, url, datetime
 * (`YYYY-MM-DD hh:mm…`), date (`YYYY-MM-DD`), phone (7–15 digits with separators or a leading +),
 * currency (ISO 4217 code), country (English name or ISO 3166 alpha-2 code, from `Intl`),
 * boolean (0/1, true/false, t/f, y/n, yes/no; two distinct values or a boolean-sounding name),
 * year (1800–2100; five distinct values or a name with "year"). Failing those, `identifier`:
 * a declared single primary key column, or one whose non-null values are all distinct (at least
 * 2) and look like codes (integers or strings without spaces). Pure and deterministic.
 */
export function tagOntology(input: OntologyInput): OntologyTag | null {
  const values = input.values.filter((v) => !isPlaceholder(v.value));
  const total = values.reduce((s, v) => s + v.count, 0);
  if (total === 0) return null;
  for (const [tag, test] of TESTS) {
    const matched = values.reduce((s, v) => s + (test(v.value) ? v.count : 0), 0);
    if (matched / total >= ONTOLOGY_THRESHOLD && hinted(tag, input, values.length)) return tag;
  }
  const codeLike = values.every((v) => (typeof v.value === 'number' ? Number.isInteger(v.value) : CODE.test(v.value)));
  if (!codeLike) return null;
  if (input.primaryKey) return 'identifier';
  const { distinct, count } = input;
  if (distinct !== undefined && count !== undefined && count >= 2 && distinct >= count) return 'identifier';
  return null;
}
