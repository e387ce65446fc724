/**
 * A small validator for the JSON-Schema subset the prompts of this repo use: `type` (one or a
 * list), `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `const`,
 * `minItems`/`maxItems`, `minimum`/`maximum`, `minLength`/`maxLength`, `anyOf`. Unknown keywords
 * are ignored (as JSON Schema does), so a schema may carry `description`s.
 */
export type JsonSchema = {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: readonly unknown[];
  const?: unknown;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  description?: string;
  [keyword: string]: unknown;
};

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** What is wrong with `value`, one line per problem with its JSON path (`$.targets[2]`); empty when valid. */
export function validateJson(value: unknown, schema: JsonSchema, path = '$'): string[] {
  const errors: string[] = [];
  check(value, schema, path, errors);
  return errors;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function check(value: unknown, schema: JsonSchema, path: string, errors: string[]): void {
  if (errors.length >= 20) return;
  if (schema.anyOf) {
    if (!schema.anyOf.some((s) => validateJson(value, s, path).length === 0)) errors.push(`${path}: matches none of the allowed shapes`);
    return;
  }
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    const ok = allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'));
    if (!ok) {
      errors.push(`${path}: expected ${allowed.join(' or ')}, got ${actual}`);
      return;
    }
  }
  if (schema.enum && !schema.enum.some((e) => e === value)) {
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if ('const' in schema && schema.const !== value) errors.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      errors.push(`${path}: shorter than ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      errors.push(`${path}: longer than ${schema.maxLength} characters`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${path}: ${value} is less than ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${path}: ${value} is more than ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items) for (const [i, item] of value.entries()) check(item, schema.items, `${path}[${i}]`, errors);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!Object.hasOwn(record, key)) errors.push(`${path}: missing required property "${key}"`);
    }
    for (const [key, child] of Object.entries(record)) {
      const sub = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      if (sub) check(child, sub, `${path}.${key}`, errors);
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property "${key}"`);
    }
  }
}

/**
 * Parses a model's JSON answer: the whole text, or else the text inside a ```json fence, or else
 * the outermost `{…}`. Returns `{ ok: false, error }` when none parses.
 */
export function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const attempts = [text.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence?.[1]) attempts.push(fence[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) attempts.push(text.slice(first, last + 1));
  let error = 'empty answer';
  for (const attempt of attempts) {
    if (attempt.length === 0) continue;
    try {
      return { ok: true, value: JSON.parse(attempt) };
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
  }
  return { ok: false, error: `not valid JSON (${error})` };
}
