import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AffiliateOrder,
  type OrderWindow,
  stepWindows,
  type UdConnector,
  type UdPostback,
} from '../../src/server/connectors/affiliate.ts';
import { loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { ConnectorError } from '../../src/server/connectors/errors.ts';
import { createUdConnector, type UdSettings } from '../../src/server/connectors/ud/index.ts';
import { runningNow, runningNowMs } from '../support/clock.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

/** 阿里妈妈 UD connector against the sandbox over real HTTP: monitor URLs, orders with click ids, postback. */
let sb: RunningSandbox;
let settings: UdSettings;
let ud: UdConnector;
const http = { retries: 2, retryBaseMs: 1, timeoutMs: 5000 };
/** The sandbox's and the connectors' clock: the pinned test instant, running at real speed (tests/support/clock.ts). */
const now = runningNow;
/** 01:00 China time, `n` days ago: windows around it stay inside one China day. */
const dayBase = (n: number) => Math.floor((now() + 8 * 3600) / 86400) * 86400 - 8 * 3600 - n * 86400 + 3600;

async function pullAll(w: OrderWindow): Promise<{ orders: AffiliateOrder[]; calls: number }> {
  const orders: AffiliateOrder[] = [];
  let cursor: string | null = null;
  let calls = 0;
  do {
    const page = await ud.pullOrders(w, cursor);
    calls += 1;
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor !== null);
  return { orders, calls };
}

async function failure(p: Promise<unknown>): Promise<ConnectorError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectorError);
  return err as ConnectorError;
}

/** What 巨量 does with a URL full of its macros. */
const fill = (url: string, values: Record<string, string>) =>
  url.replace(/__([A-Z0-9_]+)__/g, (m, name: string) => (values[name] !== undefined ? encodeURIComponent(values[name]!) : m));

async function landingOrder(muidUrl: string, timeline: Record<string, number | null>, fate = 'settled') {
  const { clickId } = await sb.click(muidUrl);
  return sb.admin<{ id: string; parent_id: string }>('ud', '/orders', { clickId, fate, timeline });
}

beforeAll(async () => {
  sb = await startSandbox({ udPageSize: 3 });
  settings = loadAffiliateConfig({}, sb.url).ud;
  ud = createUdConnector(settings, http, runningNowMs);
});
afterAll(() => sb.close());

