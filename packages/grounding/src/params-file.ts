/**
 * Checking a parameters object read from JSON: every key known and of its type, every key there
 * unless the object overrides some only. Errors name the key and where the object came from.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A parameter's type: a number, a switch, a list of words, a [min, max] pair, or numbers under fixed keys. */
export type ParamSpec = 'number' | 'boolean' | 'strings' | 'range' | { readonly record: readonly string[] };

/** The JSON object in `file`, or an error naming the file. */
export function readParamsFile(file: string | URL, what: string): unknown {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`${what} file ${path} cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${what} file ${path} is not JSON: ${(error as Error).message}`);
  }
}

/**
 * `raw` checked against `specs` (`where` says whose parameters, in which file): an unknown key, a
 * missing one (unless `partial`) or a value of the wrong type is an error naming the key.
 */
export function checkParams(
  raw: unknown,
  specs: Readonly<Record<string, ParamSpec>>,
  where: string,
  partial: boolean,
): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${where}: expected a JSON object of parameters`);
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    const spec = specs[key];
    if (!Object.hasOwn(specs, key) || spec === undefined) throw new Error(`${where}: unknown parameter "${key}"`);
    checkValue(given[key], spec, key, where, partial);
  }
  if (!partial) {
    for (const key of Object.keys(specs)) if (!Object.hasOwn(given, key)) throw new Error(`${where}: missing parameter "${key}"`);
  }
  return given;
}

function checkValue(value: unknown, spec: ParamSpec, key: string, where: string, partial: boolean): void {
  const fail = (expected: string) => {
    throw new Error(`${where}: parameter "${key}" must be ${expected}, not ${JSON.stringify(value)}`);
  };
  if (spec === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) fail('a number');
  } else if (spec === 'boolean') {
    if (typeof value !== 'boolean') fail('true or false');
  } else if (spec === 'strings') {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) fail('a list of strings');
  } else if (spec === 'range') {
    if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      fail('a pair of numbers [min, max]');
    }
  } else {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`an object of numbers (${spec.record.join(', ')})`);
    const numbers = Object.fromEntries(spec.record.map((k) => [k, 'number' as const]));
    checkParams(value, numbers, `${where}: in "${key}"`, partial);
  }
}

/** `base` with `overrides` laid over it, objects of numbers merged key by key; frozen, like the parts it shares. */
export function mergeParams<T extends object>(base: T, overrides: object): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    const isRecord = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    merged[key] =
      isRecord(current) && isRecord(value) ? { ...(current as object), ...(value as object) } : Array.isArray(value) ? [...value] : value;
  }
  return deepFreeze(merged) as T;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
