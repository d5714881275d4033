import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { clearFailures, countAttempt, uncountAttempt } from './throttle.repository';

/** What is being guessed at: every endpoint that checks a secret has its own windows (DESIGN §3). */
export type ThrottlePurpose = 'password' | 'two_factor' | 'invite' | 'pairing' | 'forwarding';

/**
 * Purposes whose "account" is the signed-in user checking its own secret (a password change, switching two-factor),
 * so that it also gets a window whatever the address: only someone holding a session of that user can fill it. An
 * invite code or the pairing endpoint names no account (every guess names another code), so there the address is
 * what is counted. Sign-in has windows of its own (sign-in-windows.ts): never one per account alone.
 */
const accountWide: Record<ThrottlePurpose, boolean> = {
  password: true,
  two_factor: true,
  invite: false,
  pairing: false,
  forwarding: false,
};

/** One fixed window: at most `limit` attempts counted in `seconds`. */
export interface ThrottleWindow {
  key: string;
  limit: number;
  seconds: number;
}

/** An attempt counted before its secret is checked: it stays counted when the guess was wrong. */
export interface Attempt {
  /** This attempt took the last place of one of its windows: if it fails, that window refuses the next one. */
  readonly last: boolean;
  /** The secret was right: the first window is cleared, the other windows get the attempt back. */
  passed(): Promise<void>;
  /** Nothing was guessed after all (a refusal for another reason): every window gets the attempt back. */
  notAGuess(): Promise<void>;
}

/**
 * Counts an attempt in every window, before its secret is checked, in one statement that also answers the counts, so
 * parallel guesses cannot all read a window that is not full yet: at most the limit of them is ever checked. 429 with
 * the seconds to wait when one of the windows was full already. Windows are shared by every server process (fixed
 * windows in PostgreSQL).
 */
export async function attemptIn(db: Executor, windows: readonly ThrottleWindow[], now = new Date()): Promise<Attempt> {
  const keys = windows.map((window) => window.key);
  const counts = await countAttempt(db, windows, now);
  const limitOf = (key: string) => windows.find((window) => window.key === key)?.limit ?? 0;
  const full = counts.filter((count) => count.failures > limitOf(count.key));
  if (full.length > 0) {
    // Refused unchecked: the attempt is given back, so the refusals of a guesser never fill a window against its
    // owner. The count cannot fall to the limit by it: the attempts that were checked stay counted.
    await uncountAttempt(db, keys);
    const resetAt = Math.max(...full.map((count) => count.resetAt.getTime()));
    throw new DomainError('throttled', undefined, {
      seconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
    });
  }
  const [own, ...shared] = keys;
  return {
    last: counts.some((count) => count.failures === limitOf(count.key)),
    async passed() {
      await clearFailures(db, own === undefined ? [] : [own]);
      await uncountAttempt(db, shared);
    },
    notAGuess: () => uncountAttempt(db, keys),
  };
}

/**
 * Throttling of the secret checks other than sign-in. Each attempt is counted in one window per account and client
 * address (LOGIN_MAX_FAILURES) and one per address (LOGIN_MAX_FAILURES_PER_IP), which caps guessing across many
 * accounts from one place; where the account is the signed-in user's own (`accountWide`), also in one per account
 * whatever the address (LOGIN_MAX_FAILURES_PER_ACCOUNT).
 */
export function createThrottle(db: Executor, config: Config, purpose: ThrottlePurpose) {
  const seconds = config.LOGIN_WINDOW_SECONDS;
  const windowsOf = (account: string, ip: string): ThrottleWindow[] => {
    const name = account.toLowerCase();
    const windows = [
      { key: `${purpose}:${name}:${ip}`, limit: config.LOGIN_MAX_FAILURES, seconds },
      { key: `${purpose}-ip:${ip}`, limit: config.LOGIN_MAX_FAILURES_PER_IP, seconds },
    ];
    if (accountWide[purpose]) {
      windows.push({ key: `${purpose}-account:${name}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, seconds });
    }
    return windows;
  };

  const attempt = (account: string, ip: string, now = new Date()) => attemptIn(db, windowsOf(account, ip), now);

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
