import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import {
  adClick,
  advanceOrder,
  followJump,
  landingVisit,
  orderFromAd,
  placeOrder,
  SHOPPER_UA,
  setWatermarks,
  syncOrders,
} from '../support/factories-orders.ts';

/** The browser of the earlier click and visit (a phone's, so not a bot by isbot). */
const OLD_UA = `${SHOPPER_UA} old`;

/** Everything the sync writes, to compare two runs. */
async function snapshot(t: TestApp) {
  const db = t.deps.db;
  return {
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    log: await db.selectFrom('order_status_log').selectAll().orderBy('id').execute(),
    hourly: await db.selectFrom('order_facts_hourly').selectAll().orderBy(['hour', 'pageid', 'plan_id']).execute(),
    daily: await db.selectFrom('order_facts_daily').selectAll().orderBy(['day', 'pageid', 'plan_id']).execute(),
    // what the sync writes of a postback (sending it is the postback job's, which a kick may start meanwhile)
    postbacks: await db
      .selectFrom('postbacks')
      .select(['id', 'union_name', 'order_id', 'channel', 'route', 'event', 'idem_key', 'created_at'])
      .orderBy('id')
      .execute(),
  };
}

const orderOf = (t: TestApp, id: string) => t.deps.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
const logOf = async (t: TestApp, id: string) =>
  (await t.deps.db.selectFrom('order_status_log').select(['from_status', 'status']).where('order_id', '=', id).orderBy('id').execute()).map(
    (r) => `${r.from_status || '∅'}→${r.status}`,
  );
const factSums = async (t: TestApp, pageid: string) => {
  const r = await t.deps.db
    .selectFrom('order_facts_daily')
    .select((eb) => [
      eb.fn.sum<number>('orders').as('orders'),
      eb.fn.sum<number>('order_fen').as('order_fen'),
      eb.fn.sum<number>('paid_orders').as('paid_orders'),
      eb.fn.sum<number>('paid_fen').as('paid_fen'),
    ])
    .where('pageid', '=', pageid)
    .executeTakeFirstOrThrow();
  return {
    orders: Number(r.orders ?? 0),
    order_fen: Number(r.order_fen ?? 0),
    paid_orders: Number(r.paid_orders ?? 0),
    paid_fen: Number(r.paid_fen ?? 0),
  };
};

