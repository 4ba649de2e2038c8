import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { CLAIM_SECONDS } from '../../src/server/orders/postback.ts';
import { claim } from '../../src/server/orders/postback-store.ts';
import { AD_PLATFORMS, type AdPlatform, SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import type { OrderPath } from '../../src/shared/orders.ts';
import { type Harness, startSandbox as startAdSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { sandboxRegistry } from '../support/factories-ads.ts';
import { followJump, placeOrder, replayMonitorHits, setWatermarks, syncOrders } from '../support/factories-orders.ts';

/**
 * Postback guarantees per platform (orders/postback-guarantee.ts), over real HTTP against the ad sandbox, whose
 * conversion endpoints dedupe exactly as the platforms' sources say (巨量 on properties.order_id, 腾讯 on
 * outer_action_id, the others not at all):
 * - 快手 does not dedupe: a send that may have arrived (the answer timed out; the node died holding the claim) is never
 *   repeated; it is 待确认 in the lists and the order path until the owner says 已收到 or 重新发送 — once.
 * - 巨量 dedupes: the same send is simply repeated; the platform counts it once.
 */
let h: Harness;
beforeAll(async () => {
  h = await startAdSandbox();
});
afterAll(() => h.close());

interface Conv {
  accepted: boolean;
  reason: string;
  planId: string | null;
  payload: Record<string, unknown> | null;
}
const conversions = async (p: AdPlatform): Promise<Conv[]> =>
  (await h.admin<{ conversions: Conv[] }>(p, 'GET', '/conversions')).conversions;
/** Conversions the platform counted (accepted on a plan; a deduped repeat is accepted but not counted). */
const counted = async (p: AdPlatform) => (await conversions(p)).filter((c) => c.accepted && c.planId !== null).length;
const received = async (p: AdPlatform) => (await conversions(p)).filter((c) => c.accepted).length;

describe.each(dialects())('postback guarantees on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;
  let baseline: Record<string, { counted: number; received: number }>;

  async function deliverClick(platform: AdPlatform, planId: string): Promise<void> {
    const before = h.monitor.hits.length;
    await h.admin(platform, 'POST', '/deliver', { planId, shows: 0, clicks: 1, landingRate: 1, followRate: 0 });
    await replayMonitorHits(t, h.monitor.hits.slice(before), clock.now());
  }

  /** A paid order through a click of `platform`'s plan on our link; the sync queues (and the kick sends) its postback. */
  async function paidOrder(platform: AdPlatform): Promise<string> {
    const [adv] = await h.seed(platform, {
      advertisers: [
        {
          name: `待确认${link.pageid}${platform}`,
          campaigns: [
            {
              name: '项目',
              plans: [
                {
                  name: '计划',
                  clickUrl: monitorUrl(h.monitor.base, 'click', AD_PLATFORMS[platform], link.pageid),
                  landingUrl: `${h.monitor.base}/pub/${link.pageid}`,
                  creatives: [{ name: '创意' }],
                },
              ],
            },
          ],
        },
      ],
    });
    await deliverClick(platform, adv!.campaigns[0]!.plans[0]!.id);
    clock.advance(2000);
    const clickId = await followJump(t, link);
    const o = await placeOrder(t, 'taobao', clickId, 'settled', { created_at: clock.now() + 30, paid_at: clock.now() + 60 });
    clock.advance(5 * 60_000);
    await syncOrders(t);
    await t.deps.jobs.idle();
    return o.id;
  }
  const row = () => t.deps.db.selectFrom('postbacks').selectAll().executeTakeFirstOrThrow();
  const since = async (p: AdPlatform) => ({
    counted: (await counted(p)) - baseline[p]!.counted,
    received: (await received(p)) - baseline[p]!.received,
  });
  const token = () => loginAs(t, owner.email);
  const settle = async (orderid: string, action: string, as?: string) =>
    (await t.post<{ postback_state: string }>('/capi/napi/order/postback/settle', { orderid, action }, { token: as ?? (await token()) }))
      .body;

  beforeEach(async () => {
    clock = testClock();
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: sandboxRegistry(h) });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 2, state: 5, item: '612345678901' });
    await setWatermarks(t);
    baseline = {};
    for (const p of ['kuaishou', 'juliang'] as const) baseline[p] = { counted: await counted(p), received: await received(p) };
  });
  afterEach(async () => {
    await h.admin('kuaishou', 'DELETE', '/faults');
    await h.admin('juliang', 'DELETE', '/faults');
    await t.close();
  });

  it('快手: an answer that timed out after the platform took the call is 待确认, never resent; 已收到 settles it once', async () => {
    // the platform records the conversion, then holds its answer past the client's timeout
    await h.admin('kuaishou', 'POST', '/faults', { kind: 'hold', count: 1, match: '/track/activate', delayMs: 3000 });
    const id = await paidOrder('kuaishou');
    expect(await row()).toMatchObject({ state: 'in_doubt', attempts: 1, last_error: expect.stringContaining('无法确定平台是否已收到') });
    await t.deps.jobs.run('order-postback');
    clock.advance(3 * 3600_000);
    await t.deps.jobs.run('order-postback');
    expect(await since('kuaishou')).toEqual({ counted: 1, received: 1 });

    // shown in the lists (state, filter 4 = 待确认, counts) and on the order path
    const list = await t.post<{
      list: Array<{ order_id: string; postback_state: string; postback_error: string }>;
      postback: Record<string, number>;
    }>('/capi/napi/link/order', { pageid: link.pageid, sync_call: 4 }, { token: await token() });
    expect(list.body.data.list.map((o) => [o.order_id, o.postback_state])).toEqual([[id, 'in_doubt']]);
    expect(list.body.data.list[0]!.postback_error).toContain('无法确定平台是否已收到');
    expect(list.body.data.postback.in_doubt).toBe(1);
    const path = await t.post<OrderPath>('/capi/api/land/report', { orderid: id }, { token: await token() });
    expect(path.body.data.steps.find((s) => s.key === 'postback')!.text).toMatch(/^待确认：发送中断/);

    const other = await makeUser(t.deps);
    expect((await settle(id, 'received', await loginAs(t, other.email))).code).toBe(4004);
    expect(await settle(id, 'received')).toMatchObject({ code: 1, data: { postback_state: 'sent' } });
    expect((await settle(id, 'resend')).code).toBe(4000);
    expect(await row()).toMatchObject({ state: 'sent', resolution: 'received', settled_by: owner.id });
    await t.deps.jobs.run('order-postback');
    expect(await since('kuaishou')).toEqual({ counted: 1, received: 1 });
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('event', '=', 'postback_settled').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ order: id, after: { state: 'sent', resolution: 'received' } });
  });

  it('快手: a node that died holding the claim leaves the row 待确认; 重新发送 sends it exactly once more', async () => {
    await h.admin('kuaishou', 'POST', '/faults', { kind: 'http5xx', count: 1, match: '/track/activate' });
    const id = await paidOrder('kuaishou');
    // a 5xx answer may also mean "taken": 待确认 as well
    expect((await row()).state).toBe('in_doubt');
    await settle(id, 'resend');
    await t.deps.jobs.idle();
    expect(await row()).toMatchObject({ state: 'sent', attempts: 2, resolution: 'resend' });
    expect(await since('kuaishou')).toEqual({ counted: 1, received: 1 });

    // now a node dies mid-send: its claim runs out and nothing is resent
    await t.deps.db.updateTable('postbacks').set({ state: 'pending', next_at: 0, resolution: '' }).execute();
    const p = await row();
    expect(await claim(t.deps.db, p.id, 'dead-node', clock.now(), CLAIM_SECONDS)).not.toBeNull();
    clock.advance((CLAIM_SECONDS + 1) * 1000);
    await t.deps.jobs.run('order-postback');
    expect(await row()).toMatchObject({ state: 'in_doubt', last_error: expect.stringContaining('节点 dead-node') });
    expect(await since('kuaishou')).toEqual({ counted: 1, received: 1 });
    expect(
      (await t.deps.db.selectFrom('orders').select('postback_state').where('order_id', '=', id).executeTakeFirstOrThrow()).postback_state,
    ).toBe('in_doubt');
  });

  it('巨量: the same interrupted send is repeated with the same order_id; the platform counts it once', async () => {
    link = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678902' });
    await h.admin('juliang', 'POST', '/faults', { kind: 'hold', count: 1, match: '/analytics/api/v2/conversion', delayMs: 3000 });
    const id = await paidOrder('juliang');
    const r0 = await row();
    expect([r0.state, r0.last_error]).toEqual(['sent', '']);
    expect(await since('juliang')).toEqual({ counted: 1, received: 2 });
    const dup = (await conversions('juliang')).filter((c) => (c.payload?.properties as { order_id?: string } | undefined)?.order_id === id);
    expect(dup.map((c) => [c.accepted, c.planId !== null])).toEqual([
      [true, true],
      [true, false],
    ]);

    // a node dying mid-send: the claim runs out and the row is sent again, counted once
    await t.deps.db.updateTable('postbacks').set({ state: 'pending', next_at: 0 }).execute();
    const p = await row();
    await claim(t.deps.db, p.id, 'dead-node', clock.now(), CLAIM_SECONDS);
    clock.advance((CLAIM_SECONDS + 1) * 1000);
    await t.deps.jobs.run('order-postback');
    expect((await row()).state).toBe('sent');
    expect(await since('juliang')).toEqual({ counted: 1, received: 3 });
  });

  it('bad settle input is refused in Chinese', async () => {
    const r = await t.post('/capi/napi/order/postback/settle', { orderid: '1', action: 'maybe' }, { token: await token() });
    expect(r.body).toMatchObject({ code: 4000, msg: expect.stringContaining('received') });
    expect((await settle('999999', 'received')).code).toBe(4004);
  });
});

