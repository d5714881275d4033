import { DomainError } from '../../lib/errors';

/**
 * Requests per API key (DESIGN §9): a token bucket of `perSecond` tokens a second, `2 × perSecond` at most, kept by
 * each process. Behind a load balancer of N processes a key gets up to N times as much; the limit protects each
 * process and the database behind it, and a shared limit would cost every request a write.
 */
export function createRateLimit(perSecond: number) {
  const capacity = perSecond * 2;
  const buckets = new Map<string, { tokens: number; updatedMs: number }>();
  return function take(key: string, now = Date.now()): void {
    const bucket = buckets.get(key) ?? { tokens: capacity, updatedMs: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedMs) / 1000) * perSecond);
    bucket.updatedMs = now;
    if (bucket.tokens < 1) {
      buckets.set(key, bucket);
      throw new DomainError('throttled', undefined, {
        seconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)),
      });
    }
    bucket.tokens -= 1;
    if (buckets.size > 50_000) buckets.clear();
    buckets.set(key, bucket);
  };
}

/**
 * Failed signature checks (a wrong or unknown key, a stale timestamp, a wrong signature) per client address and per
 * key named (issue 20, L6): beyond `limit` in a fixed window of `windowSeconds`, 429 with Retry-After until the window
 * ends. Kept by each process like the rate limit: an HMAC is cheap to check and cannot be guessed, so this limit
 * keeps a careless or hostile client from hammering the database with key lookups rather than guarding a secret.
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
