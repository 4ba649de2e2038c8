/**
 * Order factories: every order comes the way real ones do — an ad click and a landing visit through the tracking
 * processor (raw rows, as the monitor and landing hot paths write them), a shopper following the link's promotion
 * URL into the union sandbox over HTTP, the sandbox placing the order, and the `order-sync` job pulling it through
 * the union connector. Time is the test's ManualClock, shared by the product and its union sandbox.
 */
import type { Deps } from '../../src/server/deps.ts';
import type { UnionName } from '../../src/server/sandbox/unions/store.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import type { TestApp } from './app.ts';

import { SHOPPER_UA } from './shopper.ts';

export { SHOPPER_UA };

/** A monitor ping as the platform sends it: the link's click-monitor URL with these macro values filled. */
export async function adClick(deps: Deps, pageid: string, channel: number, values: Record<string, string>, ua = SHOPPER_UA): Promise<void> {
  const template = monitorUrl('http://x', 'click', channel, pageid);
  const query = template
    .split('?')[1]!
    .replace(/__([A-Z0-9_]+)__|\{([A-Z0-9_]+)\}/g, (m, a?: string, b?: string) => encodeURIComponent(values[a ?? b ?? ''] ?? m));
  await deps.db
    .insertInto('monitor_raw')
    .values({ kind: 'c', pageid, query, ip: '203.0.113.7', ua, received_at: deps.clock.now() })
    .execute();
  await processAll(deps.db, deps.engine);
}

/** A landing visit with this query (the channel's click-id parameter, 巨量's projectid / promotionid …). */
export async function landingVisit(deps: Deps, pageid: string, query: string, ua = SHOPPER_UA): Promise<void> {
  await deps.db
    .insertInto('landing_visits')
    .values({ pageid, query, ip: '203.0.113.7', ua, referer: '', received_at: deps.clock.now() })
    .execute();
  await processAll(deps.db, deps.engine);
}

export const unionOfLink = (l: Pick<LinkView, 'platform'>): UnionName =>
  l.platform === 7 ? 'ud' : l.platform === 3 || l.platform === 8 ? 'jd' : l.platform === 5 ? 'pdd' : 'taobao';

/** A shopper follows the link's promotion URL (the landing page's jump): the union sandbox records the click. */
export async function followJump(t: TestApp, link: Pick<LinkView, 'transedlink' | 'platform'>, query = ''): Promise<string> {
  const url = query ? `${link.transedlink}${link.transedlink.includes('?') ? '&' : '?'}${query}` : link.transedlink;
  const { clickId } = await t.unions.click(url, { 'x-forwarded-for': '203.0.113.7' });
  if (!clickId) throw new Error(`no click recorded for ${url}`);
  return clickId;
}

export type Fate = 'settled' | 'refunded' | 'closed_unpaid' | 'presell_settled' | 'presell_refunded' | 'presell_closed';

export interface SandboxOrder {
  id: string;
  parent_id: string;
  status: string;
  total: number;
  created_at: number;
  paid_at: number | null;
}

/** The union sandbox places the order of `clickId` with `fate`; `timeline` sets any of its epoch-second times. */
export const placeOrder = (t: TestApp, union: UnionName, clickId: string, fate: Fate, timeline: Record<string, number | null> = {}) =>
  t.unions.admin<SandboxOrder>(union, '/orders', { clickId, fate, timeline });

/** The order's next pending event happens now (sandbox time). */
export const advanceOrder = (t: TestApp, union: UnionName, id: string) => t.unions.admin<SandboxOrder>(union, `/orders/${id}/advance`, {});

/** One run of the order sync job, awaited. */
export async function syncOrders(t: TestApp): Promise<{ rows: number; error: string }> {
  const r = await t.deps.jobs.run('order-sync');
  return { rows: r.rows, error: r.error };
}

/**
 * The whole path for one 淘宝 link on 巨量: an ad click (adv 1760…, project, promotion, creative, callback), the landing
 * visit it leads to, the jump into the union and a paid order placed a minute later; the clock then moves on and the
 * order is synced. Returns the union's order.
 */
export async function orderFromAd(
  t: TestApp,
  link: LinkView,
  clock: { advance(ms: number): void },
  opts: { fate?: Fate; plan?: string; callback?: string } = {},
): Promise<SandboxOrder> {
  const plan = opts.plan ?? '7300000000000000001';
  const callback = opts.callback ?? `B.cb${Math.random().toString(36).slice(2, 10)}`;
  const ua = `${SHOPPER_UA} shopper/${callback}`; // one browser per shopper, a phone (not a bot: tracking/verdict)
  await adClick(
    t.deps,
    link.pageid,
    2,
    {
      ADVERTISER_ID: '1760000000000001',
      PROJECT_ID: '1770000000000001',
      PROMOTION_ID: plan,
      AID: plan,
      CID: '7310000000000001',
      CALLBACK_PARAM: callback,
    },
    ua,
  );
  clock.advance(2000);
  await landingVisit(t.deps, link.pageid, `projectid=1770000000000001&promotionid=${plan}&creativetype=5&clickid=EJ${callback}`, ua);
  clock.advance(3000);
  const clickId = await followJump(t, link);
  const now = Math.floor(t.deps.clock.nowMs() / 1000);
  // paid two minutes after the order, unless its fate is to close unpaid (then half an hour after it, never paid)
  const times: Record<string, number | null> =
    opts.fate === 'closed_unpaid' ? { paid_at: null, closed_at: now + 1800 } : { paid_at: now + 120 };
  const order = await placeOrder(t, unionOfLink(link), clickId, opts.fate ?? 'settled', { created_at: now + 60, ...times });
  clock.advance(10 * 60_000);
  return order;
}

/** Start every union's watermark `secondsAgo` back (a test that is not about the 30-day back-fill skips it). */
export async function setWatermarks(t: TestApp, secondsAgo = 3600): Promise<void> {
  const at = t.deps.clock.now();
  for (const key of ['taobao', 'jd', 'pdd', 'ud'])
    await t.deps.db
      .insertInto('job_cursors')
      .values({ job: 'order-sync', key, value: String(at - secondsAgo), updated_at: at })
      .onConflict((oc) => oc.columns(['job', 'key']).doUpdateSet({ value: String(at - secondsAgo), updated_at: at }))
      .execute();
}

/**
 * What an ad sandbox's delivery sent to the loopback monitor server (`hits`), written into our raw tables exactly as
 * the hot paths write them (click pings to `monitor_raw`, landing visits to `landing_visits`), then processed.
 */
export async function replayMonitorHits(t: TestApp, hits: readonly URL[], at: number, visitUa = SHOPPER_UA): Promise<void> {
  for (const hit of hits) {
    const pageid = hit.pathname.split('/').at(-1)!;
    const query = hit.search.slice(1);
    if (hit.pathname.startsWith('/m/c/'))
      await t.deps.db.insertInto('monitor_raw').values({ kind: 'c', pageid, query, ip: '', ua: 'sandbox-ua', received_at: at }).execute();
    else
      await t.deps.db.insertInto('landing_visits').values({ pageid, query, ip: '', ua: visitUa, referer: '', received_at: at }).execute();
  }
  await processAll(t.deps.db, t.deps.engine);
}
