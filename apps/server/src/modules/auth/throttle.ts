import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { clearFailures, countAttempt, uncountAttempt } from './throttle.repository';

/** What is being guessed at: every endpoint that checks a secret has its own windows (DESIGN §3). */
export type ThrottlePurpose = 'login' | 'password' | 'two_factor' | 'invite' | 'pairing' | 'forwarding';

/**
 * Purposes whose "account" is a real account, so that it also gets a window whatever the address: an invite code or
 * the pairing endpoint names no account (every guess names another code), so there the address is what is counted.
 */
const accountWide: Record<ThrottlePurpose, boolean> = {
  login: true,
  password: true,
  two_factor: true,
  invite: false,
  pairing: false,
  forwarding: false,
};

/** An attempt counted before its secret is checked: it stays counted when the guess was wrong. */
export interface Attempt {
  /** The secret was right: the account's window at this address is cleared, the other windows get the attempt back. */
  passed(): Promise<void>;
  /** Nothing was guessed after all (a refusal for another reason): every window gets the attempt back. */
  notAGuess(): Promise<void>;
}

/**
 * Throttling of secret checks, shared by every server process (fixed windows in PostgreSQL). Each attempt is counted
 * *before* the secret is checked, in one statement that also answers the counts, so parallel guesses cannot all read
 * a window that is not full yet: at most the limit of them is ever checked. Three windows count each attempt: one per
 * account and client address (LOGIN_MAX_FAILURES), so an attacker elsewhere does not lock the owner out at once;
 * one per account whatever the address (LOGIN_MAX_FAILURES_PER_ACCOUNT), so a guesser with many addresses is held
 * too; and one per address (LOGIN_MAX_FAILURES_PER_IP), which caps guessing across many accounts from one place.
 */
export function createThrottle(db: Executor, config: Config, purpose: ThrottlePurpose) {
  const windowsOf = (account: string, ip: string) => {
    const name = account.toLowerCase();
    const windows = [
      { key: `${purpose}:${name}:${ip}`, limit: config.LOGIN_MAX_FAILURES },
      { key: `${purpose}-ip:${ip}`, limit: config.LOGIN_MAX_FAILURES_PER_IP },
    ];
    if (accountWide[purpose]) {
      windows.push({ key: `${purpose}-account:${name}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT });
    }
    return windows;
  };

  /** Counts an attempt in every window; 429 with the seconds to wait when one of them was full already. */
  async function attempt(account: string, ip: string, now = new Date()): Promise<Attempt> {
    const windows = windowsOf(account, ip);
    const counts = await countAttempt(
      db,
      windows.map((window) => window.key),
      config.LOGIN_WINDOW_SECONDS,
      now,
    );
    const full = counts.filter((count) => count.failures > (windows.find((w) => w.key === count.key)?.limit ?? 0));
    const keys = windows.map((window) => window.key);
    if (full.length > 0) {
      // Refused unchecked: the attempt is given back, so the refusals of a guesser never fill the account's window
      // against its owner. The count cannot fall to the limit by it: the attempts that were checked stay counted.
      await uncountAttempt(db, keys);
      const resetAt = Math.max(...full.map((count) => count.resetAt.getTime()));
      throw new DomainError('throttled', undefined, {
        seconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
      });
    }
    const [own, ...shared] = keys;
    return {
      async passed() {
        await clearFailures(db, own === undefined ? [] : [own]);
        await uncountAttempt(db, shared);
      },
      notAGuess: () => uncountAttempt(db, [own ?? '', ...shared]),
    };
  }

  return {
    attempt,
    /**
     * Runs a check of a secret under the throttle: the attempt is counted first (refused when a window is full); a
     * failure of the check (the listed error codes) keeps it counted, any other outcome gives it back.
     */
    async guard<T>(account: string, ip: string, failures: readonly string[], check: () => Promise<T>): Promise<T> {
      const counted = await attempt(account, ip);
      try {
        const result = await check();
        await counted.passed();
        return result;
      } catch (error) {
        if (!(error instanceof DomainError && failures.includes(error.code))) await counted.notAGuess();
        throw error;
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
