/**
 * Connection URLs whose passwords hold the characters that break naive redaction (`@ / # ? %`,
 * percent-encoded or not), over every scheme the CLI reads or names: each with the secret that
 * must appear in no output. Shared by the profiler's redaction test and the CLI's leak test.
 */
export interface HostileUrl {
  url: string;
  /** The bytes that must never be printed (a distinctive piece of the password). */
  secret: string;
  /** What `redactUrl` must print. */
  redacted: string;
}

export const HOSTILE_URLS: readonly HostileUrl[] = [
  {
    url: 'postgres://postgres:my@Secret999@127.0.0.1:5432/db',
    secret: 'Secret999',
    redacted: 'postgres://postgres:***@127.0.0.1:5432/db',
  },
  {
    url: 'postgres://postgres:Top/Secret1@127.0.0.1:5432/db',
    secret: 'Top/Secret1',
    redacted: 'postgres://postgres:***@127.0.0.1:5432/db',
  },
  {
    url: 'postgresql://postgres:Top%2FSecret2@127.0.0.1:5432/db',
    secret: 'Secret2',
    redacted: 'postgresql://postgres:***@127.0.0.1:5432/db',
  },
  {
    url: 'postgres://postgres:hash#Secret3@127.0.0.1:5432/db',
    secret: 'Secret3',
    redacted: 'postgres://postgres:***@127.0.0.1:5432/db',
  },
  {
    url: 'postgres://postgres:what?Secret4=1@127.0.0.1:5432/db?sslmode=disable',
    secret: 'Secret4',
    redacted: 'postgres://postgres:***@127.0.0.1:5432/db?sslmode=disable',
  },
  {
    url: 'postgres://postgres:100%Secret5@127.0.0.1:5432/db',
    secret: 'Secret5',
    redacted: 'postgres://postgres:***@127.0.0.1:5432/db',
  },
  {
    url: 'postgres://postgres:p%40ss%23Secret6@127.0.0.1:5432/db',
    secret: 'Secret6',
    redacted: 'postgres://postgres:***@127.0.0.1:5432/db',
  },
  {
    url: 'postgres://postgres@127.0.0.1:5432/db?password=Secret7&sslmode=disable',
    secret: 'Secret7',
    redacted: 'postgres://postgres@127.0.0.1:5432/db?password=***&sslmode=disable',
  },
  {
    url: 'mysql://root:my@Sql/Secret8#x@127.0.0.1:3306/shop',
    secret: 'Secret8',
    redacted: 'mysql://root:***@127.0.0.1:3306/shop',
  },
  {
    url: 'mariadb://root:Maria%2FSecret9@127.0.0.1:3306/shop',
    secret: 'Secret9',
    redacted: 'mariadb://root:***@127.0.0.1:3306/shop',
  },
];
