import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A content-addressed cache of model answers on disk: the key is the sha256 of the model id and
 * the request (canonical JSON), the value one JSON file `<dir>/<aa>/<sha256>.json`. Writes are
 * atomic (temp file + rename), so concurrent runs never see half a file. A file that doesn't
 * parse counts as a miss.
 */
export class ResponseCache {
  constructor(readonly dir: string) {}

  /** The sha256 (hex) of `modelId` and `request`, independent of object key order. */
  static key(modelId: string, request: unknown): string {
    return createHash('sha256').update(canonicalJson({ modelId, request })).digest('hex');
  }

  private file(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get<T>(key: string): Promise<T | undefined> {
    try {
      return JSON.parse(await readFile(this.file(key), 'utf8')) as T;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown): Promise<void> {
    const file = this.file(key);
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, `${JSON.stringify(value)}\n`);
    await rename(temp, file);
  }
}

/** JSON with object keys sorted, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }
    return v;
  });
}
