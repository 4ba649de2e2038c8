import { ACCOUNT_TYPES, type HealthItem, type HealthKind, type HomeView } from '../../shared/admin-reports.ts';
import { channelLabel } from '../../shared/catalog.ts';
import { chinaDayStart } from '../../shared/china-clock.ts';
import { addSums, metricsOf, type Sums, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { yuanText } from '../../shared/money.ts';
import { UNION_LABEL } from '../../shared/orders.ts';
import { offsetOf } from '../../shared/paging.ts';
import { bucketStarts, DAY, dayStartsSpan, type Span } from '../../shared/span.ts';
import { chinaDate } from '../../shared/time.ts';
import { usersByIds } from '../accounts/lookup.ts';
import { reauthAuths } from '../ads/directory.ts';
import { unboundPddAuthorities } from '../affiliate/pdd-authority.ts';
import type { Deps } from '../deps.ts';
import { sumsBy } from '../facts/sums.ts';
import { failingJobs } from '../jobs/health.ts';
import { deadLetters, inDoubtPostbacks } from '../orders/directory.ts';
import { LAG_WARNING, processingLag } from '../tracking/lag.ts';

/** Something happened for a customer: it spent, was shown, or had an order placed. */
const active = (s: Sums): boolean => s.costFen > 0 || s.shows > 0 || s.orders > 0;

/**
 * The admin home (`/sxA`): platform-wide numbers of today (China day) against yesterday, per account type, a
 * daily trend, sync health (and the tracking processor's lag) and the top customers and pages of the trend period — all from the read model.
 */
export async function adminHome(deps: Deps, days: number): Promise<HomeView> {
  const db = deps.db;
  const today = chinaDayStart(deps.clock.now());
  const from = today - (days - 1) * DAY;
  const yesterday = today - DAY;
  const span = dayStartsSpan(from, today);
  const everyone = { customers: null };
  const perCustomer = await sumsBy(db, span, everyone, ['bucket', 'channel', 'customer']);
  const sums = new Map<string, Sums>();
  const activeSet = new Map<string, Set<number>>();
  const mark = (key: string, c: number) => activeSet.set(key, (activeSet.get(key) ?? new Set()).add(c));
  const types = new Set<number>(ACCOUNT_TYPES);
  for (const r of perCustomer.values()) {
    const [day, type, customer] = r.key.map(Number) as [number, number, number];
    types.add(type);
    sums.set(`${day}:${type}`, addSums(sums.get(`${day}:${type}`) ?? ZERO_SUMS, r.sums));
    if (active(r.sums)) {
      mark(`${day}`, customer);
      mark(`${day}:${type}`, customer);
    }
  }
  const typeList = [...types];
  const dayTotal = (day: number) => typeList.reduce((acc, t) => addSums(acc, sums.get(`${day}:${t}`) ?? ZERO_SUMS), ZERO_SUMS);
  const withActive = (s: Sums, key: string) => ({ ...toWire(metricsOf(s)), active_customers: activeSet.get(key)?.size ?? 0 });

  const [top_customers, top_pages, health, lag] = await Promise.all([
    topCustomers(deps, span),
    topPages(deps, span),
    healthCounts(deps),
    processingLag(db, deps.clock.now()),
  ]);
  return {
    day: chinaDate(today),
    today: withActive(dayTotal(today), `${today}`),
    yesterday: withActive(dayTotal(yesterday), `${yesterday}`),
    by_type: typeList.map((t) => ({
      platform: t,
      label: channelLabel(t, '未知渠道'),
      ...withActive(sums.get(`${today}:${t}`) ?? ZERO_SUMS, `${today}:${t}`),
    })),
    trend: bucketStarts(span, 'day').map((d) => {
      const m = toWire(metricsOf(dayTotal(d)));
      return {
        day: chinaDate(d),
        sum_cost: m.sum_cost ?? 0,
        order_price: m.order_price ?? 0,
        ordernum: m.ordernum ?? 0,
        roi: m.roi,
        active_customers: activeSet.get(`${d}`)?.size ?? 0,
      };
    }),
    health,
    tracking_lag: {
      backlog_rows: lag.rows,
      lag_seconds: Math.round(lag.seconds),
      lagging: lag.rows > LAG_WARNING.rows || lag.seconds > LAG_WARNING.seconds,
    },
    top_customers,
    top_pages,
  };
}

const TOP = 10;

async function topCustomers(deps: Deps, span: Span): Promise<HomeView['top_customers']> {
  const rows = [...(await sumsBy(deps.db, span, { customers: null }, ['customer'])).values()]
    .sort((a, b) => b.sums.costFen - a.sums.costFen)
    .slice(0, TOP);
  const users = new Map(
    (
      await usersByIds(
        deps.db,
        rows.map((r) => Number(r.key[0])),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const id = Number(r.key[0]);
    const u = users.get(id);
    return { customerid: id, company: u ? u.company || u.email : `#${id}`, usertype: u?.usertype ?? '', ...toWire(metricsOf(r.sums)) };
  });
}

async function topPages(deps: Deps, span: Span): Promise<HomeView['top_pages']> {
  const rows = [...(await sumsBy(deps.db, span, { customers: null }, ['link'])).values()]
    .filter((r) => r.key[0] !== '')
    .sort((a, b) => b.sums.costFen - a.sums.costFen)
    .slice(0, TOP);
  const users = new Map((await usersByIds(deps.db, [...new Set(rows.map((r) => r.customerid))])).map((u) => [u.id, u]));
  return rows.map((r) => ({
    pageid: r.key[0]!,
    customerid: r.customerid,
    company: users.get(r.customerid)?.company ?? '',
    ...toWire(metricsOf(r.sums)),
  }));
}

async function healthCounts(deps: Deps): Promise<HomeView['health']> {
  const [reauth, jobs, dead, doubt, pdd] = await Promise.all([
    reauthAuths(deps.db, 0, 0),
    failingJobs(deps.db, 0, 0),
    deadLetters(deps.db, 0, 0),
    inDoubtPostbacks(deps.db, 0, 0),
    unboundPddAuthorities(deps, 0, 0),
  ]);
  return { reauth: reauth.total, failing_jobs: jobs.total, dead_letters: dead.total, in_doubt: doubt.total, pdd_unbound: pdd.total };
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
  if (kind === 'in_doubt') {
    const { rows, total } = await inDoubtPostbacks(deps.db, limit, offset);
    const company = await companies(
      deps,
      rows.map((r) => (r.customerid === null ? null : Number(r.customerid))),
    );
    const list = rows.map((r) => ({
      key: String(r.id),
      customer: company(r.customerid === null ? null : Number(r.customerid)),
      subject: `${r.route === 'ud' ? UNION_LABEL.ud : typeName(r.channel)} 回传 · ${r.union_name} 订单 ${r.order_id} · ${yuanText(Number(r.paid_fen ?? 0))}（已发送 ${r.attempts} 次）`,
      error: r.last_error,
      at: Number(r.in_doubt_at),
      order: { union: r.union_name, orderid: r.order_id },
    }));
    return { list, total };
  }
  if (kind === 'pdd_authority') {
    const { list: rows, total } = await unboundPddAuthorities(deps, limit, offset);
    const company = await companies(
      deps,
      rows.map((r) => r.customerid || null),
    );
    const list = rows.map((r) => ({
      key: `${r.pid}:${r.uid}`,
      customer: company(r.customerid || null),
      subject: `拼多多推广位 ${r.pid} · 用户标识 ${r.uid}`,
      error: r.message,
      at: r.checked_at,
      url: r.bind_url || undefined,
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
