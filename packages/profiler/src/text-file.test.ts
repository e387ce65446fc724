import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextFile } from './text-file.js';

const dir = mkdtempSync(join(tmpdir(), 'profiler-text-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class NotesError extends Error {
  override name = 'NotesError';
}

describe('readTextFile', () => {
  it('reads a UTF-8 file', async () => {
    writeFileSync(join(dir, 'a.txt'), 'Zoë\n');
    await expect(readTextFile(join(dir, 'a.txt'), 'notes file')).resolves.toBe('Zoë\n');
  });

  it('says in one line which file cannot be read and why, as the error class given', async () => {
    const missing = join(dir, 'nope.txt');
    await expect(readTextFile(missing, 'notes file')).rejects.toThrow(`cannot read notes file ${missing}: no such file`);
    await expect(readTextFile(missing, 'notes file', { error: NotesError })).rejects.toBeInstanceOf(NotesError);
    mkdirSync(join(dir, 'folder'));
    await expect(readTextFile(join(dir, 'folder'), 'notes file')).rejects.toThrow(
      `cannot read notes file ${join(dir, 'folder')}: is a directory`,
    );
  });

  it('refuses a file by its size before reading it', async () => {
    writeFileSync(join(dir, 'big.txt'), 'x'.repeat(10));
    const refuseSize = (bytes: number) => (bytes > 5 ? `too big: ${bytes} bytes` : undefined);
    await expect(readTextFile(join(dir, 'big.txt'), 'notes file', { error: NotesError, refuseSize })).rejects.toThrow(
      new NotesError('too big: 10 bytes'),
    );
    await expect(readTextFile(join(dir, 'a.txt'), 'notes file', { refuseSize })).resolves.toBe('Zoë\n');
    await expect(readTextFile(join(dir, 'gone.txt'), 'notes file', { refuseSize })).rejects.toThrow('no such file');
  });
});
