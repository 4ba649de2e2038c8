/**
 * A span that ends inside its last day (today up to the current hour) reads that day's ad facts from the daily rows
 * (`ad_facts_daily.exact_to`, facts/days.ts `cutDay`) — and the sums equal the hourly facts as last written, to the
 * fen, by plan, by link and per customer: for plans whose hours of the day agree, and for the exceptions read from
 * their hours (hours of two customers, two links, two accounts, an hour after the cut, a row written without
 * `exact_to`); a cut with more exceptions than CUT_DAY_MAX_EXCEPTIONS (yesterday at an hour) reads the hours alone.
 * And the upgrade: 0072 back-fills `exact_to` for the newest day of a database written by 0071.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdFactsHourlyTable } from '../../src/server/ads/tables.ts';
import { migrateToLatest } from '../../src/server/db/index.ts';
import { CUT_DAY_MAX_EXCEPTIONS, cutDay } from '../../src/server/facts/days.ts';
import type { FactFilter, KeyPart } from '../../src/server/facts/query.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import type { Executor } from '../../src/server/kernel/executor.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import type { Span } from '../../src/shared/span.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { type ReportHour, syncReportDay } from '../support/factories-reports.ts';

const DAY = 86_400;
const HOUR = 3600;
type Hour = AdFactsHourlyTable;

/** The hourly facts as last written, added up by `parts` over [from, to) for these customers (the truth). */
function expected(ledger: Iterable<Hour>, span: Span, parts: readonly KeyPart[], customers: readonly number[] | null) {
  const out: Record<string, number[]> = {};
  for (const h of ledger) {
    if (h.hour < span.from || h.hour >= span.to || (customers && !customers.includes(h.customerid))) continue;
    const key = parts
      .map((p) =>
        p === 'bucket'
          ? String(chinaDayStart(h.hour))
          : p === 'customer'
            ? String(h.customerid)
            : p === 'channel'
              ? String(h.platform)
              : p === 'advertiser'
                ? h.advertiser_id
                : p === 'plan'
                  ? h.plan_id
                  : p === 'link'
                    ? h.pageid
                    : '',
      )
      .join('|');
    const [cost = 0, shows = 0, clicks = 0, conversions = 0] = out[key] ?? [];
    out[key] = [cost + h.cost_fen, shows + h.shows, clicks + h.clicks, conversions + h.conversions];
  }
  return out;
}

async function read(db: Executor, span: Span, parts: readonly KeyPart[], customers: readonly number[] | null) {
  const filter: FactFilter = { customers };
  const rows = await sumsBy(db, span, filter, parts, { sources: ['ad'] });
  const out: Record<string, number[]> = {};
  for (const r of rows.values()) out[r.key.join('|')] = [r.sums.costFen, r.sums.shows, r.sums.clicks, r.sums.conversions];
  return out;
}

