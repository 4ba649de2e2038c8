import type { Executor } from '../kernel/executor.ts';
import type { AccountRef } from './directory.ts';

/**
 * The ads feature's read API for other features (links' customer options, promotion, orders, dashboards):
 * they read authorised accounts through these functions, never through the ads store.
 */

export interface BoundAdvertiser {
  customerid: number;
  platform: number;
  advertiser_id: string;
  advertiser_name: string;
}

/**
 * Advertisers bound to these customers (null = every customer) by a live authorisation — one that syncs, or
 * one waiting for 重新授权; cancelled ones are unbound. Ordered by platform, then name.
 */
export async function boundAdvertisers(db: Executor, customerIds: number[] | null, platform?: number): Promise<BoundAdvertiser[]> {
  let q = db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select(['ad_accounts.customerid', 'ad_accounts.platform', 'ad_accounts.advertiser_id', 'ad_accounts.name as advertiser_name'])
    .where('ad_accounts.active', '=', 1)
    .where('ad_auths.state', '<>', 'cancelled');
  if (customerIds) q = q.where('ad_accounts.customerid', 'in', customerIds.length ? customerIds : [-1]);
  if (platform !== undefined) q = q.where('ad_accounts.platform', '=', platform);
  return q.orderBy('ad_accounts.platform').orderBy('ad_accounts.name').orderBy('ad_accounts.advertiser_id').execute();
}

/** The spec §3 customer option's lists: per customer, advertisers per channel code. */
export async function advertisersByChannel(
  db: Executor,
  customerIds: number[] | null,
): Promise<Map<number, Record<string, Array<{ advertiser_id: string; advertiser_name: string }>>>> {
  const out = new Map<number, Record<string, Array<{ advertiser_id: string; advertiser_name: string }>>>();
  for (const a of await boundAdvertisers(db, customerIds)) {
    const byChannel = out.get(a.customerid) ?? {};
    const list = byChannel[String(a.platform)] ?? [];
    list.push({ advertiser_id: a.advertiser_id, advertiser_name: a.advertiser_name });
    byChannel[String(a.platform)] = list;
    out.set(a.customerid, byChannel);
  }
  return out;
}

export interface PlanOfLink {
  platform: number;
  advertiser_id: string;
  entity_id: string;
  name: string;
  status: string;
  click_monitor_url: string;
}

/** The plans (not deleted) whose URLs name a promotion link — its click monitor or its landing URL (ad_entities.pageid). */
export async function plansOfLink(db: Executor, pageid: string): Promise<PlanOfLink[]> {
  const rows = await db
    .selectFrom('ad_entities')
    .select(['platform', 'advertiser_id', 'entity_id', 'name', 'status', 'click_monitor_url'])
    .where('level', '=', 'plan')
    .where('pageid', '=', pageid)
    .where('status', '<>', 'deleted')
    .orderBy('platform')
    .orderBy('entity_id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ ...r, platform: Number(r.platform) }));
}

/** A plan's clicks on one promotion link in one hour, as its platform reported them (ad_facts_hourly). */
export interface LinkPlanClicks {
  pageid: string;
  platform: number;
  advertiser_id: string;
  campaign_id: string;
  plan_id: string;
  hour: number;
  clicks: number;
}

/**
 * The plans that drove these links of `customerid` in the hours [fromHour, toHour] — the report facts of the plans
 * whose URL is the link (entity sync ties a plan to the link its monitor or landing URL points at; facts carry that
 * link) — with their clicks per hour, hours with clicks only. For order attribution's plan rules.
 */
export async function linkPlanClicks(
  db: Executor,
  customerid: number,
  pageids: string[],
  fromHour: number,
  toHour: number,
): Promise<LinkPlanClicks[]> {
  const ids = [...new Set(pageids.filter(Boolean))];
  if (ids.length === 0 || toHour < fromHour) return [];
  const out: LinkPlanClicks[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('ad_facts_hourly')
      .select(['pageid', 'platform', 'advertiser_id', 'campaign_id', 'plan_id', 'hour', 'clicks'])
      .where('customerid', '=', customerid)
      .where('pageid', 'in', ids.slice(i, i + 500))
      .where('hour', '>=', fromHour)
      .where('hour', '<=', toHour)
      .where('clicks', '>', 0)
      .execute();
    for (const r of rows) out.push({ ...r, platform: Number(r.platform), hour: Number(r.hour), clicks: Number(r.clicks) });
  }
  return out;
}

/** How fresh an account's reports are (hour the report sync is complete to) and whether its authorisation works. */
export async function accountFreshness(db: Executor, platform: number, advertiserIds: string[]) {
  if (!advertiserIds.length) return [];
  return db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select(['ad_accounts.advertiser_id', 'ad_accounts.report_synced_to', 'ad_accounts.active', 'ad_auths.state'])
    .where('ad_accounts.platform', '=', platform)
    .where('ad_accounts.advertiser_id', 'in', [...new Set(advertiserIds)])
    .execute();
}

/**
 * Whether one of these accounts drove a promotion link: a plan of theirs carries it (ad_entities.pageid) or their
 * reports name it (ad_facts_daily / ad_facts_hourly) — what puts the link on UDSmart's data view before any order.
 */
export async function accountsDroveLink(db: Executor, pageid: string, accounts: readonly AccountRef[]): Promise<boolean> {
  const byChannel = new Map<number, string[]>();
  for (const a of accounts) byChannel.set(a.platform, [...(byChannel.get(a.platform) ?? []), a.advertiser_id]);
  if (byChannel.size === 0) return false;
  for (const [platform, ids] of byChannel) {
    const plan = await db
      .selectFrom('ad_entities')
      .select('id')
      .where('pageid', '=', pageid)
      .where('platform', '=', platform)
      .where('advertiser_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (plan) return true;
    for (const table of ['ad_facts_daily', 'ad_facts_hourly'] as const) {
      const fact = await db
        .selectFrom(table)
        .select('pageid')
        .where('pageid', '=', pageid)
        .where('platform', '=', platform)
        .where('advertiser_id', 'in', ids)
        .limit(1)
        .executeTakeFirst();
      if (fact) return true;
    }
  }
  return false;
}
