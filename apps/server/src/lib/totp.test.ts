import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, otpauthUrl, totpAt, verifyTotp } from './totp';

// RFC 6238 appendix B test secret "12345678901234567890" (SHA1), 8-digit values truncated to their last 6.
const secret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    expect(totpAt(secret, Math.floor(59 / 30))).toBe('287082');
    expect(totpAt(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpAt(secret, Math.floor(1234567890 / 30))).toBe('005924');
    expect(totpAt(secret, Math.floor(2000000000 / 30))).toBe('279037');
  });

  it('round-trips base32', () => {
    expect(base32Decode(base32Encode(Buffer.from('hello world'))).toString()).toBe('hello world');
  });

  it('accepts one step of drift either way, not two', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, totpAt(secret, step - 1), now, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpAt(secret, step + 1), now, null)).toBe(step + 1);
    expect(verifyTotp(secret, totpAt(secret, step - 2), now, null)).toBeNull();
  });

  it('never accepts a code of a step already used', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    const code = totpAt(secret, step);
    expect(verifyTotp(secret, code, now, step)).toBeNull();
    expect(verifyTotp(secret, code, now, step - 1)).toBe(step);
  });

  it('refuses malformed codes', () => {
    expect(verifyTotp(secret, '12345', Date.now(), null)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', Date.now(), null)).toBeNull();
  });

  it('builds an otpauth URL for authenticator apps', () => {
    expect(otpauthUrl('ABC', 'root')).toBe(
      'otpauth://totp/Paydesk%3Aroot?secret=ABC&issuer=Paydesk&algorithm=SHA1&digits=6&period=30',
    );
  });
});
