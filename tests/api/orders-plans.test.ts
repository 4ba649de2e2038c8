/**
 * The plan that drove the link (docs/attribution.md rules link_plan, link_plan_clicks): an order no click or visit
 * tied to an ad reaches the plan whose URL is its link, by the plans' report facts (ad_facts_hourly, written here as
 * the report sync writes them); and orders without a plan are attributed again when those facts arrive later.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { reattributeFromFacts, reattributeTuning } from '../../src/server/orders/reattribute.ts';
import type { LinkView } from '../../src/shared/links.ts';
import type { OrderPath } from '../../src/shared/orders.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { addAdFact } from '../support/factories-facts.ts';
import { followJump, landingVisit, placeOrder, setWatermarks, syncOrders } from '../support/factories-orders.ts';
import { expectOrderCustomerDaysExact } from '../support/order-customer-days.ts';

const orderOf = (t: TestApp, id: string) => t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
/** The order facts of a link per (channel, plan): what the boards read (an upsert leaves a moved row at zero). */
const factsByPlan = async (t: TestApp, pageid: string) =>
  (
    await t.deps.db
      .selectFrom('order_facts_daily')
      .select(['channel', 'advertiser_id', 'plan_id', 'orders', 'paid_orders', 'paid_fen'])
      .where('pageid', '=', pageid)
      .orderBy('plan_id')
      .execute()
  )
    .map((r) => ({
      ...r,
      channel: Number(r.channel),
      orders: Number(r.orders),
      paid_orders: Number(r.paid_orders),
      paid_fen: Number(r.paid_fen),
    }))
    .filter((r) => r.orders || r.paid_orders || r.paid_fen);

