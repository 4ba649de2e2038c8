/**
 * The per-plan preset periods (`ad_plan_periods`, src/server/ads/plan-periods.ts) equal the daily facts they add up,
 * to the fen, and the admin's plan list sorted by an ad sum over a preset range returns, through them
 * (promotion/plan-top.ts), exactly the rows and order of the slow path: after the report sync's own per-day step over
 * 95 days, the job's roll at each China day change, days synced while the watermark is stale, a late re-pull that
 * changes a closed day and moves a plan's day to another account, today's hours (a plan with no sum in the period but
 * the most today ranks first; over a range that is no preset, a plan below the bound in its covering period and today
 * alike that both lift onto the page), and retention of the hourly facts. Today's rows (`TODAY`) are
 * checked with the periods. So are every plan's sums per account and customer (`plan_period_sums`, the ad rows; the
 * order rows in plan-period-sums.test.ts) and the admins' reads of the same periods by plan, customer and channel
 * through them (facts/period-sums.ts). Upgrades: plan-periods-upgrade.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf } from '../../src/server/accounts/actor.ts';
import { periodSumsKept } from '../../src/server/ads/plan-period-sums.ts';
import { PERIOD_DAYS, PLAN_PERIODS_JOB, planPeriodRolls, planPeriodsThrough, TODAY } from '../../src/server/ads/plan-periods.ts';
import type { Actor } from '../../src/server/kernel/actor.ts';
import { pruneOldestHour } from '../../src/server/lifecycle/store.ts';
import { planTop } from '../../src/server/promotion/plan-top.ts';
import { listTree } from '../../src/server/promotion/tree.ts';
import { chinaDay, chinaDayStart } from '../../src/shared/china-clock.ts';
import { promoteIndexInput } from '../../src/shared/promote-schemas.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { makeUser } from '../support/factories.ts';
import { insertEntity } from '../support/factories-promotion.ts';
import { type ReportHour, syncReportDay } from '../support/factories-reports.ts';
import { expectPeriodReadsEqualDaily, expectPlanPeriodSumsExact, PERIOD_READS } from '../support/plan-period-sums.ts';

const DAY = 86_400;
const num = (v: unknown) => Number(v);
const PLANS = 16;
/** Each case lists 216 pages or more, on PGlite too, on a machine others share. */
const SLOW = 300_000;

