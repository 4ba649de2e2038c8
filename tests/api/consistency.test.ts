/**
 * One number for one thing (issue 19, docs/metrics.md): for one customer, one span and one scope, every screen that
 * shows orders, GMV and cost gives the same figures — the board card, the sum of its rankings' rows (未归因到计划
 * included), the promotion tree's sums, the links list's per-link numbers, the order list's sums and the admin's
 * orders of each page. Orders come the way real ones do (tests/support/factories-orders.ts: ad click, landing visit,
 * union sandbox, order sync); cost is the plan's report facts. The clock is the pinned test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { chinaDay } from '../../src/shared/china-clock.ts';
import type { BoardCard, BoardList, RankList } from '../../src/shared/dashboard.ts';
import type { LinkView } from '../../src/shared/links.ts';
import type { StatsResult } from '../../src/shared/stats.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { addAdAccount, addAdEntity, addAdFact } from '../support/factories-facts.ts';
import { followJump, orderFromAd, placeOrder, setWatermarks, syncOrders } from '../support/factories-orders.ts';

/** The advertiser and plan orderFromAd's click carries (巨量). */
const ADV = '1760000000000001';
const PLAN = '7300000000000000001';
const CAMPAIGN = '1770000000000001';
const COST_FEN = 12_345;

interface Figures {
  orders: number;
  /** yuan */
  gmv: number;
  /** yuan */
  cost: number;
}
interface WireFigures {
  ordernum: number | null;
  order_price: number | null;
  sum_cost: number | null;
}
/** A row's figures; a missing row reads NaN, which none of the concrete figures expected below equals. */
const figures = (m: WireFigures | undefined): Figures =>
  m
    ? { orders: m.ordernum ?? 0, gmv: m.order_price ?? 0, cost: m.sum_cost ?? 0 }
    : { orders: Number.NaN, gmv: Number.NaN, cost: Number.NaN };
const total = (rows: Figures[]): Figures => ({
  orders: rows.reduce((n, r) => n + r.orders, 0),
  gmv: Math.round(rows.reduce((n, r) => n + r.gmv * 100, 0)) / 100,
  cost: Math.round(rows.reduce((n, r) => n + r.cost * 100, 0)) / 100,
});

