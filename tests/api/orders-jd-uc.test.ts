/**
 * 京东 orders are paid when the buyer pays (the row has no payment time: connectors/jd/orders.ts jdPaidAt), count on
 * the facts the boards read, and are posted back when due; a UC click ties to its landing visit by the uctrackid its
 * {CALLBACK_URL} carries, and the UC conversion reaches the platform. Against the ad sandbox and the union sandbox,
 * over HTTP; time is a pinned ManualClock shared by the product and the union sandbox.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { createUcidConnector } from '../../src/server/connectors/ucid/index.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import { FAST_HTTP, type Harness, startSandbox as startAdSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import { advanceOrder, followJump, placeOrder, replayMonitorHits, setWatermarks, syncOrders } from '../support/factories-orders.ts';

let h: Harness;
beforeAll(async () => {
  h = await startAdSandbox();
});
afterAll(() => h.close());

const orderOf = (t: TestApp, id: string) => t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
const paidFacts = async (t: TestApp, pageid: string) => {
  const r = await t.deps.db
    .selectFrom('order_facts_daily')
    .select((eb) => [eb.fn.sum<number>('paid_orders').as('n'), eb.fn.sum<number>('paid_fen').as('fen')])
    .where('pageid', '=', pageid)
    .executeTakeFirstOrThrow();
  return { paid_orders: Number(r.n ?? 0), paid_fen: Number(r.fen ?? 0) };
};

describe.each(dialects())('京东 payments and UC ties on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;

  beforeEach(async () => {
    clock = new ManualClock();
    const uc = createUcidConnector({ apiBase: `${h.base}/ucid`, postbackBase: `${h.base}/ucid`, http: FAST_HTTP, reportPollMs: 5 });
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: { ucid: uc } });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 3, state: 8, item: 'https://item.jd.com/100012345678.html' });
    await setWatermarks(t);
  });
  afterEach(() => t.close());

  it('a UC click ties to its landing visit by uctrackid; the 京东 order it brings is paid when paid and posted back to UC', async () => {
    const [adv] = await h.seed('ucid', {
      advertisers: [
        {
          name: `UC 京东${link.pageid}`,
          username: `uc-jd-${dialect.name}-${link.pageid}`,
          password: 'pw',
          apiToken: 'tok',
          campaigns: [
            {
              name: '推广组',
              plans: [
                {
                  name: '京东计划',
                  clickUrl: monitorUrl(h.monitor.base, 'click', 8, link.pageid),
                  landingUrl: `${h.monitor.base}/pub/${link.pageid}`,
                  creatives: [{ name: '创意' }],
                },
              ],
            },
          ],
        },
      ],
    });
    const planId = adv!.campaigns[0]!.plans[0]!.id;
    const before = h.monitor.hits.length;
    await h.admin('ucid', 'POST', '/deliver', { planId, shows: 0, clicks: 1, landingRate: 1, followRate: 0 });
    const hits = h.monitor.hits.slice(before);
    expect(hits.map((u) => u.pathname.split('/')[1])).toEqual(expect.arrayContaining(['m', 'pub']));
    await replayMonitorHits(t, hits, clock.now());

    const [click] = await t.deps.db.selectFrom('monitor_events').selectAll().where('pageid', '=', link.pageid).execute();
    const [visit] = await t.deps.db.selectFrom('visit_events').selectAll().where('pageid', '=', link.pageid).execute();
    expect(click!.callback).toContain('/ucid/callback/appapi?');
    expect(click!.clickid).toBe(new URL(click!.callback).searchParams.get('uctrackid'));
    expect(visit).toMatchObject({ click_param: 'uctrackid', clickid: click!.clickid, aid: planId, callback: click!.callback });
    expect(Number(visit!.click_event_id)).toBe(Number(click!.id));

    const clickId = await followJump(t, link);
    const now = clock.now();
    const o = await placeOrder(t, 'jd', clickId, 'settled', { created_at: now + 60, paid_at: now + 120 });
    clock.advance(10 * 60_000);
    await syncOrders(t);
    await t.deps.jobs.idle();
    const row = await orderOf(t, o.id);
    expect(row).toMatchObject({
      union_name: 'jd',
      pageid: link.pageid,
      attribution_rule: 'visit_before_order',
      status: 'paid',
      paid_at: now + 120, // the row's modifyTime at 已付款: its payment
      channel: 8,
      advertiser_id: adv!.id,
      plan_id: planId,
      callback: click!.callback,
      postback_state: 'sent',
    });
    expect(await paidFacts(t, link.pageid)).toEqual({ paid_orders: 1, paid_fen: row.paid_fen });
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean; planId: string | null }> }>(
      'ucid',
      'GET',
      '/conversions',
    );
    expect(conversions.filter((c) => c.accepted && c.planId === planId)).toHaveLength(1);

    // completed later: still paid on the day it was paid
    await advanceOrder(t, 'jd', o.id);
    clock.advance(5 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ status: 'confirmed', paid_at: now + 120 });
    expect(await paidFacts(t, link.pageid)).toEqual({ paid_orders: 1, paid_fen: row.paid_fen });
  });

  it('a 京东 order first seen completed is paid at its order time; unpaid and cancelled ones are not paid', async () => {
    const now = clock.now();
    const done = await placeOrder(t, 'jd', await followJump(t, link), 'settled', {
      created_at: now - 5 * 86400,
      paid_at: now - 5 * 86400 + 300,
      received_at: now - 2 * 86400,
      settled_at: null,
    });
    const open = await placeOrder(t, 'jd', await followJump(t, link), 'closed_unpaid', { created_at: now + 30, closed_at: now + 7200 });
    await setWatermarks(t, 6 * 86400);
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, done.id)).toMatchObject({ status: 'confirmed', paid_at: now - 5 * 86400, postback_state: 'none' });
    expect(await orderOf(t, open.id)).toMatchObject({ status: 'unpaid', paid_at: 0 });
    expect((await paidFacts(t, link.pageid)).paid_orders).toBe(1);
  });
});