describe('the sandbox dedupes as the sources say', () => {
  it('腾讯 keeps one conversion per outer_action_id (a repeat is accepted, not counted)', async () => {
    const [adv] = await h.seed('tengxun', {
      advertisers: [
        {
          name: '去重',
          campaigns: [{ name: 'c', plans: [{ name: 'p', clickUrl: `${h.monitor.base}/m/c/4/1?cb=__CALLBACK__&cid=__CLICK_ID__` }] }],
        },
      ],
    });
    await h.admin('tengxun', 'POST', '/deliver', { planId: adv!.campaigns[0]!.plans[0]!.id, shows: 0, clicks: 1, landingRate: 0 });
    const [click] = (await h.admin<{ clicks: Array<{ click_id: string; callback: string }> }>('tengxun', 'GET', '/clicks')).clicks;
    const before = { counted: await counted('tengxun'), received: await received('tengxun') };
    // since 2025-03-31 腾讯 takes conversions only authenticated (tengxun-conv.ts): a token of the advertiser's grant
    const grant = h.sandbox.contexts.tengxun!.grants.issueTokens(SANDBOX_APPS.tengxun.appId, [adv!.id], '1');
    let nonce = 0;
    const send = (id: string) =>
      fetch(click!.callback, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          access_token: grant.accessToken,
          timestamp: String(h.clock.now()),
          nonce: `dedupe${++nonce}`,
        },
        body: JSON.stringify({
          actions: [
            {
              outer_action_id: id,
              action_time: h.clock.now(),
              action_type: 'PURCHASE',
              trace: { click_id: click!.click_id },
              action_param: { value: 100 },
            },
          ],
        }),
      });
    await send('order_1');
    await send('order_1');
    await send('order_2');
    expect({ counted: (await counted('tengxun')) - before.counted, received: (await received('tengxun')) - before.received }).toEqual({
      counted: 2,
      received: 3,
    });
  });
});
