/**
 * Promotion list and totals over 100 000 plans with 90 days of hourly facts, on SQLite and PostgreSQL
 * (`BENCH_PG_URL`, default the test server): the real services (`listTree`, `sumTree`, `entityTrend`) on a
 * migrated database filled by SQL (the hourly facts generated in the database, the daily rows summed from them,
 * as the report sync keeps them in step). Each case runs `BENCH_RUNS` times after 3 warm-ups; p50 and p95 in ms.
 * Results: bench/promotion-results.json and bench/README.md.
 *
 *   node bench/promotion.ts [sqlite|postgres]
 *
 * `BENCH_CASES=admin-plans`: only the admin's lists of every customer's plans (today, 7, 15, 30 and 90 days ending
 * today, by cost; 30 days by shows; 7 days ending yesterday, yesterday, 31–60 days ago), without the account rollup they
 * do not read.
 * `BENCH_COMPARE=1`: each case timed with the per-plan periods' fast path off (`planTop.on = false`: the code before)
 * and on, interleaved call by call on the same database (after 3 warm-ups of each).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { actorOf } from '../src/server/accounts/actor.ts';
import { createUser } from '../src/server/accounts/users.ts';
import { rebuildAllBlocks } from '../src/server/ads/blocks.ts';
import { rebuildAllCustomerHours } from '../src/server/ads/customer-hours.ts';
import { PLAN_PERIODS_JOB, planPeriodRolls, rollPlanPeriods } from '../src/server/ads/plan-periods.ts';
import { boot } from '../src/server/boot.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/server/db/index.ts';
import type { Actor } from '../src/server/kernel/actor.ts';
import { setLogLevel } from '../src/server/kernel/log.ts';
import { planTop } from '../src/server/promotion/plan-top.ts';
import { ACCOUNT_ROLLUP_JOB } from '../src/server/promotion/rollup.ts';
import { listTree, sumTree } from '../src/server/promotion/tree.ts';
import { entityTrend } from '../src/server/promotion/trend.ts';
import { chinaDay, chinaDayStart } from '../src/shared/china-clock.ts';
import { LINK_DEFAULTS } from '../src/shared/links.ts';
import { promoteFilterInput, promoteIndexInput } from '../src/shared/promote-schemas.ts';
import { freshPostgresDatabase } from '../tests/support/dialects.ts';
import { insertAdvertiser, seriesSql } from './world.ts';

const PLANS = 100_000;
const PER_ADVERTISER = 500;
const PER_CAMPAIGN = 20;
const CUSTOMERS = 50;
const DAYS = 90;
const HOURS_PER_DAY = Number(process.env.BENCH_HOURS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ONLY_ADMIN_PLANS = process.env.BENCH_CASES === 'admin-plans';
const COMPARE = process.env.BENCH_COMPARE === '1';
const ADVERTISERS = PLANS / PER_ADVERTISER;

setLogLevel('silent');

async function fill(handle: DatabaseHandle, customerIds: number[]): Promise<{ rows: Record<string, number>; seconds: number }> {
  const { db, engine } = handle;
  const started = performance.now();
  const now = Math.floor(Date.now() / 1000);
  const day0 = chinaDayStart(now) - (DAYS - 1) * 86400;
  const first = customerIds[0] ?? 1;
  // links: 20 per customer on the shop platforms (2 淘宝 most, then 京东, 小程序, 拼多多, UDSmart, 京东 CID)
  const PL = [2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 7, 8, 2, 2, 3, 5, 8];
  const links = customerIds.flatMap((c, ci) =>
    PL.map((platform, k) => ({
      ...LINK_DEFAULTS,
      pageid: String(100_000_000 + ci * 20 + k),
      customerid: c,
      platform,
      state: 2,
      isdirect: 1,
      itemid: '',
      item_title: '',
      item_image: '',
      item_price: 0,
      detaillink: '',
      transedlink: '',
      monitor_touch_url: '',
      monitor_show_url: '',
      created_by: c,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })),
  );
  for (let i = 0; i < links.length; i += 200)
    await db
      .insertInto('links')
      .values(links.slice(i, i + 200))
      .execute();
  for (let a = 0; a < ADVERTISERS; a++) {
    const c = customerIds[a % CUSTOMERS] ?? first;
    await insertAdvertiser(db, {
      customerid: c,
      advertiserId: String(1_700_000_000_000_000 + a),
      name: `广告主${a}`,
      now,
      reportSyncedTo: 0,
    });
  }
  // customer of advertiser a = customerIds[a % 50]; ids are consecutive from `first` (fresh database).
  const cust = (adv: string) => `(${first} + (${adv}) % ${CUSTOMERS})`;
  const series = (n: number) => seriesSql(engine, n);
  const campaigns = PLANS / PER_CAMPAIGN;
  await sql
    .raw(
      `insert into ad_entities (platform, advertiser_id, customerid, level, entity_id, parent_id, campaign_id, name, raw_status, status, enabled, budget_fen, created_at, updated_at, synced_at)
       select 2, cast(${1_700_000_000_000_000} + (i * ${PER_CAMPAIGN}) / ${PER_ADVERTISER} as text), ${cust(`(i * ${PER_CAMPAIGN}) / ${PER_ADVERTISER}`)}, 'campaign',
              cast(${7_100_000_000_000_000} + i as text), '', '', '广告组' || i, 'CAMPAIGN_STATUS_ENABLE', 'delivering', 1, null, ${now} - i, ${now}, ${now}
       from ${series(campaigns)}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ad_entities (platform, advertiser_id, customerid, level, entity_id, parent_id, campaign_id, name, raw_status, status, enabled, budget_fen, bid_fen, pageid, created_at, updated_at, synced_at)
       select 2, cast(${1_700_000_000_000_000} + i / ${PER_ADVERTISER} as text), ${cust(`i / ${PER_ADVERTISER}`)}, 'plan',
              cast(${7_300_000_000_000_000} + i as text), cast(${7_100_000_000_000_000} + i / ${PER_CAMPAIGN} as text), cast(${7_100_000_000_000_000} + i / ${PER_CAMPAIGN} as text),
              '计划' || i, case when i % 7 = 0 then 'AD_STATUS_DISABLE' else 'AD_STATUS_DELIVERY_OK' end, case when i % 7 = 0 then 'paused' else 'delivering' end,
              case when i % 7 = 0 then 0 else 1 end, 30000 + (i % 50) * 1000, 50 + i % 200,
              cast(${100_000_000} + ((i / ${PER_ADVERTISER}) % ${CUSTOMERS}) * 20 + (i / ${PER_CAMPAIGN}) % 20 as text), ${now} - i, ${now}, ${now}
       from ${series(PLANS)}`,
    )
    .execute(db);
  // Hourly facts: each plan delivers on a stretch of 3–30 days, HOURS_PER_DAY hours a day from 10:00 China time; today
  // only the hours already over (a report never holds an hour to come).
  const hours = HOURS_PER_DAY;
  const planDays =
    engine === 'postgres'
      ? `select p.i, d.d from generate_series(0::bigint, ${PLANS - 1}) as p(i), generate_series(0::bigint, 29) as d(d) where d.d < 3 + (p.i * 104729) % 28 and (p.i * 7919) % ${DAYS} + d.d < ${DAYS}`
      : `with recursive p(i) as (select 0 union all select i + 1 from p where i < ${PLANS - 1}), d(d) as (select 0 union all select d + 1 from d where d < 29)
         select p.i as i, d.d as d from p, d where d.d < 3 + (p.i * 104729) % 28 and (p.i * 7919) % ${DAYS} + d.d < ${DAYS}`;
  const hourSeries =
    engine === 'postgres'
      ? `generate_series(0::bigint, ${hours - 1}) as h(h)`
      : `(with recursive h(h) as (select 0 union all select h + 1 from h where h < ${hours - 1}) select h from h) as h`;
  await sql
    .raw(
      `insert into ad_facts_hourly (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, hour, cost_fen, shows, clicks, conversions, synced_at)
       select 2, cast(${1_700_000_000_000_000} + pd.i / ${PER_ADVERTISER} as text), ${cust(`pd.i / ${PER_ADVERTISER}`)}, cast(${7_100_000_000_000_000} + pd.i / ${PER_CAMPAIGN} as text),
              cast(${7_300_000_000_000_000} + pd.i as text), cast(${100_000_000} + ((pd.i / ${PER_ADVERTISER}) % ${CUSTOMERS}) * 20 + (pd.i / ${PER_CAMPAIGN}) % 20 as text),
              ${day0} + (((pd.i * 7919) % ${DAYS}) + pd.d) * 86400 + (10 + h.h) * 3600,
              100 + (pd.i * 31 + h.h * 17) % 4000, 200 + (pd.i * 13 + h.h * 7) % 3000, 5 + (pd.i + h.h) % 90, (pd.i + h.h) % 4, ${now}
       from (${planDays}) as pd, ${hourSeries}
       where ${day0} + (((pd.i * 7919) % ${DAYS}) + pd.d) * 86400 + (11 + h.h) * 3600 <= ${now}`,
    )
    .execute(db);
  const dayOf = `hour - ((hour + 28800) % 86400)`;
  await sql
    .raw(
      // exact_to: the end of the plan's last hour, as the report sync's rollupDay writes it (src/server/ads/exact-to.ts)
      // for a plan whose hours agree on customer, campaign and link on one account — every plan here
      `insert into ad_facts_daily (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions, synced_at, exact_to)
       select platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${dayOf}, sum(cost_fen), sum(shows), sum(clicks), sum(conversions), max(synced_at), max(hour) + 3600
       from ad_facts_hourly group by platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${dayOf}`,
    )
    .execute(db);
  // the day blocks of those daily rows and the per-customer hours, as the report sync keeps them (src/server/ads/blocks.ts,
  // customer-hours.ts)
  await rebuildAllBlocks(db);
  await rebuildAllCustomerHours(db);
  await sql`analyze`.execute(db);
  const count = async (t: 'ad_entities' | 'ad_facts_hourly' | 'ad_facts_daily' | 'links') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = {
    entities: await count('ad_entities'),
    hourly: await count('ad_facts_hourly'),
    daily: await count('ad_facts_daily'),
    links: await count('links'),
  };
  return { rows, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0) * 10) / 10;
}

async function measure(name: string, run: () => Promise<unknown>): Promise<{ name: string; p50: number; p95: number; max: number }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { name, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: quantile(times, 1) };
}

/** The case with the fast path off and on, interleaved call by call. */
async function compare(name: string, run: () => Promise<unknown>) {
  const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
  for (let i = 0; i < 3 + RUNS; i++)
    for (const arm of ['off', 'on'] as const) {
      planTop.on = arm === 'on';
      const t = performance.now();
      await run();
      if (i >= 3) times[arm].push(performance.now() - t);
    }
  planTop.on = true;
  const of = (arm: 'off' | 'on') => ({
    name: `${name} · ${arm === 'off' ? 'before' : 'plan periods'}`,
    p50: quantile(times[arm], 0.5),
    p95: quantile(times[arm], 0.95),
    max: quantile(times[arm], 1),
  });
  return [of('off'), of('on')] as const;
}

