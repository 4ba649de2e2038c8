/**
 * The automatic-rules dataset (bench/README.md "# Automatic rules"): 50 customers, `plans` 巨量 plans (500 per
 * advertiser, 20 per campaign) with today's daily facts (and this hour's for `hours`) and orders for every plan, fresh
 * syncs, and `rules` notify-only rules each watching one campaign. Used by bench/rules.ts and bench/contended.ts.
 */
import { sql } from 'kysely';
import { createUser } from '../../src/server/accounts/users.ts';
import type { Deps } from '../../src/server/deps.ts';
import { columnsOf } from '../../src/server/rules/model.ts';
import { chinaDayStart, hourStart } from '../../src/shared/china-clock.ts';
import { ruleInput } from '../../src/shared/rules.ts';
import { type Engine, insertAdvertiser, seriesSql } from '../world.ts';

const PER_ADVERTISER = 500;
const PER_CAMPAIGN = 20;
const CUSTOMERS = 50;

export async function buildRulesWorld(deps: Deps, engine: Engine, o: { plans: number; rules: number; hours: boolean }): Promise<void> {
  const db = deps.db;
  const series = (n: number) => seriesSql(engine, n);
  const users = [];
  for (let c = 0; c < CUSTOMERS; c++) users.push(await createUser(deps, { email: `c${c}@bench.local`, password: 'secret123', role: 3 }));
  const first = users[0]!.id;
  const now = deps.clock.now();
  const advertisers = Math.ceil(o.plans / PER_ADVERTISER);
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
       from ${series(o.plans)}`,
    )
    .execute(db);
  const day = chinaDayStart(now);
  // today's daily facts, and for hourly windows the same facts in this hour
  const grains: Array<[string, number]> = o.hours
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
         from ${series(o.plans)}`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into order_facts_${grain === 'day' ? 'daily' : 'hourly'} (customerid, pageid, item_id, channel, advertiser_id, campaign_id, plan_id, ${grain}, orders, order_fen, paid_orders, paid_fen, commission_fen)
         select ${cust}, '', 'i', 2, cast(${1_700_000_000} + i / ${PER_ADVERTISER} as text), cast(${7_100_000_000} + i / ${PER_CAMPAIGN} as text), cast(${7_300_000_000} + i as text), ${at},
                i % 4, (i % 4) * 8000, i % 4, (i % 4) * 8000, 0
         from ${series(o.plans)} where i % 2 = 0`,
      )
      .execute(db);
  }
  for (const key of ['taobao', 'jd', 'pdd', 'ud'])
    await db
      .insertInto('job_cursors')
      .values({ job: 'order-sync', key, value: String(now), updated_at: now })
      .execute();
  const campaigns = o.plans / PER_CAMPAIGN;
  const rules = [];
  for (let r = 0; r < o.rules; r++) {
    const campaign = r % campaigns;
    const customerid = first + (Math.floor((campaign * PER_CAMPAIGN) / PER_ADVERTISER) % CUSTOMERS);
    const input = ruleInput.parse({
      name: `规则${r}`,
      acpl: 2,
      scope: { kind: 'campaigns', ids: [String(7_100_000_000 + campaign)] },
      conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }],
      window: o.hours ? { kind: 'hours', n: 3 } : { kind: 'today' },
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
}
