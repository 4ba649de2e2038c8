import { describe, expect, it } from 'vitest';
import { fenToYuan, fenToYuanOrNull, scaledDecimal, yuanText, yuanToFen } from './money.ts';

describe('money: one conversion each way', () => {
  it.each([
    ['9.11', 911],
    ['0.29', 29],
    ['1', 100],
    ['12.3', 1230],
    ['0.005', 1],
    ['-3.10', -310],
    ['', 0],
    [null, 0],
    [undefined, 0],
    ['abc', 0],
    [19.99, 1999],
    [12.34, 1234],
    [1.005, 101],
    [0.125, 13],
    [-0.125, -13],
    ['.5', 50],
    [Number.NaN, 0],
  ])('yuanToFen(%j) = %d', (input, fen) => expect(yuanToFen(input)).toBe(fen));

  it('fen to yuan rounds a fraction of a fen first and keeps null for an absent value', () => {
    expect(fenToYuan(12345)).toBe(123.45);
    expect(fenToYuan(-5)).toBe(-0.05);
    expect(fenToYuan(1.6)).toBe(0.02);
    expect(fenToYuanOrNull(null)).toBeNull();
    expect(fenToYuanOrNull(undefined)).toBeNull();
    expect(fenToYuanOrNull(0)).toBe(0);
  });

  it('round-trips every fen amount', () => {
    for (let fen = -1000; fen <= 100_000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('scales other decimals (rates in basis points)', () => {
    expect(scaledDecimal('9.99', 2)).toBe(999);
    expect(scaledDecimal(45, 1)).toBe(450);
  });

  it('writes yuan for people', () => {
    expect(yuanText(123456789)).toBe('¥1,234,567.89');
    expect(yuanText(5)).toBe('¥0.05');
  });
});
