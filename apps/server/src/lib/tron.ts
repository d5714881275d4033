import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

/**
 * TRON addresses for USDT (TRC-20) deposits. An address is base58check of 0x41 followed by the last 20 bytes of the
 * Keccak-256 hash of the uncompressed public key. Deposit addresses are derived from an extended public key (BIP-32,
 * non-hardened children 0/index below the account key m/44'/195'/0'), so this system never holds a private key.
 */

const base58check = createBase58check(sha256);
const tronPrefix = 0x41;

export function addressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(21);
  payload[0] = tronPrefix;
  payload.set(hash.subarray(12), 1);
  return base58check.encode(payload);
}

/** A valid TRON address: base58check of 21 bytes starting with 0x41 (a "T…" address of 34 characters). */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === tronPrefix;
  } catch {
    return false;
  }
}

export interface DepositKey {
  /** The extended public key (xpub…) addresses are derived from. */
  xpub: string;
  /** First 8 hex characters of SHA-256 of the xpub: tells keys apart without showing them. */
  fingerprint: string;
  /** The address at `index` of the external chain (0/index). */
  addressAt(index: number): string;
}

/** Reads an extended public key; throws on anything else, including an extended private key. */
export function depositKeyOf(xpub: string): DepositKey {
  const trimmed = xpub.trim();
  if (!trimmed.startsWith('xpub')) throw new Error('The deposit key must be an extended public key (xpub…).');
  const key = HDKey.fromExtendedKey(trimmed);
  if (key.privateKey) throw new Error('The deposit key must not contain a private key.');
  const external = key.deriveChild(0);
  const fingerprint = Buffer.from(sha256(new TextEncoder().encode(trimmed)))
    .toString('hex')
    .slice(0, 8);
  return {
    xpub: trimmed,
    fingerprint,
    addressAt(index: number) {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`bad derivation index ${index}`);
      const child = external.deriveChild(index);
      if (!child.publicKey) throw new Error('derivation gave no public key');
      return addressOfPublicKey(child.publicKey);
    },
  };
}

/**
 * A fresh random key for demo mode: the account-level extended public key of a new seed. The seed and every private
 * key are dropped here; demo deposits are simulated, so nothing ever needs to be spent from these addresses.
 */
export function newDemoXpub(): string {
  const root = HDKey.fromMasterSeed(randomBytes(32));
  const account = root.derive("m/44'/195'/0'");
  const xpub = account.publicExtendedKey;
  root.wipePrivateData();
  account.wipePrivateData();
  return xpub;
}

/** A random 64-hex-digit transaction hash, for demo mode's simulated chain. */
export const randomTxHash = () => randomBytes(32).toString('hex');
