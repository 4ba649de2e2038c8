/**
 * Every plan's ad and order sums of the preset periods (`plan_period_sums`, src/server/ads/plan-period-sums.ts): its
 * order rows equal the daily order facts of each period, row for row, as order batches (`writeBatch`, the daily order
 * facts' one writer) add to them — before the first roll (not ready: nothing kept, the daily facts answer), at the roll
 * that fills them, after batches that change closed days inside and outside the periods, today, and a day back to
 * zero, across a day change (a slide) and across days the server was stopped (a rebuild). The admins' reads by plan,
 * customer and channel (facts/period-sums.ts) answer through them what they answer from the daily facts, and so does
 * the admin's plan list (`/api/index/detail`, its export the same call). The ad rows under the report sync's own
 * writes, late re-pulls and retention: plan-periods.test.ts. Upgrades: plan-period-sums-upgrade.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf } from '../../src/server/accounts/actor.ts';
import { periodSumsKept } from '../../src/server/ads/plan-period-sums.ts';
import { PLAN_PERIODS_JOB, planPeriodRolls, planPeriodsThrough } from '../../src/server/ads/plan-periods.ts';
import { indexDetail } from '../../src/server/dashboard/detail.ts';
import { engineOf } from '../../src/server/db/dialect.ts';
import { periodSums } from '../../src/server/facts/period-sums.ts';
import type { Actor } from '../../src/server/kernel/actor.ts';
import { writeBatch } from '../../src/server/orders/batch-store.ts';
import type { OrderFactsDailyTable } from '../../src/server/orders/tables.ts';
import { chinaDay, chinaDayStart } from '../../src/shared/china-clock.ts';
import { indexDetailInput } from '../../src/shared/dashboard.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { makeUser } from '../support/factories.ts';
import { syncReportDay } from '../support/factories-reports.ts';
import { expectPeriodReadsEqualDaily, expectPlanPeriodSumsExact, PERIOD_READS } from '../support/plan-period-sums.ts';

const DAY = 86_400;
const SLOW = 300_000;
type Daily = OrderFactsDailyTable;

describe.each(dialects())("every plan's sums of the preset periods ($name)", (dialect) => {
  const clock = testClock();
  const first = chinaDayStart(clock.now()) - 100 * DAY;
  /** Noon of China day `day` as the clock's "now". */
  const at = (day: number) => clock.set((day + 12 * 3600) * 1000);
  const today = () => chinaDayStart(clock.now());
  let t: TestApp;
  let admin: Actor;
  const cust: number[] = [];

  /** One batch of daily order fact changes through the daily facts' writer, in a transaction as ingest runs it. */
  const write = (daily: Daily[]) =>
    t.deps.db
      .transaction()
      .execute((tx) => writeBatch(tx, engineOf(tx), { updates: [], inserts: [], logs: [], hourly: [], daily, postbacks: [] }));
  /** A change of the order facts of one key and day: n orders of `fen` each, `paid` of them paid. */
  const change = (k: [number, number, string, string], day: number, n: number, fen: number, paid = n, item = 'i1'): Daily => {
    const [c, channel, adv, plan] = k;
    return {
      customerid: cust[c]!,
      pageid: plan ? `L${plan}` : 'L0',
      item_id: item,
      channel,
      advertiser_id: adv,
      campaign_id: plan ? 'c1' : '',
      plan_id: plan,
      day,
      orders: n,
      order_fen: n * fen,
      paid_orders: paid,
      paid_fen: paid * fen,
      commission_fen: Math.round(paid * fen * 0.05),
    };
  };
  /** Keys: customer, channel, account, plan — p1 under two accounts (moved), an order of no plan (未归因), 腾讯's p4. */
  const KEYS: [number, number, string, string][] = [
    [0, 2, 'A', 'p1'],
    [0, 2, 'B', 'p1'],
    [0, 2, 'A', 'p2'],
    [1, 4, 'T', 'p4'],
    [1, 0, '', ''],
  ];
  /** Orders of every key on most days of [from, to]; a gap every 7th day of each. */
  const ordersOf = (from: number, to: number) => {
    const out: Daily[] = [];
    for (let day = from; day <= to; day += DAY)
      for (const [i, k] of KEYS.entries()) {
        const d = (day - first) / DAY;
        if ((d + i * 3) % 7 === 0) continue;
        out.push(change(k, day, 1 + ((d + i) % 3), 1000 + d * 10 + i, (d + i) % 2), change(k, day, 1, 500 + i, 1, 'i2'));
      }
    return out;
  };
  /** The admin's plan list by cost over each preset range ending today: with the period rows and without them, equal. */
  async function expectPlanListEqual() {
    for (const back of [6, 14, 29, 89])
      for (const sort_field of ['sum_cost', 'ordernum', 'order_price_pay', 'pay_roi'] as const) {
        const q = indexDetailInput.parse({
          type: 0,
          ad: 'plan',
          start: chinaDay(today() - back * DAY),
          end: chinaDay(today()),
          sort_field,
        });
        const taken = periodSums.taken;
        const quick = await indexDetail(t.deps, admin, q);
        const rolled = (await planPeriodsThrough(t.deps.db)) === today() - DAY;
        expect(periodSums.taken - taken).toBe(rolled && periodSumsKept[engineOf(t.deps.db)] ? 1 : 0);
        periodSums.on = false;
        const slow = await indexDetail(t.deps, admin, q).finally(() => {
          periodSums.on = true;
        });
        expect(quick).toEqual(slow);
        expect(quick.total).toBeGreaterThan(3);
      }
  }
  /** The rows equal the daily facts (not when nothing keeps them), and the reads answer what the daily facts do. */
  async function expectExact(taken: 'periods' | 'daily facts', kept = true) {
    const rows = kept ? await expectPlanPeriodSumsExact(t.deps.db) : 0;
    const reads = await expectPeriodReadsEqualDaily(t.deps.db, clock.now());
    if (taken === 'periods') {
      expect(rows).toBeGreaterThan(0);
      expect(reads).toBe(PERIOD_READS);
    } else expect(reads).toBe(0);
    await expectPlanListEqual();
  }

  beforeAll(async () => {
    periodSumsKept.postgres = true; // the rows checked on every engine; the product's default is the last case's
    t = await makeTestApp(dialect, {}, { clock });
    cust.push((await makeUser(t.deps)).id, (await makeUser(t.deps)).id);
    admin = actorOf(await makeUser(t.deps, { role: 2 }), 'test');
    at(first + 95 * DAY);
    // ad facts of p1 and p2 on most days (the report sync's own writes), so that the reads add both sources
    for (let d = 0; d <= 95; d++)
      if (d % 4 !== 1)
        await syncReportDay(
          t.deps,
          'A',
          first + d * DAY,
          ['p1', 'p2'].map((plan, j) => ({
            customerid: cust[0]!,
            campaign_id: 'c1',
            plan_id: plan,
            pageid: `L${plan}`,
            hour: first + d * DAY + (10 + j) * 3600,
            cost_fen: 700 + d * 3 + j,
            shows: 100 + d,
            clicks: 5 + j,
            conversions: j,
          })),
        );
    await write(ordersOf(first, first + 95 * DAY));
  }, SLOW);
  afterAll(async () => {
    periodSumsKept.postgres = false;
    await t?.close();
  });

  it(
    'not ready before the first roll: batches keep nothing, the daily facts answer; the roll fills every period',
    async () => {
      expect(await planPeriodsThrough(t.deps.db)).toBe(0);
      expect(await t.deps.db.selectFrom('plan_period_sums').selectAll().execute()).toEqual([]);
      await expectExact('daily facts');
      await t.deps.jobs.run(PLAN_PERIODS_JOB);
      expect(await planPeriodsThrough(t.deps.db)).toBe(today() - DAY);
      await expectExact('periods');
    },
    SLOW,
  );

  it(
    'batches change closed days inside and outside the periods, today, and bring a day back to zero: the rows follow',
    async () => {
      const now = today();
      await write([
        change(KEYS[0]!, now - DAY, 2, 1234), // yesterday: every period
        change(KEYS[2]!, now - 20 * DAY, 1, 999), // the 29- and 89-day periods
        change(KEYS[3]!, now - 95 * DAY, 3, 50), // before every period
        change(KEYS[1]!, now, 1, 77), // today: no period yet
        change([1, 4, 'T', 'p9'], now - 3 * DAY, 1, 10), // a new plan
      ]);
      await expectExact('periods');
      // a refund of all of a key's day: its row stays at zero while the day is inside (as the daily row does)
      const { rows } = await t.deps.db
        .selectFrom('order_facts_daily')
        .selectAll()
        .where('plan_id', '=', 'p9')
        .execute()
        .then((r) => ({ rows: r }));
      await write(
        rows.map((r) => ({
          ...r,
          orders: -r.orders,
          order_fen: -r.order_fen,
          paid_orders: -r.paid_orders,
          paid_fen: -r.paid_fen,
          commission_fen: -r.commission_fen,
        })),
      );
      expect(await expectPlanPeriodSumsExact(t.deps.db)).toBeGreaterThan(0);
      const p9 = await t.deps.db.selectFrom('plan_period_sums').select(['days', 'orders']).where('plan_id', '=', 'p9').execute();
      expect(p9.map((r) => [Number(r.days), Number(r.orders)]).sort()).toEqual([
        [14, 0],
        [29, 0],
        [6, 0],
        [89, 0],
      ]);
      await expectExact('periods');
    },
    SLOW,
  );

  it(
    'the day change slides the periods by a day; days the server was stopped are rebuilt',
    async () => {
      const slides = planPeriodRolls.slides;
      at(today() + DAY);
      await write(ordersOf(today(), today())); // after midnight, before the roll: the watermark is the day before yesterday
      await expectExact('daily facts');
      await t.deps.jobs.run(PLAN_PERIODS_JOB);
      expect(planPeriodRolls.slides - slides).toBe(1);
      await expectExact('periods');
      const rebuilds = planPeriodRolls.rebuilds;
      at(today() + 4 * DAY);
      await write(ordersOf(today() - 3 * DAY, today()));
      await t.deps.jobs.run(PLAN_PERIODS_JOB);
      expect(planPeriodRolls.rebuilds - rebuilds).toBe(1);
      await expectExact('periods');
    },
    SLOW,
  );

  it(
    'as the product keeps them: on SQLite; on PostgreSQL its writers, the roll and the reads leave them alone',
    async () => {
      periodSumsKept.postgres = false;
      const keeps = engineOf(t.deps.db) === 'sqlite';
      const snapshot = async () =>
        (await t.deps.db.selectFrom('plan_period_sums').selectAll().execute())
          .map((r) => JSON.stringify(Object.values(r).map(String)))
          .sort();
      const before = await snapshot();
      at(today() + DAY);
      await write(ordersOf(today() - 5 * DAY, today()));
      await t.deps.jobs.run(PLAN_PERIODS_JOB); // a slide
      await write(ordersOf(today() - 2 * DAY, today() - DAY));
      await syncReportDay(t.deps, 'A', today() - DAY, [
        {
          customerid: cust[0]!,
          campaign_id: 'c1',
          plan_id: 'p1',
          pageid: 'Lp1',
          hour: today() - DAY + 9 * 3600,
          cost_fen: 5,
          shows: 1,
          clicks: 1,
          conversions: 0,
        },
      ]);
      if (keeps) await expectExact('periods');
      else {
        // what the switched-on cases left is stale now — nothing kept it through the batches, the sync and the slide
        // — and nothing reads it: the reads take the daily facts
        expect(await snapshot()).toEqual(before);
        await expect(expectPlanPeriodSumsExact(t.deps.db)).rejects.toThrow();
        await expectExact('daily facts', false);
      }
    },
    SLOW,
  );
});
