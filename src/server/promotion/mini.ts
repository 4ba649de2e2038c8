/**
 * Taobao new-link mini-app promotions of the old version (`/minipromote`, 淘宝新链接小程序 links, platform 4): a
 * promotion is one mini-app link and the plans of one channel that promote it. Plans that open the mini-app
 * directly carry none of our monitor URLs, so the sync cannot tie them to the link: `/napi/miniapp/add` registers
 * them (a binding), `/napi/miniapp/delete` removes the registration. docs/api-promotion.md.
 */
import type { Channel } from '../../shared/catalog.ts';
import { channelLabel } from '../../shared/catalog.ts';
import type { LinkView } from '../../shared/links.ts';
import { addSums, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { isPromoteChannel, type PromoteChannel } from '../../shared/promote.ts';
import type { MiniPromotion } from '../../shared/promote-old-schemas.ts';
import type { TaskResult } from '../../shared/promote-schemas.ts';
import type { Span } from '../../shared/span.ts';
import type { Deps } from '../deps.ts';
import { keyedAdSums, keyedOrderSums } from '../facts/keyed.ts';
import type { Actor } from '../kernel/actor.ts';
import { forbidden, invalid } from '../kernel/errors.ts';
import { getLink, listLinks } from '../links/service.ts';
import { dayRange } from './range.ts';
import { rollupAccount } from './rollup.ts';
import { wireOf } from './rows.ts';
import { promoteScope } from './scope.ts';
import { requireEntities, runTask } from './service.ts';
import * as store from './store.ts';
import { listTree } from './tree.ts';
import { candidates, planLink, type Scope } from './tree-store.ts';

const MINIAPP = 4;

async function miniLink(deps: Deps, actor: Actor, pageid: string): Promise<LinkView & { state: PromoteChannel }> {
  const link = await getLink(deps, actor, pageid);
  if (link.platform !== MINIAPP) throw invalid('这不是淘宝新链接小程序链接', { field: 'pageid' });
  if (!isPromoteChannel(link.state)) throw invalid(`${channelLabel(link.state)}的链接没有推广管理`, { field: 'pageid' });
  return { ...link, state: link.state };
}

/** Per link: the plans of a channel that drive it (own URLs or binding), how many deliver, and their sums (read model). */
async function plansByLink(db: Deps['db'], scope: Scope, channel: number, pageids: string[], span: Span) {
  const plans = pageids.length
    ? await candidates(db, { scope, platform: channel, level: 'plan' })
        .where(planLink, 'in', pageids)
        .select([planLink.as('pageid'), 'e.entity_id', 'e.status'])
        .execute()
    : [];
  const keys = plans.map((p) => p.entity_id);
  const filter = { customers: scope, channel, keys };
  const [ads, orders] = keys.length
    ? await Promise.all([keyedAdSums(db, 'plan', filter, span).execute(), keyedOrderSums(db, 'plan', filter, span).execute()])
    : [[], []];
  const byPlan = new Map<string, Sums>();
  for (const a of ads)
    byPlan.set(
      a.k,
      addSums(byPlan.get(a.k) ?? ZERO_SUMS, {
        ...ZERO_SUMS,
        costFen: Number(a.cost_fen),
        shows: Number(a.shows),
        clicks: Number(a.clicks),
        conversions: Number(a.conversions),
      }),
    );
  for (const o of orders)
    byPlan.set(
      o.k,
      addSums(byPlan.get(o.k) ?? ZERO_SUMS, {
        ...ZERO_SUMS,
        orders: Number(o.orders),
        orderFen: Number(o.order_fen),
        paidOrders: Number(o.paid_orders),
        paidFen: Number(o.paid_fen),
      }),
    );
  return pageids.map((pageid) => {
    const mine = plans.filter((p) => p.pageid === pageid);
    return {
      plans: mine.length,
      delivering: mine.filter((p) => p.status === 'delivering').length,
      sums: mine.reduce((t, p) => addSums(t, byPlan.get(p.entity_id) ?? ZERO_SUMS), ZERO_SUMS),
    };
  });
}

async function promotions(
  deps: Deps,
  scope: Scope,
  channel: number,
  links: LinkView[],
  start?: string,
  end?: string,
): Promise<MiniPromotion[]> {
  const range = dayRange(deps.clock, start, end);
  const stats = await plansByLink(
    deps.db,
    scope,
    channel,
    links.map((l) => l.pageid),
    range.span,
  );
  return links.map((l, i) => ({
    pageid: l.pageid,
    title: l.title,
    item_id: l.itemid,
    item_title: l.item_title,
    item_image: l.item_image,
    channel,
    channel_name: channelLabel(channel),
    customerid: l.customerid,
    customer: l.customer,
    landing_url: l.landing_url,
    plans: stats[i]!.plans,
    delivering: stats[i]!.delivering,
    created_at: l.created_at,
    metrics: wireOf(stats[i]!.sums),
  }));
}

/** `/api/miniput/index`: the caller's mini-app links of channel `type`, each with its plans' count and metrics. */
export async function miniputIndex(
  deps: Deps,
  actor: Actor,
  input: { type: number; exact?: string; start?: string; end?: string; page: number; pagesize: number },
) {
  const { list, total } = await listLinks(deps, actor, {
    platform: MINIAPP,
    state: input.type as Channel,
    exact: input.exact,
    page: input.page,
    pagesize: input.pagesize,
  });
  return { list: await promotions(deps, await promoteScope(deps.db, actor), input.type, list, input.start, input.end), total };
}

/** `/api/miniput/detail`: one promotion and its plans. */
export async function miniputDetail(deps: Deps, actor: Actor, input: { pageid: string; start?: string; end?: string }) {
  const link = await miniLink(deps, actor, input.pageid);
  const [promotion] = await promotions(deps, await promoteScope(deps.db, actor), link.state, [link], input.start, input.end);
  const plans = await listTree(deps, actor, {
    acpl: link.state,
    type: 'plan',
    pageid: link.pageid,
    start: input.start,
    end: input.end,
    sort: 'desc',
    page: 1,
    pagesize: 100,
  });
  return { promotion: promotion!, plans };
}

/** `/api/miniput/status`: switch every plan of a promotion on or off (one task). */
export async function miniputStatus(
  deps: Deps,
  actor: Actor,
  input: { pageid: string; action: 'enable' | 'disable' },
): Promise<TaskResult> {
  const link = await miniLink(deps, actor, input.pageid);
  const scope = await promoteScope(deps.db, actor);
  const plans = await candidates(deps.db, { scope, platform: link.state, level: 'plan', pageid: link.pageid })
    .select('e.entity_id')
    .limit(100)
    .execute();
  if (plans.length === 0) throw invalid('这条推广还没有计划');
  return runTask(
    deps,
    actor,
    link.state,
    'plan',
    plans.map((p) => p.entity_id),
    input.action === 'enable',
  );
}

async function planCount(deps: Deps, scope: Scope, channel: number, pageid: string): Promise<number> {
  const r = await candidates(deps.db, { scope, platform: channel, level: 'plan' })
    .where(planLink, '=', pageid)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** `/napi/miniapp/add`: register plans of one account as promoting a mini-app link of the same customer and channel. */
export async function miniappAdd(
  deps: Deps,
  actor: Actor,
  input: { pageid: string; social: number; advertiser_id: string; plan_ids: string[] },
) {
  const link = await miniLink(deps, actor, input.pageid);
  if (link.state !== input.social)
    throw invalid(`这条链接投放在${channelLabel(link.state)}，不能登记${channelLabel(input.social)}的计划`, { field: 'social' });
  const plans = await requireEntities(deps, actor, input.social, 'plan', input.plan_ids, input.advertiser_id);
  if (plans.some((p) => Number(p.customerid) !== link.customerid)) throw forbidden('只能登记与链接属于同一客户的计划');
  const tied = plans.find((p) => p.pageid && p.pageid !== link.pageid);
  if (tied) throw invalid(`计划 ${tied.entity_id} 已通过监测链接带去推广链接 ${tied.pageid}，无需登记`, { field: 'plan_ids' });
  const at = deps.clock.now();
  const changed = await store.bindPlans(
    deps.db,
    plans.map((p) => ({
      platform: input.social,
      advertiser_id: p.advertiser_id,
      plan_id: p.entity_id,
      customerid: Number(p.customerid),
      pageid: link.pageid,
      created_by: actor.userId,
      created_at: at,
    })),
  );
  await rerollup(deps, input.social, plans);
  return { pageid: link.pageid, plans: await planCount(deps, await promoteScope(deps.db, actor), input.social, link.pageid), changed };
}

/** A plan's sub-platform moved with its binding: its account's rolled-up days follow. */
async function rerollup(deps: Deps, platform: number, plans: Array<{ advertiser_id: string }>): Promise<void> {
  for (const adv of new Set(plans.map((p) => p.advertiser_id)))
    await deps.db.transaction().execute((tx) => rollupAccount(tx, platform, adv, null, deps.clock.now()));
}

/** `/napi/miniapp/delete`: remove plans' registration with a mini-app link. */
export async function miniappDelete(deps: Deps, actor: Actor, input: { pageid: string; social: number; plan_ids: string[] }) {
  const link = await miniLink(deps, actor, input.pageid);
  const plans = await requireEntities(deps, actor, input.social, 'plan', input.plan_ids);
  const changed = await store.unbindPlans(deps.db, input.social, link.pageid, input.plan_ids);
  await rerollup(deps, input.social, plans);
  return { pageid: link.pageid, plans: await planCount(deps, await promoteScope(deps.db, actor), input.social, link.pageid), changed };
}
