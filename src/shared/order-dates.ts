/**
 * The date rules of the order lists (spec §7 deposit → range fields, §9 back-date and history range), pure and
 * without zod, so the console's date helpers can use them on any screen. Dates are China-time 'YYYY-MM-DD'.
 */

/** The order time a date filter reads. */
export type DateColumn = 'click_at' | 'deposit_paid_at' | 'paid_at';
export interface DateFilter {
  column: DateColumn;
  /** 'YYYY-MM-DD[ HH:mm[:ss]]' China time, either may be absent. */
  start?: string;
  end?: string;
}

/**
 * Spec §7: the date range an order list reads depends on `deposit` — 3 (回流) click_start / click_end on the click
 * time, 1 (预售) depoist_pay_start / depoist_pay_end (spelled as the spec spells it) on the deposit payment time,
 * otherwise pay_start / pay_end on the payment time. Fields of another mode are ignored; null = no date filter.
 */
export function dateFilterOf(input: {
  deposit?: number;
  click_start?: string;
  click_end?: string;
  depoist_pay_start?: string;
  depoist_pay_end?: string;
  pay_start?: string;
  pay_end?: string;
}): DateFilter | null {
  const pick = (column: DateColumn, start?: string, end?: string): DateFilter | null =>
    start || end ? { column, ...(start ? { start } : {}), ...(end ? { end } : {}) } : null;
  if (input.deposit === 3) return pick('click_at', input.click_start, input.click_end);
  if (input.deposit === 1) return pick('deposit_paid_at', input.depoist_pay_start, input.depoist_pay_end);
  return pick('paid_at', input.pay_start, input.pay_end);
}

/** 'YYYY-MM-DD' + n days. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Spec §9: history starts the day after the back-date start, unless the back date equals the end. */
export function historyStart(backDate: string, end: string): string {
  return backDate.slice(0, 10) === end.slice(0, 10) ? backDate.slice(0, 10) : addDays(backDate, 1);
}

/** Spec §9 back-flow defaults for `today` ('YYYY-MM-DD', China time): start 15 days ago, end yesterday. */
export function backflowDefaults(today: string): { start: string; end: string } {
  return { start: addDays(today, -15), end: addDays(today, -1) };
}

export interface ListWindow {
  /** Payment time range of the listed orders. */
  pay: { start?: string; end?: string };
  /** Back-flow view only: the click (ad) days the orders came from. */
  click: { start: string; end: string } | null;
}

/**
 * The list endpoints' dates (docs/api-orders.md): without `back_date` the orders paid in [start, end]; with it the
 * back-flow view — orders whose click was on a day in [back_date, end] and whose payment lies in the history range,
 * [history_start, history_end], which defaults to §9: from the day after back_date (back_date itself when it equals
 * end) to end.
 */
export function listWindow(input: {
  start?: string;
  end?: string;
  back_date?: string;
  history_start?: string;
  history_end?: string;
}): ListWindow {
  if (!input.back_date) return { pay: { start: input.start, end: input.end }, click: null };
  const end = input.end ?? input.history_end ?? input.back_date;
  return {
    click: { start: input.back_date, end },
    pay: { start: input.history_start ?? historyStart(input.back_date, end), end: input.history_end ?? end },
  };
}
