import { vi } from 'vitest';

/** The per-attempt timeouts the adapters asked for, each expired by the test rather than by the clock. */
export interface HeldTimeouts {
  /** The `ms` of every `AbortSignal.timeout(ms)` asked for, in order. */
  readonly requested: readonly number[];
  /** Fires every timeout asked for so far, as the timer would (a `TimeoutError` reason). */
  expire(): void;
  /** Puts the real `AbortSignal.timeout` back. */
  restore(): void;
}

/**
 * Replaces `AbortSignal.timeout` (the adapters' per-attempt timer) with signals the test fires
 * itself, so that a test of a timeout midway through an answer decides when "midway" is by an
 * event (a token seen) rather than by racing a real timer against the machine's speed.
 */
export function holdTimeouts(): HeldTimeouts {
  const held: { ms: number; controller: AbortController }[] = [];
  const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const controller = new AbortController();
    held.push({ ms, controller });
    return controller.signal;
  });
  return {
    get requested() {
      return held.map((h) => h.ms);
    },
    expire() {
      for (const { controller } of held) {
        if (!controller.signal.aborted) controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      }
    },
    restore: () => spy.mockRestore(),
  };
}
