/**
 * An entity's metrics over time (the plan detail's chart): the read model's sums per China hour or day of the
 * entity (its channel and id), zero-filled, each bucket through `metricsOf`; the total is the buckets added up.
 */
import { chinaDateTime, hourStart } from '../../shared/china-clock.ts';
import { levelOfType } from '../../shared/promote.ts';
import { bucketStarts } from '../../shared/span.ts';
import type { Deps } from '../deps.ts';
import type { FactFilter } from '../facts/query.ts';
import { sumOfRows, sumsBy } from '../facts/sums.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid, notFound } from '../kernel/errors.ts';
import { dayRange } from './range.ts';
import { invalidTrafficOf, sumKey, wireOf } from './rows.ts';
import { promoteScope, requireEntity } from './scope.ts';
import { planLinkOf, plansTraffic } from './traffic.ts';

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
  const entity = level ? await requireEntity(deps.db, scope, input.acpl, level, input.id) : null;
  if (!entity) await requireAccount(deps, scope, input.acpl, input.id);
  const range = dayRange(deps.clock, input.start, input.end);
  const hourly = input.granularity === 'hour';
  // Hours not yet begun are not zeros: an hourly series stops at the end of the current hour.
  const span = hourly ? { from: range.span.from, to: Math.min(range.span.to, hourStart(deps.clock.now()) + 3600) } : range.span;
  const filter: FactFilter = {
    customers: scope,
    channels: [input.acpl],
    ...(input.type === 'adver' ? { advertiserId: input.id } : input.type === 'group' ? { campaignId: input.id } : { planId: input.id }),
  };
  const granularity = hourly ? 'hour' : 'day';
  const groups = await sumsBy(deps.db, span, filter, ['bucket'], { granularity });
  const byT = new Map([...groups.values()].map((g) => [Number(g.key[0]), g.sums]));
  const series = bucketStarts(span, granularity).map((t) => {
    const text = chinaDateTime(t);
    return { time: hourly ? text.slice(0, 16) : text.slice(0, 10), ts: t, metrics: wireOf(byT.get(t)) };
  });
  // a plan's monitored clicks over the same span, as its row on the list reads them (promotion/traffic.ts)
  const traffic = entity && level === 'plan' ? await plansTraffic(deps.db, scope, [planLinkOf(entity)], span) : null;
  return {
    series,
    metrics: wireOf(sumOfRows(groups.values())),
    invalid_traffic: invalidTrafficOf(traffic?.get(sumKey(input.acpl, input.id))),
  };
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
