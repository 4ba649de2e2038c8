import { ACCOUNT_TYPES, type CostInput, type CostRow, type CostView } from '../../shared/admin-reports.ts';
import { fenToYuan } from '../../shared/money.ts';
import { bucketStarts, daysSpan, spanBefore, spanDates } from '../../shared/span.ts';
import { chinaDate } from '../../shared/time.ts';
import { findUserById, usersByIds } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import type { FactFilter } from '../facts/query.ts';
import { type FactRow, sumsBy, totalOf } from '../facts/sums.ts';
import { notFound } from '../kernel/errors.ts';

/**
 * The consumption overview (`/sxA/costinfo`): spend (the read model's ad facts) per customer × account type over a
 * range of China days, with totals, a daily series, and the change against the period of the same length before it.
 * With a customer the rows are that customer's days.
 */
export async function costOverview(deps: Deps, input: CostInput): Promise<CostView> {
  const span = daysSpan(input.start, input.end);
  const customer = input.customerid !== undefined ? await findUserById(deps.db, input.customerid) : undefined;
  if (input.customerid !== undefined && customer?.kind !== 'customer') throw notFound('客户不存在');
  const filter: FactFilter = {
    customers: customer ? [customer.id] : null,
    channels: input.platform !== undefined ? [input.platform] : null,
  };
  const ads = { sources: ['ad'] as const };
  const [byDayType, byRowType, previous] = await Promise.all([
    sumsBy(deps.db, span, filter, ['bucket', 'channel'], ads),
    customer ? Promise.resolve(new Map<string, FactRow>()) : sumsBy(deps.db, span, filter, ['customer', 'channel'], ads),
    totalOf(deps.db, spanBefore(span), filter, ads),
  ]);
  const types = [
    ...new Set([
      ...(input.platform !== undefined ? [input.platform] : ACCOUNT_TYPES),
      ...[...byDayType.values()].map((r) => Number(r.key[1])),
    ]),
  ].sort((a, b) => a - b);
  /** Spend per type and in all, yuan, from fen added up first. */
  const spread = (rows: readonly FactRow[]) => {
    const fen = new Map<number, number>(types.map((t) => [t, 0]));
    for (const r of rows) fen.set(Number(r.key[1]), (fen.get(Number(r.key[1])) ?? 0) + r.sums.costFen);
    const cost = Object.fromEntries([...fen].map(([t, f]) => [String(t), fenToYuan(f)]));
    return { cost, total: fenToYuan([...fen.values()].reduce((a, b) => a + b, 0)) };
  };
  const group = (rows: Iterable<FactRow>) => {
    const m = new Map<number, FactRow[]>();
    for (const r of rows) m.set(Number(r.key[0]), [...(m.get(Number(r.key[0])) ?? []), r]);
    return m;
  };
  const perDay = group(byDayType.values());
  const days = bucketStarts(span, 'day');
  const series = days.map((d) => ({ day: chinaDate(d), ...spread(perDay.get(d) ?? []) }));
  const totals = spread([...byDayType.values()]);

  let rows: CostRow[];
  if (customer) {
    rows = [...days]
      .reverse()
      .map((d) => ({ key: chinaDate(d), label: chinaDate(d), customerid: customer.id, ...spread(perDay.get(d) ?? []) }));
  } else {
    const perCustomer = group(byRowType.values());
    const users = new Map((await usersByIds(deps.db, [...perCustomer.keys()])).map((u) => [u.id, u]));
    rows = [...perCustomer].map(([id, rs]) => ({
      key: String(id),
      label: users.get(id)?.company || users.get(id)?.email || `#${id}`,
      customerid: id,
      ...spread(rs),
    }));
    rows.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  }
  const offset = (input.page - 1) * input.pagesize;
  const prevTotal = fenToYuan(previous.sums.costFen);
  const [ps, pe] = spanDates(spanBefore(span));
  return {
    types,
    customer: customer ? customer.company || customer.email : '',
    rows: rows.slice(offset, offset + input.pagesize),
    total_rows: rows.length,
    totals,
    previous: { start: ps, end: pe, total: prevTotal },
    change: prevTotal === 0 ? null : Math.round(((totals.total - prevTotal) / prevTotal) * 1e6) / 1e6,
    series,
  };
}
