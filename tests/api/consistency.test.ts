/**
 * One number for one thing (issue 19, docs/metrics.md): for one customer, one span and one scope, every screen that
 * shows orders, GMV and cost gives the same figures — the board card, the sum of its rankings' rows (未归因到计划
 * included), the promotion tree's sums, the links list's per-link numbers, the order list's sums and the admin's
 * orders of each page. The world is `consistency-world.ts` (shared with the sibling `consistency-*.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardCard, BoardList, RankList } from '../../src/shared/dashboard.ts';
import type { LinkView } from '../../src/shared/links.ts';
import type { WireMetrics } from '../../src/shared/metrics.ts';
import type { StatsResult } from '../../src/shared/stats.ts';
import type { TestApp } from '../support/app.ts';
import { dialects, withSqliteFile } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import { buildWorld, CLICKS, COST_FEN, figures, PLAN, SHOWS, total, type World } from './consistency-world.ts';

// on a SQLite file too, the boards, order lists, promotion tree and links list on the reader thread (SQLITE_READER=on)
describe.each(withSqliteFile(dialects()))('one number for one thing on $name', (dialect) => {
  let w: World;
  let t: TestApp;
  let token: string;
  let adminToken: string;
  let planLink: LinkView;
  let bareLink: LinkView;
  let first: string;
  let today: string;
  const post = <T>(path: string, body: unknown, as = token): Promise<T> => w.post<T>(path, body, as);
  /** A call's answer; on a SQLite file, checked to have read at least `reads` statements on the reader thread. */
  const onThread = async <T>(call: () => Promise<T>, reads = 1): Promise<T> => {
    const before = t.handle.reads?.reads ?? 0;
    const answer = await call();
    if (dialect.name === 'sqlite file') expect((t.handle.reads?.reads ?? 0) - before).toBeGreaterThanOrEqual(reads);
    return answer;
  };

  beforeAll(async () => {
    w = await buildWorld(dialect, { SQLITE_READER: 'on' });
    ({ t, planLink, bareLink, first, today } = w);
    token = w.tokens.owner;
    adminToken = w.tokens.admin;
  }, 300_000);
  afterAll(() => t?.close());

  it('the card, its rankings, the promotion sums, the links list, the order list and the admin page orders agree', async () => {
    const span = { start: first, end: today };
    const card = figures((await post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...span })).metrics);
    expect(card).toMatchObject({ orders: 4, cost: COST_FEN / 100, clicks: CLICKS });
    expect(card.gmv).toBeGreaterThan(0);

    // the advertiser ranking adds up to the card: the order that reached no plan is its own named row
    const advertisers = await post<BoardList>('/capi/napi/board/list', { accounttype: 'multi', ...span, method: 'advertiser' });
    expect(advertisers.list.map((r) => r.label).sort()).toEqual(['未归因到计划', '账户甲']);
    expect(total(advertisers.list.map((r) => figures(r.metrics)))).toEqual(card);
    expect(figures(advertisers.totals)).toEqual(card);
    const unattributed = figures(advertisers.list.find((r) => r.label === '未归因到计划')?.metrics);
    expect(unattributed).toMatchObject({ orders: 2, cost: 0, clicks: 0 });

    // the plan ranking likewise
    const plans = await post<RankList>('/capi/api/index/detail', { type: 0, ...span, ad: 'plan' });
    expect(plans.list.map((r) => r.name).sort()).toEqual(['未归因到计划', '计划甲']);
    expect(total(plans.list.map((r) => figures(r.metrics)))).toEqual(card);
    const plan = figures(plans.list.find((r) => r.id === PLAN)?.metrics);
    expect(plan).toMatchObject({ orders: 2, cost: card.cost, clicks: CLICKS });
    expect(total([plan, unattributed])).toEqual(card);

    // the promotion tree's sums of the plans are the plan row
    const sums = await onThread(() => post<{ metrics: WireMetrics }>('/capi/napi/promote/sumdata', { acpl: 2, type: 'plan', ...span }));
    expect(figures(sums.metrics)).toEqual(plan);
    const tree = await onThread(() =>
      post<{ list: Array<{ id: string; metrics: WireMetrics }> }>('/capi/napi/promote/index', { acpl: 2, type: 'plan', ...span }),
    );
    expect(tree.list.map((r) => [r.id, figures(r.metrics)])).toEqual([[PLAN, plan]]);

    // the links list's numbers per link add up to the card
    const links = await onThread(() =>
      post<{ list: Array<{ pageid: string; metrics: WireMetrics }> }>('/capi/napi/link/metrics', {
        pageids: [planLink.pageid, bareLink.pageid],
        ...span,
      }),
    );
    const byLink = new Map(links.list.map((l) => [l.pageid, figures(l.metrics)]));
    expect(byLink.get(planLink.pageid)).toEqual(plan);
    expect(byLink.get(bareLink.pageid)).toEqual(unattributed);

    // the order list's sums (all of the customer's orders: every one was placed in the span)
    const list = await onThread(
      () => post<{ total: number; sums: { orders: number; order_fen: number } }>('/capi/api/order/index', {}),
      4, // its scope, page, totals and row views
    );
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
    expect(stats.platform).toEqual({ plans: 1, shows: SHOWS, clicks: CLICKS, cost: COST_FEN / 100 });
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
      shows: SHOWS,
      platform: CLICKS,
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
    expect(metrics.list[0]).toMatchObject({ monitor_clicks: 2, visits: 2, metrics: { sum_click: CLICKS } });
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