async function main(): Promise<void> {
  const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-bench-promo-'));
  const fresh = engine === 'postgres' ? await freshPostgresDatabase(pgUrl, 'bench') : null;
  const handle = await openDatabase(fresh ? { databaseUrl: fresh.url } : { sqliteFile: path.join(dataDir, 'bench.sqlite') });
  try {
    await migrateToLatest(handle);
    const { deps, close } = await boot({
      env: { DATA_DIR: dataDir, SCRYPT_COST: '1024', DEMO_DATA: 'off', LOG_LEVEL: 'silent' },
      handle,
      secrets: { tokenSecret: Buffer.alloc(32, 1), encryptionKey: Buffer.alloc(32, 2) },
    });
    const users = [];
    for (let c = 0; c < CUSTOMERS; c++)
      users.push(await createUser(deps, { email: `c${c}@bench.local`, password: 'secret123', role: 3, company: `客户${c}` }));
    const admin = await createUser(deps, { email: 'admin@bench.local', password: 'secret123', role: 2 });
    const ids = users.map((u) => u.id);
    if (ids.some((id, i) => id !== (ids[0] ?? 0) + i)) throw new Error('customer ids are not consecutive');
    const filled = await fill(handle, ids);
    const rolled = performance.now();
    const rollup = ONLY_ADMIN_PLANS ? 'skipped' : await deps.jobs.run(ACCOUNT_ROLLUP_JOB);
    const rollupMs = Math.round(performance.now() - rolled);
    // The periods: rebuilt to end the day before yesterday (a first roll), then slid by a day to end yesterday (what the
    // job does at every China day change), each timed.
    const yesterday = chinaDayStart(Math.floor(Date.now() / 1000)) - 86_400;
    const rollTo = async (through: number) => {
      const at = performance.now();
      await handle.db.transaction().execute((tx) => rollPlanPeriods(tx, through, 0));
      return Math.round(performance.now() - at);
    };
    const periodsMs = { rebuild: await rollTo(yesterday - 86_400), slide: await rollTo(yesterday), ...planPeriodRolls };
    const periods = await deps.jobs.run(PLAN_PERIODS_JOB); // nothing left to do: the watermark is yesterday
    await sql`analyze`.execute(handle.db);
    console.log(
      `${engine}: filled in ${filled.seconds} s`,
      filled.rows,
      `account rollup ${rollupMs} ms`,
      rollup,
      `plan periods roll (ms) ${JSON.stringify(periodsMs)}`,
      periods,
    );

    const customer: Actor = actorOf(users[0]!, 'bench');
    const staff: Actor = actorOf(admin, 'bench');
    const today = chinaDay(Math.floor(Date.now() / 1000));
    const ago = (n: number) => chinaDay(Math.floor(Date.now() / 1000) - n * 86400);
    const d90 = { start: ago(89), end: today };
    const d30 = { start: ago(29), end: today };
    const adv = '1700000000000000';
    const camp = '7100000000000000';
    const list = (actor: Actor, q: Record<string, unknown>) => () => listTree(deps, actor, promoteIndexInput.parse(q));
    const sums = (actor: Actor, q: Record<string, unknown>) => () => sumTree(deps, actor, promoteFilterInput.parse(q));
    const cases = [
      ['customer · accounts · 30 days · by cost', list(customer, { acpl: 2, type: 'adver', ...d30, sort_field: 'sum_cost' })],
      [
        'customer · campaigns of an account · 流量通PRO · 30 days · by cost',
        list(customer, { acpl: 2, pl: 2, type: 'group', advertiser_id: adv, ...d30, sort_field: 'sum_cost' }),
      ],
      [
        'customer · plans of a campaign · 90 days · by CTR',
        list(customer, { acpl: 2, type: 'plan', campaign_id: camp, ...d90, sort_field: 'ctr' }),
      ],
      ['customer · all 2 000 plans · 90 days · newest first', list(customer, { acpl: 2, type: 'plan', ...d90 })],
      ['customer · all 2 000 plans · 90 days · by cost, page 1', list(customer, { acpl: 2, type: 'plan', ...d90, sort_field: 'sum_cost' })],
      [
        'customer · all plans · 流量通PRO · 90 days · by cost, page 40',
        list(customer, { acpl: 2, pl: 2, type: 'plan', ...d90, sort_field: 'sum_cost', page: 40 }),
      ],
      ['customer · totals of all plans · 90 days', sums(customer, { acpl: 2, type: 'plan', ...d90 })],
      ['customer · totals of accounts · 流量通PRO · 90 days', sums(customer, { acpl: 2, pl: 2, type: 'adver', ...d90 })],
      ['admin · 200 accounts · 90 days · by cost', list(staff, { acpl: 2, type: 'adver', ...d90, sort_field: 'sum_cost' })],
      ['admin · totals of every account · 90 days', sums(staff, { acpl: 2, type: 'adver', ...d90 })],
      ['admin · 100 000 plans · today · newest first', list(staff, { acpl: 2, type: 'plan' })],
      [
        'admin · 100 000 plans · 7 days · by cost',
        list(staff, { acpl: 2, type: 'plan', start: ago(6), end: today, sort_field: 'sum_cost' }),
      ],
      ['admin · 100 000 plans · 90 days · by cost', list(staff, { acpl: 2, type: 'plan', ...d90, sort_field: 'sum_cost' })],
      [
        'plan trend · hourly · 7 days',
        () =>
          entityTrend(deps, customer, { acpl: 2, type: 'plan', id: '7300000000000001', start: ago(6), end: today, granularity: 'hour' }),
      ],
    ] as const;
    const adminPlans = [
      ['admin · 100 000 plans · today · by cost', list(staff, { acpl: 2, type: 'plan', sort_field: 'sum_cost' })],
      ...[7, 15, 30, 90].map(
        (n) =>
          [
            `admin · 100 000 plans · ${n} days · by cost`,
            list(staff, { acpl: 2, type: 'plan', start: ago(n - 1), end: today, sort_field: 'sum_cost' }),
          ] as const,
      ),
      ['admin · 100 000 plans · 30 days · by shows', list(staff, { acpl: 2, type: 'plan', ...d30, sort_field: 'sum_show_cnt' })],
      [
        'admin · 100 000 plans · 7 days to yesterday · by cost',
        list(staff, { acpl: 2, type: 'plan', start: ago(7), end: ago(1), sort_field: 'sum_cost' }),
      ],
      [
        'admin · 100 000 plans · yesterday · by cost',
        list(staff, { acpl: 2, type: 'plan', start: ago(1), end: ago(1), sort_field: 'sum_cost' }),
      ],
      [
        'admin · 100 000 plans · 31–60 days ago · by cost',
        list(staff, { acpl: 2, type: 'plan', start: ago(60), end: ago(31), sort_field: 'sum_cost' }),
      ],
    ] as const;
    const results = [];
    for (const [name, run] of ONLY_ADMIN_PLANS ? adminPlans : cases) {
      if (COMPARE) {
        const [off, on] = await compare(name, run);
        results.push(off, on);
        console.log(`${engine} | ${name} | before p50 ${off.p50} / p95 ${off.p95} ms | periods p50 ${on.p50} / p95 ${on.p95} ms`);
        continue;
      }
      const r = await measure(name, run);
      results.push(r);
      console.log(`${engine} | ${r.name} | p50 ${r.p50} ms | p95 ${r.p95} ms`);
    }
    const file = path.join(import.meta.dirname, process.env.BENCH_OUT ?? 'promotion-results.json');
    let all: Record<string, unknown> = {};
    try {
      all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {}
    all[engine] = {
      at: new Date().toISOString(),
      nproc: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      hoursPerDay: HOURS_PER_DAY,
      planPeriodsRollMs: periodsMs,
      runs: RUNS,
      filled,
      results,
    };
    writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
    await close();
  } finally {
    await handle.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
