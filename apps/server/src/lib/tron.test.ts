import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { addressOfPublicKey, depositKeyOf, isTronAddress, newDemoXpub } from './tron';

// BIP-32 test vector 1 (seed 000102…0f).
const seed = Uint8Array.from({ length: 16 }, (_, index) => index);

describe('TRON addresses', () => {
  it('derives the known address of private key 1', () => {
    const publicKey = secp256k1.getPublicKey(Uint8Array.from({ length: 32 }, (_, index) => (index === 31 ? 1 : 0)));
    expect(addressOfPublicKey(publicKey)).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
  });

  it('accepts valid base58check addresses and refuses others', () => {
    expect(isTronAddress('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    for (const bad of [
      'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HD', // checksum
      'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2H', // length
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // a Bitcoin address
      '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf',
      '',
    ]) {
      expect(isTronAddress(bad), bad).toBe(false);
    }
  });

  it('derives from the public key exactly the addresses the private key controls', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'");
    const key = depositKeyOf(account.publicExtendedKey);
    for (const index of [0, 1, 7, 1000]) {
      const child = account.derive(`m/0/${index}`);
      expect(key.addressAt(index)).toBe(addressOfPublicKey(child.publicKey as Uint8Array));
      expect(isTronAddress(key.addressAt(index))).toBe(true);
    }
    expect(key.addressAt(0)).not.toBe(key.addressAt(1));
    expect(key.fingerprint).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses an extended private key and anything that is not a key', () => {
    const root = HDKey.fromMasterSeed(seed);
    expect(() => depositKeyOf(root.privateExtendedKey)).toThrow(/extended public key/);
    expect(() => depositKeyOf('xpub-not-a-key')).toThrow();
  });

  it('makes a fresh public-only key for demo mode', () => {
    const xpub = newDemoXpub();
    expect(xpub).toMatch(/^xpub/);
    expect(HDKey.fromExtendedKey(xpub).privateKey).toBeNull();
    expect(newDemoXpub()).not.toBe(xpub);
  });
});
