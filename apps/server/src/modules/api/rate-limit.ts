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
