import { describe, expect, it } from 'vitest';
import { HOSTILE_URLS } from './hostile-urls.js';
import { connectionSecrets, normalizeUrl, redactSecrets, redactUrl, redactUrls, urlPassword } from './redact.js';

describe('redactUrl', () => {
  it.each(HOSTILE_URLS)('hides the whole password of $url', ({ url, secret, redacted }) => {
    expect(redactUrl(url)).toBe(redacted);
    expect(redactUrl(url)).not.toContain(secret);
    expect(redactUrls(`cannot connect to ${url}: refused`)).toBe(`cannot connect to ${redacted}: refused`);
  });

  it('leaves URLs without a password as they are, and is idempotent', () => {
    expect(redactUrl('postgres://127.0.0.1:5432/db')).toBe('postgres://127.0.0.1:5432/db');
    expect(redactUrl('postgres://reader@h/db')).toBe('postgres://reader@h/db');
    expect(redactUrl('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787/');
    expect(redactUrl(redactUrl('postgres://u:p%40ss@h/db?password=x'))).toBe('postgres://u:***@h/db?password=***');
  });
});

describe('the password a URL carries', () => {
  it('is read with the user-info ending at the last @, decoded once', () => {
    expect(urlPassword('postgres://u:my@Secret999@h/db')).toBe('my@Secret999');
    expect(urlPassword('postgres://u:Top%2FSecret@h/db')).toBe('Top/Secret');
    expect(urlPassword('postgres://u:100%Secret@h/db')).toBe('100%Secret');
    expect(urlPassword('postgres://u@h/db?password=a+b')).toBe('a b');
  });

  it('is percent-encoded by normalizeUrl so that a URL parser reads it whole', () => {
    const url = new URL(normalizeUrl('postgres://u:Top/Sec#ret?1@127.0.0.1:5432/db'));
    expect([url.hostname, url.port, url.pathname, decodeURIComponent(url.password)]).toEqual(['127.0.0.1', '5432', '/db', 'Top/Sec#ret?1']);
    expect(normalizeUrl('postgres://u:p%40ss@h/db')).toBe('postgres://u:p%40ss@h/db');
    // A URL parser alone would read host `Sec`, path `/ret`, fragment `9?%zz@127.0.0.1…`.
    expect(new URL(normalizeUrl('postgres://u:my@Sec/ret#9?%zz@127.0.0.1:5432/db')).hostname).toBe('127.0.0.1');
  });

  it('is scrubbed from free text in every spelling, PGPASSWORD and MYSQL_PWD included', () => {
    const secrets = connectionSecrets(['build', 'postgres://u:Top%2FSecret@h/db', 'mysql://u:Say%22Secret@h/db'], {
      PGPASSWORD: 'pg-env-secret',
      MYSQL_PWD: 'my-env-secret',
    });
    const text = `Top/Secret Top%2FSecret ${JSON.stringify({ p: 'Say"Secret' })} pg-env-secret my-env-secret`;
    expect(redactSecrets(text, secrets)).not.toMatch(/Secret|env-secret/);
    expect(redactSecrets('user postgres at 127.0.0.1', secrets)).toBe('user postgres at 127.0.0.1');
    // A password that is the user name too is printed as the user name anyway: not hunted.
    expect(connectionSecrets(['postgres://postgres:postgres@127.0.0.1:5432/postgres'], {})).toEqual([]);
    expect(connectionSecrets(['postgres://postgres:S3cret-pw@127.0.0.1:5432/postgres'], {})).toEqual(['S3cret-pw']);
  });
});
