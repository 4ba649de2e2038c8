import { describe, expect, it } from 'vitest';
import { chinaDateTime } from '../../shared/china-clock.ts';
import { stepWindows, trackingKey } from './affiliate.ts';
import { list, parseJsonLossless } from './affiliate-http.ts';
import { chinaDateTimeMs, parseChinaDateTime, percentToBp, permilleToBp } from './affiliate-units.ts';

describe('affiliate connector interface', () => {
  it('tracking keys: equal for a link and its orders, distinct per link', () => {
    const a = trackingKey({ union: 'jd', siteId: '1', positionId: '2', subUnionId: 'p100' });
    expect(a).toBe('jd:2:p100');
    expect(trackingKey({ union: 'jd', siteId: '9', positionId: '2', subUnionId: 'p100' })).toBe(a);
    expect(trackingKey({ union: 'jd', siteId: '1', positionId: '2', subUnionId: 'p101' })).not.toBe(a);
    expect(trackingKey({ union: 'taobao', pid: 'mm_1_2_3', siteId: '2', adzoneId: '3', relationId: '', specialId: '' })).toBe('taobao:3::');
  });

  it('steps a long range into accepted windows, UD never across China midnight', () => {
    const from = Date.parse('2024-03-01T22:00:00+08:00') / 1000;
    const to = from + 7 * 3600;
    expect(stepWindows({ maxWindowSeconds: 3 * 3600, sameChinaDay: false }, { from, to }).map((w) => w.to - w.from)).toEqual([
      10800, 10800, 3600,
    ]);
    const midnight = Date.parse('2024-03-02T00:00:00+08:00') / 1000;
    expect(stepWindows({ maxWindowSeconds: 86400, sameChinaDay: true }, { from, to })).toEqual([
      { from, to: midnight },
      { from: midnight, to },
    ]);
    expect(stepWindows({ maxWindowSeconds: 3600, sameChinaDay: false }, { from, to: from })).toEqual([]);
  });
});

describe('affiliate units', () => {
  it('rates to basis points', () => {
    expect(percentToBp('9.99')).toBe(999);
    expect(percentToBp(20)).toBe(2000);
    expect(permilleToBp(45)).toBe(450);
    expect(permilleToBp('125')).toBe(1250);
  });

  it('China time both ways', () => {
    const t = Date.parse('2024-02-01T00:30:05+08:00') / 1000;
    expect(chinaDateTime(t)).toBe('2024-02-01 00:30:05');
    expect(parseChinaDateTime('2024-02-01 00:30:05')).toBe(t);
    expect(parseChinaDateTime('2024-02-01 00:30:05.250')).toBe(t);
    expect(chinaDateTimeMs(t * 1000 + 7)).toBe('2024-02-01 00:30:05.007');
    expect(parseChinaDateTime('')).toBeNull();
    expect(parseChinaDateTime('2024-13-01 00:00:00')).toBeNull();
    expect(parseChinaDateTime('2024-02-30 00:00:00')).toBeNull();
  });
});

describe('affiliate HTTP helpers', () => {
  it('keeps 19-digit ids exact and leaves strings and small numbers alone', () => {
    const v = parseJsonLossless(
      '{"order_id":2001234567890123456,"n":12,"f":1.5,"s":"x:1234567890123456789,","neg":-1234567890123456789,"a":[9007199254740993]}',
    );
    expect(v).toEqual({
      order_id: '2001234567890123456',
      n: 12,
      f: 1.5,
      s: 'x:1234567890123456789,',
      neg: '-1234567890123456789',
      a: ['9007199254740993'],
    });
  });

  it('reads TOP lists in both shapes', () => {
    expect(list([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(list({ publisher_order_dto: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(list(undefined)).toEqual([]);
  });
});
