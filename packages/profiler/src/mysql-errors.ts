import { errorCode, messageOf, ProfilerError } from './errors.js';

/** Errors of the connection itself (refused, gone, killed): the server cannot be reached or read any more. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
]);

/** What mysql2 says when a statement is sent on a connection already closed (killed, lost). */
const CLOSED = /connection is in closed state|connection lost|server closed the connection|connection was killed/i;

/**
 * One line that names what failed (`host:port` when given) and never contains the password: MySQL
 * and MariaDB error codes as the profiler's. The server's messages do not quote passwords; the
 * password is replaced anyway, unless it is the user's name too (which the messages do name).
 */
export function mysqlError(error: unknown, credentials: { user: string; password: string }, target = ''): ProfilerError {
  if (error instanceof ProfilerError) return error;
  const code = errorCode(error);
  let message = messageOf(error);
  const { user, password } = credentials;
  if (password.length > 0 && password !== user) message = message.replaceAll(password, '***');
  const where = target ? `${target}: ` : '';
  if ((code !== undefined && UNREACHABLE.has(code)) || CLOSED.test(message)) {
    const what = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' ? 'server unreachable' : 'connection lost';
    return new ProfilerError('unreachable', `MySQL ${what}: ${where}${message || code}`, { cause: error });
  }
  switch (code) {
    case 'ER_DBACCESS_DENIED_ERROR':
      // MySQL says the same for a database that does not exist, so as not to tell which.
      return new ProfilerError('auth-failed', `MySQL: ${where}${message} (it does not exist, or this user may not read it)`, {
        cause: error,
      });
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return new ProfilerError('auth-failed', `MySQL: ${where}${message}`, { cause: error });
    case 'ER_BAD_DB_ERROR':
      return new ProfilerError('not-found', `MySQL: ${where}${message}`, { cause: error });
    case 'ER_TABLEACCESS_DENIED_ERROR':
    case 'ER_COLUMNACCESS_DENIED_ERROR':
    case 'ER_SPECIFIC_ACCESS_DENIED_ERROR':
      return new ProfilerError('permission-denied', `MySQL: ${where}${message}`, { cause: error });
    case 'ER_NO_SUCH_TABLE':
      return new ProfilerError(
        'no-such-table',
        `no such table: ${/Table '(?:[^.']*\.)?(.*)' doesn't exist/.exec(message)?.[1] ?? message}`,
        {
          cause: error,
        },
      );
    default:
      return new ProfilerError('query-failed', `MySQL: ${where}${message}`, { cause: error });
  }
}
