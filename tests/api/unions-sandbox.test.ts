import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AffiliateOrder, type OrderSource, stepWindows } from '../../src/server/connectors/affiliate.ts';
import { loadAffiliateConfig, SANDBOX_DEFAULTS } from '../../src/server/connectors/affiliate-config.ts';
import { createTaobaoConnector } from '../../src/server/connectors/taobao/index.ts';
import { createUdConnector } from '../../src/server/connectors/ud/index.ts';
import { DEFAULT_SANDBOX_KEYS } from '../../src/server/sandbox/unions/context.ts';
import { shareOf } from '../../src/server/sandbox/unions/world.ts';
import type { ConversionView as Conversion } from '../../src/shared/affiliate.ts';
import { runningNow, runningNowMs } from '../support/clock.ts';
import { startSandbox } from '../support/unions.ts';

/** The sandbox world itself: shoppers, history, persistence, the admin guard. */
const http = { retries: 0, timeoutMs: 5000 };
/** The sandbox's and the connectors' clock: the pinned test instant, running at real speed (tests/support/clock.ts). */
const now = runningNow;
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

async function pullRange(source: OrderSource, from: number, to: number, field?: 'create'): Promise<AffiliateOrder[]> {
  const out: AffiliateOrder[] = [];
  for (const w of stepWindows(source, { from, to })) {
    let cursor: string | null = null;
    do {
      const page = await source.pullOrders(w, cursor, field);
      out.push(...page.orders);
      cursor = page.cursor;
    } while (cursor);
  }
  return out;
}

