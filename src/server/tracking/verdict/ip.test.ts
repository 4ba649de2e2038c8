import { BlockList, isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deviceAddress, INTERNAL_V4, ipv4Number } from './ip.ts';

/** The ranges of ip.ts as node:net checks them: the reference for the IPv4 fast path. */
const INTERNAL = new BlockList();
for (const [net, prefix] of INTERNAL_V4) INTERNAL.addSubnet(net, prefix, 'ipv4');

const dotted = (v: number) => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');

describe('IPv4 addresses read in numbers', () => {
  it('reads an address as node:net isIP does, and nothing else', () => {
    const texts = [
      '0.0.0.0',
      '255.255.255.255',
      '1.2.3.4',
      '01.2.3.4',
      '1.2.3.04',
      '1.2.3.00',
      '256.1.1.1',
      '1.2.3.256',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.4.',
      '.1.2.3',
      '1..2.3',
      ' 1.2.3.4',
      '1.2.3.4 ',
      '1.2.3.-4',
      '1.2.3.4a',
      '１.2.3.4',
      '::ffff:1.2.3.4',
      '::1',
      '',
      '999.999.999.999',
      '1000.1.1.1',
      '0.0.0.0000',
    ];
    for (const t of texts) expect([t, ipv4Number(t) >= 0]).toEqual([t, isIP(t) === 4]);
    expect(ipv4Number('36.1.2.3')).toBe(36 * 2 ** 24 + 1 * 2 ** 16 + 2 * 2 ** 8 + 3);
    expect(ipv4Number('255.255.255.255')).toBe(2 ** 32 - 1);
  });

  it('finds an address internal exactly when the BlockList does: each range, its edges and 20 000 others', () => {
    const edges = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'].flatMap(
      (r) => {
        const [net = '', prefix = 0] = r.split('/');
        const first = ipv4Number(net);
        const last = first + 2 ** (32 - Number(prefix)) - 1;
        return [first - 1, first, first + 1, last - 1, last, last + 1].filter((v) => v >= 0 && v < 2 ** 32);
      },
    );
    // a seeded walk over the address space (no Date.now: the same addresses every run)
    let x = 24;
    const others = Array.from({ length: 20_000 }, () => {
      x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
      return x;
    });
    const differ = [...edges, ...others].map(dotted).filter((ip) => deviceAddress(ip) !== (INTERNAL.check(ip, 'ipv4') ? '' : ip));
    expect(differ).toEqual([]);
    expect(edges.map(dotted).filter((ip) => deviceAddress(ip) === '').length).toBe(7 * 4);
  });

  it('other addresses go through node:net as before', () => {
    expect(deviceAddress('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(deviceAddress('::ffff:10.0.0.1')).toBe('');
    expect(deviceAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(deviceAddress('fe80::1')).toBe('');
    expect(deviceAddress('01.2.3.4')).toBe('');
    expect(deviceAddress('not an ip')).toBe('');
  });
});
