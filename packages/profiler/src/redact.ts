/**
 * Credentials in connection URLs, for any `scheme://user:password@host…` (postgres://, mysql://,
 * mariadb://, http://…): where the password is, how to print the URL without it, and every
 * spelling of it that a message could carry (raw, percent-decoded, percent-encoded, JSON-escaped).
 *
 * A password may hold `@ / # ? %`, percent-encoded or not: the user-info ends at the LAST `@`
 * after `scheme://`. When that `@` is really in the query, more is hidden than needed, never less.
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A URL inside a longer text: from its scheme to the next white space or quote (JSON keeps its shape). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const QUERY_PASSWORD = /([?&](?:password|pass|pwd|passwd)=)[^&]*/gi;
/** Passwords shorter than this are hidden in URLs but not hunted through free text: every `ab` in a message would go. */
const MIN_SCRUBBED = 4;

interface UserInfo {
  /** `scheme://` */
  scheme: string;
  user: string;
  /** As written (maybe percent-encoded, maybe not); undefined when the user-info has no `:`. */
  password: string | undefined;
  /** Everything after the user-info's `@`: host, port, path, query. */
  rest: string;
}

function userInfo(url: string): UserInfo | undefined {
  const scheme = SCHEME.exec(url)?.[0];
  if (scheme === undefined) return undefined;
  const at = url.lastIndexOf('@');
  if (at < scheme.length) return undefined;
  const info = url.slice(scheme.length, at);
  const colon = info.indexOf(':');
  return {
    scheme,
    user: colon < 0 ? info : info.slice(0, colon),
    password: colon < 0 ? undefined : info.slice(colon + 1),
    rest: url.slice(at + 1),
  };
}

const redactQuery = (text: string) => text.replace(QUERY_PASSWORD, '$1***');

/** The URL with its password as `***`, in the user-info and in `?password=` (any scheme). */
export function redactUrl(url: string): string {
  const parts = userInfo(url);
  if (parts?.password === undefined) return redactQuery(url);
  return `${parts.scheme}${parts.user}:***@${redactQuery(parts.rest)}`;
}

/** `text` with every URL in it redacted (see `redactUrl`). */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, redactUrl);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a bare `%`: the text is meant as written
  }
}

/** The password a URL carries, decoded (user-info first, else `?password=`); '' when none. */
export function urlPassword(url: string): string {
  const parts = userInfo(url);
  if (parts?.password) return decoded(parts.password);
  const query = /[?&]password=([^&]*)/i.exec(url)?.[1];
  return query ? decoded(query.replace(/\+/g, ' ')) : '';
}

/** What follows a user-info's `@`: a host (name, address or `[v6]`), maybe a port, then the path, query or end. */
const HOST_PART = /^(?:\[[^\]]*\]|[^/?#@:[\]]+)(?::\d*)?(?:[/?#]|$)/;

/**
 * The URL with its user name and password percent-encoded where they are not already, so that a
 * URL parser reads `postgres://u:Top/Secret@h/db` as the user meant: the user-info ends at the
 * last `@` that a host part follows.
 */
export function normalizeUrl(url: string): string {
  const parts = userInfo(url);
  if (parts === undefined || !HOST_PART.test(parts.rest)) return url;
  const encode = (text: string) => encodeURIComponent(decoded(text));
  return `${parts.scheme}${encode(parts.user)}${parts.password === undefined ? '' : `:${encode(parts.password)}`}@${parts.rest}`;
}

/** Every spelling of each secret that output could carry: as given, percent-decoded and -encoded, JSON-escaped. */
export function secretSpellings(secrets: readonly (string | undefined)[]): string[] {
  const spellings = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of [secret, decoded(secret), encodeURIComponent(decoded(secret))]) {
      spellings.add(form);
      spellings.add(JSON.stringify(form).slice(1, -1));
    }
  }
  // Longest first: a secret that holds another is replaced whole.
  return [...spellings].filter((s) => s.length >= MIN_SCRUBBED).sort((a, b) => b.length - a.length);
}

/** What a URL shows openly (scheme, user, host, path words): a password equal to one of them is printed as that anyway. */
function publicWords(url: string): string[] {
  const parts = userInfo(url);
  const open = (parts ? `${parts.user}@${redactUrl(parts.rest)}` : url).replace(SCHEME, '');
  return [SCHEME.exec(url)?.[0].slice(0, -3) ?? '', ...open.split(/[@:/?&=#]/).map(decoded)].filter(Boolean);
}

/**
 * The secrets that `args` (URLs among them) and `env` (PGPASSWORD, MYSQL_PWD) carry, in every
 * spelling; a password that is also the user name or another open part of its URL
 * (`postgres://postgres:postgres@…`) is left out, or every mention of that name would go.
 */
export function connectionSecrets(args: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const found = [env.PGPASSWORD, env.MYSQL_PWD];
  const open = new Set<string>();
  for (const arg of args) {
    for (const url of arg.match(URL_IN_TEXT) ?? []) {
      found.push(userInfo(url)?.password, urlPassword(url));
      for (const word of publicWords(url)) open.add(word);
    }
  }
  return secretSpellings(found).filter((secret) => !open.has(secret));
}

/** `text` with every spelling of `secrets` (from `secretSpellings` or `connectionSecrets`) as `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('***');
  return out;
}
