import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { blockedForSeconds, clearFailures, recordFailure } from './throttle.repository';

/** What is being guessed at: every endpoint that checks a secret has its own windows (DESIGN §3). */
export type ThrottlePurpose = 'login' | 'password' | 'two_factor' | 'invite' | 'pairing' | 'forwarding';

/**
 * Throttling of failed secret checks, shared by every server process (fixed windows in PostgreSQL). Two windows count
 * each failure: one per account *and* client address, so an attacker elsewhere cannot lock the owner out, and one per
 * address, which caps guessing across many accounts from one place. Success clears the account's window.
 */
export function createThrottle(db: Executor, config: Config, purpose: ThrottlePurpose) {
  const windowSeconds = config.LOGIN_WINDOW_SECONDS;
  const accountKey = (account: string, ip: string) => `${purpose}:${account.toLowerCase()}:${ip}`;
  const addressKey = (ip: string) => `${purpose}-ip:${ip}`;
  return {
    /** 429 with the seconds to wait when either window is full. */
    async assertAllowed(account: string, ip: string, now = new Date()): Promise<void> {
      const [perAccount, perAddress] = await Promise.all([
        blockedForSeconds(db, accountKey(account, ip), config.LOGIN_MAX_FAILURES, now),
        blockedForSeconds(db, addressKey(ip), config.LOGIN_MAX_FAILURES_PER_IP, now),
      ]);
      const seconds = Math.max(perAccount, perAddress);
      if (seconds > 0) throw new DomainError('throttled', undefined, { seconds });
    },
    async recordFailure(account: string, ip: string, now = new Date()): Promise<void> {
      await recordFailure(db, accountKey(account, ip), windowSeconds, now);
      await recordFailure(db, addressKey(ip), windowSeconds, now);
    },
    /** Counts a failure only against the account's window (a wrong two-factor code after a right password). */
    async recordAccountFailure(account: string, ip: string, now = new Date()): Promise<void> {
      await recordFailure(db, accountKey(account, ip), windowSeconds, now);
    },
    clear: (account: string, ip: string) => clearFailures(db, accountKey(account, ip)),
    /**
     * Runs a check of a secret under the throttle: refused while throttled, and a failure of the check (the listed
     * error codes) is counted before it reaches the caller.
     */
    async guard<T>(account: string, ip: string, failures: readonly string[], check: () => Promise<T>): Promise<T> {
      await this.assertAllowed(account, ip);
      try {
        const result = await check();
        await this.clear(account, ip);
        return result;
      } catch (error) {
        if (error instanceof DomainError && failures.includes(error.code)) await this.recordFailure(account, ip);
        throw error;
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
