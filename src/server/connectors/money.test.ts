import { describe, expect, it } from 'vitest';
import { chinaDateTime, chinaDaysBetween, hourStart, parseChinaTime } from '../../shared/china-clock.ts';
import { fenToLi, liToFen } from './money.ts';

describe('money', () => {
  it('converts 快手 厘 to fen and back', () => {
    expect(liToFen(100_000)).toBe(10_000);
    expect(fenToLi(10_000)).toBe(100_000);
  });
});

describe('china clock', () => {
  it('formats and parses China-time hours', () => {
    const t = Date.parse('2024-05-01T10:00:00+08:00') / 1000;
    expect(chinaDateTime(t)).toBe('2024-05-01 10:00:00');
    expect(parseChinaTime('2024-05-01 10:00:00')).toBe(t);
    expect(parseChinaTime('2024-05-01 10')).toBe(t);
    expect(parseChinaTime('bad')).toBeNaN();
    expect(hourStart(t + 1799)).toBe(t);
    expect(chinaDaysBetween(t, t + 86400)).toEqual(['2024-05-01', '2024-05-02']);
  });
});
