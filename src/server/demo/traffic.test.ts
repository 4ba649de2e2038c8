import { describe, expect, it } from 'vitest';
import { dayShape, substitute } from '../sandbox/traffic.ts';
import { parsePing } from '../tracking/parse.ts';

describe('demo traffic pings', () => {
  it.each([2, 4, 5, 8, 10, 3])('channel %i: every macro our parser reads is substituted and parses cleanly', (state) => {
    const link = { pageid: '123', platform: 2, state, jumptype: 'detail', relate_advertiser_ids: '1780000000000001' };
    const url = substitute(link, 'click', 'http://127.0.0.1:1', 'ck123');
    expect(url.startsWith('http://127.0.0.1:1/m/c/123?ch=')).toBe(true);
    const p = parsePing('click', url.split('?')[1]!, state);
    if (state !== 3) {
      expect(p.adv).toBe('1780000000000001');
      expect(p.clickid || p.callback).not.toBe('');
    }
    // IPs in parameters come from documentation ranges only
    if (p.ip) expect(p.ip).toMatch(/^(203\.0\.113|198\.51\.100|192\.0\.2)\./);
  });
  it('follows the day', () => {
    expect(dayShape(Date.parse('2026-11-21T20:00:00+08:00') / 1000)).toBe(1);
    expect(dayShape(Date.parse('2026-11-21T03:00:00+08:00') / 1000)).toBeLessThan(0.2);
  });
});