describe.each(dialects())('order sync and attribution on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;

  beforeEach(async () => {
    clock = testClock();
    t = await makeTestApp(dialect, {}, { clock });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901' });
    await setWatermarks(t);
  });
  afterEach(() => t.close());

  it('pulls a shopper’s order and ties it to the link, its landing visit, the ad click and plan; facts and postback follow', async () => {
    const o = await orderFromAd(t, link, clock, { plan: '7300000000000000042', callback: 'B.callback42' });
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    const row = await orderOf(t, o.id);
    expect(row).toMatchObject({
      union_name: 'taobao',
      pageid: link.pageid,
      customerid: owner.id,
      attribution_rule: 'visit_before_click',
      channel: 2,
      advertiser_id: '1760000000000001',
      campaign_id: '1770000000000001',
      plan_id: '7300000000000000042',
      creative_id: '7310000000000001',
      callback: 'B.callback42',
      click_ref: 'EJB.callback42',
      status: 'paid',
      postback_state: 'pending',
    });
    expect(row.visit_event_id).toBeGreaterThan(0);
    expect(row.click_event_id).toBeGreaterThan(0);
    expect(await logOf(t, o.id)).toEqual(['∅→paid']);
    expect(await factSums(t, link.pageid)).toEqual({ orders: 1, order_fen: o.total, paid_orders: 1, paid_fen: o.total });
    const [pb] = await t.deps.db.selectFrom('postbacks').selectAll().execute();
    expect(pb).toMatchObject({ order_id: o.id, channel: 2, route: 'ad', event: 'pay', idem_key: `taobao:${o.id}:pay` });
  });

  it('the same window twice (and the overlap) changes nothing', async () => {
    await orderFromAd(t, link, clock);
    await orderFromAd(t, link, clock, { fate: 'refunded' });
    await syncOrders(t);
    const first = await snapshot(t);
    expect(first.orders).toHaveLength(2);
    await syncOrders(t);
    await t.deps.db.deleteFrom('job_cursors').execute(); // the whole 30 days once more
    await syncOrders(t);
    expect(await snapshot(t)).toEqual(first);
  });

  it.each([
    ['settled', ['∅→paid', 'paid→confirmed', 'confirmed→settled']],
    ['refunded', ['∅→paid', 'paid→refunded']],
    ['closed_unpaid', ['∅→unpaid', 'unpaid→closed']],
    ['presell_settled', ['∅→deposit_paid', 'deposit_paid→paid', 'paid→confirmed', 'confirmed→settled']],
    ['presell_refunded', ['∅→deposit_paid', 'deposit_paid→paid', 'paid→refunded']],
    ['presell_closed', ['∅→deposit_paid', 'deposit_paid→closed']],
  ] as const)('a %s order passes through every status it reaches, late updates applied', async (fate, path) => {
    const clickId = await followJump(t, link);
    const now = clock.now();
    const presell = fate.startsWith('presell');
    const o = await placeOrder(t, 'taobao', clickId, fate, {
      created_at: now + 10,
      ...(presell ? { deposit_at: now + 20 } : fate === 'closed_unpaid' ? {} : { paid_at: now + 20 }),
    });
    clock.advance(5 * 60_000);
    await syncOrders(t);
    for (let i = 0; i < 6; i++) {
      await advanceOrder(t, 'taobao', o.id);
      clock.advance(2 * 60_000);
      await syncOrders(t);
    }
    expect(await logOf(t, o.id)).toEqual(path);
    const row = await orderOf(t, o.id);
    const sums = await factSums(t, link.pageid);
    const end = path[path.length - 1]!.split('→')[1];
    // placed unless closed without payment; paid only while paid, confirmed or settled (a refund takes it away)
    expect(sums.orders).toBe(fate === 'closed_unpaid' ? 0 : 1);
    expect(sums.paid_orders).toBe(end === 'settled' || end === 'confirmed' ? 1 : 0);
    expect(sums.paid_fen).toBe(sums.paid_orders ? row.paid_fen : 0);
  });

  it('a conversion older than 7 days (a back-filled order) is not posted back', async () => {
    await adClick(
      t.deps,
      link.pageid,
      2,
      { ADVERTISER_ID: '1760000000000001', PROMOTION_ID: '7300000000000000055', AID: '7300000000000000055', CALLBACK_PARAM: 'B.old' },
      OLD_UA,
    );
    await landingVisit(t.deps, link.pageid, 'promotionid=7300000000000000055&clickid=EJold', OLD_UA);
    const clickId = await followJump(t, link);
    const o = await placeOrder(t, 'taobao', clickId, 'settled', {
      created_at: clock.now() - 8 * 86400,
      paid_at: clock.now() - 8 * 86400 + 60,
    });
    await setWatermarks(t, 9 * 86400);
    clock.advance(5 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ attribution_rule: 'visit_before_click', callback: 'B.old', postback_state: 'none' });
    expect(await t.deps.db.selectFrom('postbacks').selectAll().execute()).toEqual([]);
  });

  it('rule visit_before_order: 京东 gives no click time, so the visit before the order’s creation decides', async () => {
    const jd = await makeLink(t.deps, owner, { platform: 3, state: 4, item: '100012345678' });
    await adClick(t.deps, jd.pageid, 4, {
      ACCOUNT_ID: '21234567',
      ADGROUP_ID: '91234567890',
      DYNAMIC_CREATIVE_ID: '61234567890',
      CLICK_ID: 'wx0abc',
      CALLBACK: 'http://127.0.0.1:1/tengxun/conv/callback?cb=x',
    });
    await landingVisit(t.deps, jd.pageid, 'gdt_vid=wx0abc');
    const clickId = await followJump(t, jd);
    const o = await placeOrder(t, 'jd', clickId, 'settled', { created_at: clock.now() + 600, paid_at: clock.now() + 700 });
    clock.advance(20 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({
      union_name: 'jd',
      pageid: jd.pageid,
      attribution_rule: 'visit_before_order',
      channel: 4,
      advertiser_id: '21234567',
      campaign_id: '91234567890',
      plan_id: '61234567890',
      click_ref: 'wx0abc',
      callback: 'http://127.0.0.1:1/tengxun/conv/callback?cb=x',
    });
  });

  it('rule link_only: the link, but no landing visit within the window', async () => {
    clock.advance(60 * 60_000);
    const clickId = await followJump(t, link);
    const o = await placeOrder(t, 'taobao', clickId, 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({
      pageid: link.pageid,
      customerid: owner.id,
      attribution_rule: 'link_only',
      plan_id: '',
      callback: '',
      postback_state: 'none',
    });
  });

  it('rule unattributed: an order on an adzone no link holds counts for nobody', async () => {
    const conv = await t.deps.affiliates.taobao.convert({ kind: 'item', id: '612345678999' }); // the PID's default adzone
    const clickId = await followJump(t, { transedlink: conv.promotion_url, platform: 2 });
    const o = await placeOrder(t, 'taobao', clickId, 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
    clock.advance(10 * 60_000);
    await syncOrders(t);
    expect(await orderOf(t, o.id)).toMatchObject({ pageid: '', customerid: 0, attribution_rule: 'unattributed' });
    expect(await t.deps.db.selectFrom('order_facts_daily').selectAll().execute()).toEqual([]);
  });

  it('rules ud_click and ud_order: UD returns the ad click ids and ad ids with its orders', async () => {
    const ud = await makeLink(t.deps, owner, { platform: 7, state: 2, item: '612345670001' });
    expect(ud.monitor_touch_url).toContain(`${t.unions.url}/sandbox/ud/cm/`);
    expect(ud.transedlink).toContain(`${t.unions.url}/sandbox/ud/c/`);
    // the ad platform pings UD's click monitor, the shopper lands on our page with 巨量's clickid and jumps to UD
    const ping = ud.monitor_touch_url.replace(
      /__([A-Z0-9_]+)__/g,
      (_m, n: string) =>
        ({
          CALLBACK_PARAM: 'B.udcb1',
          REQUEST_ID: 'req1',
          ADVERTISER_ID: '1760000000000009',
          PROJECT_ID: '1770000000000009',
          PROMOTION_ID: '7300000000000000009',
          CID: '7310000000000009',
          IP: '203.0.113.7',
        })[n] ?? '',
    );
    await fetch(ping);
    await landingVisit(t.deps, ud.pageid, 'clickid=CLK9&projectid=1770000000000009&promotionid=7300000000000000009');
    const landed = await followJump(t, ud, 'clickid=CLK9&request_id=req1');
    const a = await placeOrder(t, 'ud', landed, 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
    const other = await followJump(t, ud, 'clickid=NOTOURS&request_id=req1');
    const b = await placeOrder(t, 'ud', other, 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
    clock.advance(10 * 60_000);
    await syncOrders(t);
    const rowA = await t.deps.db.selectFrom('orders').selectAll().where('parent_order_id', '=', a.parent_id).executeTakeFirstOrThrow();
    expect(rowA).toMatchObject({
      union_name: 'ud',
      pageid: ud.pageid,
      attribution_rule: 'ud_click',
      channel: 2,
      click_ref: 'CLK9',
      advertiser_id: '1760000000000009',
      plan_id: '7300000000000000009',
    });
    // Queued for UD's postback; the kicked postback job may already have sent it (UD's sandbox answers at once).
    expect(['pending', 'sent']).toContain(rowA.postback_state);
    expect(rowA.visit_event_id).toBeGreaterThan(0);
    const rowB = await t.deps.db.selectFrom('orders').selectAll().where('parent_order_id', '=', b.parent_id).executeTakeFirstOrThrow();
    expect(rowB).toMatchObject({
      attribution_rule: 'ud_order',
      visit_event_id: 0,
      advertiser_id: '1760000000000009',
      click_ref: 'NOTOURS',
    });
  });

  it('rule fast_conversion on UD: an order created 3 s after the landing visit UD names is not posted back', async () => {
    const ud = await makeLink(t.deps, owner, { platform: 7, state: 2, item: '612345670002' });
    await landingVisit(t.deps, ud.pageid, 'clickid=CLKF&projectid=1770000000000009&promotionid=7300000000000000009');
    const visit = await t.deps.db
      .selectFrom('visit_events')
      .select(['id', 'received_at'])
      .where('pageid', '=', ud.pageid)
      .executeTakeFirstOrThrow();
    const landed = await followJump(t, ud, 'clickid=CLKF&request_id=req2');
    const created = Number(visit.received_at) + 3;
    const o = await placeOrder(t, 'ud', landed, 'settled', { created_at: created, paid_at: created + 30 });
    clock.advance(10 * 60_000);
    await syncOrders(t);
    await t.deps.jobs.idle();
    const row = await t.deps.db.selectFrom('orders').selectAll().where('parent_order_id', '=', o.parent_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      union_name: 'ud',
      pageid: ud.pageid,
      attribution_rule: 'fast_conversion',
      visit_event_id: Number(visit.id),
      click_event_id: 0,
      plan_id: '',
      callback: '',
      postback_state: 'none',
    });
  });
});
