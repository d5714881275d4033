import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

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
  // IPv4-compatible addresses (::a.b.c.d, deprecated since 2006) and with them :: and ::1.
  ['::', 96],
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

/** The 16 bytes of an IPv6 address (brackets, a zone and a trailing dotted quad allowed), or null. */
function ipv6Bytes(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const quadOf = (bytes: number[]) => bytes.join('.');

/**
 * The IPv4 address an IPv6 address carries to an IPv4 host, or null: IPv4-mapped (::ffff:a.b.c.d), SIIT
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::) and Teredo (the client, inverted). Such an
 * address reaches that IPv4 host, so it is as public as the IPv4 address is.
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const zeros = (count: number) => Array<number>(count).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return quadOf(bytes.slice(12));
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return quadOf(bytes.slice(12));
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return quadOf(bytes.slice(12));
  if (startsWith(bytes, [0x20, 0x02])) return quadOf(bytes.slice(2, 6));
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return quadOf(bytes.slice(12).map((byte) => byte ^ 0xff));
  return null;
}

/** Whether an IP address may be called from here: false for every internal or reserved range. */
export function isPublicAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  if (family === 0) return false;
  if (family === 6) {
    const inner = embeddedIpv4(plain);
    if (inner !== null && !isPublicAddress(inner)) return false;
  }
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
  const resolve = options.resolve ?? systemResolve;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every(isPublicAddress) ? null : 'private';
}

/** Resolves a host name to every address it has. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (name) => (await lookup(name, { all: true })).map((entry) => entry.address);

/** A connection refused because of where it would have gone. */
export class DestinationRefused extends Error {
  constructor(readonly problem: DestinationProblem) {
    super(`destination refused: ${problem}`);
  }
}

/**
 * A `lookup` for net.connect and tls.connect that resolves a name once and hands the connection only public addresses:
 * the address checked is the address connected to, so a name that answers a public address to a check and a
 * private one to the connection (DNS rebinding) cannot reach the private one. Host header and TLS server name stay
 * the URL's, as the connection is given the address, never a new URL.
 */
export function checkedLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const answer = async () => {
      let addresses: string[];
      try {
        addresses = await resolve(hostname);
      } catch {
        throw new DestinationRefused('unresolvable');
      }
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const entries = addresses
        .map((address) => ({ address, family: isIP(address) }))
        .filter((entry) => entry.family !== 0 && (wanted === 0 || entry.family === wanted));
      if (entries.length === 0) throw new DestinationRefused('unresolvable');
      if (!entries.every((entry) => isPublicAddress(entry.address))) throw new DestinationRefused('private');
      return entries;
    };
    answer().then(
      (entries) => {
        const [first] = entries;
        if (options.all) callback(null, entries);
        else if (first) callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
