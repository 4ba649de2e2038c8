import { isIPv4, isIPv6 } from 'node:net';

/** IPv4 dotted quad → 4 bytes. */
function v4bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** IPv6 text (with optional embedded IPv4 tail and zone id) → 8 16-bit groups. */
export function v6groups(ip: string): number[] | null {
  let s = ip
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  if (!isIPv6(s)) return null;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const [a, b, c, d] = v4bytes(tail[1]!);
    s = s.slice(0, -tail[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, rest] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array(8 - h.length - r.length).fill('0');
  const groups = [...h, ...fill, ...r].map((g) => parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}

/** Why an IPv4 address must not be contacted, or null when it is a public unicast address. */
export function blockedV4(ip: string): string | null {
  const [a, b, c] = v4bytes(ip) as [number, number, number, number];
  if (a === 0) return '本网络地址（0.0.0.0/8）';
  if (a === 127) return '本机回环地址';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return '内网地址';
  if (a === 100 && b >= 64 && b <= 127) return '运营商级 NAT 地址';
  if (a === 169 && b === 254) return '链路本地地址';
  if (a === 192 && b === 0 && c === 0) return '保留地址';
  if (a === 198 && (b === 18 || b === 19)) return '保留地址';
  if (a >= 224 && a <= 239) return '组播地址';
  if (a >= 240) return '保留地址';
  return null;
}

const v4of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** Why an IPv6 address must not be contacted (mapped, compatible and NAT64 forms judged by their IPv4 address). */
export function blockedV6(ip: string): string | null {
  const g = v6groups(ip);
  if (!g) return '无法识别的地址';
  const zero = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zero(8)) return '未指定地址（::）';
  if (zero(7) && g[7] === 1) return '本机回环地址';
  if (zero(5) && g[5] === 0xffff) return blockedV4(v4of(g[6]!, g[7]!));
  if (zero(4) && g[4] === 0xffff && g[5] === 0) return blockedV4(v4of(g[6]!, g[7]!));
  if (zero(6)) return blockedV4(v4of(g[6]!, g[7]!)) ?? '已废弃的 IPv4 兼容地址';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return blockedV4(v4of(g[6]!, g[7]!));
  if ((g[0]! & 0xffc0) === 0xfe80) return '链路本地地址';
  if ((g[0]! & 0xffc0) === 0xfec0) return '站点本地地址';
  if ((g[0]! & 0xfe00) === 0xfc00) return '内网地址（唯一本地地址）';
  if ((g[0]! & 0xff00) === 0xff00) return '组播地址';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return '文档保留地址';
  return null;
}

/**
 * Why the jump test must not connect to this resolved address: loopback, private, link-local, unique-local,
 * unspecified, multicast, reserved, and IPv4-mapped forms of those. null = a public address.
 */
export function blockedReason(ip: string): string | null {
  const s = ip.replace(/^\[|\]$/g, '');
  if (isIPv4(s)) return blockedV4(s);
  if (isIPv6(s.split('%')[0]!)) return blockedV6(s);
  return '无法识别的地址';
}