describe('union sandbox', () => {
  it('uses the keys the connectors default to', () => {
    expect(DEFAULT_SANDBOX_KEYS.taobao).toMatchObject({
      appKey: SANDBOX_DEFAULTS.taobao.appKey,
      appSecret: SANDBOX_DEFAULTS.taobao.appSecret,
    });
    expect(SANDBOX_DEFAULTS.taobao.pid).toBe(`mm_${DEFAULT_SANDBOX_KEYS.taobao.memberId}_${DEFAULT_SANDBOX_KEYS.taobao.siteId}_3000003`);
    expect(DEFAULT_SANDBOX_KEYS.ud).toMatchObject({ appKey: SANDBOX_DEFAULTS.ud.appKey, appSecret: SANDBOX_DEFAULTS.ud.appSecret });
  });

  it('a conversion carries the ConversionView fields /tfc answers', async () => {
    const sb = await startSandbox();
    stops.push(sb.close);
    const asToday: Conversion = await createTaobaoConnector(loadAffiliateConfig({}, sb.url).taobao, http, runningNowMs).convert({
      kind: 'item',
      id: '7700000009',
    });
    expect(Object.keys(asToday)).toEqual(
      expect.arrayContaining(['platform', 'kind', 'itemid', 'shopid', 'title', 'image', 'price', 'coupon', 'detail_url', 'promotion_url']),
    );
  });

  it('turns the documented share of real clicks into orders carrying the click', async () => {
    const sb = await startSandbox();
    stops.push(sb.close);
    const taobao = createTaobaoConnector(loadAffiliateConfig({}, sb.url).taobao, http, runningNowMs);
    const conv = await taobao.convert({ kind: 'item', id: '7700000001' });
    for (let i = 0; i < 150; i += 1) await fetch(conv.promotion_url, { redirect: 'manual' }).then((r) => r.arrayBuffer());
    const clicks = await sb.admin<Array<{ id: string; at: number }>>('taobao', '/clicks?limit=1000');
    const converting = clicks.filter((c) => shareOf(c.id) < 1000);
    const orders = sb.sandbox.world.db
      .prepare("SELECT click_id, created_at, clicked_at FROM orders WHERE union_name = 'taobao'")
      .all() as Array<{ click_id: string; created_at: number; clicked_at: number }>;
    expect(orders.map((o) => o.click_id).sort()).toEqual(converting.map((c) => c.id).sort());
    expect(converting.length).toBeGreaterThan(0);
    // Placed 2–90 minutes after the click: not visible yet, visible once time moves on.
    expect(orders.every((o) => o.created_at - o.clicked_at >= 120 && o.created_at - o.clicked_at <= 5400)).toBe(true);
    expect(await sb.admin<unknown[]>('taobao', '/orders')).toEqual([]);
    await sb.admin('taobao', '/advance', { seconds: 5400 });
    const visible = await pullRange(taobao, now() - 3600, now() + 1, 'create');
    expect(visible.map((o) => o.orderId).sort()).toEqual(
      (await sb.admin<Array<{ id: string }>>('taobao', '/orders')).map((o) => o.id).sort(),
    );
    expect(visible.length).toBe(converting.length);
  });

  it('a new link back-fills 30 days of orders, many already settled; UD history (no ad world here) carries click ids, no invented ad ids', async () => {
    const sb = await startSandbox({ historyDays: 30 });
    stops.push(sb.close);
    const cfg = loadAffiliateConfig({}, sb.url);
    const taobao = createTaobaoConnector(cfg.taobao, http, runningNowMs);
    await taobao.convert({ kind: 'item', id: '7700000002' });
    const orders = await pullRange(taobao, now() - 31 * 86400, now(), 'create');
    expect(orders.length).toBeGreaterThan(20);
    const statuses = new Set(orders.map((o) => o.status));
    for (const s of ['settled', 'confirmed', 'refunded']) expect(statuses).toContain(s);
    expect(Math.min(...orders.map((o) => o.createdAt!))).toBeLessThan(now() - 25 * 86400);
    const ud = createUdConnector(cfg.ud, http, runningNowMs);
    await ud.createMonitorUrls({ itemId: '7700000003', channelId: 1, pageType: 1, attributionType: 3 });
    const udOrders = await pullRange(ud, now() - 5 * 86400, now() + 1); // listed from the second they were back-filled
    expect(udOrders.length).toBeGreaterThan(0);
    expect(
      udOrders.every((o) => o.ud!.synClickId.startsWith('hl') && o.ud!.asynClickId.startsWith('hc') && /^0?$/.test(o.ud!.advertiserId)),
    ).toBe(true);
  });

  it('keeps its state across a restart', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'unions-')), 'sandbox', 'unions.sqlite');
    const first = await startSandbox({ file });
    const conv = await createTaobaoConnector(loadAffiliateConfig({}, first.url).taobao, http, runningNowMs).convert({
      kind: 'item',
      id: '7700000004',
    });
    const { clickId } = await first.click(conv.promotion_url);
    const token = new URL(conv.promotion_url).searchParams.get('e');
    await first.close();
    const second = await startSandbox({ file });
    stops.push(second.close);
    expect((await second.admin<Array<{ id: string }>>('taobao', '/clicks')).map((c) => c.id)).toEqual([clickId]);
    const again = await second.click(`${second.url}/sandbox/taobao/s.click/t?e=${token}`);
    expect(again.location).toBe(`${second.url}/sandbox/taobao/item/7700000004`);
  });

  it('guards the admin API and answers unknown items and links plainly', async () => {
    const sb = await startSandbox();
    stops.push(sb.close);
    expect((await fetch(`${sb.url}/sandbox/taobao/_admin/orders`)).status).toBe(401);
    expect((await fetch(`${sb.url}/sandbox/ud/_admin/orders`, { headers: { 'x-sandbox-key': 'sandbox-taobao-secret' } })).status).toBe(401);
    expect((await fetch(`${sb.url}/sandbox/taobao/s.click/t?e=nope`)).status).toBe(404);
    // Refused from its Content-Length, before the body is read (the server may close while the client still sends).
    const huge = await new Promise<number>((resolve, reject) => {
      const req = request(`${sb.url}/sandbox/taobao/router/rest`, { method: 'POST', headers: { 'content-length': 300 * 1024 } }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('a'.repeat(300 * 1024));
    });
    expect(huge).toBe(413);
    expect((await fetch(`${sb.url}/sandbox/taobao/img/..%2Fx.svg`)).status).toBe(404);
    expect((await fetch(`${sb.url}/sandbox/taobao/item/%3Cscript%3E`)).status).toBe(404);
    const bad = await fetch(`${sb.url}/sandbox/taobao/_admin/failures`, {
      method: 'POST',
      headers: { 'x-sandbox-key': 'sandbox-taobao-secret' },
      body: '{"kind":"boom"}',
    });
    expect(bad.status).toBe(400);
  });
});
