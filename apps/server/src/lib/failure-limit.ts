import { DomainError } from './errors';

/**
 * Failed checks of a machine's credential per key (an API signature, the metrics token: the key is the client's
 * address): beyond `limit` in a fixed window of `windowSeconds`, 429 with Retry-After until the window ends. Kept by
 * each process, in memory: these credentials are long random values that cannot be guessed, so the limit keeps a
 * careless or hostile client from hammering the process (and the database with key lookups) rather than guarding a
 * secret, and a shared limit would cost every request a write.
 */
export function createFailureLimit(limit: number, windowSeconds: number) {
  const windows = new Map<string, { failures: number; resetAtMs: number }>();
  const live = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.resetAtMs > now ? window : undefined;
  };
  return {
    assertAllowed(keys: readonly string[], now = Date.now()): void {
      for (const key of keys) {
        const window = live(key, now);
        if (window && window.failures >= limit) {
          throw new DomainError('throttled', undefined, {
            seconds: Math.max(1, Math.ceil((window.resetAtMs - now) / 1000)),
          });
        }
      }
    },
    recordFailure(keys: readonly string[], now = Date.now()): void {
      if (windows.size > 50_000) windows.clear();
      for (const key of keys) {
        const window = live(key, now) ?? { failures: 0, resetAtMs: now + windowSeconds * 1000 };
        window.failures += 1;
        windows.set(key, window);
      }
    },
  };
}
