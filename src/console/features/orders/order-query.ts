import type { InputOf } from '../../../shared/api/contract.ts';
import type { orderIndex } from '../../../shared/api/orders.ts';
import type { Deposit, OrderStatusName } from '../../../shared/orders.ts';
import { backflowDefaults, type DateRangeValue } from '../../lib/dates.ts';

/** What the order filters hold on screen. */
export interface OrderFilterState {
  deposit: Deposit;
  /** null: every date */
  range: DateRangeValue | null;
  status: OrderStatusName | null;
  postback: 0 | 1 | 2 | 3 | 4 | null;
  exact: string;
}

export const initialFilters = (): OrderFilterState => ({ deposit: 2, range: null, status: null, postback: null, exact: '' });

/** Switching to 回流 starts at the §9 back-flow defaults (15 days ago to yesterday); other modes start with every date. */
export const withDeposit = (s: OrderFilterState, deposit: Deposit): OrderFilterState => ({
  ...s,
  deposit,
  range: deposit === 3 ? backflowDefaults() : null,
});

/** The filters as `/api/order/index` takes them: the date fields are named by deposit (spec §7). */
export function orderQuery(s: OrderFilterState, page: number, pagesize: number): InputOf<typeof orderIndex> {
  const [start, end] = s.range ?? [undefined, undefined];
  const dates =
    s.deposit === 3
      ? { click_start: start, click_end: end }
      : s.deposit === 1
        ? { depoist_pay_start: start, depoist_pay_end: end }
        : { pay_start: start, pay_end: end };
  return {
    deposit: s.deposit,
    page,
    pagesize,
    ...(s.range ? dates : {}),
    ...(s.status ? { tk_status: s.status } : {}),
    ...(s.postback !== null ? { sync_call: s.postback } : {}),
    ...(s.exact.trim() ? { exact: s.exact.trim() } : {}),
  };
}
