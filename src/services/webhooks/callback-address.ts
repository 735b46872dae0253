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

/** `localhost` and every name under it always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Why a callback URL is refused by its form alone, or null when only its name's addresses are
 * left to check. Registration (`PUT /api/me/callback-url`) and every delivery attempt ask this
 * one function, so a URL that registers is never refused by delivery for its form: a scheme
 * other than http(s), a host that is an address delivery refuses, in any spelling the URL
 * parser accepts (`[::127.0.0.1]`, `[::ffff:0:7f00:1]`, `[fec0::1]`, `0x7f.1`, `2130706433`:
 * it rewrites each to its canonical address, which `isPublicAddress` judges), or a `localhost`
 * name. A name's addresses are checked at each delivery (`vetCallbackHost`), since DNS answers
 * change between registration and delivery.
 */
export function callbackUrlRefusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'callback_url must be http or https';
  if (allowPrivate) return null;
  const host = url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) !== 0) return isPublicAddress(host) ? null : `callback host ${host} is a private or reserved address`;
  if (isLocalhostName(host)) return `callback host ${host} is this machine`;
  return null;
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
