/**
 * One schema per parameters file: from it the TypeScript type (`ParamsOf`), the check of a file or
 * of overrides (every key known and of its type, every key there unless overriding some only) and
 * the loading of the defaults' file (`paramsFile`). Errors name the key and where the object came from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Numbers under fixed keys: the keys listed, or a schema of numbers whose keys carry their own docs. */
type NumbersSpec = readonly string[] | { readonly [key: string]: 'number' };

/** A parameter's type: a number, a switch, a list of words, a [min, max] pair, or numbers under fixed keys. */
export type ParamSpec = 'number' | 'boolean' | 'strings' | 'range' | { readonly record: NumbersSpec };

/** Every parameter of a file with its type; each key's doc comment is the parameter's documentation. */
export type ParamsSchema = { readonly [key: string]: ParamSpec };

type ValueOf<S> = S extends 'number'
  ? number
  : S extends 'boolean'
    ? boolean
    : S extends 'strings'
      ? readonly string[]
      : S extends 'range'
        ? readonly [min: number, max: number]
        : S extends { readonly record: readonly (infer K extends string)[] }
          ? Readonly<Record<K, number>>
          : S extends { readonly record: infer R }
            ? { -readonly [K in keyof R]: number }
            : never;

/** The parameters a schema declares, each with its documentation. */
export type ParamsOf<S extends ParamsSchema> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** Some parameters over others: the records of numbers may be given in part (`{ kindWeight: { value: 0.5 } }`). */
export type ParamsOverrideOf<S extends ParamsSchema> = {
  -readonly [K in keyof S]?: S[K] extends { readonly record: NumbersSpec } ? Partial<ValueOf<S[K]>> : ValueOf<S[K]>;
};

/** A checked parameters file and its defaults. */
export interface ParamsFile<S extends ParamsSchema> {
  /** The defaults' file, read and checked on first use; frozen. */
  defaults(): ParamsOf<S>;
  /**
   * A whole parameters file, checked: an unknown key, a missing one or a value of the wrong type is
   * an error naming the key and the file.
   */
  load(path: string | URL): ParamsOf<S>;
  /** `base` with some parameters set otherwise (an undefined one left as it is), checked as a file is; records merge key by key. */
  with(overrides: ParamsOverrideOf<S>, base: ParamsOf<S>): ParamsOf<S>;
  /**
   * Sets some parameters of the file at `path` (the defaults' file unless given): the file is read
   * and checked, the values laid over it and checked, and only then written (as the repository's
   * JSON). Returns what was written.
   */
  write(values: ParamsOverrideOf<S>, path?: string | URL): ParamsOf<S>;
}

/**
 * The file of `schema`'s parameters whose defaults are `defaultsFile`; `names.file` says whose
 * parameters they are in errors ("grounding parameters"), `names.overrides` whose overrides.
 */
export function paramsFile<S extends ParamsSchema>(
  schema: S,
  names: { file: string; overrides: string },
  defaultsFile: URL,
): ParamsFile<S> {
  let defaults: ParamsOf<S> | undefined;
  const load = (path: string | URL): ParamsOf<S> => {
    const where = `${names.file} ${typeof path === 'string' ? path : path.pathname}`;
    return deepFreeze(checkParams(readParamsFile(path, names.file), schema, where, false)) as ParamsOf<S>;
  };
  const withOverrides = (overrides: ParamsOverrideOf<S>, base: ParamsOf<S>): ParamsOf<S> => {
    const set = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
    checkParams(set, schema, names.overrides, true);
    return mergeParams(base, set);
  };
  return {
    defaults: () => {
      defaults ??= load(defaultsFile);
      return defaults;
    },
    load,
    with: withOverrides,
    write: (values, path = defaultsFile) => {
      const file = typeof path === 'string' ? path : fileURLToPath(path);
      const written = withOverrides(values, load(file));
      writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
      if (file === fileURLToPath(defaultsFile)) defaults = undefined;
      return written;
    },
  };
}

/** The JSON object in `file`, or an error naming the file. */
function readParamsFile(file: string | URL, what: string): unknown {
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
 * `raw` checked against `schema` (`where` says whose parameters, in which file): an unknown key, a
 * missing one (unless `partial`) or a value of the wrong type is an error naming the key.
 */
function checkParams(raw: unknown, schema: ParamsSchema, where: string, partial: boolean): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${where}: expected a JSON object of parameters`);
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    const spec = schema[key];
    if (!Object.hasOwn(schema, key) || spec === undefined) throw new Error(`${where}: unknown parameter "${key}"`);
    checkValue(given[key], spec, key, where, partial);
  }
  if (!partial) {
    for (const key of Object.keys(schema)) if (!Object.hasOwn(given, key)) throw new Error(`${where}: missing parameter "${key}"`);
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
    const keys: readonly string[] = Array.isArray(spec.record) ? spec.record : Object.keys(spec.record);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`an object of numbers (${keys.join(', ')})`);
    const numbers = Object.fromEntries(keys.map((k) => [k, 'number' as const]));
    checkParams(value, numbers, `${where}: in "${key}"`, partial);
  }
}

/** `base` with `overrides` laid over it, objects of numbers merged key by key; frozen, like the parts it shares. */
function mergeParams<T extends object>(base: T, overrides: object): T {
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

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
