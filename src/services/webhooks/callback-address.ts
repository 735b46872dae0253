import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A webhook may connect only to a global unicast address unless the operator allows private
 * callbacks. The ranges come from ipaddr.js (RFC 6890 and successors); IPv6 must also lie in
 * 2000::/3, the only block IANA hands out as global unicast, which refuses forms that ipaddr.js
 * calls plain unicast but no host should be reached by: IPv4-compatible `::a.b.c.d`, site-local
 * `fec0::/10` and every block not yet allocated. IPv4-mapped addresses are judged by the IPv4
 * address inside them.
 */
const globalUnicastV6 = ipaddr.parseCIDR('2000::/3');

/** True when a webhook may connect to this literal address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || net.isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(globalUnicastV6);
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
