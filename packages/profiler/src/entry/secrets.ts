/**
 * `@guided-retrieval/profiler/secrets`: the passwords a connection carries, and how every stream
 * is kept free of them — the profiler opens the connections, so it knows their secrets
 * (`redactUrl` is public). Not public API: versioned with the package, but any release may change
 * it.
 *
 * - the demo's output guard and its preview child redact every line they print.
 */
export { connectionSecrets, redactSecrets, redactUrls } from '../redact.js';
