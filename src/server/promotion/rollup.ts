/**
 * Report sums per advertiser account, sub-platform (and -1: the whole day) and China day (`promote_account_daily`), so account lists and
 * totals over 90 days read a few hundred rows instead of every plan-day. The job `promotion.account-rollup` follows
 * `ad_facts_daily` by its `synced_at` (the report sync stamps every row it writes) and recomputes each touched
 * (account, day) from the plan facts, idempotently. A plan's sub-platform is the shop platform of the link it
 * drives (its own, else its mini-app binding); registering or removing a binding recomputes that account.
 * Readers take closed days from here and today from `ad_facts_daily` (the read model's `keyedAccountAdSums`, facts/keyed.ts), so
 * today is never stale.
 */
import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import type { Executor } from '../kernel/executor.ts';
import { linkPlatforms } from '../links/lookup.ts';

export const ACCOUNT_ROLLUP_JOB = 'promotion.account-rollup';
const SLICE = 200;

type Row = {
  platform: number;
  advertiser_id: string;
  customerid: number;
  pl: number;
  day: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
  updated_at: number;
};

/** One row per (pl, day): the whole-day rows (-1) add up the sub-platforms of the day. */
function merged(values: Row[]): Row[] {
  const out = new Map<string, Row>();
  for (const v of values) {
    const k = `${v.pl}:${v.day}`;
    const m = out.get(k);
    if (!m) out.set(k, { ...v });
    else
      Object.assign(m, {
        cost_fen: m.cost_fen + v.cost_fen,
        shows: m.shows + v.shows,
        clicks: m.clicks + v.clicks,
        conversions: m.conversions + v.conversions,
      });
  }
  return [...out.values()];
}

/** Recompute the rows of one account for these days (all of its days when `days` is null). */
export async function rollupAccount(
  db: Executor,
  platform: number,
  advertiserId: string,
  days: number[] | null,
  at: number,
): Promise<number> {
  if (days && days.length === 0) return 0;
  let del = db.deleteFrom('promote_account_daily').where('platform', '=', platform).where('advertiser_id', '=', advertiserId);
  if (days) del = del.where('day', 'in', days);
  await del.execute();
  let src = db
    .selectFrom('ad_facts_daily as f')
    .leftJoin('ad_entities as e', (j) =>
      j.onRef('e.platform', '=', 'f.platform').onRef('e.entity_id', '=', 'f.plan_id').on('e.level', '=', 'plan'),
    )
    .leftJoin('promote_bindings as b', (j) => j.onRef('b.platform', '=', 'f.platform').onRef('b.plan_id', '=', 'f.plan_id'))
    .leftJoin(linkPlatforms(db).as('l'), (j) => j.on(sql<string>`coalesce(nullif(e.pageid, ''), b.pageid)`, '=', sql.ref('l.pageid')))
    .where('f.platform', '=', platform)
    .where('f.advertiser_id', '=', advertiserId);
  if (days) src = src.where('f.day', 'in', days);
  const rows = await src
    .select((eb) => [
      'f.customerid as customerid',
      sql<number>`coalesce(l.platform, 0)`.as('pl'),
      'f.day as day',
      eb.fn.sum<number>('f.cost_fen').as('cost_fen'),
      eb.fn.sum<number>('f.shows').as('shows'),
      eb.fn.sum<number>('f.clicks').as('clicks'),
      eb.fn.sum<number>('f.conversions').as('conversions'),
    ])
    .groupBy(['f.customerid', sql`coalesce(l.platform, 0)`, 'f.day'])
    .execute();
  // Each sub-platform's row, and the account's whole day (pl -1) that lists without a sub-platform read.
  const values = rows.flatMap((r) =>
    [Number(r.pl), -1].map((pl) => ({
      platform,
      advertiser_id: advertiserId,
      customerid: Number(r.customerid),
      pl,
      day: Number(r.day),
      cost_fen: Number(r.cost_fen),
      shows: Number(r.shows),
      clicks: Number(r.clicks),
      conversions: Number(r.conversions),
      updated_at: at,
    })),
  );
  const out = merged(values);
  for (let i = 0; i < out.length; i += 500)
    await db
      .insertInto('promote_account_daily')
      .values(out.slice(i, i + 500))
      .execute();
  return out.length;
}

/** Follow `ad_facts_daily.synced_at` and recompute every (account, day) it touched since the cursor. */
export function accountRollupJob(deps: Pick<Deps, 'db' | 'clock'>): JobDef {
  return {
    name: ACCOUNT_ROLLUP_JOB,
    schedule: { everyMs: 60_000 },
    async run(ctx) {
      const from = Number((await ctx.cursor()) ?? 0);
      // Rows stamped in this second may still be arriving: take them next time too (the work is idempotent).
      const upTo = deps.clock.now() - 1;
      const touched = await deps.db
        .selectFrom('ad_facts_daily')
        .select(['platform', 'advertiser_id', 'day'])
        .where('synced_at', '>=', from)
        .where('synced_at', '<=', upTo)
        .groupBy(['platform', 'advertiser_id', 'day'])
        .execute();
      const byAccount = new Map<string, { platform: number; advertiserId: string; days: number[] }>();
      for (const t of touched) {
        const k = `${t.platform}:${t.advertiser_id}`;
        const a = byAccount.get(k) ?? { platform: Number(t.platform), advertiserId: t.advertiser_id, days: [] };
        a.days.push(Number(t.day));
        byAccount.set(k, a);
      }
      let rows = 0;
      let n = 0;
      for (const a of byAccount.values()) {
        rows += await deps.db.transaction().execute((tx) => rollupAccount(tx, a.platform, a.advertiserId, a.days, ctx.startedAt));
        if (++n % SLICE === 0) {
          if (ctx.signal.aborted) return { rows };
          await ctx.yield();
        }
      }
      await ctx.setCursor(String(upTo));
      return { rows };
    },
  };
}
