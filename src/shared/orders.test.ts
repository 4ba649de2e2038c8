import { describe, expect, it } from 'vitest';
import { backflowDefaults, dateFilterOf, historyStart, listWindow, orderIndexInput, orderListInput } from './orders.ts';

describe('spec §7: the date range of an order list follows deposit', () => {
  const all = {
    click_start: '2026-11-01',
    click_end: '2026-11-02',
    depoist_pay_start: '2026-11-03',
    depoist_pay_end: '2026-11-04',
    pay_start: '2026-11-05',
    pay_end: '2026-11-06',
  };
  it.each([
    [3, all, { column: 'click_at', start: '2026-11-01', end: '2026-11-02' }],
    [1, all, { column: 'deposit_paid_at', start: '2026-11-03', end: '2026-11-04' }],
    [2, all, { column: 'paid_at', start: '2026-11-05', end: '2026-11-06' }],
    [undefined, all, { column: 'paid_at', start: '2026-11-05', end: '2026-11-06' }],
    [3, { pay_start: '2026-11-05' }, null],
    [1, { click_end: '2026-11-02' }, null],
    [2, { pay_end: '2026-11-06' }, { column: 'paid_at', end: '2026-11-06' }],
    [3, { click_start: '2026-11-01' }, { column: 'click_at', start: '2026-11-01' }],
  ] as const)('deposit %s with %o reads %o', (deposit, fields, expected) => {
    expect(dateFilterOf({ deposit, ...fields })).toEqual(expected);
  });

  it('takes the spec’s spelling depoist_pay_* and parses deposit as sent by the old console', () => {
    const v = orderIndexInput.parse({ deposit: '1', depoist_pay_start: '2026-11-03', depoist_pay_end: '2026-11-04' });
    expect(dateFilterOf(v)).toEqual({ column: 'deposit_paid_at', start: '2026-11-03', end: '2026-11-04' });
    expect(orderIndexInput.parse({}).deposit).toBe(2);
    expect(orderIndexInput.safeParse({ deposit: 4 }).error?.issues[0]?.message).toBe('deposit 只能是 2（全部）、1（预售）或 3（回流）');
  });
});

describe('spec §9: back-date and history range', () => {
  it.each([
    ['2026-11-01', '2026-11-15', '2026-11-02'],
    ['2026-11-15', '2026-11-15', '2026-11-15'],
    ['2026-11-30', '2026-12-05', '2026-12-01'],
    ['2026-12-31', '2027-01-02', '2027-01-01'],
    ['2028-02-28', '2028-03-01', '2028-02-29'],
  ])('back date %s, end %s → history starts %s', (back, end, start) => {
    expect(historyStart(back, end)).toBe(start);
  });

  it.each([
    ['2026-11-24', { start: '2026-11-09', end: '2026-11-23' }],
    ['2026-03-01', { start: '2026-02-14', end: '2026-02-28' }],
    ['2027-01-01', { start: '2026-12-17', end: '2026-12-31' }],
  ])('back-flow defaults on %s: start 15 days ago, end yesterday', (today, expected) => {
    expect(backflowDefaults(today)).toEqual(expected);
  });

  it.each([
    [
      { start: '2026-11-01', end: '2026-11-07' },
      { pay: { start: '2026-11-01', end: '2026-11-07' }, click: null },
    ],
    [
      { start: '2026-11-01', end: '2026-11-23', back_date: '2026-11-09' },
      { click: { start: '2026-11-09', end: '2026-11-23' }, pay: { start: '2026-11-10', end: '2026-11-23' } },
    ],
    [
      { end: '2026-11-23', back_date: '2026-11-23' },
      { click: { start: '2026-11-23', end: '2026-11-23' }, pay: { start: '2026-11-23', end: '2026-11-23' } },
    ],
    [
      { end: '2026-11-23', back_date: '2026-11-09', history_start: '2026-11-12', history_end: '2026-11-20' },
      { click: { start: '2026-11-09', end: '2026-11-23' }, pay: { start: '2026-11-12', end: '2026-11-20' } },
    ],
  ])('list window of %o', (input, expected) => {
    expect(listWindow(input)).toEqual(expected);
  });

  it('list input: sort direction words of both consoles, sort fields named', () => {
    expect(orderListInput.parse({ sort: 'ascending' }).sort).toBe('asc');
    expect(orderListInput.parse({}).sort_field).toBe('pay_time');
    expect(orderListInput.safeParse({ sort_field: 'x' }).success).toBe(false);
    expect(orderListInput.safeParse({ back_date: '2026/11/01' }).error?.issues[0]?.message).toBe('回溯日期格式应为 YYYY-MM-DD');
  });
});
