import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AffiliateConnector, type AffiliateOrder, type OrderWindow, stepWindows } from '../../src/server/connectors/affiliate.ts';
import { loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { ConnectorError } from '../../src/server/connectors/errors.ts';
import { createPddConnector, type PddSettings } from '../../src/server/connectors/pdd/index.ts';
import { runningNow, runningNowMs } from '../support/clock.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

/** 拼多多 connector against the sandbox over real HTTP. */
let sb: RunningSandbox;
let settings: PddSettings;
let pdd: AffiliateConnector;
const http = { retries: 2, retryBaseMs: 1, timeoutMs: 5000 };
/** The sandbox's and the connectors' clock: the pinned test instant, running at real speed (tests/support/clock.ts). */
const now = runningNow;

async function pullAll(w: OrderWindow, between?: (calls: number) => Promise<void>): Promise<{ orders: AffiliateOrder[]; calls: number }> {
  const orders: AffiliateOrder[] = [];
  let cursor: string | null = null;
  let calls = 0;
  do {
    const page = await pdd.pullOrders(w, cursor);
    calls += 1;
    orders.push(...page.orders);
    cursor = page.cursor;
    if (between) await between(calls);
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

async function orderVia(url: string, timeline: Record<string, number | null>, fate = 'settled') {
  const { clickId } = await sb.click(url);
  return sb.admin<{ id: string }>('pdd', '/orders', { clickId, fate, timeline });
}

beforeAll(async () => {
  sb = await startSandbox();
  settings = { ...loadAffiliateConfig({}, sb.url).pdd, pageSize: 10 };
  pdd = createPddConnector(settings, http, runningNowMs);
});
afterAll(() => sb.close());

describe('拼多多 conversion', () => {
  it('converts goods into facts and a 多多进宝 link carrying p_id and custom_parameters', async () => {
    const conv = await pdd.convert({ kind: 'item', id: '370000000001', subId: 'link_9' });
    expect(conv).toMatchObject({
      platform: 5,
      kind: 'item',
      itemid: '370000000001',
      detail_url: 'https://mobile.yangkeduo.com/goods.html?goods_id=370000000001',
    });
    expect(conv.tracking).toEqual({ union: 'pdd', pid: '1000001_20000002', customParameters: '{"uid":"link_9"}' });
    expect(conv.promotion_url).toMatch(new RegExp(`^${sb.url}/sandbox/pdd/p/[\\w-]+$`));
    expect((await fetch(conv.image)).headers.get('content-type')).toContain('image/svg+xml');
    const landed = await sb.click(conv.promotion_url);
    expect(landed.location).toBe(`${sb.url}/sandbox/pdd/item/370000000001`);
    const shop = await pdd.convert({ kind: 'shop', id: '88001', pid: '1000001_30000003' });
    expect(shop.tracking).toEqual({ union: 'pdd', pid: '1000001_30000003', customParameters: '' });
  });

  it('refuses a bad p_id with PDD’s error shape', async () => {
    const err = await failure(
      createPddConnector({ ...settings, pid: 'mm_bad' }, http, runningNowMs).convert({ kind: 'item', id: '370000000001' }),
    );
    expect([err.kind, err.platformCode]).toEqual(['refused', '10000']);
  });
});

describe('拼多多 orders', () => {
  it('an order echoes the link’s p_id and custom_parameters', async () => {
    const conv = await pdd.convert({ kind: 'item', id: '370000000002', subId: 'p100' });
    const t = now() - 3 * 86400;
    const placed = await orderVia(conv.promotion_url, { created_at: t });
    const o = (await pullAll({ from: t - 10, to: t + 10 })).orders.find((x) => x.orderId === placed.id)!;
    expect(o.tracking).toEqual(conv.tracking);
    expect(o.orderId).toMatch(/^\d{6}-\d{15}$/);
    expect(o.presell).toBeNull();
  });

  it('maps the order_status values it sends, and 售后完成 as refunded', async () => {
    const conv = await pdd.convert({ kind: 'item', id: '370000000003', subId: 'status' });
    const t = now() - 10 * 86400;
    const cases: Array<[string, Record<string, number | null>, string, string]> = [
      ['unpaid', { created_at: t }, 'settled', '-1'],
      ['paid', { created_at: t + 1, paid_at: t + 60, received_at: null, settled_at: null }, 'settled', '1'],
      ['confirmed', { created_at: t + 2, paid_at: t + 60, received_at: t + 120, settled_at: null }, 'settled', '3'],
      ['settled', { created_at: t + 3, paid_at: t + 60, received_at: t + 120, settled_at: t + 180 }, 'settled', '5'],
      ['refunded', { created_at: t + 4, paid_at: t + 60, refunded_at: t + 90 }, 'refunded', '4'],
    ];
    const ids: Record<string, string> = {};
    for (const [status, timeline, fate] of cases) ids[status] = (await orderVia(conv.promotion_url, timeline, fate)).id;
    const { orders } = await pullAll({ from: t + 170, to: t + 200 });
    expect(orders.map((o) => o.orderId)).toEqual([ids.settled]);
    const all = (await pullAll({ from: t, to: t + 86400 })).orders;
    for (const [status, , , raw] of cases) {
      const o = all.find((x) => x.orderId === ids[status])!;
      expect([status, o.status, o.rawStatus]).toEqual([status, status, raw]);
    }
    const unpaid = all.find((x) => x.orderId === ids.unpaid)!;
    expect([unpaid.payFen, unpaid.orderFen > 0]).toEqual([0, true]);
    const full = all.find((x) => x.orderId === ids.settled)!;
    expect(full.payFen).toBe(full.orderFen);
    expect(all.find((x) => x.orderId === ids.settled)!.settledCommissionFen).toBeGreaterThan(0);
  });

  it('pages last to first: an empty window, exactly one page (one call), more pages (count, then last → first)', async () => {
    const conv = await pdd.convert({ kind: 'item', id: '370000000004', subId: 'paging' });
    const t = now() - 20 * 86400;
    for (let i = 0; i < 25; i += 1) await orderVia(conv.promotion_url, { created_at: t + i * 10 });
    expect(await pdd.pullOrders({ from: t - 600, to: t - 1 }, null)).toEqual({ orders: [], cursor: null });
    const one = await pullAll({ from: t, to: t + 95 });
    expect([one.orders.length, one.calls]).toEqual([10, 1]);
    const all = await pullAll({ from: t, to: t + 3600 });
    expect([all.orders.length, new Set(all.orders.map((o) => o.orderId)).size, all.calls]).toEqual([25, 25, 4]);
    // Latest updates come first: the last page is read first.
    expect(all.orders[0]!.modifiedAt).toBe(t + 200);
  });

  it('an order that changes while the window is paged is not missed by the others', async () => {
    const conv = await pdd.convert({ kind: 'item', id: '370000000005', subId: 'moving' });
    const t = now() - 25 * 86400;
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) ids.push((await orderVia(conv.promotion_url, { created_at: t + i * 10, paid_at: now() + 3600 })).id);
    // After the count and the last page, the first order is paid now: its update time leaves the window.
    const { orders } = await pullAll({ from: t, to: t + 3600 }, async (calls) => {
      if (calls === 2) await sb.admin('pdd', `/orders/${ids[0]}/advance`, {});
    });
    const seen = new Set(orders.map((o) => o.orderId));
    expect(ids.slice(1).every((id) => seen.has(id))).toBe(true);
  });

  it('refuses windows over 24 h, a wrong sign and other time fields; an error mid-window resumes; rate limits surface', async () => {
    const t = now();
    expect((await failure(pdd.pullOrders({ from: t - 86401, to: t }, null))).platformCode).toBe('10000');
    expect(stepWindows(pdd, { from: t - 86401, to: t })).toHaveLength(2);
    const sign = await failure(
      createPddConnector({ ...settings, appSecret: 'wrong' }, http, runningNowMs).pullOrders({ from: t - 60, to: t }, null),
    );
    expect([sign.kind, sign.platformCode]).toEqual(['refused', '10020']);
    expect((await failure(pdd.pullOrders({ from: t - 60, to: t }, null, 'create'))).platformCode).toBe('time_field');
    await sb.admin('pdd', '/failures', { method: 'pdd.ddk.order.list.increment.get', kind: 'error', code: '10000', message: '参数错误' });
    expect((await failure(pdd.pullOrders({ from: t - 60, to: t }, null))).platformCode).toBe('10000');
    await sb.admin('pdd', '/failures', { method: 'pdd.ddk.order.list.increment.get', kind: 'error', code: '50000' });
    expect((await pdd.pullOrders({ from: t - 60, to: t }, null)).cursor).toBeNull();
    await sb.admin('pdd', '/failures', { kind: 'rate_limit', count: 3 });
    expect((await failure(pdd.pullOrders({ from: t - 60, to: t }, null))).kind).toBe('rate_limited');
  });
});