describe.each(dialects())('ad facts of a day cut at the current hour ($name)', (dialect) => {
  const clock = testClock();
  const today = chinaDayStart(Math.floor(clock.now()));
  /** The current hour ends at 16:00 today: the span of 最近7天 and 今天 as the boards read them. */
  const until = today + 16 * HOUR;
  const ledger = new Map<string, Hour>();
  let t: TestApp;

  /** One day of an account as the report sync stores it (tests/support), kept in the ledger the reads are checked against. */
  async function syncDay(advertiser: string, day: number, rows: ReportHour[]) {
    for (const v of await syncReportDay(t.deps, advertiser, day, rows)) ledger.set(`${v.plan_id}|${v.hour}`, v);
  }
  const hour = (plan: string, customerid: number, pageid: string, at: number, cost: number) => ({
    customerid,
    campaign_id: 'c1',
    plan_id: plan,
    pageid,
    hour: at,
    cost_fen: cost,
    shows: 10 * cost,
    clicks: cost % 7,
    conversions: cost % 3 === 0 ? 1 : 0,
  });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    // six days back to yesterday: every plan's hours agree
    for (let d = 6; d >= 1; d--) {
      const day = today - d * DAY;
      await syncDay('A', day, [
        hour('p1', 1, 'L1', day + 9 * HOUR, 100 + d),
        hour('p1', 1, 'L1', day + 20 * HOUR, 50 + d),
        hour('p2', 1, 'L2', day + 11 * HOUR, 30 * d),
        hour('p3', 2, 'L3', day + 15 * HOUR, 7 + d),
        hour('p4', 2, '', day + 23 * HOUR, 3 * d),
      ]);
    }
    // today: p1 plain; p2 changes customer at 12:00; p3 changes link; p4 moves from account A to B at 13:00;
    // p5 has an hour after the cut (a report ahead of our clock); p6 is plain on account B
    await syncDay('A', today, [
      hour('p1', 1, 'L1', today + 9 * HOUR, 11),
      hour('p1', 1, 'L1', today + 15 * HOUR, 12),
      hour('p2', 1, 'L2', today + 10 * HOUR, 13),
      hour('p2', 2, 'L2', today + 12 * HOUR, 14),
      hour('p3', 2, 'L3', today + 8 * HOUR, 15),
      hour('p3', 2, 'L4', today + 14 * HOUR, 16),
      hour('p4', 2, '', today + 9 * HOUR, 17),
      hour('p5', 1, 'L5', today + 10 * HOUR, 18),
      hour('p5', 1, 'L5', today + 17 * HOUR, 19),
    ]);
    await syncDay('B', today, [hour('p4', 2, '', today + 13 * HOUR, 20), hour('p6', 2, 'L6', today + 15 * HOUR, 21)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the cut day from the daily rows, but the plans whose rows do not equal their hours up to the cut', async () => {
    const cut = await cutDay(t.deps.db, today, until);
    expect(cut).not.toBeNull();
    expect(cut?.hours.map((p) => p.plan_id).sort()).toEqual(['p2', 'p3', 'p4', 'p5']);
    // past the last hour of every plan, only the plans of two customers, links or accounts remain
    expect((await cutDay(t.deps.db, today, today + DAY))?.hours.map((p) => p.plan_id).sort()).toEqual(['p2', 'p3', 'p4']);
  });

  const spans: [string, Span][] = [
    ['today up to the current hour', { from: today, to: until }],
    ['seven days up to the current hour', { from: today - 6 * DAY, to: until }],
    ['today up to 10:00', { from: today, to: today + 10 * HOUR }],
    ['from 09:00 yesterday up to the current hour', { from: today - DAY + 9 * HOUR, to: until }],
  ];
  const groupings: [string, KeyPart[]][] = [
    ['plan', ['channel', 'advertiser', 'plan']],
    ['link', ['link']],
    ['total', []],
    ['customer (the per-customer days)', ['customer']],
    ['day (a day series)', ['bucket']],
    ['day and plan', ['bucket', 'channel', 'advertiser', 'plan']],
  ];
  for (const [spanName, span] of spans)
    for (const [groupName, parts] of groupings)
      for (const customers of [null, [1], [2]])
        it(`equals the hourly facts: ${spanName}, by ${groupName}, customers ${customers ?? 'all'}`, async () => {
          expect(await read(t.deps.db, span, parts, customers)).toEqual(expected(ledger.values(), span, parts, customers));
        });

  it('reads the hours alone when more plans than CUT_DAY_MAX_EXCEPTIONS need them (yesterday cut at an hour)', async () => {
    const day = today - DAY;
    const rows = Array.from({ length: CUT_DAY_MAX_EXCEPTIONS + 1 }, (_, i) => hour(`q${i}`, 3, '', day + 20 * HOUR, i + 1));
    await syncDay('C', day, rows);
    expect(await cutDay(t.deps.db, day, day + 16 * HOUR)).toBeNull();
    // cut at 16:00 the hours alone answer; cut at 21:00 the daily rows but p4's (its hour at 23:00)
    for (const span of [
      { from: day - DAY, to: day + 16 * HOUR },
      { from: day - DAY, to: day + 21 * HOUR },
    ])
      for (const customers of [null, [2], [3]])
        expect(await read(t.deps.db, span, ['channel', 'advertiser', 'plan'], customers)).toEqual(
          expected(ledger.values(), span, ['channel', 'advertiser', 'plan'], customers),
        );
  });

  it('takes the hours of a daily row written without exact_to (0: not known)', async () => {
    await sql`update ad_facts_daily set exact_to = 0 where plan_id = 'p1' and day = ${today}`.execute(t.deps.db);
    expect((await cutDay(t.deps.db, today, until))?.hours.map((p) => p.plan_id)).toContain('p1');
    const span = { from: today, to: until };
    expect(await read(t.deps.db, span, ['channel', 'advertiser', 'plan'], [1])).toEqual(
      expected(ledger.values(), span, ['channel', 'advertiser', 'plan'], [1]),
    );
  });
});

describe.each(dialects())('0072 back-fills exact_to of the newest day ($name)', (dialect) => {
  it('sets the end of the last hour where the hours agree and add up to the row, else 0', async () => {
    const today = chinaDayStart(Math.floor(testClock().now()));
    const h = await databaseAt(dialect.name, '0071_rollup_blocks');
    try {
      const hourly = [
        ['p1', 1, today + 9 * HOUR, 5],
        ['p1', 1, today + 14 * HOUR, 6],
        ['p2', 1, today + 10 * HOUR, 7],
        ['p2', 2, today + 11 * HOUR, 8],
        ['p3', 1, today - DAY + 9 * HOUR, 9],
        ['p4', 1, today + 8 * HOUR, 10],
      ] as const;
      for (const [plan, cust, at, cost] of hourly)
        await sql`insert into ad_facts_hourly (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, hour, cost_fen, shows, clicks, conversions, synced_at)
          values (2, 'A', ${cust}, 'c1', ${plan}, '', ${at}, ${cost}, 1, 0, 0, 0)`.execute(h.db);
      // p4's daily row does not add up to its hours (written by hand): not known
      for (const [plan, cust, day, cost] of [
        ['p1', 1, today, 11],
        ['p2', 2, today, 15],
        ['p3', 1, today - DAY, 9],
        ['p4', 1, today, 99],
      ] as const)
        await sql`insert into ad_facts_daily (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions, synced_at)
          values (2, 'A', ${cust}, 'c1', ${plan}, '', ${day}, ${cost}, ${plan === 'p2' ? 2 : 1 + Number(plan === 'p1')}, 0, 0, 0)`.execute(
          h.db,
        );
      await migrateToLatest(h);
      const rows = await sql<{ plan_id: string; exact_to: number | string; cost_fen: number | string }>`select plan_id, exact_to, cost_fen
        from ad_facts_daily order by plan_id`.execute(h.db);
      expect(rows.rows.map((r) => [r.plan_id, Number(r.exact_to), Number(r.cost_fen)])).toEqual([
        ['p1', today + 15 * HOUR, 11],
        ['p2', 0, 15],
        ['p3', 0, 9],
        ['p4', 0, 99],
      ]);
    } finally {
      await h.close();
    }
  });
});
