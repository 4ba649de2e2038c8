import { ACCOUNT_TYPES, type CostInput, type CostRow, type CostView } from '../../shared/admin-reports.ts';
import { fenToYuan } from '../../shared/money.ts';
import { chinaDate } from '../../shared/time.ts';
import { findUserById, usersByIds } from '../accounts/lookup.ts';
import { type AdSumRow, adSums } from '../ads/directory.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { dayStart, daysFrom, previousPeriod } from './days.ts';

/**
 * The consumption overview (`/sxA/costinfo`): spend (ad facts) per customer × account type over a range of China
 * days, with totals, a daily series, and the change against the period of the same length before it. With a
 * customer the rows are that customer's days.
 */
export async function costOverview(deps: Deps, input: CostInput): Promise<CostView> {
  const from = dayStart(input.start);
  const to = dayStart(input.end);
  const customer = input.customerid !== undefined ? await findUserById(deps.db, input.customerid) : undefined;
  if (input.customerid !== undefined && customer?.kind !== 'customer') throw notFound('客户不存在');
  const filter = { fromDay: from, toDay: to, platform: input.platform, customerIds: customer ? [customer.id] : undefined };
  const [byDayType, byRowType, previous] = await Promise.all([
    adSums(deps.db, filter, ['day', 'platform']),
    customer ? Promise.resolve([]) : adSums(deps.db, filter, ['customerid', 'platform']),
    adSums(deps.db, { ...filter, fromDay: previousPeriod(from, to)[0], toDay: previousPeriod(from, to)[1] }, []),
  ]);
  const types = [
    ...new Set([...(input.platform !== undefined ? [input.platform] : ACCOUNT_TYPES), ...byDayType.map((r) => r.platform)]),
  ].sort((a, b) => a - b);
  const spread = (rows: readonly AdSumRow[]) => {
    const cost: Record<string, number> = Object.fromEntries(types.map((t) => [String(t), 0]));
    let fen = 0;
    for (const r of rows) {
      cost[String(r.platform)] = fenToYuan((cost[String(r.platform)] ?? 0) * 100 + r.costFen);
      fen += r.costFen;
    }
    return { cost, total: fenToYuan(fen) };
  };
  const group = (rows: readonly AdSumRow[], key: (r: AdSumRow) => number) => {
    const m = new Map<number, AdSumRow[]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return m;
  };
  const perDay = group(byDayType, (r) => r.day);
  const series = daysFrom(from, to).map((d) => ({ day: chinaDate(d), ...spread(perDay.get(d) ?? []) }));
  const totals = spread(byDayType);

  let rows: CostRow[];
  if (customer) {
    rows = daysFrom(from, to)
      .reverse()
      .map((d) => ({ key: chinaDate(d), label: chinaDate(d), customerid: customer.id, ...spread(perDay.get(d) ?? []) }));
  } else {
    const perCustomer = group(byRowType, (r) => r.customerid);
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
  const prevTotal = fenToYuan(previous[0]?.costFen ?? 0);
  const [ps, pe] = previousPeriod(from, to);
  return {
    types,
    customer: customer ? customer.company || customer.email : '',
    rows: rows.slice(offset, offset + input.pagesize),
    total_rows: rows.length,
    totals,
    previous: { start: chinaDate(ps), end: chinaDate(pe), total: prevTotal },
    change: prevTotal === 0 ? null : Math.round(((totals.total - prevTotal) / prevTotal) * 1e6) / 1e6,
    series,
  };
}