describe.each(dialects())('one number for one thing on $name', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  let owner: UserRow;
  let token: string;
  let adminToken: string;
  let planLink: LinkView;
  let bareLink: LinkView;
  /** The China days the setup's events cover: one, or two when the pinned clock sits just before a midnight. */
  let first: string;
  let today: string;

  const post = async <T>(path: string, body: unknown, as = token): Promise<T> => {
    const r = await t.post<T>(path, body, { token: as });
    if (r.body.code !== 1) throw new Error(`${path}: ${r.body.code} ${r.body.msg}`);
    return r.body.data;
  };

  beforeAll(async () => {
    first = chinaDay(clock.now());
    t = await makeTestApp(dialect, {}, { clock });
    owner = await makeUser(t.deps);
    const admin = await makeUser(t.deps, { role: 1 });
    token = await loginAs(t, owner.email);
    adminToken = await loginAs(t, admin.email);
    planLink = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901', title: '计划的链接' });
    bareLink = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678902', title: '没有计划的链接' });
    await setWatermarks(t);
    await addAdAccount(t.deps.db, { platform: 2, advertiser_id: ADV, customerid: owner.id, name: '账户甲' });
    await addAdEntity(t.deps.db, {
      platform: 2,
      advertiser_id: ADV,
      customerid: owner.id,
      level: 'plan',
      entity_id: PLAN,
      name: '计划甲',
      campaign_id: CAMPAIGN,
      pageid: planLink.pageid,
    });
    await addAdFact(t.deps.db, {
      platform: 2,
      advertiser_id: ADV,
      customerid: owner.id,
      campaign_id: CAMPAIGN,
      plan_id: PLAN,
      pageid: planLink.pageid,
      at: clock.now(),
      cost_fen: COST_FEN,
      shows: 4000,
      clicks: 120,
    });
    // two orders through the plan's ad click, one on the link no plan carries (it reaches no plan)
    await orderFromAd(t, planLink, clock, { plan: PLAN });
    await orderFromAd(t, planLink, clock, { plan: PLAN });
    const clickId = await followJump(t, bareLink);
    await placeOrder(t, 'taobao', clickId, 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
    clock.advance(5 * 60_000);
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    await t.deps.jobs.idle();
    today = chinaDay(clock.now());
  }, 120_000);
  afterAll(() => t.close());

  it('the card, its rankings, the promotion sums, the links list, the order list and the admin page orders agree', async () => {
    const span = { start: first, end: today };
    const card = figures((await post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...span })).metrics);
    expect(card.orders).toBe(3);
    expect(card.cost).toBe(COST_FEN / 100);
    expect(card.gmv).toBeGreaterThan(0);

    // the advertiser ranking adds up to the card: the order that reached no plan is its own named row
    const advertisers = await post<BoardList>('/capi/napi/board/list', { accounttype: 'multi', ...span, method: 'advertiser' });
    expect(advertisers.list.map((r) => r.label).sort()).toEqual(['未归因到计划', '账户甲']);
    expect(total(advertisers.list.map((r) => figures(r.metrics)))).toEqual(card);
    expect(figures(advertisers.totals)).toEqual(card);
    const unattributed = figures(advertisers.list.find((r) => r.label === '未归因到计划')?.metrics);
    expect(unattributed).toMatchObject({ orders: 1, cost: 0 });

    // the plan ranking likewise
    const plans = await post<RankList>('/capi/api/index/detail', { type: 0, ...span, ad: 'plan' });
    expect(plans.list.map((r) => r.name).sort()).toEqual(['未归因到计划', '计划甲']);
    expect(total(plans.list.map((r) => figures(r.metrics)))).toEqual(card);
    const plan = figures(plans.list.find((r) => r.id === PLAN)?.metrics);
    expect(plan).toEqual({ orders: 2, gmv: Math.round((card.gmv - unattributed.gmv) * 100) / 100, cost: card.cost });

    // the promotion tree's sums of the plans are the plan row
    const sums = await post<{ metrics: WireFigures }>('/capi/napi/promote/sumdata', { acpl: 2, type: 'plan', ...span });
    expect(figures(sums.metrics)).toEqual(plan);

    // the links list's numbers per link add up to the card
    const links = await post<{ list: Array<{ pageid: string; metrics: WireFigures }> }>('/capi/napi/link/metrics', {
      pageids: [planLink.pageid, bareLink.pageid],
      ...span,
    });
    const byLink = new Map(links.list.map((l) => [l.pageid, figures(l.metrics)]));
    expect(byLink.get(planLink.pageid)).toEqual(plan);
    expect(byLink.get(bareLink.pageid)).toEqual(unattributed);

    // the order list's sums (all of the customer's orders: every one was placed in the span)
    const list = await post<{ total: number; sums: { orders: number; order_fen: number } }>('/capi/api/order/index', {});
    expect(list.total).toBe(card.orders);
    expect({ orders: list.sums.orders, gmv: list.sums.order_fen / 100 }).toEqual({ orders: card.orders, gmv: card.gmv });

    // the admin's orders of each page
    for (const [link, want] of [
      [planLink, plan],
      [bareLink, unattributed],
    ] as const) {
      const page = await post<{ total: number; sums: { orders: number; order_price: number } }>(
        '/capi/napi/admin/agentorder/index',
        { pageid: link.pageid },
        adminToken,
      );
      expect({ orders: page.sums.orders, gmv: page.sums.order_price }).toEqual({ orders: want.orders, gmv: want.gmv });
      expect(page.total).toBe(want.orders);
    }
  });
  it('link traffic: our monitor beside the platform for the same link and span, with the reasons they differ', async () => {
    const stats = await post<StatsResult>('/capi/napi/link/stats', {
      pageid: planLink.pageid,
      start: first,
      end: today,
      granularity: 'day',
    });
    // ours: the two ad clicks and the two landing visits of orderFromAd; theirs: the plan's report
    expect(stats.totals).toMatchObject({ clicks: 2, visits: 2 });
    expect(stats.platform).toEqual({ plans: 1, shows: 4000, clicks: 120, cost: COST_FEN / 100 });
    // one bucket per day of the span, adding up to the totals
    expect(stats.series.map((b) => b.time)).toEqual(first === today ? [today] : [first, today]);
    const summed = (k: 'clicks' | 'visits' | 'platform_shows' | 'platform_clicks') =>
      stats.series.reduce((a, b) => a + Number(b[k] ?? 0), 0);
    expect({
      clicks: summed('clicks'),
      visits: summed('visits'),
      shows: summed('platform_shows'),
      platform: summed('platform_clicks'),
    }).toEqual({
      clicks: 2,
      visits: 2,
      shows: 4000,
      platform: 120,
    });
    // the plan carries the link without its click monitor (no click-monitor URL synced): that, and the hour rule, are why
    expect(stats.reasons.map((r) => [r.key, r.count])).toEqual([
      ['plans_without_monitor', 1],
      ['clock', null],
    ]);
    // the links list's numbers of the same link and span: the platform's clicks beside ours
    const metrics = await post<{ list: Array<{ monitor_clicks: number; visits: number; metrics: { sum_click: number | null } }> }>(
      '/capi/napi/link/metrics',
      { pageids: [planLink.pageid], start: first, end: today },
    );
    expect(metrics.list[0]).toMatchObject({ monitor_clicks: 2, visits: 2, metrics: { sum_click: 120 } });
  });

  it("link numbers are the caller's own: another customer's link answers 4004, a bad span a clear error", async () => {
    const stranger = await makeUser(t.deps);
    const theirs = await makeLink(t.deps, stranger, { platform: 2, state: 2, item: '612345678903' });
    const ask = (body: unknown) => t.post('/capi/napi/link/metrics', body, { token });
    expect((await ask({ pageids: [planLink.pageid, theirs.pageid], start: today, end: today })).body).toMatchObject({
      code: 4004,
      msg: '推广链接不存在',
    });
    expect((await ask({ pageids: [planLink.pageid], start: today, end: '2026-01-01' })).body).toMatchObject({
      code: 4000,
      msg: '结束日期不能早于开始日期',
    });
    expect((await ask({ pageids: [planLink.pageid], start: '2026/11/01', end: today })).body).toMatchObject({
      code: 4000,
      msg: '开始日期必须是 YYYY-MM-DD 格式的日期',
    });
  });
});
