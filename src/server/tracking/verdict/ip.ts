/**
 * Which addresses name a device for the IP-flood verdicts. A loopback, private (RFC 1918, IPv6 unique local),
 * link-local, carrier-grade NAT or unspecified address is never a shopper's address as a public server sees it: it is
 * a proxy in front of the server whose X-Forwarded-For is not trusted (TRUST_PROXY off), a machine of our own network
 * (the in-process sandbox's visits over loopback), or a platform macro filled with an internal address. Every visitor
 * behind such an address shares it, so counting floods on it would judge them all. Ranges: RFC 1918, RFC 6598,
 * RFC 3927, RFC 4193, RFC 4291 (node:net BlockList, no list of addresses of ours).
 */
import { BlockList, isIP } from 'node:net';

/** The internal IPv4 ranges (above), as [network, prefix length]. */
export const INTERNAL_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const;

const INTERNAL = new BlockList();
for (const [net, prefix] of INTERNAL_V4) INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/**
 * `s` as a 32-bit number when it is an IPv4 address as node:net's `isIP` reads one (four decimal parts 0–255, no
 * leading zero); -1 otherwise.
 */
export function ipv4Number(s: string): number {
  if (s.length < 7 || s.length > 15) return -1;
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else if (c < 48 || c > 57 || (digits === 1 && part === 0)) return -1;
    else {
      part = part * 10 + (c - 48);
      digits++;
      if (part > 255) return -1;
    }
  }
  return dots === 3 && digits > 0 ? value * 256 + part : -1;
}

/** `INTERNAL_V4` as [the network's leading bits, the bits after them]. */
const INTERNAL_V4_BITS = INTERNAL_V4.map(([net, prefix]) => [ipv4Number(net) >>> (32 - prefix), 32 - prefix] as const);

/** Whether the IPv4 address numbered `v` (`ipv4Number`) is in an internal range. */
const internalV4 = (v: number): boolean => INTERNAL_V4_BITS.some(([head, shift]) => v >>> shift === head);

/**
 * The address `ip` (as stored: v4, v6 or v4-mapped v6) names a device by, v4-mapped unwrapped to v4; '' for an
 * internal address (above), '' or garbage — such an address is never judged (floods, region). A plain IPv4 address
 * is read and checked in numbers: a BlockList check builds a native address object per call, a few percent of a
 * drained ping (bench/README.md "SQLite drain, fourth pass").
 */
export function deviceAddress(ip: string): string {
  const v4 = ipv4Number(ip);
  if (v4 >= 0) return internalV4(v4) ? '' : ip;
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
