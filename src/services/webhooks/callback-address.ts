import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Addresses a webhook must never reach unless the operator allows private callbacks: this
 * host, private networks, link-local (where cloud metadata services live), and addresses that
 * are not unicast destinations at all. IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo) are refused wholesale when they could hide one of those.
 */
// One list per family: a single BlockList also matches IPv4 addresses against IPv6 rules of the mapped range.
const refusedV4 = new net.BlockList();
const refusedV6 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (incl. 192.0.0.192 metadata of some clouds)
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refusedV4.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: checked through the embedded IPv4 below
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (incl. fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(prefix, bits, 'ipv6');
}

/** True when a webhook may connect to this literal address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !refusedV4.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const mappedHex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mappedHex) {
    const [high, low] = [parseInt(mappedHex[1], 16), parseInt(mappedHex[2], 16)];
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return !refusedV6.check(address, 'ipv6');
}

export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

export class RefusedCallbackAddress extends Error {}

/**
 * Resolves a callback host and checks every address it resolves to (a name with one private
 * address among public ones is refused: which one a client picks is not ours to predict).
 * Returns the address to connect to; the caller pins the connection to it, so a second DNS
 * answer cannot swap in another one.
 */
export async function vetCallbackHost(hostname: string, allowPrivate: boolean): Promise<VettedAddress> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const literal = net.isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new RefusedCallbackAddress(`callback host ${host} resolves to ${bad.address}, a private or reserved address`);
  }
  return addresses[0];
}
