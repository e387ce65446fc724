/**
 * Paths removed when the process is stopped by a signal (SIGINT, SIGTERM, SIGHUP) or exits while
 * they stand: a temporary file half written, a lock whose work is unfinished. The handlers are
 * installed while a path is registered and no longer; when this was the only handler of the
 * signal, the signal is raised again once the paths are gone, so that the process ends as it
 * would have (by the signal, with its exit status). A process that handles the signal itself (a
 * server stopping cleanly) is left to do so.
 */
import { unlinkSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const registered = new Set<string>();

function removeAll(): void {
  for (const path of registered) {
    try {
      unlinkSync(path);
    } catch {
      // gone already (renamed into place, or removed by its owner)
    }
  }
  registered.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  removeAll();
  uninstall();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('exit', removeAll);
}

function uninstall(): void {
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('exit', removeAll);
}

/**
 * Removes `path` if the process is stopped or exits before the returned function is called (call
 * it once the path is in place, renamed, or removed by the caller).
 */
export function removeOnSignal(path: string): () => void {
  if (registered.size === 0) install();
  registered.add(path);
  return () => {
    if (!registered.delete(path)) return;
    if (registered.size === 0) uninstall();
  };
}
