import { describe, expect, it } from 'vitest';
import { initialFilters, orderQuery, withDeposit } from './order-query.ts';

describe('the order filters as the API takes them', () => {
  const range = ['2026-11-01', '2026-11-07'] as const;
  it.each([
    [2, { pay_start: '2026-11-01', pay_end: '2026-11-07' }],
    [1, { depoist_pay_start: '2026-11-01', depoist_pay_end: '2026-11-07' }],
    [3, { click_start: '2026-11-01', click_end: '2026-11-07' }],
  ] as const)('deposit %i names its date fields', (deposit, fields) => {
    expect(orderQuery({ ...initialFilters(), deposit, range }, 1, 20)).toEqual({ deposit, page: 1, pagesize: 20, ...fields });
  });
  it('leaves out what is not chosen; the postback filter 0 is a choice', () => {
    expect(orderQuery(initialFilters(), 2, 50)).toEqual({ deposit: 2, page: 2, pagesize: 50 });
    expect(orderQuery({ ...initialFilters(), status: 'paid', postback: 0, exact: ' 123 ' }, 1, 20)).toEqual({
      deposit: 2,
      page: 1,
      pagesize: 20,
      tk_status: 'paid',
      sync_call: 0,
      exact: '123',
    });
  });
  it('回流 starts at the back-flow defaults, other modes with every date', () => {
    const back = withDeposit(initialFilters(), 3);
    expect(back.range?.[1]).toBeDefined();
    expect(back.range![0] < back.range![1]).toBe(true);
    expect(withDeposit(back, 2).range).toBeNull();
  });
});
