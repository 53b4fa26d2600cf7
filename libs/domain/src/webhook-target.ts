// Node-only (node:net): imported as @nocturne/domain/webhook-target, never through the index the web bundles.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv6 forms that carry an IPv4 address, and where: such an address is as public as the IPv4 address
 * it carries (security review L4: `::127.0.0.1`, `::ffff:0:10.0.0.1`, `2002:0a00:0001::` and
 * `64:ff9b::10.0.0.1` all reach private IPv4 space).
 */
const CARRIES_IPV4: { network: string; prefix: number; at: number }[] = [
  { network: '::ffff:0:0', prefix: 96, at: 6 }, // IPv4-mapped
  { network: '::ffff:0:0:0', prefix: 96, at: 6 }, // SIIT (RFC 6145)
  { network: '::', prefix: 96, at: 6 }, // IPv4-compatible (deprecated; :: and ::1 are refused before)
  { network: '64:ff9b::', prefix: 96, at: 6 }, // NAT64 well-known prefix (RFC 6052)
  { network: '2002::', prefix: 16, at: 1 }, // 6to4 (RFC 3056)
];
const CARRIERS = CARRIES_IPV4.map(({ network, prefix, at }) => ({ range: [ipaddr.IPv6.parse(network), prefix] as const, at }));

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  for (const { range, at } of CARRIERS) {
    if (!address.match(range[0], range[1])) continue;
    const [high, low] = [address.parts[at]!, address.parts[at + 1]!];
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return null;
}

/**
 * Whether an IP address (v4 or v6, any of the forms above) is a public unicast address: ipaddr.js
 * names every special range (loopback, private, link-local, shared, reserved, documentation,
 * multicast, unique-local, site-local fec0::/10, 2001::/23, NAT64 local-use, ...); only "unicast"
 * is public, and an IPv6 form carrying an IPv4 address is judged by that IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.range() === 'unspecified' || v6.range() === 'loopback') return false;
  const carried = embeddedIpv4(v6);
  if (carried) return carried.range() === 'unicast';
  return v6.range() === 'unicast';
}

export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;

/**
 * Why a webhook URL may not be called, or null when it may: http(s) only, and unless private
 * targets are allowed every address its host resolves to must be public (one private address is
 * enough to refuse, since the client may pick any of them).
 */
export async function webhookTargetProblem(url: string, allowPrivate: boolean, lookupAll: LookupAll): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an http or https URL';
  if (parsed.username || parsed.password) return 'must not hold a user name or password';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host)).map((entry) => entry.address);
  } catch {
    return `host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `host ${host} does not resolve`;
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked ? `resolves to ${blocked}, a private or loopback address (set WEBHOOKS_ALLOW_PRIVATE=true to allow)` : null;
}
