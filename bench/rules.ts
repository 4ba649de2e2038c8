/**
 * Automatic rules: one tick of the `rules` job over `BENCH_RULES` rules (default 10 000) watching `BENCH_PLANS` plans
 * (default 100 000; each rule one campaign of 20 plans, so every plan is watched by BENCH_RULES × 20 / BENCH_PLANS
 * rules) on SQLite or PostgreSQL (`BENCH_PG_URL`, default the test server; a fresh database), with today's daily facts and orders for every plan, fresh syncs, and notify-only rules (nothing
 * is sent to a platform: the platform calls are the connectors' cost, not the rules'). Times the tick
 * (`runDueRules`, the job's own work) and gives ms per rule. `BENCH_WINDOW=hours`: the rules read the last 3 hours
 * instead of today (the same facts written hourly too, this hour). Results: bench/rules-results*.json, bench/README.md.
 *
 *   node bench/rules.ts [sqlite|postgres]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createUser } from '../src/server/accounts/users.ts';
import { boot } from '../src/server/boot.ts';
import { setLogLevel } from '../src/server/kernel/log.ts';
import { columnsOf } from '../src/server/rules/model.ts';
import { runDueRules } from '../src/server/rules/tick.ts';
import { chinaDayStart, hourStart } from '../src/shared/china-clock.ts';
import { ruleInput } from '../src/shared/rules.ts';
import { benchDatabase, engineArg, insertAdvertiser, seriesSql } from './world.ts';

const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);
const RULES = Number(process.env.BENCH_RULES ?? 10_000);
const PER_ADVERTISER = 500;
const PER_CAMPAIGN = 20;
const CUSTOMERS = 50;
const HOURS = process.env.BENCH_WINDOW === 'hours';
setLogLevel('silent');

async function main(): Promise<void> {
  const engine = engineArg();
  const series = (n: number) => seriesSql(engine, n);
  const { handle, dataDir, drop } = await benchDatabase(engine, 'rules');
  try {
    const { deps, close } = await boot({
      env: { DATA_DIR: dataDir, SCRYPT_COST: '1024', DEMO_DATA: 'off', LOG_LEVEL: 'silent' },
      handle,
      secrets: { tokenSecret: Buffer.alloc(32, 1), encryptionKey: Buffer.alloc(32, 2) },
    });
    const db = handle.db;
    const users = [];
    for (let c = 0; c < CUSTOMERS; c++) users.push(await createUser(deps, { email: `c${c}@bench.local`, password: 'secret123', role: 3 }));
    const first = users[0]!.id;
    const now = deps.clock.now();
    const started = performance.now();
    const advertisers = Math.ceil(PLANS / PER_ADVERTISER);
    for (let a = 0; a < advertisers; a++) {
      const c = first + (a % CUSTOMERS);
      await insertAdvertiser(db, {
        customerid: c,
        advertiserId: String(1_700_000_000 + a),
        name: `广告主${a}`,
        now,
        reportSyncedTo: hourStart(now) + 3600,
      });
    }
    const cust = `(${first} + (i / ${PER_ADVERTISER}) % ${CUSTOMERS})`;
    await sql
      .raw(
        `insert into ad_entities (platform, advertiser_id, customerid, level, entity_id, parent_id, campaign_id, name, raw_status, status, enabled, budget_fen, bid_fen, pageid, created_at, updated_at, synced_at)
         select 2, cast(${1_700_000_000} + i / ${PER_ADVERTISER} as text), ${cust}, 'plan', cast(${7_300_000_000} + i as text),
                cast(${7_100_000_000} + i / ${PER_CAMPAIGN} as text), cast(${7_100_000_000} + i / ${PER_CAMPAIGN} as text), '计划' || i,
                'AD_STATUS_DELIVERY_OK', 'delivering', 1, 50000, 100, '', ${now}, ${now}, ${now}
         from ${series(PLANS)}`,
      )
      .execute(db);
    const day = chinaDayStart(now);
    // today's daily facts, and for hourly windows the same facts in this hour
    const grains: Array<[string, number]> = HOURS
      ? [
          ['day', day],
          ['hour', hourStart(now)],
        ]
      : [['day', day]];
    for (const [grain, at] of grains) {
      await sql
        .raw(
          `insert into ad_facts_${grain === 'day' ? 'daily' : 'hourly'} (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${grain}, cost_fen, shows, clicks, conversions, synced_at)
           select 2, cast(${1_700_000_000} + i / ${PER_ADVERTISER} as text), ${cust}, cast(${7_100_000_000} + i / ${PER_CAMPAIGN} as text), cast(${7_300_000_000} + i as text), '', ${at},
                  10000 + (i % 50) * 1000, 2000 + i % 500, 40 + i % 60, i % 5, ${now}
           from ${series(PLANS)}`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into order_facts_${grain === 'day' ? 'daily' : 'hourly'} (customerid, pageid, item_id, channel, advertiser_id, campaign_id, plan_id, ${grain}, orders, order_fen, paid_orders, paid_fen, commission_fen)
           select ${cust}, '', 'i', 2, cast(${1_700_000_000} + i / ${PER_ADVERTISER} as text), cast(${7_100_000_000} + i / ${PER_CAMPAIGN} as text), cast(${7_300_000_000} + i as text), ${at},
                  i % 4, (i % 4) * 8000, i % 4, (i % 4) * 8000, 0
           from ${series(PLANS)} where i % 2 = 0`,
        )
        .execute(db);
    }
    for (const key of ['taobao', 'jd', 'pdd', 'ud'])
      await db
        .insertInto('job_cursors')
        .values({ job: 'order-sync', key, value: String(now), updated_at: now })
        .execute();
    const campaigns = PLANS / PER_CAMPAIGN;
    const rules = [];
    for (let r = 0; r < RULES; r++) {
      const campaign = r % campaigns;
      const customerid = first + (Math.floor((campaign * PER_CAMPAIGN) / PER_ADVERTISER) % CUSTOMERS);
      const input = ruleInput.parse({
        name: `规则${r}`,
        acpl: 2,
        scope: { kind: 'campaigns', ids: [String(7_100_000_000 + campaign)] },
        conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }],
        window: HOURS ? { kind: 'hours', n: 3 } : { kind: 'today' },
        action: { kind: 'pause' },
        schedule: { kind: 'every', minutes: 15 },
        notify_only: true,
        notify_email: false,
      });
      rules.push({ ...columnsOf(input, customerid), created_by: customerid, updated_by: customerid, created_at: now, updated_at: now });
    }
    for (let i = 0; i < rules.length; i += 500)
      await db
        .insertInto('rules')
        .values(rules.slice(i, i + 500))
        .execute();
    if (engine === 'postgres') await sql`analyze`.execute(db);
    const fillSeconds = (performance.now() - started) / 1000;
    const t0 = performance.now();
    const result = await runDueRules(deps, { signal: new AbortController().signal, yield: async () => {} });
    const ms = performance.now() - t0;
    const events = Number(
      (
        await db
          .selectFrom('rule_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const out = {
      engine,
      window: HOURS ? 'hours 3' : 'today',
      plans: PLANS,
      rules: RULES,
      fillSeconds: Math.round(fillSeconds),
      tickMs: Math.round(ms),
      msPerRule: Math.round((ms / RULES) * 100) / 100,
      events,
      result,
      at: new Date().toISOString(),
    };
    console.log(JSON.stringify(out));
    writeFileSync(
      path.join(import.meta.dirname, `rules-results${engine === 'postgres' ? '-postgres' : ''}${HOURS ? '-hours' : ''}.json`),
      `${JSON.stringify(out, null, 2)}\n`,
    );
    await close();
  } finally {
    await drop();
  }
}

await main();