describe.each(dialects())('per-plan preset periods ($name)', (dialect) => {
  const clock = testClock();
  const today = chinaDayStart(clock.now());
  const first = today - 100 * DAY;
  /** Noon of China day `day` as the clock's "now". */
  const at = (day: number) => clock.set((day + 12 * 3600) * 1000);
  let t: TestApp;
  let admin: Actor;
  const cust: number[] = [];

  const syncDay = (advertiser: string, day: number, rows: ReportHour[]) => syncReportDay(t.deps, advertiser, day, rows);
  /** Plan i on account A (i < 8) or B; p3 moves to B from day 50; p14, p15 copy p12, p13 (ties); a gap every 5th day. */
  const accountOf = (i: number, d: number) => (i < 8 && !(i === 3 && d >= 50) ? 'A' : 'B');
  function hoursOf(d: number, day: number) {
    return Array.from({ length: PLANS }, (_, i) => i)
      .filter((i) => (i * 7 + d) % 5 !== 0)
      .flatMap((i) => {
        const j = i >= 14 ? i - 2 : i;
        const cost = 100 + ((j * 37 + d * 11) % 50) * 10;
        return [10, 15].map((h) => ({
          adv: accountOf(i, d),
          customerid: cust[accountOf(i, d) === 'A' ? 0 : 1]!,
          campaign_id: 'c1',
          plan_id: `p${i}`,
          pageid: '',
          hour: day + h * 3600,
          cost_fen: cost + h,
          shows: 10 * cost + j,
          clicks: (cost + j) % 13,
          conversions: h === 15 ? 1 + (j % 3) : 0,
        }));
      });
  }
  async function syncAll(d: number) {
    const day = first + d * DAY;
    const rows = hoursOf(d, day);
    for (const adv of ['A', 'B']) {
      const mine = rows.filter((r) => r.adv === adv).map(({ adv: _a, ...r }) => r);
      if (mine.length) await syncDay(adv, day, mine);
    }
  }
  const roll = () => t.deps.jobs.run(PLAN_PERIODS_JOB);
  /** One hour of a plan of customer 0 at `hour` o'clock of China day `day`. */
  const hourRow = (plan: string, day: number, hour: number, cost: number, counts = { shows: 1, clicks: 1, conversions: 0 }) => ({
    customerid: cust[0] ?? 0,
    campaign_id: 'c1',
    plan_id: plan,
    pageid: '',
    hour: day + hour * 3600,
    cost_fen: cost,
    ...counts,
  });
  /** Page 1 (4 rows) of the admin's plans by cost over [from, to], answered by the fast path. */
  async function fastPage(from: number, to: number) {
    const q = promoteIndexInput.parse({
      acpl: 2,
      type: 'plan',
      start: chinaDay(from),
      end: chinaDay(to),
      sort_field: 'sum_cost',
      pagesize: 4,
    });
    const before = planTop.taken;
    const page = await listTree(t.deps, admin, q);
    expect(planTop.taken).toBe(before + 1);
    return page.list.map((r) => r.id);
  }

  /** Every period row and every row of today, computed here from the daily rows for the watermark, vs what is stored. */
  async function expectPeriodsEqualDaily() {
    const through = await planPeriodsThrough(t.deps.db);
    const want = new Map<string, number[]>();
    if (through > 0)
      for (const r of await t.deps.db.selectFrom('ad_facts_daily').selectAll().execute())
        for (const n of [TODAY, ...PERIOD_DAYS]) {
          const inside = n === TODAY ? num(r.day) === through + DAY : num(r.day) <= through && num(r.day) > through - n * DAY;
          if (!inside) continue;
          const k = [n, r.platform, r.plan_id].join('|');
          const s = want.get(k) ?? [0, 0, 0, 0];
          want.set(k, [s[0]! + num(r.cost_fen), s[1]! + num(r.shows), s[2]! + num(r.clicks), s[3]! + num(r.conversions)]);
        }
    const stored = await t.deps.db.selectFrom('ad_plan_periods').selectAll().execute();
    const got = new Map(
      stored.map((r) => [[r.days, r.platform, r.plan_id].join('|'), [num(r.cost_fen), num(r.shows), num(r.clicks), num(r.conversions)]]),
    );
    expect(got.size).toBe(stored.length);
    expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
    // and every plan's sums per account and customer (plan_period_sums): ad rows here, order rows in plan-period-sums.test.ts
    expect(await expectPlanPeriodSumsExact(t.deps.db)).toBeGreaterThan(0);
  }

  /** The admin's plan list by each ad sum over each preset range and others, pages 1–3 of 4: the fast path equals the slow one. */
  async function expectFastEqualsSlow(fast: boolean) {
    const now = chinaDayStart(clock.now());
    // the presets, ranges inside the last 90 days that are none (a covering period bounds them), and one beyond
    const covered = [
      [now - 7 * DAY, now - DAY],
      [now - 9 * DAY, now - 3 * DAY],
      [now - 2 * DAY, now],
      [now - 39 * DAY, now],
      [now - 60 * DAY, now - 50 * DAY],
    ];
    const ranges = [
      [now, now],
      ...PERIOD_DAYS.flatMap((n) => [
        [now - n * DAY, now],
        [now - n * DAY, now - DAY],
      ]),
      ...covered,
      [now - 91 * DAY, now - 85 * DAY],
    ];
    const before = planTop.taken;
    for (const sort_field of ['sum_cost', 'sum_show_cnt', 'sum_click', 'convert'])
      for (const [from, to] of ranges)
        for (const page of [1, 2, 3]) {
          const q = promoteIndexInput.parse({
            acpl: 2,
            type: 'plan',
            start: chinaDay(from!),
            end: chinaDay(to!),
            sort_field,
            page,
            pagesize: 4,
          });
          planTop.on = false;
          const slow = await listTree(t.deps, admin, q);
          planTop.on = true;
          const quick = await listTree(t.deps, admin, q);
          expect(quick).toEqual(slow);
        }
    // every preset period and every covered range takes the fast path when the watermark is yesterday (today alone too,
    // when enough plans have a sum today; not a range that starts before the 90 days), none when it is not
    const periods = 4 * (2 * PERIOD_DAYS.length + covered.length) * 3;
    if (fast) expect(planTop.taken - before).toBeGreaterThanOrEqual(periods);
    else expect(planTop.taken - before).toBe(0);
    // the admins' reads of the same periods by plan, customer and channel (facts/period-sums.ts) answer as the daily facts
    const taken = await expectPeriodReadsEqualDaily(t.deps.db, clock.now());
    if (fast) expect(taken).toBe(PERIOD_READS);
    else expect(taken).toBe(0);
  }

  beforeAll(async () => {
    periodSumsKept.postgres = true; // the rows checked on every engine (the product keeps them on SQLite only)
    t = await makeTestApp(dialect, {}, { clock });
    cust.push((await makeUser(t.deps)).id, (await makeUser(t.deps)).id);
    admin = actorOf(await makeUser(t.deps, { role: 2 }), 'test');
    for (let i = 0; i < PLANS; i++)
      await insertEntity(t.deps.db, {
        platform: 2,
        advertiser_id: accountOf(i, 99),
        customerid: cust[i < 8 && i !== 3 ? 0 : 1]!,
        level: 'plan',
        entity_id: `p${i}`,
      });
    // a plan with no facts until today, and a deleted plan with the largest sums (never listed)
    await insertEntity(t.deps.db, { platform: 2, advertiser_id: 'A', customerid: cust[0]!, level: 'plan', entity_id: 'pnew' });
    await insertEntity(t.deps.db, {
      platform: 2,
      advertiser_id: 'A',
      customerid: cust[0]!,
      level: 'plan',
      entity_id: 'pdel',
      status: 'deleted',
    });
    at(first + 95 * DAY);
    for (let d = 0; d < 95; d++) await syncAll(d);
    const h = (day: number, cost: number) =>
      [10, 11].map((x) => ({
        customerid: cust[0]!,
        campaign_id: 'c1',
        plan_id: 'pdel',
        pageid: '',
        hour: day + x * 3600,
        cost_fen: cost,
        shows: cost,
        clicks: cost,
        conversions: cost,
      }));
    for (let d = 60; d < 95; d++)
      await syncDay('A', first + d * DAY, [
        ...hoursOf(d, first + d * DAY)
          .filter((r) => r.adv === 'A')
          .map(({ adv: _a, ...r }) => r),
        ...h(first + d * DAY, 99_999),
      ]);
  }, 180_000);
  afterAll(async () => {
    periodSumsKept.postgres = false;
    planTop.on = true;
    await t?.close();
  }, SLOW);

  it(
    'not ready before the first roll: the slow path answers; the roll fills every period from the daily facts',
    async () => {
      expect(await planPeriodsThrough(t.deps.db)).toBe(0);
      await expectFastEqualsSlow(false);
      await roll();
      expect(await planPeriodsThrough(t.deps.db)).toBe(first + 94 * DAY);
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
    },
    SLOW,
  );

  it(
    "today's syncs keep today's rows and leave the periods alone; the day change rolls them; a stale watermark takes the slow path",
    async () => {
      const slides = planPeriodRolls.slides;
      await syncAll(95); // today, as of the clock
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
      at(first + 96 * DAY); // the next China day: day 95 is closed, the periods end on day 94
      await expectFastEqualsSlow(false);
      await syncAll(95); // its last hours, synced after midnight: a closed day after the watermark
      await syncAll(96);
      await roll();
      expect(await planPeriodsThrough(t.deps.db)).toBe(first + 95 * DAY);
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
      for (let d = 97; d <= 100; d++) {
        at(first + d * DAY);
        await roll();
        await syncAll(d - 1); // a re-pull of yesterday (a closed day inside every period)
        await syncAll(d);
        await expectPeriodsEqualDaily();
      }
      expect(chinaDayStart(clock.now())).toBe(today);
      await expectFastEqualsSlow(true);
      expect(planPeriodRolls.slides - slides).toBe(5); // each day change moved the rows by a day, no rebuild
    },
    SLOW,
  );

  it(
    'a late re-pull changes a closed day and moves a day of p3 back to account A: the periods and the list follow',
    async () => {
      const day = first + 80 * DAY;
      const row = (plan: string, cost: number, hour: number) => hourRow(plan, day, hour, cost, { shows: 3, clicks: 2, conversions: 1 });
      await syncDay('A', day, [row('p3', 50_000, 10), row('p3', 7, 15), row('p1', 12_345, 10)]);
      const moved = await t.deps.db
        .selectFrom('ad_facts_daily')
        .select('advertiser_id')
        .where('plan_id', '=', 'p3')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      expect(moved.advertiser_id).toBe('A');
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
    },
    SLOW,
  );

  it(
    'a plan with no sum in the period but the most today ranks first of the 7 days ending today, through the fast path',
    async () => {
      await syncDay('A', today, [hourRow('pnew', today, 9, 10_000_000)]);
      const ids = await fastPage(today - 6 * DAY, today);
      expect(ids[0]).toBe('pnew');
      expect(ids).not.toContain('pdel');
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
    },
    SLOW,
  );

  it(
    'a range that is no preset: a plan below v in its covering period and today alike, lifted over v by both, is on the page',
    async () => {
      const row = (plan: string, day: number, cost: number) => hourRow(plan, day, 10, cost);
      const four = [0, 1, 2, 3];
      for (const id of [...four.map((i) => `qold${i}`), ...four.map((i) => `qnow${i}`), 'qlift'])
        await insertEntity(t.deps.db, { platform: 2, advertiser_id: 'A', customerid: cust[0] ?? 0, level: 'plan', entity_id: id });
      // the seeds: 4 plans of the largest 6-day sums, from a day outside the range, and 4 of the largest today (with pnew)
      await syncDay(
        'A',
        today - 5 * DAY,
        four.map((i) => row(`qold${i}`, today - 5 * DAY, 5_000_000)),
      );
      await syncDay('A', today - DAY, [row('qlift', today - DAY, 900_000)]);
      await syncDay('A', today, [...four.map((i) => row(`qnow${i}`, today, 1_000_000)), row('qlift', today, 900_000)]);
      expect((await fastPage(today - 2 * DAY, today)).slice(0, 2)).toEqual(['pnew', 'qlift']);
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
    },
    SLOW,
  );

  it(
    'retention deletes the old hourly facts: the periods still equal the daily facts, the list is unchanged',
    async () => {
      expect(await pruneOldestHour(t.deps.db, 'ad_facts_hourly', today - 30 * DAY)).toBeGreaterThan(0);
      await expectPeriodsEqualDaily();
      await expectFastEqualsSlow(true);
    },
    SLOW,
  );
});
