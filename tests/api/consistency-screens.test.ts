/**
 * One number for one thing, beyond the customer's own screens (issue 19, docs/metrics.md): for the same scope and
 * span, cost, clicks, orders, order amount, commission, ROI and conversion are equal on the agent's screens (its
 * sub-customer's board, rankings and details), the UDSmart screens (preview, accounts, a page's orders) and 商品效果分析
 * (index, detail, an item's orders); every table adds up to its card. The world is `consistency-world.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeView, PageOrdersView } from '../../src/shared/admin-reports.ts';
import type { BoardCard, BoardList, IndexBoard, ItemDetail, ItemIndex, RankList } from '../../src/shared/dashboard-views.ts';
import type { WireMetrics } from '../../src/shared/metrics.ts';
import type { AccountRow, PreviewView } from '../../src/shared/udsmart.ts';
import { dialects } from '../support/dialects.ts';
import { makeUser } from '../support/factories.ts';
import { addAdFact } from '../support/factories-facts.ts';
import { followJump, placeOrder, syncOrders } from '../support/factories-orders.ts';
import { ADV, buildWorld, type Figures, figures, PLAN, total, type World } from './consistency-world.ts';

describe.each(dialects())('one number on the agent, UDSmart and item screens on $name', (dialect) => {
  let w: World;
  let span: { start: string; end: string };
  /** The customer's own figures, read from its screens: the card, the 账户甲 row, the 未归因到计划 row. */
  let card: Figures;
  let account: Figures;
  let unattributed: Figures;
  /** The card's paid amount (支付金额, yuan): orders paid in the span. */
  let paid: number;

  beforeAll(async () => {
    w = await buildWorld(dialect);
    span = { start: w.first, end: w.today };
    const own = await w.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...span }, w.tokens.owner);
    card = figures(own.metrics);
    paid = own.metrics.order_price_pay ?? Number.NaN;
    const rows = (await w.post<BoardList>('/capi/napi/board/list', { accounttype: 'multi', ...span, method: 'advertiser' }, w.tokens.owner))
      .list;
    account = figures(rows.find((r) => r.label === '账户甲')?.metrics);
    unattributed = figures(rows.find((r) => r.label === '未归因到计划')?.metrics);
  }, 300_000);
  afterAll(() => w?.t.close());

  it('the world: the card holds the plan’s cost and clicks and four orders, two of them reaching no plan', () => {
    expect(card).toMatchObject({ cost: 123.45, clicks: 120, orders: 4 });
    expect(card.gmv).toBeGreaterThan(0);
    expect(card.roi).toBe(Math.round((card.gmv / card.cost) * 1e6) / 1e6);
    expect(card.conversion).toBe(Math.round((4 / 120) * 1e6) / 1e6);
    expect(account).toMatchObject({ cost: 123.45, clicks: 120, orders: 2 });
    expect(unattributed).toMatchObject({ cost: 0, clicks: 0, orders: 2 });
    expect(total([account, unattributed])).toEqual(card);
  });

  it("the agent's board and rankings: all its customers, or the one it picks, equal the customer's own card", async () => {
    const { agent } = w.tokens;
    const cardOf = async (body: object) =>
      figures((await w.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...span, ...body }, agent)).metrics);
    expect(await cardOf({})).toEqual(card);
    expect(await cardOf({ customerid: w.owner.id })).toEqual(card);
    for (const method of ['customer', 'advertiser', 'channel'] as const) {
      const list = await w.post<BoardList>('/capi/napi/board/list', { accounttype: 'multi', ...span, method }, agent);
      expect(total(list.list.map((r) => figures(r.metrics))), method).toEqual(card);
      expect(figures(list.totals), method).toEqual(card);
      if (method === 'customer') expect(list.list.map((r) => r.label)).toEqual(['客户甲']);
    }
    for (const ad of ['customer', 'advertiser', 'campaign', 'plan', 'link', 'item'] as const) {
      const ranked = await w.post<RankList>('/capi/api/index/detail', { type: 0, ...span, ad, pagesize: 50 }, agent);
      expect(total(ranked.list.map((r) => figures(r.metrics))), ad).toEqual(card);
      expect(figures(ranked.totals), ad).toEqual(card);
    }
    // the older board (/api/index/board): its channels add up to its card, which is the card
    const board = await w.post<IndexBoard>('/capi/api/index/board', { type: 0, ...span }, agent);
    expect(figures(board.metrics)).toEqual(card);
    expect(total(board.channels.map((c) => figures(c.metrics)))).toEqual(card);
    const plans = await w.post<RankList>('/capi/api/index/detail', { type: 0, ...span, ad: 'plan' }, agent);
    expect(figures(plans.list.find((r) => r.id === PLAN)?.metrics)).toEqual(account);
    expect(figures(plans.list.find((r) => r.name === '未归因到计划')?.metrics)).toEqual(unattributed);
  });

  it('UDSmart: the brand of 账户甲 shows that account’s figures in the preview, its rows, its accounts and its page orders', async () => {
    const { ud, admin, owner } = w.tokens;
    const preview = await w.post<PreviewView>('/capi/napi/udsmart/preview', span, ud);
    expect(figures(preview.totals)).toEqual(account);
    expect(preview.brands.map((b) => [b.brand, figures(b)])).toEqual([['品牌甲', account]]);
    // per page and per day, the rows add up to the totals
    expect(preview.pages.map((p) => p.pageid)).toEqual([w.planLink.pageid]);
    expect(total(preview.pages.map(figures))).toEqual(account);
    const days = preview.series.map((d) => figures({ sum_cost: d.sum_cost, order_price: d.order_price, ordernum: d.ordernum }));
    expect(total(days)).toMatchObject({ cost: account.cost, orders: account.orders, gmv: account.gmv });
    // the accounts list: the account's cost and clicks
    const accounts = await w.post<{ list: AccountRow[] }>('/capi/napi/udsmart/account/index', { ...span, page: 1, pagesize: 20 }, ud);
    expect(accounts.list.map((a) => [a.advertiser_id, a.sum_cost, a.sum_click])).toEqual([[ADV, account.cost, account.clicks]]);
    // a page's orders through the brand's accounts: the plan's orders, with the admin page's commission
    const pageOrders = await w.post<PageOrdersView>(
      '/capi/napi/udsmart/page/orders',
      { pageid: w.planLink.pageid, page: 1, pagesize: 20 },
      ud,
    );
    expect({ orders: pageOrders.sums.orders, gmv: pageOrders.sums.order_price }).toEqual({ orders: account.orders, gmv: account.gmv });
    expect(pageOrders.total).toBe(account.orders);
    const adminPage = await w.post<PageOrdersView>('/capi/napi/admin/agentorder/index', { pageid: w.planLink.pageid }, admin);
    expect(pageOrders.sums).toEqual(adminPage.sums);
    expect(adminPage.sums.commission).toBeGreaterThan(0);
    // the customer's order list of that link: the same orders and commission
    const list = await w.post<{ total: number; sums: { orders: number; order_fen: number; commission_fen: number } }>(
      '/capi/api/order/index',
      { pubid: w.planLink.pageid },
      owner,
    );
    expect({ orders: list.sums.orders, gmv: list.sums.order_fen / 100, commission: list.sums.commission_fen / 100 }).toEqual({
      orders: adminPage.sums.orders,
      gmv: adminPage.sums.order_price,
      commission: adminPage.sums.commission,
    });
  });

  it('商品效果分析: the items add up to the card, each item is its link, its detail and its order list agree', async () => {
    for (const [who, token] of [
      ['customer', w.tokens.owner],
      ['agent', w.tokens.agent],
    ] as const) {
      const items = await w.post<ItemIndex>('/capi/napi/itemanalyse/index', { ...span, page: 1, pagesize: 20 }, token);
      expect(total(items.list.map((r) => figures(r.metrics))), who).toEqual(card);
      expect(figures(items.totals), who).toEqual(card);
      const byItem = new Map(items.list.map((r) => [r.item_id, figures(r.metrics)]));
      expect(byItem.get(w.planLink.itemid), who).toEqual(account);
      expect(byItem.get(w.bareLink.itemid), who).toEqual(unattributed);
      // the boards' item ranking is the same rows
      const ranked = await w.post<RankList>('/capi/api/index/detail', { type: 0, ...span, ad: 'item' }, token);
      expect(new Map(ranked.list.map((r) => [r.id, figures(r.metrics)])), who).toEqual(byItem);
    }
    for (const [link, want] of [
      [w.planLink, account],
      [w.bareLink, unattributed],
    ] as const) {
      const detail = await w.post<ItemDetail>('/capi/napi/itemanalyse/detail', { item_id: link.itemid, ...span }, w.tokens.owner);
      expect(figures(detail.metrics)).toEqual(want);
      expect(total(detail.links.map((r) => figures(r.metrics)))).toEqual(want);
      expect(total(detail.plans.map((r) => figures(r.metrics)))).toEqual(want);
      const orders = await w.post<{ list: Array<{ order_price: number }>; total: number }>(
        '/capi/napi/itemanalyse/order',
        { item_id: link.itemid, ...span, page: 1, pagesize: 50 },
        w.tokens.owner,
      );
      expect(orders.total).toBe(want.orders);
      expect(Math.round(orders.list.reduce((n, o) => n + o.order_price * 100, 0)) / 100).toBe(want.gmv);
    }
  });

  it('the orders behind the numbers: a plan’s, a link’s and the list’s orders, placed and paid, for the customer and its agent', async () => {
    expect(paid).toBeGreaterThan(0);
    for (const token of [w.tokens.owner, w.tokens.agent]) {
      type Page = {
        total: number;
        sums: { orders: number; order_fen: number; paid_orders: number; paid_fen: number; commission_fen: number };
      };
      // every order of the world was placed in the span: the list's are the card's orders and amount; those paid in it
      // the card's paid amount
      const placed = await w.post<Page>('/capi/api/order/index', {}, token);
      expect({ orders: placed.total, gmv: placed.sums.order_fen / 100 }).toEqual({ orders: card.orders, gmv: card.gmv });
      const paidList = await w.post<Page>('/capi/api/order/index', { pay_start: span.start, pay_end: span.end }, token);
      expect(paidList.sums.paid_fen / 100).toBe(paid);
      // the plan's orders (/napi/promote/order) and each link's (/napi/link/order)
      const planOrders = await w.post<Page>(
        '/capi/napi/promote/order',
        { platform: 2, plan_id: PLAN, ...span, page: 1, pagesize: 50 },
        token,
      );
      expect({ orders: planOrders.total, gmv: planOrders.sums.order_fen / 100 }).toEqual({ orders: account.orders, gmv: account.gmv });
      for (const [link, want] of [
        [w.planLink, account],
        [w.bareLink, unattributed],
      ] as const) {
        const linkOrders = await w.post<Page>('/capi/napi/link/order', { pageid: link.pageid }, token);
        expect({ orders: linkOrders.total, gmv: linkOrders.sums.order_fen / 100 }).toEqual({ orders: want.orders, gmv: want.gmv });
        // the admin's orders of the page (/sxA/agentorader/{id}): the same counts and amounts, paid and commission too
        const adminPage = await w.post<PageOrdersView>('/capi/napi/admin/agentorder/index', { pageid: link.pageid }, w.tokens.admin);
        expect(adminPage.sums).toEqual({
          orders: linkOrders.sums.orders,
          order_price: linkOrders.sums.order_fen / 100,
          paid_orders: linkOrders.sums.paid_orders,
          paid_price: linkOrders.sums.paid_fen / 100,
          commission: linkOrders.sums.commission_fen / 100,
        });
      }
    }
  });

  it('the ad account (授权管理): its cost today is the 账户甲 row of today, for the customer and its agent', async () => {
    const today = { accounttype: 'multi', start: w.today, end: w.today, method: 'advertiser' };
    for (const token of [w.tokens.owner, w.tokens.agent]) {
      const rows = (await w.post<BoardList>('/capi/napi/board/list', today, token)).list;
      const row = figures(rows.find((r) => r.label === '账户甲')?.metrics);
      const view = await w.post<{ advertiser_id: string; cost_today: number }>('/capi/napi/auth/account', { id: w.accountId }, token);
      expect(view).toMatchObject({ advertiser_id: ADV, cost_today: rows.length ? row.cost : 0 });
    }
  });

  it('the admin home: today and its channels are the card of today (the one customer with numbers)', async () => {
    const home = await w.post<HomeView>('/capi/napi/admin/home', { days: 7 }, w.tokens.admin);
    expect(home.day).toBe(w.today);
    const todays = figures(
      (await w.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', start: w.today, end: w.today }, w.tokens.owner)).metrics,
    );
    expect(figures(home.today)).toEqual(todays);
    expect(total(home.by_type.map((r) => figures(r)))).toEqual(todays);
    const trendOf = (day: string) => home.trend.find((d) => d.day === day) as Partial<WireMetrics> | undefined;
    expect(
      total(span.start === span.end ? [figures(trendOf(w.today))] : [figures(trendOf(w.first)), figures(trendOf(w.today))]),
    ).toMatchObject({
      cost: card.cost,
      orders: card.orders,
      gmv: card.gmv,
    });
  });

  // last: it adds another customer's facts to the world
  it('an ad account shows its customer’s cost only: facts of the same advertiser id booked to another customer stay theirs', async () => {
    const costToday = async (token: string) =>
      (await w.post<{ cost_today: number }>('/capi/napi/auth/account', { id: w.accountId }, token)).cost_today;
    const before = { owner: await costToday(w.tokens.owner), agent: await costToday(w.tokens.agent) };
    // the account's earlier owner (facts keep the customer that owned the account when they were synced)
    const earlier = await makeUser(w.t.deps, { role: 3 });
    await addAdFact(w.t.deps.db, {
      platform: 2,
      advertiser_id: ADV,
      customerid: earlier.id,
      plan_id: '7300000000000000999',
      at: w.clock.now(),
      cost_fen: 50_000,
      shows: 10,
      clicks: 1,
    });
    const today = { accounttype: 'multi', start: w.today, end: w.today, method: 'advertiser' };
    const row = (await w.post<BoardList>('/capi/napi/board/list', today, w.tokens.owner)).list.find((r) => r.label === '账户甲');
    expect(figures(row?.metrics).cost).toBe(before.owner);
    expect({ owner: await costToday(w.tokens.owner), agent: await costToday(w.tokens.agent) }).toEqual(before);
  });

  // last: it moves the clock a day on
  it('an item’s order list holds the orders its card counts, also one paid the day after it was placed', async () => {
    const placedAt = w.clock.now() + 60;
    const day = new Date((placedAt + 8 * 3600) * 1000).toISOString().slice(0, 10);
    await placeOrder(w.t, 'taobao', await followJump(w.t, w.bareLink), 'settled', { created_at: placedAt, paid_at: placedAt + 86_400 });
    w.clock.advance(86_400_000 + 10 * 60_000);
    expect(await syncOrders(w.t)).toMatchObject({ error: '' });
    await w.t.deps.jobs.idle();
    for (const span of [
      { start: day, end: day },
      { start: w.first, end: day },
    ]) {
      const detail = await w.post<ItemDetail>('/capi/napi/itemanalyse/detail', { item_id: w.bareLink.itemid, ...span }, w.tokens.owner);
      const orders = await w.post<{ list: Array<{ order_price: number }>; total: number }>(
        '/capi/napi/itemanalyse/order',
        { item_id: w.bareLink.itemid, ...span, page: 1, pagesize: 50 },
        w.tokens.owner,
      );
      const card = figures(detail.metrics);
      expect({ orders: orders.total, gmv: Math.round(orders.list.reduce((n, o) => n + o.order_price * 100, 0)) / 100 }).toEqual({
        orders: card.orders,
        gmv: card.gmv,
      });
    }
  });
});
