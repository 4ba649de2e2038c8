/**
 * Which addresses name a device for the IP-flood verdicts. A loopback, private (RFC 1918, IPv6 unique local),
 * link-local, carrier-grade NAT or unspecified address is never a shopper's address as a public server sees it: it is
 * a proxy in front of the server whose X-Forwarded-For is not trusted (TRUST_PROXY off), a machine of our own network
 * (the in-process sandbox's visits over loopback), or a platform macro filled with an internal address. Every visitor
 * behind such an address shares it, so counting floods on it would judge them all. Ranges: RFC 1918, RFC 6598,
 * RFC 3927, RFC 4193, RFC 4291 (node:net BlockList, no list of addresses of ours).
 */
import { BlockList, isIP } from 'node:net';

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/**
 * The address `ip` (as stored: v4, v6 or v4-mapped v6) names a device by, v4-mapped unwrapped to v4; '' for an
 * internal address (above), '' or garbage — such an address is never judged (floods, region).
 */
export function deviceAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? mapped[1]! : ip;
  const family = isIP(addr);
  if (family === 0) return '';
  try {
    return INTERNAL.check(addr, family === 4 ? 'ipv4' : 'ipv6') ? '' : addr;
  } catch {
    return '';
  }
}

/** True when `ip` is an address a flood may be counted on. */
export const isDeviceIp = (ip: string): boolean => deviceAddress(ip) !== '';
