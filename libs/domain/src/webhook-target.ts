// Node-only (node:net): imported as @nocturne/domain/webhook-target, never through the index the web bundles.
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local, shared, multicast and reserved ranges: not for outgoing webhooks. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, v4-mapped included) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
