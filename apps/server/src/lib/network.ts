import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard (DESIGN §10): Paydesk sends webhooks to addresses its users choose, so it must
 * never be made to call into its own network. Loopback, private, link-local (cloud metadata lives there), carrier-grade
 * NAT, multicast, reserved and unspecified addresses are refused, for IPv4 and IPv6 alike (IPv4-mapped IPv6 included).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:10.0.0.1), else the address as it is. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

/** Whether an IP address may be called from here: false for every internal or reserved range. */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = isIP(plain);
  if (family === 0) return false;
  return !blocked.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Host names that always mean this machine or its private network, whatever a resolver says. */
const internalNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

export type DestinationProblem = 'private' | 'unresolvable';

/**
 * Checks where a URL would really go: an IP literal directly, a host name by resolving every address it has (one
 * internal address is enough to refuse). `null` means the destination is public. With `resolveNames` false a name
 * is only checked against the internal names (used on save, when the resolver may be unreachable; delivery checks
 * the resolved address again).
 */
export async function destinationProblem(
  url: URL,
  options: { resolveNames: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<DestinationProblem | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : 'private';
  if (internalNames.test(host.replace(/\.$/, ''))) return 'private';
  if (!options.resolveNames) return null;
  const resolve =
    options.resolve ?? (async (name: string) => (await lookup(name, { all: true })).map((entry) => entry.address));
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every(isPublicAddress) ? null : 'private';
}
