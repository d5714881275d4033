import type { Config } from '../../config';
import type { ThrottleWindow } from './throttle';

/** DESIGN §3: at most this many wrong two-factor codes per account (or per device cookie) in `twoFactorSeconds`. */
export const twoFactorLimit = 5;
export const twoFactorSeconds = 15 * 60;

/**
 * Where a sign-in's password is counted (DESIGN §3, OWASP's device cookies). From a browser with a genuine device
 * cookie for the account: in that cookie's window alone, which nobody else can fill. From anywhere else: per account
 * and address, and per address whatever the account; never per account alone, so guesses from other addresses never
 * refuse the owner's correct password. `account` is the canonical username, or null for a name that is none.
 */
export function passwordWindows(config: Config, account: string | null, ip: string, device: string | null) {
  const seconds = config.LOGIN_WINDOW_SECONDS;
  if (device !== null) return [{ key: `login-device:${device}`, limit: config.LOGIN_MAX_FAILURES, seconds }];
  return [
    { key: `login:${account ?? '~'}:${ip}`, limit: config.LOGIN_MAX_FAILURES, seconds },
    { key: `login-ip:${ip}`, limit: config.LOGIN_MAX_FAILURES_PER_IP, seconds },
  ] satisfies ThrottleWindow[];
}

/**
 * Where a two-factor code at sign-in is counted, once the password was right: in the device cookie's window, else in
 * the account's one window for every browser without one. Five wrong codes there and the password is asked again.
 */
export function codeWindows(userId: string, device: string | null): ThrottleWindow[] {
  const key = device === null ? `two_factor-signin:${userId}` : `two_factor-device:${device}`;
  return [{ key, limit: twoFactorLimit, seconds: twoFactorSeconds }];
}
