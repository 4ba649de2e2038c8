import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AffiliateConnector, type AffiliateOrder, type OrderWindow, stepWindows } from '../../src/server/connectors/affiliate.ts';
import { loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { ConnectorError } from '../../src/server/connectors/errors.ts';
import { createJdConnector, type JdSettings } from '../../src/server/connectors/jd/index.ts';
import { jdForm } from '../../src/server/connectors/jd/jos.ts';
import { runningNow, runningNowMs } from '../support/clock.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

/** 京东联盟 connector against the sandbox over real HTTP. */
let sb: RunningSandbox;
let settings: JdSettings;
let jd: AffiliateConnector;
const http = { retries: 2, retryBaseMs: 1, timeoutMs: 5000 };
/** The sandbox's and the connectors' clock: the pinned test instant, running at real speed (tests/support/clock.ts). */
const now = runningNow;

async function pullAll(w: OrderWindow, field: 'update' | 'create' = 'create'): Promise<{ orders: AffiliateOrder[]; calls: number }> {
  const orders: AffiliateOrder[] = [];
  let cursor: string | null = null;
  let calls = 0;
  do {
    const page = await jd.pullOrders(w, cursor, field);
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

async function orderVia(url: string, timeline: Record<string, number | null>, fate = 'settled') {
  const { clickId } = await sb.click(url);
  return sb.admin<{ id: string; parent_id: string }>('jd', '/orders', { clickId, fate, timeline });
}

beforeAll(async () => {
  sb = await startSandbox();
  settings = { ...loadAffiliateConfig({}, sb.url).jd, pageSize: 5 };
  jd = createJdConnector(settings, http, runningNowMs);
});
afterAll(() => sb.close());

describe('京东联盟 conversion', () => {
  it('converts an item with its picture, coupon and a click URL carrying position and sub id', async () => {
    const conv = await jd.convert({ kind: 'item', id: '100012345678', subId: 'link_42' });
    expect(conv).toMatchObject({ platform: 3, kind: 'item', itemid: '100012345678', detail_url: 'https://item.jd.com/100012345678.html' });
    expect(conv.tracking).toEqual({ union: 'jd', siteId: '4000001', positionId: '5000001', subUnionId: 'link_42' });
    expect(conv.promotion_url).toMatch(new RegExp(`^${sb.url}/sandbox/jd/union-click/jdc\\?e=`));
    expect((await fetch(conv.image)).headers.get('content-type')).toContain('image/svg+xml');
    expect(conv.price).toBeGreaterThan(0);
    const other = await jd.convert({ kind: 'item', id: '100012345678', subId: 'link_43' });
    expect(other.promotion_url).not.toBe(conv.promotion_url);
  });

  it('social-media accounts get a short u.jd-style link; shops convert; a bad sub id is refused', async () => {
    const social = createJdConnector({ ...settings, linkMethod: 'bysubunionid' }, http, runningNowMs);
    expect((await social.convert({ kind: 'item', id: '100012345679', subId: 's1' })).promotion_url).toMatch(/\/sandbox\/jd\/u\/[\w-]+$/);
    expect((await failure(social.convert({ kind: 'item', id: '100012345679' }))).platformCode).toBe('2002400');
    const shop = await jd.convert({ kind: 'shop', id: '1000001' });
    expect(shop).toMatchObject({ kind: 'shop', shopid: '1000001', detail_url: 'https://mall.jd.com/index-1000001.html' });
    expect((await failure(jd.convert({ kind: 'item', id: '100012345679', subId: 'has space' }))).platformCode).toBe('bad_sub_id');
  });

  it('answers in the real shape: the "_responce" key and a JSON-string result', async () => {
    const form = jdForm(
      { apiBase: sb.url, appKey: settings.appKey, appSecret: settings.appSecret, now: runningNowMs },
      'jd.union.open.goods.query',
      {
        goodsReqDTO: { skuIds: [100012345678] },
      },
    );
    const body = await (await fetch(`${sb.url}/sandbox/jd/routerjson`, { method: 'POST', body: new URLSearchParams(form) })).json();
    const envelope = body.jd_union_open_goods_query_responce;
    expect(envelope.code).toBe('0');
    expect(typeof envelope.queryResult).toBe('string');
    expect(JSON.parse(envelope.queryResult)).toMatchObject({ code: 200, data: [{ skuId: 100012345678 }] });
  });
});

describe('京东联盟 orders', () => {
  it('an order carries the positionId and subUnionId of its link', async () => {
    const conv = await jd.convert({ kind: 'item', id: '100012345680', subId: 'p100', positionId: '777' });
    const t = now() - 5 * 86400;
    const placed = await orderVia(conv.promotion_url, { created_at: t });
    const o = (await pullAll({ from: t - 10, to: t + 10 })).orders.find((x) => x.orderId === placed.id)!;
    expect(o.tracking).toEqual({ union: 'jd', siteId: '4000001', positionId: '777', subUnionId: 'p100' });
    expect(o.parentOrderId).toBe(placed.parent_id);
    expect(o.itemId).toBe('100012345680');
    expect(o.clickAt).toBeNull();
  });

  it('maps every validCode it sends: 15, 16, 17 (completed, then settled on its payMonth), 24, 3, and returns', async () => {
    const conv = await jd.convert({ kind: 'item', id: '100012345681', subId: 'status' });
    const t = now() - 30 * 86400;
    const cases: Array<[string, Record<string, number | null>, string, string]> = [
      ['unpaid', { created_at: t }, 'settled', '15'],
      ['paid', { created_at: t + 1, paid_at: t + 60, received_at: null, settled_at: null }, 'settled', '16'],
      [
        'deposit_paid',
        { created_at: t + 2, deposit_at: t + 60, paid_at: null, received_at: null, settled_at: null },
        'presell_settled',
        '24',
      ],
      ['confirmed', { created_at: t + 3, paid_at: t + 60, received_at: t + 120, settled_at: now() + 86400 }, 'settled', '17'],
      ['settled', { created_at: t + 4, paid_at: t + 60, received_at: t + 120, settled_at: t + 2 * 86400 }, 'settled', '17'],
      ['refunded', { created_at: t + 5, paid_at: t + 60, refunded_at: t + 90 }, 'refunded', '16'],
      ['closed', { created_at: t + 6, paid_at: null, closed_at: t + 1800 }, 'closed_unpaid', '3'],
    ];
    const ids: Record<string, string> = {};
    for (const [status, timeline, fate] of cases) ids[status] = (await orderVia(conv.promotion_url, timeline, fate)).id;
    const { orders } = await pullAll({ from: t, to: t + 10 });
    for (const [status, , , raw] of cases) {
      const o = orders.find((x) => x.orderId === ids[status])!;
      expect([status, o.status, o.rawStatus]).toEqual([status, status, raw]);
    }
    const unpaid = orders.find((x) => x.orderId === ids.unpaid)!;
    expect([unpaid.payFen, unpaid.orderFen > 0]).toEqual([0, true]);
    const full = orders.find((x) => x.orderId === ids.confirmed)!;
    expect(full.payFen).toBe(full.orderFen);
    const settled = orders.find((x) => x.orderId === ids.settled)!;
    expect(settled.receivedAt).toBe(t + 120);
    expect(settled.settleFen).toBe(settled.payFen);
    const deposit = orders.find((x) => x.orderId === ids.deposit_paid)!;
    expect(deposit.presell!.depositFen).toBe(deposit.payFen);
    expect(deposit.presell!.depositFen).toBeGreaterThan(0);
  });

  it('pages: an empty window, exactly one page, more than one page', async () => {
    const conv = await jd.convert({ kind: 'item', id: '100012345682', subId: 'paging' });
    const t = now() - 20 * 86400;
    for (let i = 0; i < 11; i += 1) await orderVia(conv.promotion_url, { created_at: t + i * 10 });
    expect(await jd.pullOrders({ from: t - 600, to: t - 1 }, null, 'create')).toEqual({ orders: [], cursor: null });
    const one = await pullAll({ from: t, to: t + 45 });
    expect([one.orders.length, one.calls]).toEqual([5, 1]);
    const all = await pullAll({ from: t, to: t + 3600 });
    expect([new Set(all.orders.map((o) => o.orderId)).size, all.calls]).toEqual([11, 3]);
  });

  it('an error mid-window surfaces and resumes; system errors are retried; rate limiting surfaces', async () => {
    const conv = await jd.convert({ kind: 'item', id: '100012345683', subId: 'errors' });
    const t = now() - 21 * 86400;
    for (let i = 0; i < 7; i += 1) await orderVia(conv.promotion_url, { created_at: t + i });
    const w = { from: t, to: t + 60 };
    const first = await jd.pullOrders(w, null, 'create');
    await sb.admin('jd', '/failures', {
      method: 'jd.union.open.order.row.query',
      kind: 'error',
      code: '2002410',
      message: '联盟用户不存在',
    });
    expect((await failure(jd.pullOrders(w, first.cursor, 'create'))).platformCode).toBe('2002410');
    await sb.admin('jd', '/failures', { method: 'jd.union.open.order.row.query', kind: 'error', code: '2002500' });
    const second = await jd.pullOrders(w, first.cursor, 'create');
    expect(new Set([...first.orders, ...second.orders].map((o) => o.orderId)).size).toBe(7);
    await sb.admin('jd', '/failures', { kind: 'rate_limit', count: 3 });
    expect((await failure(jd.pullOrders(w, null, 'create'))).kind).toBe('rate_limited');
  });

  it('refuses over-long windows and wrong signatures with JD codes', async () => {
    const t = now();
    const long = await failure(jd.pullOrders({ from: t - 3601, to: t }, null));
    expect([long.kind, long.platformCode]).toEqual(['refused', '2002453']);
    for (const w of stepWindows(jd, { from: t - 7200, to: t })) expect((await jd.pullOrders(w, null)).cursor).toBeNull();
    const sign = await failure(
      createJdConnector({ ...settings, appSecret: 'wrong' }, http, runningNowMs).pullOrders({ from: t - 60, to: t }, null),
    );
    expect([sign.kind, sign.platformCode, sign.message]).toEqual(['refused', '22', '京东联盟接口错误：签名无效（22）']);
    expect(
      (await failure(createJdConnector({ ...settings, appKey: 'nobody' }, http, runningNowMs).pullOrders({ from: t - 60, to: t }, null)))
        .platformCode,
    ).toBe('21');
    expect(
      (await failure(createJdConnector(settings, http, () => runningNowMs() + 11 * 60_000).pullOrders({ from: t - 60, to: t }, null)))
        .platformCode,
    ).toBe('24');
  });
});
