import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import type { Clock, ManualClock } from '../../src/server/kernel/clock.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS } from '../../src/server/orders/postback.ts';
import { claim } from '../../src/server/orders/postback-store.ts';
import { DEFAULT_THRESHOLDS } from '../../src/server/tracking/verdict/config.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import { FAST_HTTP, type Harness, startSandbox as startAdSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import { followJump, placeOrder, replayMonitorHits, setWatermarks, syncOrders } from '../support/factories-orders.ts';

/**
 * Conversion postback against the 巨量 sandbox over real HTTP: the sandbox delivers an ad click to our monitor URL
 * and landing page (recorded by its loopback monitor server and replayed into our raw tables, exactly as the hot
 * paths write them), the shopper jumps into the union, the order syncs, and its conversion is posted exactly once.
 */
let h: Harness;
beforeAll(async () => {
  h = await startAdSandbox();
});
afterAll(() => h.close());

const juliang = (clock: Clock) =>
  createJuliangConnector(
    {
      ...SANDBOX_APPS.juliang,
      apiBase: `${h.base}/juliang/open_api`,
      authBase: `${h.base}/juliang`,
      postbackBase: `${h.base}/juliang/analytics/api/v2`,
      http: { ...FAST_HTTP, retries: 1 },
    },
    undefined,
    { now: () => clock.now() },
  );

interface Conv {
  accepted: boolean;
  reason: string;
  payload: { properties?: { order_id?: string }; context?: { ad?: { callback?: string } } } | null;
}
const conversions = async (): Promise<Conv[]> => (await h.admin<{ conversions: Conv[] }>('juliang', 'GET', '/conversions')).conversions;
const acceptedFor = async (orderId: string) =>
  (await conversions()).filter((c) => c.accepted && c.payload?.properties?.order_id === orderId).length;

