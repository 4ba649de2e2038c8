/**
 * An order list's 共 N 条 beside its 订单数 (issue 19: "the card says 100 and the pager 共 108 条", docs/metrics.md):
 * the lists show every order, also those closed before any payment, which 订单数 does not count. Each list answers
 * how its total splits (`total = sums.orders + closed_unpaid`), counted with its rows, and its counted part is the
 * board's 订单数 of the link. The world is `consistency-world.ts` plus orders closed unpaid on both links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageOrdersView } from '../../src/shared/admin-reports.ts';
import { chinaDay } from '../../src/shared/china-clock.ts';
import type { BoardCard } from '../../src/shared/dashboard.ts';
import type { WireMetrics } from '../../src/shared/metrics.ts';
import type { OrderView } from '../../src/shared/orders.ts';
import { dialects } from '../support/dialects.ts';
import { followJump, orderFromAd, placeOrder, syncOrders } from '../support/factories-orders.ts';
import { buildWorld, PLAN, type World } from './consistency-world.ts';

interface OrderPage {
  list: OrderView[];
  total: number;
  closed_unpaid: number;
  sums: { orders: number; order_fen: number };
}

describe.each(dialects())('an order list names what its total holds beside 订单数 on $name', (dialect) => {
  let w: World;
  let span: { start: string; end: string };

  beforeAll(async () => {
    w = await buildWorld(dialect);
    const { t, clock } = w;
    // three orders closed before payment: two through the plan's ad clicks, one on the link no plan carries
    await orderFromAd(t, w.planLink, clock, { plan: PLAN, fate: 'closed_unpaid' });
    await orderFromAd(t, w.planLink, clock, { plan: PLAN, fate: 'closed_unpaid' });
    await placeOrder(t, 'taobao', await followJump(t, w.bareLink), 'closed_unpaid', {
      created_at: clock.now() + 60,
      paid_at: null,
      closed_at: clock.now() + 1800,
    });
    clock.advance(40 * 60_000); // past the sandbox's closing (30 minutes after the order)
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    await t.deps.jobs.idle();
    span = { start: w.first, end: chinaDay(clock.now()) };
  }, 300_000);
  afterAll(() => w?.t.close());

  /** Every row of a list, page by page (20 a page, as the console reads it). */
  async function allRows<T>(read: (page: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const got = await read(page);
      rows.push(...got.list);
      if (got.list.length === 0 || rows.length >= got.total) return rows;
    }
  }

  it("the customer's lists: 共 N 条 = the rows = 订单数 + 未付款关闭, and 订单数 = the board's orders of the link", async () => {
    const links = await w.post<{ list: Array<{ pageid: string; metrics: WireMetrics }> }>(
      '/capi/napi/link/metrics',
      { pageids: [w.planLink.pageid, w.bareLink.pageid], ...span },
      w.tokens.owner,
    );
    const board = new Map(links.list.map((l) => [l.pageid, l.metrics.ordernum]));
    const card = await w.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...span }, w.tokens.owner);
    // the world's four orders count; the three closed before payment do not
    expect(card.metrics.ordernum).toBe(4);
    expect([board.get(w.planLink.pageid), board.get(w.bareLink.pageid)]).toEqual([2, 2]);

    for (const [link, closed] of [
      [w.planLink, 2],
      [w.bareLink, 1],
    ] as const) {
      for (const path of ['/capi/napi/link/order', '/capi/api/order/index']) {
        const body = path === '/capi/napi/link/order' ? { pageid: link.pageid } : { pubid: link.pageid };
        const first = await w.post<OrderPage>(path, { ...body, page: 1, pagesize: 20 }, w.tokens.owner);
        const rows = await allRows((page) => w.post<OrderPage>(path, { ...body, page, pagesize: 20 }, w.tokens.owner));
        expect({ path, total: first.total, rows: rows.length }).toEqual({ path, total: rows.length, rows: rows.length });
        expect({ path, orders: first.sums.orders, closed: first.closed_unpaid }).toEqual({
          path,
          orders: board.get(link.pageid),
          closed,
        });
        expect(first.total).toBe(first.sums.orders + first.closed_unpaid);
        // the rows it names 未付款关闭 are the closed ones the list shows
        expect(rows.filter((r) => r.status === 'closed' && r.paid_at === 0).length).toBe(first.closed_unpaid);
      }
    }
    // all the customer's orders: the card's 订单数 and the closed ones
    const all = await w.post<OrderPage>('/capi/api/order/index', { page: 1, pagesize: 100 }, w.tokens.owner);
    expect({ total: all.total, rows: all.list.length, orders: all.sums.orders, closed: all.closed_unpaid }).toEqual({
      total: 7,
      rows: 7,
      orders: card.metrics.ordernum,
      closed: 3,
    });
  });

  it("商品效果分析's order list of an item: 共 N 条 = the item's 订单数 + 未付款关闭", async () => {
    for (const [link, closed] of [
      [w.planLink, 2],
      [w.bareLink, 1],
    ] as const) {
      const detail = await w.post<{ metrics: WireMetrics }>(
        '/capi/napi/itemanalyse/detail',
        { item_id: link.itemid, ...span },
        w.tokens.owner,
      );
      const list = await w.post<{ list: unknown[]; total: number; closed_unpaid: number }>(
        '/capi/napi/itemanalyse/order',
        { item_id: link.itemid, ...span, page: 1, pagesize: 50 },
        w.tokens.owner,
      );
      expect({ total: list.total, rows: list.list.length, closed: list.closed_unpaid }).toEqual({
        total: (detail.metrics.ordernum ?? 0) + closed,
        rows: list.total,
        closed,
      });
    }
  });

  it("the admin's and UDSmart's orders of a page split their total the same way", async () => {
    for (const [link, orders, closed] of [
      [w.planLink, 2, 2],
      [w.bareLink, 2, 1],
    ] as const) {
      const read = (page: number) =>
        w.post<PageOrdersView>('/capi/napi/admin/agentorder/index', { pageid: link.pageid, page, pagesize: 20 }, w.tokens.admin);
      const admin = await read(1);
      const rows = await allRows(read);
      expect({ total: admin.total, rows: rows.length, orders: admin.sums.orders, closed: admin.closed_unpaid }).toEqual({
        total: orders + closed,
        rows: orders + closed,
        orders,
        closed,
      });
    }
    // UDSmart sees the plan link's orders through 账户甲 (both closed ones came through its clicks too)
    const ud = await w.post<PageOrdersView>(
      '/capi/napi/udsmart/page/orders',
      { pageid: w.planLink.pageid, page: 1, pagesize: 20 },
      w.tokens.ud,
    );
    expect({ total: ud.total, rows: ud.list.length, orders: ud.sums.orders, closed: ud.closed_unpaid }).toEqual({
      total: 4,
      rows: 4,
      orders: 2,
      closed: 2,
    });
  });
});