describe.each(dialects())('orders reach the plan that drove their link on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;

  /** A plan's report facts on `pageid` for the hour of `at`, written by a report sync at `syncedAt`. */
  const planClicks = async (
    plan: string,
    clicks: number,
    at: number,
    o: { pageid?: string; customerid?: number; platform?: number; syncedAt?: number } = {},
  ) => {
    await addAdFact(t.deps.db, {
      platform: o.platform ?? 2,
      advertiser_id: `adv-${plan}`,
      customerid: o.customerid ?? owner.id,
      campaign_id: `camp-${plan}`,
      plan_id: plan,
      pageid: o.pageid ?? link.pageid,
      at,
      cost_fen: clicks * 50,
      shows: clicks * 20,
      clicks,
    });
    if (o.syncedAt) await t.deps.db.updateTable('ad_facts_hourly').set({ synced_at: o.syncedAt }).where('plan_id', '=', plan).execute();
  };
  /** A shopper who came without a visit of ours (an ad whose click we never saw) orders through the link. */
  const order = async (l: LinkView = link) => {
    const clickId = await followJump(t, l);
    const o = await placeOrder(t, 'taobao', clickId, 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
    return o;
  };

  beforeEach(async () => {
    clock = new ManualClock();
    t = await makeTestApp(dialect, {}, { clock });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 2, state: 4, item: '612345678901' });
    await setWatermarks(t);
  });
  afterEach(() => t.close());

  it('rule link_plan: one plan had clicks on the link in the window — the order, its facts and its path name it', async () => {
    await planClicks('p1', 40, clock.now() - 3 * 3600, { platform: 4 });
    const o = await order();
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({
      attribution_rule: 'link_plan',
      channel: 4,
      advertiser_id: 'adv-p1',
      campaign_id: 'camp-p1',
      plan_id: 'p1',
      visit_event_id: 0,
      callback: '',
      postback_state: 'none',
    });
    expect(await factsByPlan(t, link.pageid)).toEqual([
      { channel: 4, advertiser_id: 'adv-p1', plan_id: 'p1', orders: 1, paid_orders: 1, paid_fen: o.total },
    ]);
    const path = (await t.post<OrderPath>('/capi/api/land/report', { orderid: o.id }, { token: await loginAs(t, owner.email) })).body.data;
    expect(path.text).toContain('时间窗内只有这一个计划投放该推广链接：腾讯上广告主 adv-p1');
    expect(path.text).toContain(`按「时间窗内只有一个计划投放该推广链接」归到淘宝推广链接 ${link.pageid}、创意 p1，`);
    expect(path.text).not.toContain('估算');
  });

  it('rule link_plan_clicks: several plans — the one with the most clicks in the window, shown as 估算', async () => {
    await planClicks('p1', 10, clock.now() - 2 * 3600);
    await planClicks('p2', 25, clock.now() - 5 * 3600);
    await planClicks('p3', 90, clock.now() - 30 * 3600); // outside the window
    const o = await order();
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'link_plan_clicks', channel: 2, plan_id: 'p2' });
    const path = (await t.post<OrderPath>('/capi/api/land/report', { orderid: o.id }, { token: await loginAs(t, owner.email) })).body.data;
    expect(path.steps.find((s) => s.key === 'ad')).toMatchObject({ title: '广告（估算）' });
    expect(path.text).toContain('估算：没有点击或访问带着广告信息，时间窗内有多个计划投放该推广链接，归到点击最多的');
    expect(path.text).toContain('广告计划 p2（估算）');
  });

  it('rule link_only: no plan with clicks in the window (nor another customer’s plan on the link) — 未归因到计划, the link’s channel', async () => {
    const stranger = await makeUser(t.deps);
    await planClicks('p-old', 50, clock.now() - 25 * 3600);
    await planClicks('p-other', 50, clock.now() - 3600, { customerid: stranger.id });
    const o = await order();
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'link_only', channel: 4, advertiser_id: '', plan_id: '' });
    expect(await factsByPlan(t, link.pageid)).toEqual([
      { channel: 4, advertiser_id: '', plan_id: '', orders: 1, paid_orders: 1, paid_fen: o.total },
    ]);
    const path = (await t.post<OrderPath>('/capi/api/land/report', { orderid: o.id }, { token: await loginAs(t, owner.email) })).body.data;
    expect(path.text).toContain('没有找到带来这笔订单的广告：联盟没有回传点击信息，时间窗内没有落地页访问，也没有计划投放该推广链接');
    expect(path.text).toContain('（未归因到计划）');
    expect(path.text).not.toMatch(/没有落地页访问[^；]*按「联盟点击时间前最近的一次落地页访问」/);
  });

  it('a landing visit without ad ids keeps the visit and takes the plan that drove the link', async () => {
    await planClicks('p1', 40, clock.now() - 3600);
    await landingVisit(t.deps, link.pageid, 'from=share');
    const o = await order();
    clock.advance(10 * 60_000);
    await syncOrders(t);
    const row = await orderOf(t, o.id);
    expect(row).toMatchObject({ attribution_rule: 'link_plan', plan_id: 'p1' });
    expect(row.visit_event_id).toBeGreaterThan(0);
  });

  it('attributed again when the plans’ report arrives after the order: facts move from 未归因 to the plan, once', async () => {
    const o = await order();
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'link_only', plan_id: '' });
    await expectOrderCustomerDaysExact(t.deps.db);
    // the report sync writes the hour of the click now; a fact of a link without such orders changes nothing
    const other = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678902' });
    await planClicks('p7', 30, clock.now() - 11 * 60, { platform: 4, syncedAt: clock.now() });
    await planClicks('p8', 30, clock.now() - 11 * 60, { pageid: other.pageid, syncedAt: clock.now() });
    clock.advance(60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'link_plan', channel: 4, plan_id: 'p7' });
    const expected = [{ channel: 4, advertiser_id: 'adv-p7', plan_id: 'p7', orders: 1, paid_orders: 1, paid_fen: o.total }];
    expect(await factsByPlan(t, link.pageid)).toEqual(expected);
    // the per-customer days moved with it: 未归因 (no account) back to zero, the plan's account one order
    expect(await expectOrderCustomerDaysExact(t.deps.db)).toBe(2);
    const cursor = await t.deps.db.selectFrom('job_cursors').select('value').where('key', '=', 'reattribute').executeTakeFirstOrThrow();
    expect(cursor.value).toMatch(/^\d+:\d+:$/); // the pass is done
    clock.advance(60_000);
    await syncOrders(t);
    expect(await factsByPlan(t, link.pageid)).toEqual(expected);
  });
  it.each([
    ['grouped whole', 20_000],
    ['walked link by link', 0],
  ])(
    'the pass alone (%s): the order of the link whose plan’s facts were synced is attributed again, then nothing is left',
    async (_how, groupAtMost) => {
      reattributeTuning.groupAtMost = groupAtMost;
      onTestFinished(() => {
        reattributeTuning.groupAtMost = 20_000;
      });
      const o = await order();
      clock.advance(10 * 60_000);
      await syncOrders(t);
      expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'link_only', plan_id: '' });
      const other = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678902' });
      await planClicks('p8', 30, clock.now() - 11 * 60, { pageid: other.pageid, syncedAt: clock.now() });
      await planClicks('p7', 30, clock.now() - 11 * 60, { platform: 4, syncedAt: clock.now() });
      clock.advance(60_000);
      const cursors = new Map<string, string>();
      const ctx = {
        signal: new AbortController().signal,
        yield: async () => {},
        cursor: async (key = '') => cursors.get(key) ?? null,
        setCursor: async (value: string, key = '') => {
          cursors.set(key, value);
        },
      };
      expect(await reattributeFromFacts(t.deps, ctx)).toEqual({ changed: 1, postbacks: expect.any(Number) });
      expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'link_plan', channel: 4, plan_id: 'p7' });
      expect(cursors.get('reattribute')).toMatch(/^\d+:\d+:$/);
      expect(await reattributeFromFacts(t.deps, ctx)).toEqual({ changed: 0, postbacks: 0 });
    },
  );
});
