/**
 * An upgrade keeps orders right: a database written by the previous release — presell orders booked paid on their
 * deposit's hour (a deposit alone counted as paid), 京东 orders without a payment time, nearly every order at its link
 * only — is migrated (0020: 京东 payment times, the order facts rebuilt under the one paid-day rule) and its orders
 * without a plan attributed again by the first order-sync run (reattribute.ts). The facts then equal, row for row,
 * what the orders contribute under today's rule.
 */
import type { Insertable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { orderPaidDay } from '../../src/server/db/migrations/0020_order_paid_day.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { writeBatch } from '../../src/server/orders/batch-store.ts';
import { contributions, FactDelta, type FactRow, type FactSource } from '../../src/server/orders/model.ts';
import type { OrdersTable } from '../../src/server/orders/tables.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import { addAdFact } from '../support/factories-facts.ts';
import { setWatermarks, syncOrders } from '../support/factories-orders.ts';

/** What the previous release booked for an order: paid from the deposit for presell, a deposit alone counted paid. */
function previousContributions(o: FactSource): FactRow[] {
  const placed = contributions({ ...o, status: o.status === 'deposit_paid' ? 'unpaid' : o.status }).filter((r) => r.orders);
  const at = o.presell && o.deposit_paid_at ? o.deposit_paid_at : o.paid_at;
  const paid = ['deposit_paid', 'paid', 'confirmed', 'settled'].includes(o.status) && at > 0;
  if (o.customerid <= 0 || !paid) return placed;
  const [row] = contributions({ ...o, status: 'paid', paid_at: at });
  return [
    ...placed,
    { ...row!, hour: hourStart(at), orders: 0, order_fen: 0, paid_orders: 1, paid_fen: o.paid_fen, commission_fen: o.commission_fen },
  ];
}

const KEY = ['customerid', 'pageid', 'item_id', 'channel', 'advertiser_id', 'campaign_id', 'plan_id'] as const;
const nonZero = <T extends { orders: number; order_fen: number; paid_orders: number; paid_fen: number; commission_fen: number }>(
  rows: T[],
) =>
  rows
    .map((r) => ({
      ...r,
      channel: Number((r as unknown as { channel: number }).channel),
      orders: Number(r.orders),
      order_fen: Number(r.order_fen),
      paid_orders: Number(r.paid_orders),
      paid_fen: Number(r.paid_fen),
      commission_fen: Number(r.commission_fen),
    }))
    .filter((r) => r.orders || r.order_fen || r.paid_orders || r.paid_fen || r.commission_fen);
const sortKey = (r: Record<string, unknown>) => [...KEY, 'hour', 'day'].map((k) => String(r[k] ?? '')).join('|');

describe.each(dialects())('upgrading stored orders on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;
  let seq = 0;

  /** An order row as the previous release stored it, and its facts as that release booked them. */
  async function oldOrder(o: Partial<Insertable<OrdersTable>> & { status: string }): Promise<string> {
    seq += 1;
    const key = await t.deps.db
      .selectFrom('affiliate_links')
      .select('tracking_key')
      .where('pageid', '=', link.pageid)
      .executeTakeFirstOrThrow();
    const now = clock.now();
    const row: Insertable<OrdersTable> = {
      union_name: 'taobao',
      order_id: `old${seq}`,
      parent_order_id: `old${seq}`,
      item_id: link.itemid,
      item_title: '',
      item_image: '',
      item_num: 1,
      shop_name: '',
      raw_status: '',
      presell: 0,
      deposit_fen: 0,
      order_fen: 10_000 + seq,
      paid_fen: 10_000 + seq,
      commission_fen: 100 + seq,
      commission_bp: 100,
      created_at: now - 3 * 86400,
      paid_at: 0,
      deposit_paid_at: 0,
      received_at: 0,
      settled_at: 0,
      refunded_at: 0,
      click_at: 0,
      modified_at: now - 3 * 86400,
      tracking: '{}',
      tracking_key: key.tracking_key,
      union_click: '{}',
      pageid: link.pageid,
      customerid: owner.id,
      link_platform: 2,
      link_isdirect: 1,
      attribution_rule: 'link_only',
      visit_event_id: 0,
      click_event_id: 0,
      click_ref: '',
      channel: 2,
      advertiser_id: '',
      campaign_id: '',
      plan_id: '',
      creative_id: '',
      callback: '',
      postback_state: 'none',
      first_seen_at: now - 3 * 86400,
      updated_at: now - 3 * 86400,
      ...o,
    };
    await t.deps.db.insertInto('orders').values(row).execute();
    const delta = new FactDelta();
    delta.add(previousContributions(row as FactSource), 1);
    await writeBatch(t.deps.db, t.deps.engine, {
      updates: [],
      inserts: [],
      logs: [],
      hourly: delta.hourly(),
      daily: delta.daily(),
      postbacks: [],
    });
    return row.order_id;
  }

  beforeEach(async () => {
    clock = new ManualClock();
    t = await makeTestApp(dialect, {}, { clock });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901' });
    await setWatermarks(t);
  });
  afterEach(() => t.close());

  it('migrates 京东 payment times, rebuilds the facts under today’s rule and attributes the old orders again', async () => {
    const day = 86400;
    const t0 = clock.now() - 3 * day;
    // the plan that drove the link then, as the report sync wrote it long ago
    await addAdFact(t.deps.db, {
      platform: 2,
      advertiser_id: 'adv1',
      customerid: owner.id,
      campaign_id: 'c1',
      plan_id: 'p1',
      pageid: link.pageid,
      at: t0 - 600,
      cost_fen: 900,
      shows: 400,
      clicks: 12,
    });
    const ids = {
      plain: await oldOrder({ status: 'settled', paid_at: t0 + 120, click_at: t0 - 60 }),
      presellDone: await oldOrder({
        status: 'settled',
        presell: 1,
        deposit_fen: 2000,
        deposit_paid_at: t0 + 60,
        paid_at: t0 + 2 * day,
        click_at: t0 - 60,
      }),
      presellDeposit: await oldOrder({ status: 'deposit_paid', presell: 1, deposit_fen: 2000, paid_fen: 2000, deposit_paid_at: t0 + 60 }),
      jdPaid: await oldOrder({ union_name: 'jd', status: 'paid', raw_status: '16', modified_at: t0 + 900 }),
      jdDone: await oldOrder({ union_name: 'jd', status: 'confirmed', raw_status: '17', modified_at: t0 + 5 * 3600 }),
      jdUnpaid: await oldOrder({ union_name: 'jd', status: 'unpaid', raw_status: '15', paid_fen: 0 }),
      closed: await oldOrder({ status: 'closed', paid_fen: 0 }),
      other: await oldOrder({ status: 'paid', paid_at: t0 + 60, customerid: 0, pageid: '', attribution_rule: 'unattributed' }),
    };
    // more old orders of the link than one page of the pass holds (500): every page is attributed again
    const many: string[] = [];
    for (let i = 0; i < 1100; i++) many.push(await oldOrder({ status: 'settled', created_at: t0 + 2 * i, paid_at: t0 + 2 * i + 60 }));

    await orderPaidDay().up(t.deps.db as never); // the upgrade's data migration, on what the old release wrote
    await syncOrders(t); // the first order-sync run after the upgrade: nothing new from the unions, the pass runs

    const orders = await t.deps.db.selectFrom('orders').selectAll().orderBy('id').execute();
    const byId = new Map(orders.map((o) => [o.order_id, o]));
    expect(byId.get(ids.jdPaid)).toMatchObject({ paid_at: t0 + 900 });
    expect(byId.get(ids.jdDone)).toMatchObject({ paid_at: t0 });
    expect(byId.get(ids.jdUnpaid)).toMatchObject({ paid_at: 0 });
    for (const k of ['plain', 'presellDone', 'presellDeposit', 'jdPaid', 'jdDone', 'jdUnpaid', 'closed'] as const)
      expect(byId.get(ids[k]), k).toMatchObject({ attribution_rule: 'link_plan', plan_id: 'p1', advertiser_id: 'adv1', channel: 2 });
    expect(byId.get(ids.other)).toMatchObject({ attribution_rule: 'unattributed', plan_id: '' });
    expect(many.filter((id) => byId.get(id)?.plan_id === 'p1')).toHaveLength(many.length);

    // the facts are exactly what the orders contribute under today's rule
    const expected = new FactDelta();
    for (const o of orders) expected.add(contributions(o), 1);
    const hourly = nonZero(await t.deps.db.selectFrom('order_facts_hourly').selectAll().execute());
    const daily = nonZero(await t.deps.db.selectFrom('order_facts_daily').selectAll().execute());
    expect(hourly.sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
      nonZero(expected.hourly()).sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    );
    expect(daily.sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
      nonZero(expected.daily()).sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    );
    // 6 placed (the closed one never paid, the unattributed one is nobody’s) and the 1 100; paid: plain, the presell's
    // balance, both paid 京东 orders and the 1 100
    const sum = (k: 'orders' | 'paid_orders') => daily.reduce((n, r) => n + r[k], 0);
    expect([sum('orders'), sum('paid_orders')]).toEqual([6 + 1100, 4 + 1100]);
    const presellPaidDay = daily.find((r) => r.paid_orders && r.paid_fen === byId.get(ids.presellDone)!.paid_fen);
    expect(presellPaidDay?.day).toBeGreaterThan(t0 + day); // the balance's day, not the deposit's
  });
});
