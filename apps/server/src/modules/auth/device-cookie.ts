import { timingSafeEqual } from 'node:crypto';
import { randomToken } from '../../lib/ids';
import type { Secrets } from '../../lib/secrets';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account carries a cookie the server signed for that account, and its sign-ins are counted in a window of the
 * cookie's own, which no one else can fill. The cookie grants nothing else: it is not a session and opens no door.
 *
 * The value is up to `maxAccounts` entries `<user id>.<issued, unix seconds>.<nonce>.<MAC>` joined by `~`, the newest
 * first; only the sign-in route receives it (its path).
 */
export const deviceCookieName = 'paydesk_device';
export const deviceCookiePath = '/api/inner/login';
export const deviceCookieDays = 180;
const maxAccounts = 5;
const purpose = 'device-cookie';

interface Entry {
  userId: string;
  issued: number;
  nonce: string;
  mac: string;
}

const parse = (value: string | undefined): Entry[] =>
  (value ?? '')
    .split('~')
    .slice(0, maxAccounts)
    .flatMap((text) => {
      const [userId, issued, nonce, mac, ...rest] = text.split('.');
      if (!userId || !issued || !nonce || !mac || rest.length > 0 || !/^\d{1,12}$/.test(issued)) return [];
      return [{ userId, issued: Number(issued), nonce, mac }];
    });

const signed = (secrets: Secrets, entry: Omit<Entry, 'mac'>) =>
  secrets.mac(purpose, `${entry.userId}.${entry.issued}.${entry.nonce}`);

function isGenuine(secrets: Secrets, entry: Entry, nowMs: number): boolean {
  const expected = Buffer.from(signed(secrets, entry));
  const given = Buffer.from(entry.mac);
  const fresh = nowMs / 1000 - entry.issued < deviceCookieDays * 86_400;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}

const format = (entry: Entry) => `${entry.userId}.${entry.issued}.${entry.nonce}.${entry.mac}`;

/** The device's id (its nonce) when the cookie holds a genuine, unexpired entry for this account; else null. */
export function deviceOf(secrets: Secrets, cookie: string | undefined, userId: string, nowMs = Date.now()) {
  const entry = parse(cookie).find((candidate) => candidate.userId === userId);
  return entry && isGenuine(secrets, entry, nowMs) ? entry.nonce : null;
}

/** The cookie after a sign-in to `userId`: a fresh entry for it first, then the other accounts' genuine entries. */
export function withDevice(secrets: Secrets, cookie: string | undefined, userId: string, nowMs = Date.now()) {
  const fresh = { userId, issued: Math.floor(nowMs / 1000), nonce: randomToken(16) };
  const others = parse(cookie).filter((entry) => entry.userId !== userId && isGenuine(secrets, entry, nowMs));
  return [{ ...fresh, mac: signed(secrets, fresh) }, ...others].slice(0, maxAccounts).map(format).join('~');
}