describe.each(dialects())('conversion postback on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;
  let planId = '';

  /** The sandbox delivers one click of our plan to our monitor URL and landing page; we ingest what it sent. */
  async function deliverClick(): Promise<void> {
    const before = h.monitor.hits.length;
    await h.admin('juliang', 'POST', '/deliver', { planId, shows: 0, clicks: 1, landingRate: 1, followRate: 0 });
    await replayMonitorHits(t, h.monitor.hits.slice(before), clock.now());
  }

  async function paidOrder(): Promise<string> {
    await deliverClick();
    clock.advance(2000);
    const clickId = await followJump(t, link);
    const o = await placeOrder(t, 'taobao', clickId, 'settled', { created_at: clock.now() + 30, paid_at: clock.now() + 60 });
    clock.advance(5 * 60_000);
    await syncOrders(t);
    await t.deps.jobs.idle();
    return o.id;
  }

  beforeEach(async () => {
    clock = testClock();
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: { juliang: juliang(clock) } });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901' });
    await setWatermarks(t);
    const [adv] = await h.seed('juliang', {
      advertisers: [
        {
          name: `回传测试${link.pageid}`,
          campaigns: [
            {
              name: '项目',
              plans: [
                {
                  name: '计划',
                  clickUrl: monitorUrl(h.monitor.base, 'click', 2, link.pageid),
                  landingUrl: `${h.monitor.base}/pub/${link.pageid}`,
                  creatives: [{ name: '创意' }],
                },
              ],
            },
          ],
        },
      ],
    });
    planId = adv!.campaigns[0]!.plans[0]!.id;
  });
  afterEach(() => t.close());

  /** The next `n` conversion calls fail with HTTP 500 (the connector tries each attempt twice). */
  const failNext = (n: number) =>
    h.admin('juliang', 'POST', '/faults', { kind: 'http5xx', count: n, match: '/analytics/api/v2/conversion' });
  const postbackRow = () =>
    t.deps.db.selectFrom('postbacks').select(['state', 'attempts', 'last_error', 'claimed_by']).executeTakeFirstOrThrow();

  it('posts a paid order’s conversion once, at once (the sync kicks the job), with the click’s callback; more runs and a re-sync send nothing more', async () => {
    const id = await paidOrder();
    const row = await t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attribution_rule: 'visit_before_click', plan_id: planId, postback_state: 'sent' });
    await t.deps.jobs.run('order-postback');
    await t.deps.db.deleteFrom('job_cursors').execute();
    await syncOrders(t);
    await t.deps.jobs.idle();
    await t.deps.jobs.run('order-postback');
    expect(await acceptedFor(id)).toBe(1);
    const sent = (await conversions()).find((c) => c.payload?.properties?.order_id === id)!;
    expect(sent.payload?.context?.ad?.callback).toBe(row.callback);
    expect(await postbackRow()).toMatchObject({ state: 'sent', attempts: 1 });
  });

  const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';
  /** One click delivered by the sandbox; `bot`: a headless browser clicked (the `ua` macro) and opened the landing page. */
  async function deliverClickAs(bot: boolean): Promise<void> {
    const before = h.monitor.hits.length;
    await h.admin('juliang', 'POST', '/deliver', { planId, shows: 0, clicks: 1, landingRate: 1, followRate: 0 });
    const hits = h.monitor.hits.slice(before).map((u) => {
      const x = new URL(u);
      if (bot && x.pathname.startsWith('/m/c/')) x.searchParams.set('ua', HEADLESS);
      return x;
    });
    await replayMonitorHits(t, hits, clock.now(), bot ? HEADLESS : undefined);
  }
  /** The shopper jumps into the union 2 s later; the order is created 30 s after that, or at `createdAt`. */
  async function orderAfterClick(createdAt?: number): Promise<string> {
    clock.advance(2000);
    const clickId = await followJump(t, link);
    const created = createdAt ?? clock.now() + 30;
    const o = await placeOrder(t, 'taobao', clickId, 'settled', { created_at: created, paid_at: created + 30 });
    clock.advance(5 * 60_000);
    await syncOrders(t);
    await t.deps.jobs.idle();
    await t.deps.jobs.run('order-postback');
    return o.id;
  }

  it('an order whose only evidence is an invalid click (a headless browser) is 无效流量: no click, no plan, never posted back', async () => {
    await deliverClickAs(true);
    const click = await t.deps.db
      .selectFrom('monitor_events')
      .select(['id', 'invalid'])
      .where('kind', '=', 'click')
      .executeTakeFirstOrThrow();
    const visit = await t.deps.db.selectFrom('visit_events').select(['id', 'invalid', 'click_event_id']).executeTakeFirstOrThrow();
    expect(click.invalid).toBe('bot');
    expect(visit).toMatchObject({ invalid: 'bot', click_event_id: click.id });
    const id = await orderAfterClick();
    const row = await t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attribution_rule: 'invalid_click',
      pageid: link.pageid,
      visit_event_id: Number(visit.id),
      click_event_id: 0,
      plan_id: '',
      callback: '',
    });
    expect(await t.deps.db.selectFrom('postbacks').selectAll().execute()).toEqual([]);
    expect(await acceptedFor(id)).toBe(0);
    // the click is counted as invalid, not as a click
    const r = await t.deps.db
      .selectFrom('rollup_daily')
      .select((eb) => [eb.fn.sum<number>('clicks').as('c'), eb.fn.sum<number>('invalid_clicks').as('i')])
      .where('pageid', '=', link.pageid)
      .executeTakeFirstOrThrow();
    expect([Number(r.c), Number(r.i)]).toEqual([0, 1]);
  });

  it('a valid click before an invalid one in the window is the one attributed and posted back', async () => {
    await deliverClickAs(false);
    const valid = await t.deps.db.selectFrom('visit_events').select(['id', 'click_event_id']).executeTakeFirstOrThrow();
    clock.advance(60_000);
    await deliverClickAs(true);
    const id = await orderAfterClick();
    const row = await t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attribution_rule: 'visit_before_click',
      visit_event_id: Number(valid.id),
      click_event_id: Number(valid.click_event_id),
      plan_id: planId,
      postback_state: 'sent',
    });
    expect(await acceptedFor(id)).toBe(1);
  });

  const FAST = DEFAULT_THRESHOLDS.fastConversionSeconds;
  const lastVisit = () =>
    t.deps.db
      .selectFrom('visit_events')
      .select(['id', 'invalid', 'click_event_id', 'received_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('an order created seconds after its only click (less than fastConversionSeconds) is fast_conversion: no click, no plan, never posted back', async () => {
    await deliverClickAs(false);
    const visit = await lastVisit();
    expect(visit.invalid).toBe('');
    const id = await orderAfterClick(Number(visit.received_at) + 3);
    const row = await t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attribution_rule: 'fast_conversion',
      pageid: link.pageid,
      visit_event_id: Number(visit.id),
      click_event_id: 0,
      plan_id: '',
      callback: '',
    });
    expect(await t.deps.db.selectFrom('postbacks').selectAll().execute()).toEqual([]);
    expect(await acceptedFor(id)).toBe(0);
    expect((await conversions()).filter((c) => c.payload?.properties?.order_id === id)).toEqual([]);
    // the click itself stays a valid click: the order, not the traffic, is what was too fast
    const r = await t.deps.db
      .selectFrom('rollup_daily')
      .select((eb) => [eb.fn.sum<number>('clicks').as('c'), eb.fn.sum<number>('invalid_clicks').as('i')])
      .where('pageid', '=', link.pageid)
      .executeTakeFirstOrThrow();
    expect([Number(r.c), Number(r.i)]).toEqual([1, 0]);
  });

  it(`an order ${FAST} s or more after its click is the click's conversion, posted back`, async () => {
    await deliverClickAs(false);
    const visit = await lastVisit();
    const id = await orderAfterClick(Number(visit.received_at) + FAST);
    const row = await t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attribution_rule: 'visit_before_click',
      visit_event_id: Number(visit.id),
      plan_id: planId,
      postback_state: 'sent',
    });
    expect(await acceptedFor(id)).toBe(1);
  });

  it('a click fired seconds before the order does not take it from the earlier click that earned it (click injection)', async () => {
    await deliverClickAs(false);
    const earned = await lastVisit();
    clock.advance(5 * 60_000);
    await deliverClickAs(false);
    const injected = await lastVisit();
    expect(Number(injected.id)).toBeGreaterThan(Number(earned.id));
    const id = await orderAfterClick(Number(injected.received_at) + 2);
    const row = await t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attribution_rule: 'visit_before_click',
      visit_event_id: Number(earned.id),
      click_event_id: Number(earned.click_event_id),
      plan_id: planId,
      postback_state: 'sent',
    });
    expect(await acceptedFor(id)).toBe(1);
    const sent = (await conversions()).find((c) => c.payload?.properties?.order_id === id)!;
    expect(sent.payload?.context?.ad?.callback).toBe(row.callback);
  });

  it('retries a failed attempt after its back-off and then succeeds, once', async () => {
    await failNext(2);
    const id = await paidOrder();
    expect(await postbackRow()).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.stringContaining('HTTP 5') });
    await t.deps.jobs.run('order-postback'); // not due yet
    expect((await postbackRow()).attempts).toBe(1);
    clock.advance((RETRY_DELAYS[0] + 1) * 1000);
    await t.deps.jobs.run('order-postback');
    expect(await acceptedFor(id)).toBe(1);
    expect(await postbackRow()).toMatchObject({ state: 'sent', attempts: 2, last_error: '' });
  });

  it('leaves a dead letter with the reason after the last failed attempt', async () => {
    await failNext(1000);
    const id = await paidOrder();
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
      clock.advance(3 * 3600 * 1000);
      await t.deps.jobs.run('order-postback');
    }
    await h.admin('juliang', 'DELETE', '/faults');
    expect(await postbackRow()).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, last_error: expect.stringContaining('HTTP 5') });
    expect(
      (await t.deps.db.selectFrom('orders').select('postback_state').where('order_id', '=', id).executeTakeFirstOrThrow()).postback_state,
    ).toBe('failed');
    expect(await acceptedFor(id)).toBe(0);
  });

  it('two nodes running the postback job at once send each conversion once', async () => {
    await failNext(1000);
    const ids = [await paidOrder(), await paidOrder(), await paidOrder()];
    expect((await t.deps.db.selectFrom('postbacks').select('state').execute()).map((r) => r.state)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    await h.admin('juliang', 'DELETE', '/faults');
    clock.advance(3 * 3600 * 1000);
    const db2 = await (t.handle as TestHandle).second();
    const second = await makeTestApp(dialect, {}, { clock, handle: db2, adPlatforms: { juliang: juliang(clock) }, unionSandbox: t.unions });
    try {
      await Promise.all([t.deps.jobs.run('order-postback'), second.deps.jobs.run('order-postback'), t.deps.jobs.run('order-postback')]);
      await Promise.all([second.deps.jobs.run('order-postback'), t.deps.jobs.run('order-postback')]);
    } finally {
      await second.close();
      await db2.close();
    }
    for (const id of ids) expect(await acceptedFor(id)).toBe(1);
  });

  it('a node that died mid-send (its claim taken, nothing settled) is replaced once the claim runs out', async () => {
    await failNext(2);
    const id = await paidOrder();
    clock.advance((RETRY_DELAYS[0] + 1) * 1000);
    const [p] = await t.deps.db.selectFrom('postbacks').selectAll().execute();
    expect(await claim(t.deps.db, p!.id, 'dead-node', clock.now(), 120)).not.toBeNull();
    await t.deps.jobs.run('order-postback');
    expect(await acceptedFor(id)).toBe(0);
    clock.advance(121_000);
    await t.deps.jobs.run('order-postback');
    expect(await acceptedFor(id)).toBe(1);
    expect(await postbackRow()).toMatchObject({ state: 'sent', attempts: 3, claimed_by: t.deps.nodeId });
  });
});
