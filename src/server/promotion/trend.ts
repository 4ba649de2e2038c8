/**
 * An entity's metrics over time (the plan detail's chart): per China hour from `ad_facts_hourly` /
 * `order_facts_hourly`, or per China day from the daily rollups, zero-filled, each bucket through `metricsOf`.
 */
import { sql } from 'kysely';
import { chinaDateTime, hourStart } from '../../shared/china-clock.ts';
import { addSums, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { levelOfType } from '../../shared/promote.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid, notFound } from '../kernel/errors.ts';
import { dayRange } from './range.ts';
import { wireOf } from './rows.ts';
import { promoteScope, requireEntity } from './scope.ts';

const KEY = { adver: 'advertiser_id', group: 'campaign_id', plan: 'plan_id' } as const;

export async function entityTrend(
  deps: Deps,
  actor: Actor,
  input: {
    acpl: number;
    type: 'adver' | 'group' | 'plan' | 'creative';
    id: string;
    start?: string;
    end?: string;
    granularity: 'hour' | 'day';
  },
) {
  if (input.type === 'creative') throw invalid('创意没有单独的报表数据，请查看所属计划的走势', { field: 'type' });
  const scope = await promoteScope(deps.db, actor);
  const level = levelOfType(input.type);
  if (level) await requireEntity(deps.db, scope, input.acpl, level, input.id);
  else await requireAccount(deps, scope, input.acpl, input.id);
  const range = dayRange(deps.clock, input.start, input.end);
  const hourly = input.granularity === 'hour';
  const step = hourly ? 3600 : 86400;
  // Hours not yet begun are not zeros: the series stops at the current hour.
  const last = hourly ? Math.min(range.to + 86400 - 3600, hourStart(deps.clock.now())) : range.to;
  const key = KEY[input.type];
  const bucket = hourly ? 'hour' : 'day';
  const ads = await deps.db
    .selectFrom(hourly ? 'ad_facts_hourly' : 'ad_facts_daily')
    .select((eb) => [
      sql<number>`${sql.ref(bucket)}`.as('t'),
      eb.fn.sum<number>('cost_fen').as('cost_fen'),
      eb.fn.sum<number>('shows').as('shows'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
    ])
    .where('platform', '=', input.acpl)
    .where(key, '=', input.id)
    .where(sql.ref(bucket), '>=', range.from)
    .where(sql.ref(bucket), '<=', last)
    .groupBy(bucket)
    .execute();
  const orders = await deps.db
    .selectFrom(hourly ? 'order_facts_hourly' : 'order_facts_daily')
    .select((eb) => [
      sql<number>`${sql.ref(bucket)}`.as('t'),
      eb.fn.sum<number>('orders').as('orders'),
      eb.fn.sum<number>('order_fen').as('order_fen'),
      eb.fn.sum<number>('paid_orders').as('paid_orders'),
      eb.fn.sum<number>('paid_fen').as('paid_fen'),
    ])
    .where('channel', '=', input.acpl)
    .where(key, '=', input.id)
    .where(sql.ref(bucket), '>=', range.from)
    .where(sql.ref(bucket), '<=', last)
    .groupBy(bucket)
    .execute();
  const byT = new Map<number, Sums>();
  for (const a of ads)
    byT.set(Number(a.t), {
      ...ZERO_SUMS,
      costFen: Number(a.cost_fen),
      shows: Number(a.shows),
      clicks: Number(a.clicks),
      conversions: Number(a.conversions),
    });
  for (const o of orders) {
    const s = {
      ...ZERO_SUMS,
      orders: Number(o.orders),
      orderFen: Number(o.order_fen),
      paidOrders: Number(o.paid_orders),
      paidFen: Number(o.paid_fen),
    };
    byT.set(Number(o.t), addSums(byT.get(Number(o.t)) ?? ZERO_SUMS, s));
  }
  const series = [];
  let total = ZERO_SUMS;
  for (let t = range.from; t <= last; t += step) {
    const s = byT.get(t) ?? ZERO_SUMS;
    total = addSums(total, s);
    const text = chinaDateTime(t);
    series.push({ time: hourly ? text.slice(0, 16) : text.slice(0, 10), ts: t, metrics: wireOf(s) });
  }
  return { series, metrics: wireOf(total) };
}

async function requireAccount(deps: Deps, scope: number[] | null, platform: number, advertiserId: string): Promise<void> {
  const rows = await deps.db
    .selectFrom('ad_accounts')
    .select('customerid')
    .where('platform', '=', platform)
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();
  if (!rows || (scope !== null && !scope.includes(Number(rows.customerid)))) throw notFound('广告账户不存在或无权查看');
}
