import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AffiliateConnector,
  type AffiliateOrder,
  type OrderTimeField,
  type OrderWindow,
  stepWindows,
} from '../../src/server/connectors/affiliate.ts';
import { loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { ConnectorError } from '../../src/server/connectors/errors.ts';
import { createTaobaoConnector, type TaobaoSettings } from '../../src/server/connectors/taobao/index.ts';
import { runningNow, runningNowMs } from '../support/clock.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

/** 淘宝联盟 connector against the sandbox over real HTTP. */
let sb: RunningSandbox;
let settings: TaobaoSettings;
let taobao: AffiliateConnector;
const http = { retries: 2, retryBaseMs: 1, timeoutMs: 5000 };
/** The sandbox's and the connectors' clock: the pinned test instant, running at real speed (tests/support/clock.ts). */
const now = runningNow;

async function pullAll(
  c: AffiliateConnector,
  w: OrderWindow,
  field: OrderTimeField = 'update',
): Promise<{ orders: AffiliateOrder[]; calls: number }> {
  const orders: AffiliateOrder[] = [];
  let cursor: string | null = null;
  let calls = 0;
  do {
    const page = await c.pullOrders(w, cursor, field);
    calls += 1;
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor !== null);
  return { orders, calls };
}

async function refusal(p: Promise<unknown>): Promise<ConnectorError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectorError);
  return err as ConnectorError;
}

/** A shopper clicks the link; the order is placed with the given timeline (epoch seconds). */
async function orderVia(url: string, timeline: Record<string, number | null>, fate = 'settled') {
  const { clickId } = await sb.click(url);
  return sb.admin<{ id: string; status: string }>('taobao', '/orders', { clickId, fate, timeline });
}

beforeAll(async () => {
  sb = await startSandbox();
  settings = { ...loadAffiliateConfig({}, sb.url).taobao, pageSize: 5 };
  taobao = createTaobaoConnector(settings, http, runningNowMs);
});
afterAll(() => sb.close());