describe('UD monitor URLs', () => {
  it('creates show / click monitor and landing URLs for a channel, with its macros', async () => {
    const m = await ud.createMonitorUrls({ itemId: '6600000001', channelId: 1, pageType: 1, attributionType: 3 });
    expect(m.monitorUniqueId).toMatch(/^[0-9a-f]{24}$/);
    expect(m.tracking).toEqual({ union: 'ud', monitorUniqueId: m.monitorUniqueId, channelId: '1' });
    expect(m.clickMonitorUrl).toContain(
      `/sandbox/ud/cm/${m.monitorUniqueId}?click_id=__CALLBACK_PARAM__&request_id=__REQUEST_ID__&advertiser_id=__ADVERTISER_ID__`,
    );
    expect(m.pvMonitorUrl).toContain(`/sandbox/ud/pv/${m.monitorUniqueId}?`);
    expect(m.clickUrl).toContain(`/sandbox/ud/c/${m.monitorUniqueId}?request_id=__REQUEST_ID__`);
    expect(m.clickUrl).not.toContain('click_id=');
    expect(m.deepLink).toMatch(/^tbopen:\/\//);
    const again = await ud.createMonitorUrls({
      itemId: '6600000001',
      channelId: 1,
      pageType: 2,
      cusH5Url: 'https://example.com/h5',
      cusDeepLink: 'https://example.com/dl',
      monitorUniqueId: m.monitorUniqueId,
    });
    expect(again.monitorUniqueId).toBe(m.monitorUniqueId);
    const landed = await sb.click(again.clickUrl);
    expect(landed.location).toBe('https://example.com/h5');
  });

  it('refuses what UD refuses', async () => {
    const noH5 = await failure(ud.createMonitorUrls({ itemId: '6600000001', channelId: 1, pageType: 2 }));
    expect([noH5.kind, noH5.platformCode]).toEqual(['refused', 'isv.invalid-parameter']);
    expect((await failure(ud.createMonitorUrls({ itemId: '6600000001', channelId: 140, pageType: 1, prodType: 1 }))).message).toContain(
      '小红书',
    );
    expect(
      (await failure(ud.createMonitorUrls({ itemId: '6600000001', channelId: 1, pageType: 1, monitorUniqueId: 'ffff' }))).platformCode,
    ).toBe('isv.invalid-parameter');
  });
});

describe('UD orders', () => {
  it('an order from a landing click carries both click ids (matched by request id) and the ad ids', async () => {
    const m = await ud.createMonitorUrls({ itemId: '6600000002', channelId: 1, pageType: 1, attributionType: 3 });
    const ids = {
      CALLBACK_PARAM: 'CB-async-1',
      REQUEST_ID: 'req-1',
      ADVERTISER_ID: '1700000000000001',
      CAMPAIGN_ID: '1700000000000002',
      AID: '1700000000000003',
      CID: '1700000000000004',
      PROJECT_ID: '7',
      PROMOTION_ID: '8',
    };
    const ping = await fetch(fill(m.clickMonitorUrl, ids));
    expect(ping.status).toBe(200);
    const t = dayBase(2);
    const placed = await landingOrder(`${fill(m.clickUrl, ids)}&clickid=LC-sync-1`, { created_at: t });
    const { orders } = await pullAll({ from: t - 60, to: t + 60 });
    const o = orders.find((x) => x.orderId === placed.id)!;
    expect(o.orderId).toMatch(/^\d{19}$/);
    expect(o.parentOrderId).toBe(placed.parent_id);
    expect(o.tracking).toEqual(m.tracking);
    expect(o.ud).toMatchObject({
      synClickId: 'LC-sync-1',
      synRequestId: 'req-1',
      asynClickId: 'CB-async-1',
      asynRequestId: 'req-1',
      channelId: '1',
      advertiserId: '1700000000000001',
      campaignId: '1700000000000002',
      adgroupId: '1700000000000003',
      creativeId: '1700000000000004',
      projectId: '7',
      promotionId: '8',
      isAdOrder: true,
    });
  });

  it('attribution type 1 ties orders to the landing click only; a landing without its ping has no async id', async () => {
    const m = await ud.createMonitorUrls({ itemId: '6600000003', channelId: 104, pageType: 1, attributionType: 1 });
    const t = dayBase(3);
    await fetch(m.clickMonitorUrl.replace('__CLICK_ID__', 'gdt-async').replace('__REQUEST_ID__', 'r2'));
    const placed = await landingOrder(`${m.clickUrl.replace('__REQUEST_ID__', 'r2')}&gdt_vid=gdt-sync`, { created_at: t });
    const m3 = await ud.createMonitorUrls({ itemId: '6600000003', channelId: 1, pageType: 1, attributionType: 3 });
    const lone = await landingOrder(`${m3.clickUrl.replace('__REQUEST_ID__', 'r-none')}&clickid=lone`, { created_at: t + 1 });
    const { orders } = await pullAll({ from: t - 60, to: t + 60 });
    expect(orders.find((x) => x.orderId === placed.id)!.ud).toMatchObject({ synClickId: 'gdt-sync', asynClickId: '' });
    expect(orders.find((x) => x.orderId === lone.id)!.ud).toMatchObject({ synClickId: 'lone', asynClickId: '' });
  });

  it('maps every order_status and the presale deposit and balance', async () => {
    const m = await ud.createMonitorUrls({ itemId: '6600000004', channelId: 105, pageType: 1 });
    const t = dayBase(4);
    const cases: Array<[string, Record<string, number | null>, string, string]> = [
      ['unpaid', { created_at: t }, 'settled', '1'],
      ['paid', { created_at: t, paid_at: t + 10 }, 'settled', '2'],
      ['refunded', { created_at: t, paid_at: t + 10, refunded_at: t + 20 }, 'refunded', '3'],
      ['deposit_paid', { created_at: t, deposit_at: t + 10, paid_at: null }, 'presell_settled', '4'],
      ['confirmed', { created_at: t, paid_at: t + 10, received_at: t + 20, settled_at: t + 30 }, 'settled', '5'],
    ];
    const ids: Record<string, string> = {};
    for (const [status, timeline, fate] of cases) {
      ids[status] = (
        await landingOrder(`${m.clickUrl}&callback=cb-${status}`, { received_at: null, settled_at: null, ...timeline }, fate)
      ).id;
    }
    const { orders } = await pullAll({ from: t, to: t + 60 });
    for (const [status, , , raw] of cases) {
      const o = orders.find((x) => x.orderId === ids[status])!;
      expect([status, o.status, o.rawStatus]).toEqual([status, status, raw]);
    }
    const unpaid = orders.find((x) => x.orderId === ids.unpaid)!;
    expect([unpaid.payFen, unpaid.orderFen > 0]).toEqual([0, true]);
    const full = orders.find((x) => x.orderId === ids.confirmed)!;
    expect(full.payFen).toBe(full.orderFen);
    const pre = orders.find((x) => x.orderId === ids.deposit_paid)!;
    expect(pre.presell!.depositFen).toBe(pre.payFen);
    expect(pre.presell!.remainingFen).toBeGreaterThan(0);
    expect(pre.presell!.depositPaidAt).toBe(t + 10);
    expect(pre.paidAt).toBeNull();
  });

  it('pages by cursor: an empty window, exactly one page, more than one page', async () => {
    const m = await ud.createMonitorUrls({ itemId: '6600000005', channelId: 108, pageType: 1 });
    const t = dayBase(5);
    for (let i = 0; i < 7; i += 1) await landingOrder(`${m.clickUrl}&track_id=tk${i}`, { created_at: t + i * 10 });
    expect(await ud.pullOrders({ from: t - 600, to: t - 1 }, null)).toEqual({ orders: [], cursor: null });
    const one = await pullAll({ from: t, to: t + 25 });
    expect([one.orders.length, one.calls]).toEqual([3, 1]);
    const all = await pullAll({ from: t, to: t + 3600 });
    expect([new Set(all.orders.map((o) => o.orderId)).size, all.calls]).toEqual([7, 3]);
  });

  it('a window across China midnight is refused; stepped windows are accepted', async () => {
    const midnight = dayBase(6) - 3600;
    const err = await failure(ud.pullOrders({ from: midnight - 60, to: midnight + 60 }, null));
    expect([err.kind, err.platformCode]).toEqual(['refused', 'PARAM_ERROR']);
    for (const w of stepWindows(ud, { from: midnight - 60, to: midnight + 60 })) expect((await ud.pullOrders(w, null)).cursor).toBeNull();
  });

  it('an error mid-window surfaces and the window resumes; a system error is retried', async () => {
    const m = await ud.createMonitorUrls({ itemId: '6600000006', channelId: 140, pageType: 1, prodType: 2 });
    const pro = createUdConnector({ ...settings, prodType: 2 }, http, runningNowMs);
    const t = dayBase(7);
    for (let i = 0; i < 5; i += 1) await landingOrder(`${m.clickUrl}&click_id=x${i}`, { created_at: t + i });
    const first = await pro.pullOrders({ from: t, to: t + 60 }, null);
    await sb.admin('ud', '/failures', {
      method: 'alibaba.taobao.ud.smart.order.detail.pull',
      kind: 'error',
      code: 'BIZ_REFUSED',
      message: '拒绝',
    });
    expect((await failure(pro.pullOrders({ from: t, to: t + 60 }, first.cursor))).platformCode).toBe('BIZ_REFUSED');
    await sb.admin('ud', '/failures', { method: 'alibaba.taobao.ud.smart.order.detail.pull', kind: 'error', code: 'SYSTEM_ERROR' });
    const second = await pro.pullOrders({ from: t, to: t + 60 }, first.cursor);
    expect(second.cursor).toBeNull();
    const all = [...first.orders, ...second.orders];
    expect(new Set(all.map((o) => o.orderId)).size).toBe(5);
    // 流量通Pro rows carry its service fee.
    expect(all.every((o) => o.commissionRateBp > 0 && o.tracking.union === 'ud')).toBe(true);
  });

  it('a wrong secret is refused with TOP code 25', async () => {
    const err = await failure(
      createUdConnector({ ...settings, appSecret: 'x' }, http, runningNowMs).pullOrders({ from: dayBase(1), to: dayBase(1) + 60 }, null),
    );
    expect([err.kind, err.platformCode]).toEqual(['refused', '25']);
  });
});

describe('UD postback', () => {
  const conversion: UdPostback = {
    orderId: '2123456789012345678',
    event: 'pay',
    purchaseFen: 9900,
    itemCount: 1,
    itemId: '6600000002',
    eventTime: 1_728_456_618,
    channelId: '1',
    advertiserId: '1700000000000001',
    cmClickId: 'CB-async-1',
    cmRequestId: 'req-1',
  };
  type Recorded = Array<{ body: string; result: string }>;

  it('records an accepted conversion exactly as sent', async () => {
    await ud.postback(conversion);
    const recorded = await sb.admin<Recorded>('ud', '/postbacks');
    const last = recorded[recorded.length - 1]!;
    expect(last.result).toBe('0');
    expect(JSON.parse(last.body)).toMatchObject({
      order_id: '2123456789012345678',
      event_type: '12',
      purchase_amount: '9900',
      item_count: '1',
      event_time: '1728456618',
      callback_type: '1',
      cm_click_id: 'CB-async-1',
    });
  });

  it('refuses a conversion without a click id (-1), and retries an internal error (-3)', async () => {
    const err = await failure(ud.postback({ ...conversion, cmClickId: undefined }));
    expect([err.kind, err.platformCode]).toEqual(['refused', '-1']);
    await sb.admin('ud', '/failures', { method: 'alibaba.ud.udsmartdata.get', kind: 'error', code: '-3' });
    await ud.postback({ ...conversion, event: 'refund' });
    const results = (await sb.admin<Recorded>('ud', '/postbacks')).slice(-3).map((r) => r.result);
    expect(results).toEqual(['-1', '-3', '0']);
  });
});
