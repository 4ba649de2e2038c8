import { ACCOUNT_TYPES, type HealthItem, type HealthKind, type HomeView } from '../../shared/admin-reports.ts';
import { channelLabel } from '../../shared/catalog.ts';
import { addSums, metricsOf, type Sums, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { offsetOf } from '../../shared/paging.ts';
import { chinaDate } from '../../shared/time.ts';
import { usersByIds } from '../accounts/lookup.ts';
import { activeAdCustomers, adSums, reauthAuths } from '../ads/directory.ts';
import type { Deps } from '../deps.ts';
import { failingJobs } from '../jobs/health.ts';
import { activeOrderCustomers, deadLetters, orderSums } from '../orders/directory.ts';
import { DAY, dayOf, daysFrom, sumsOf } from './days.ts';

/**
 * The admin home (`/sxA`): platform-wide numbers of today (China day) against yesterday, per account type, a
 * daily trend, sync health and the top customers and pages of the trend period — all from the facts tables.
 */
export async function adminHome(deps: Deps, days: number): Promise<HomeView> {
  const db = deps.db;
  const today = dayOf(deps.clock.now());
  const from = today - (days - 1) * DAY;
  const yesterday = today - DAY;
  const [adByDayType, orderByDayType, adActive, orderActive] = await Promise.all([
    adSums(db, { fromDay: from, toDay: today }, ['day', 'platform']),
    orderSums(db, { fromDay: from, toDay: today }, ['day', 'channel']),
    activeAdCustomers(db, from, today),
    activeOrderCustomers(db, from, today),
  ]);
  const sums = new Map<string, Sums>();
  const add = (day: number, type: number, s: Sums) => sums.set(`${day}:${type}`, addSums(sums.get(`${day}:${type}`) ?? ZERO_SUMS, s));
  for (const r of adByDayType) add(r.day, r.platform, sumsOf(r));
  for (const r of orderByDayType) add(r.day, r.channel, sumsOf(undefined, r));
  const active = new Map<string, Set<number>>();
  const mark = (key: string, c: number) => active.set(key, (active.get(key) ?? new Set()).add(c));
  for (const r of [...adActive.map((a) => ({ ...a, type: a.platform })), ...orderActive.map((o) => ({ ...o, type: o.channel }))]) {
    mark(`${r.day}`, r.customerid);
    mark(`${r.day}:${r.type}`, r.customerid);
  }
  const types = [...new Set([...ACCOUNT_TYPES, ...adByDayType.map((r) => r.platform), ...orderByDayType.map((r) => r.channel)])];
  const dayTotal = (day: number) => types.reduce((acc, t) => addSums(acc, sums.get(`${day}:${t}`) ?? ZERO_SUMS), ZERO_SUMS);
  const withActive = (s: Sums, key: string) => ({ ...toWire(metricsOf(s)), active_customers: active.get(key)?.size ?? 0 });

  const [top_customers, top_pages, health] = await Promise.all([
    topCustomers(deps, from, today),
    topPages(deps, from, today),
    healthCounts(deps),
  ]);
  return {
    day: chinaDate(today),
    today: withActive(dayTotal(today), `${today}`),
    yesterday: withActive(dayTotal(yesterday), `${yesterday}`),
    by_type: types.map((t) => ({
      platform: t,
      label: channelLabel(t, String(t)),
      ...withActive(sums.get(`${today}:${t}`) ?? ZERO_SUMS, `${today}:${t}`),
    })),
    trend: daysFrom(from, today).map((d) => {
      const m = metricsOf(dayTotal(d));
      return {
        day: chinaDate(d),
        sum_cost: m.sum_cost,
        order_price: m.order_price,
        ordernum: m.ordernum,
        roi: Number.isFinite(m.roi) ? Math.round(m.roi * 1e6) / 1e6 : null,
        active_customers: active.get(`${d}`)?.size ?? 0,
      };
    }),
    health,
    top_customers,
    top_pages,
  };
}

const TOP = 10;

async function topCustomers(deps: Deps, from: number, to: number): Promise<HomeView['top_customers']> {
  const ad = (await adSums(deps.db, { fromDay: from, toDay: to }, ['customerid'])).sort((a, b) => b.costFen - a.costFen).slice(0, TOP);
  const ids = ad.map((r) => r.customerid);
  const orders = new Map(
    (await orderSums(deps.db, { fromDay: from, toDay: to, customerIds: ids }, ['customerid'])).map((o) => [o.customerid, o]),
  );
  const users = new Map((await usersByIds(deps.db, ids)).map((u) => [u.id, u]));
  return ad.map((r) => {
    const u = users.get(r.customerid);
    return {
      customerid: r.customerid,
      company: u ? u.company || u.email : `#${r.customerid}`,
      usertype: u?.usertype ?? '',
      ...toWire(metricsOf(sumsOf(r, orders.get(r.customerid)))),
    };
  });
}

async function topPages(deps: Deps, from: number, to: number): Promise<HomeView['top_pages']> {
  const ad = (await adSums(deps.db, { fromDay: from, toDay: to }, ['pageid', 'customerid']))
    .filter((r) => r.pageid !== '')
    .sort((a, b) => b.costFen - a.costFen)
    .slice(0, TOP);
  const orders = await orderSums(deps.db, { fromDay: from, toDay: to, customerIds: [...new Set(ad.map((r) => r.customerid))] }, ['pageid']);
  const byPage = new Map(orders.map((o) => [o.pageid, o]));
  const users = new Map((await usersByIds(deps.db, [...new Set(ad.map((r) => r.customerid))])).map((u) => [u.id, u]));
  return ad.map((r) => ({
    pageid: r.pageid,
    customerid: r.customerid,
    company: users.get(r.customerid)?.company ?? '',
    ...toWire(metricsOf(sumsOf(r, byPage.get(r.pageid)))),
  }));
}

async function healthCounts(deps: Deps): Promise<HomeView['health']> {
  const [reauth, jobs, dead] = await Promise.all([reauthAuths(deps.db, 0, 0), failingJobs(deps.db, 0, 0), deadLetters(deps.db, 0, 0)]);
  return { reauth: reauth.total, failing_jobs: jobs.total, dead_letters: dead.total };
}

async function companies(deps: Deps, ids: readonly (number | null)[]): Promise<(id: number | null) => string> {
  const users = new Map((await usersByIds(deps.db, [...new Set(ids.flatMap((id) => (id ? [id] : [])))])).map((u) => [u.id, u]));
  return (id) => (id ? (users.get(id)?.company ?? `#${id}`) : '');
}

/** The lists behind the sync-health numbers. */
export async function healthList(
  deps: Deps,
  kind: HealthKind,
  page: { page: number; pagesize: number },
): Promise<{ list: HealthItem[]; total: number }> {
  const [limit, offset] = [page.pagesize, offsetOf(page)];
  const typeName = (t: number) => channelLabel(t, String(t));
  if (kind === 'jobs') {
    const { rows, total } = await failingJobs(deps.db, limit, offset);
    const list = rows.map((r) => ({
      key: String(r.id),
      customer: '',
      subject: r.key ? `${r.job} · ${r.key}` : r.job,
      error: r.error,
      at: Number(r.finished_at ?? r.started_at),
    }));
    return { list, total };
  }
  if (kind === 'reauth') {
    const { rows, total } = await reauthAuths(deps.db, limit, offset);
    const company = await companies(
      deps,
      rows.map((r) => r.customerid),
    );
    const list = rows.map((r) => ({
      key: String(r.id),
      customer: company(r.customerid),
      subject: `${typeName(r.platform)} · ${r.accounts.map((a) => a.name || a.advertiser_id).join('、') || r.platform_user_id}`,
      error: r.last_error,
      at: Number(r.updated_at),
    }));
    return { list, total };
  }
  const { rows, total } = await deadLetters(deps.db, limit, offset);
  const company = await companies(
    deps,
    rows.map((r) => (r.customerid === null ? null : Number(r.customerid))),
  );
  const list = rows.map((r) => ({
    key: String(r.id),
    customer: company(r.customerid === null ? null : Number(r.customerid)),
    subject: `${typeName(r.channel)} 回传 · ${r.union_name} 订单 ${r.order_id}（已尝试 ${r.attempts} 次）`,
    error: r.last_error,
    at: Number(r.next_at || r.created_at),
  }));
  return { list, total };
}