describe('淘宝联盟 conversion', () => {
  it('converts an item into item facts, an image served over HTTP and a promotion URL carrying the adzone', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210001' });
    expect(conv).toMatchObject({
      platform: 2,
      kind: 'item',
      itemid: '6543210001',
      detail_url: 'https://item.taobao.com/item.htm?id=6543210001',
    });
    expect(conv.title.length).toBeGreaterThan(3);
    expect(conv.price).toBeGreaterThan(0);
    expect(conv.commissionRateBp).toBeGreaterThan(0);
    expect(conv.tracking).toEqual({
      union: 'taobao',
      pid: 'mm_1000001_2000002_3000003',
      siteId: '2000002',
      adzoneId: '3000003',
      relationId: '',
      specialId: '',
    });
    expect(conv.promotion_url).toMatch(new RegExp(`^${sb.url}/sandbox/taobao/s\\.click/t\\?e=`));
    const img = await fetch(conv.image);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    expect(await img.text()).toContain('<svg');
    // The same item converts the same way every time.
    expect(await taobao.convert({ kind: 'item', id: '6543210001' })).toEqual(conv);
  });

  it('puts a per-link adzone and relation id into the link and its tracking', async () => {
    const a = await taobao.convert({ kind: 'item', id: '6543210001', adzoneId: '900001', relationId: '77' });
    expect(a.tracking).toMatchObject({ adzoneId: '900001', pid: 'mm_1000001_2000002_900001', relationId: '77' });
    const b = await taobao.convert({ kind: 'item', id: '6543210001' });
    expect(a.promotion_url).not.toBe(b.promotion_url);
  });

  it('converts a shop', async () => {
    const conv = await taobao.convert({ kind: 'shop', id: '123456' });
    expect(conv).toMatchObject({ kind: 'shop', itemid: '', shopid: '123456', detail_url: 'https://shop123456.taobao.com', price: 0 });
    expect(conv.promotion_url).toContain('/sandbox/taobao/s.click/t?e=');
  });

  it('a shopper following the promotion URL is recorded and sent to the item page', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210002' });
    const res = await sb.click(conv.promotion_url, { 'user-agent': 'UA-test', 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${sb.url}/sandbox/taobao/item/6543210002`);
    const clicks = await sb.admin<Array<{ id: string; ua: string; ip: string }>>('taobao', '/clicks?limit=1');
    expect(clicks[0]).toMatchObject({ id: res.clickId, ua: 'UA-test', ip: '203.0.113.9' });
    const page = await fetch(res.location);
    expect(await page.text()).toContain(conv.title);
  });
});

describe('淘宝联盟 orders', () => {
  it('an order carries the tracking ids of the link it was bought through and the click time', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210003', adzoneId: '810001' });
    const t0 = now() - 7200;
    const { clickId } = await sb.click(conv.promotion_url);
    const clicks = await sb.admin<Array<{ id: string; at: number }>>('taobao', '/clicks?limit=1');
    const placed = await sb.admin<{ id: string }>('taobao', '/orders', { clickId, fate: 'settled', timeline: { created_at: t0 } });
    const { orders } = await pullAll(taobao, { from: t0 - 1, to: t0 + 60 }, 'create');
    const order = orders.find((o) => o.orderId === placed.id)!;
    expect(order.tracking).toEqual({ ...conv.tracking, union: 'taobao' });
    expect(order.clickAt).toBe(clicks[0]!.at);
    expect(order).toMatchObject({
      union: 'taobao',
      itemId: '6543210003',
      itemTitle: conv.title,
      createdAt: t0,
      status: 'unpaid',
      rawStatus: '11',
    });
  });

  it('maps every tk_status, the presale deposit and the refund tag', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210004', adzoneId: '820001' });
    const base = now() - 40 * 86400;
    const cases: Array<[string, Record<string, number | null>, string, string]> = [
      ['unpaid', { created_at: base }, 'settled', '11'],
      ['paid', { created_at: base + 1, paid_at: base + 100, received_at: null, settled_at: null }, 'settled', '12'],
      [
        'deposit_paid',
        { created_at: base + 2, deposit_at: base + 50, paid_at: null, received_at: null, settled_at: null },
        'presell_settled',
        '12',
      ],
      ['confirmed', { created_at: base + 3, paid_at: base + 100, received_at: base + 200, settled_at: null }, 'settled', '14'],
      ['settled', { created_at: base + 4, paid_at: base + 100, received_at: base + 200, settled_at: base + 300 }, 'settled', '3'],
      ['refunded', { created_at: base + 5, paid_at: base + 100, refunded_at: base + 150 }, 'refunded', '13'],
      ['closed', { created_at: base + 6, paid_at: null, closed_at: base + 1806 }, 'closed_unpaid', '13'],
    ];
    const ids: Record<string, string> = {};
    for (const [status, timeline, fate] of cases) ids[status] = (await orderVia(conv.promotion_url, timeline, fate)).id;
    // Future events would still be pending: pull now, by create time.
    const { orders } = await pullAll(taobao, { from: base, to: base + 10 }, 'create');
    for (const [status, , , raw] of cases) {
      const o = orders.find((x) => x.orderId === ids[status])!;
      expect([status, o.status, o.rawStatus]).toEqual([status, status, raw]);
    }
    const unpaid = orders.find((x) => x.orderId === ids.unpaid)!;
    expect([unpaid.payFen, unpaid.orderFen > 0]).toEqual([0, true]);
    const full = orders.find((x) => x.orderId === ids.settled)!;
    expect(full.payFen).toBe(full.orderFen);
    const presell = orders.find((x) => x.orderId === ids.deposit_paid)!;
    expect(presell.presell).toMatchObject({ depositPaidAt: base + 50 });
    expect(presell.presell!.depositFen).toBeGreaterThan(0);
    expect(presell.payFen).toBe(presell.presell!.depositFen);
    const settled = orders.find((x) => x.orderId === ids.settled)!;
    expect(settled.settledAt).toBe(base + 300);
    expect(settled.settleFen).toBe(settled.payFen);
    expect(settled.settledCommissionFen).toBe(Math.round((settled.settleFen * settled.commissionRateBp) / 10_000));
    expect(orders.find((x) => x.orderId === ids.refunded)!.raw.refund_tag).toBe(1);
  });

  it('pages: an empty window, exactly one page, more than one page', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210005', adzoneId: '830001' });
    const start = now() - 20 * 86400;
    for (let i = 0; i < 12; i += 1) await orderVia(conv.promotion_url, { created_at: start + i * 10 });
    expect(await taobao.pullOrders({ from: start - 3600, to: start - 1 }, null, 'create')).toEqual({ orders: [], cursor: null });
    const one = await pullAll(taobao, { from: start, to: start + 50 }, 'create');
    expect([one.orders.length, one.calls]).toEqual([5, 1]);
    const all = await pullAll(taobao, { from: start, to: start + 3600 }, 'create');
    expect(all.calls).toBe(3);
    expect(new Set(all.orders.map((o) => o.orderId)).size).toBe(12);
    expect(all.orders.map((o) => o.createdAt)).toEqual([...all.orders.map((o) => o.createdAt)].sort((a, b) => a! - b!));
  });

  it('a platform error mid-window surfaces, and the window resumes from the same cursor; a busy answer is retried', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210006', adzoneId: '840001' });
    const start = now() - 21 * 86400;
    for (let i = 0; i < 11; i += 1) await orderVia(conv.promotion_url, { created_at: start + i });
    const w = { from: start, to: start + 60 };
    const first = await taobao.pullOrders(w, null, 'create');
    await sb.admin('taobao', '/failures', {
      method: 'taobao.tbk.order.details.get',
      kind: 'error',
      code: 'isv.pubrpt-refused',
      message: '拒绝',
    });
    const err = await refusal(taobao.pullOrders(w, first.cursor, 'create'));
    expect([err.kind, err.platformCode]).toEqual(['refused', 'isv.pubrpt-refused']);
    await sb.admin('taobao', '/failures', {
      method: 'taobao.tbk.order.details.get',
      kind: 'error',
      code: '3001',
      message: '系统繁忙，请稍后重试！',
    });
    await sb.admin('taobao', '/failures', { method: 'taobao.tbk.order.details.get', kind: 'http500' });
    const rest = await pullAll({ ...taobao, pullOrders: (win, c, f) => taobao.pullOrders(win, c ?? first.cursor, f) }, w, 'create');
    expect(new Set([...first.orders, ...rest.orders].map((o) => o.orderId)).size).toBe(11);
  });

  it('rate limiting surfaces as rate_limited after the retries', async () => {
    await sb.admin('taobao', '/failures', { kind: 'rate_limit', count: 3 });
    const err = await refusal(taobao.pullOrders({ from: now() - 3600, to: now() }, null));
    expect([err.kind, err.platformCode]).toEqual(['rate_limited', 'accesscontrol.limited-by-app-access-count']);
  });

  it('refuses an over-long window, a window in the future and one older than 90 days with the union codes', async () => {
    const t = now();
    // a window over 3 h is walked in 3-hour sub-windows (the sandbox refuses it whole with 2007: unions-fixtures.test.ts)
    const long = await taobao.pullOrders({ from: t - 3 * 3600 - 1, to: t }, null);
    expect(JSON.parse(long.cursor!)).toMatchObject({ page: 1, from: t - 1, to: t });
    expect((await refusal(taobao.pullOrders({ from: t + 600, to: t + 700 }, null))).platformCode).toBe('2002');
    expect((await refusal(taobao.pullOrders({ from: t - 91 * 86400, to: t - 91 * 86400 + 60 }, null))).platformCode).toBe('2004');
    // Stepped windows are accepted.
    for (const w of stepWindows(taobao, { from: t - 7 * 3600, to: t })) expect((await taobao.pullOrders(w, null)).cursor).toBeNull();
  });

  it('a wrong secret, app key, timestamp or session is refused with TOP codes mapped to ConnectorError', async () => {
    const wrongSign = await refusal(
      createTaobaoConnector({ ...settings, appSecret: 'nope' }, http, runningNowMs).pullOrders({ from: now() - 60, to: now() }, null),
    );
    expect([wrongSign.kind, wrongSign.platformCode]).toEqual(['refused', '25']);
    expect(wrongSign.message).toContain('Invalid signature');
    expect(
      (await refusal(createTaobaoConnector({ ...settings, appKey: '999' }, http, runningNowMs).convert({ kind: 'item', id: '12345' })))
        .platformCode,
    ).toBe('29');
    const late = createTaobaoConnector(settings, http, () => runningNowMs() - 11 * 60_000);
    expect((await refusal(late.pullOrders({ from: now() - 60, to: now() }, null))).platformCode).toBe('31');
    const badSession = await refusal(
      createTaobaoConnector({ ...settings, session: 'expired' }, http, runningNowMs).pullOrders({ from: now() - 60, to: now() }, null),
    );
    expect([badSession.kind, badSession.platformCode]).toEqual(['token_expired', '27']);
  });

  it('the raw gateway answers a wrong sign with TOP error_response', async () => {
    const res = await fetch(`${sb.url}/sandbox/taobao/router/rest`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'taobao.tbk.order.details.get',
        app_key: settings.appKey,
        timestamp: '2030-01-01 00:00:00',
        v: '2.0',
        format: 'json',
        sign_method: 'md5',
        sign: 'AB',
      }).toString(),
    });
    expect((await res.json()).error_response).toMatchObject({ code: 31, msg: 'Invalid timestamp' });
  });

  it('signs with hmac and hmac-sha256, and reads sc orders with a session', async () => {
    for (const signMethod of ['hmac', 'hmac-sha256'] as const) {
      expect(
        (await createTaobaoConnector({ ...settings, signMethod }, http, runningNowMs).pullOrders({ from: now() - 60, to: now() }, null))
          .cursor,
      ).toBeNull();
    }
    const sc = createTaobaoConnector({ ...settings, session: sb.sandbox.keys.taobao.session }, http, runningNowMs);
    expect((await sc.pullOrders({ from: now() - 60, to: now() }, null)).orders).toEqual([]);
  });

  it('selects on pay and settle time', async () => {
    const conv = await taobao.convert({ kind: 'item', id: '6543210007', adzoneId: '850001' });
    const base = now() - 30 * 86400;
    const o = await orderVia(conv.promotion_url, {
      created_at: base,
      paid_at: base + 4000,
      received_at: base + 8000,
      settled_at: base + 12_000,
    });
    expect((await pullAll(taobao, { from: base + 3900, to: base + 4100 }, 'pay')).orders.map((x) => x.orderId)).toEqual([o.id]);
    expect((await pullAll(taobao, { from: base + 11_900, to: base + 12_100 }, 'settle')).orders.map((x) => x.orderId)).toEqual([o.id]);
    expect((await pullAll(taobao, { from: base + 11_900, to: base + 12_100 }, 'update')).orders.map((x) => x.orderId)).toEqual([o.id]);
  });
});
