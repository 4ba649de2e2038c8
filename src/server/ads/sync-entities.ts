import type { Insertable } from 'kysely';
import type { AdEntity, EntityLevel } from '../connectors/ad-platform.ts';
import type { Deps } from '../deps.ts';
import type { JobContext } from '../jobs/types.ts';
import { publicBaseUrl } from '../kernel/config.ts';
import { linkFactsByPageId, udLinksByMonitorUrl } from '../links/lookup.ts';
import { withCallAuth } from './credentials.ts';
import { pageidOfEntity } from './link-match.ts';
import * as sync from './store-sync.ts';
import type { AdEntitiesTable } from './tables.ts';

/**
 * One account's entity and status sync: every level the platform has, top down, every page, upserted by
 * platform id with the raw and the normalised status; each plan or creative is tied to our promotion link when
 * its monitor or landing URL is one of the account owner's links (a UDSmart link's: the monitor URLs UD issued). After a complete pass of a level, what the
 * platform no longer lists is marked deleted (kept for history). Returns the entities written.
 */
export async function syncAccountEntities(
  deps: Deps,
  ctx: Pick<JobContext, 'signal' | 'yield'>,
  account: sync.SyncAccount,
): Promise<number> {
  const started = deps.clock.now();
  const base = publicBaseUrl(deps.config);
  const written = await withCallAuth(deps, { platform: account.platform, advertiserId: account.advertiser_id }, async (auth, connector) => {
    let rows = 0;
    const campaignOfPlan = new Map<string, string>();
    for (const level of connector.levels) {
      let cursor: string | null = null;
      do {
        if (ctx.signal.aborted) throw new Error('同步已中止（服务停止），下次运行继续');
        const page = await connector.listEntities(auth, account.advertiser_id, level, cursor);
        const links = await ownLinks(deps, account.customerid, page.items, base);
        const values = page.items.map((e) => toRow(account, e, level, campaignOfPlan, links.get(e.id) ?? '', started));
        for (const e of page.items) if (level === 'plan') campaignOfPlan.set(e.id, e.parentId ?? '');
        await sync.upsertEntities(deps.db, values);
        rows += values.length;
        cursor = page.next;
        await ctx.yield();
      } while (cursor);
      await sync.markUnseenDeleted(deps.db, account.platform, account.advertiser_id, level, started);
    }
    await sync.linkPlansFromCreatives(deps.db, account.platform, account.advertiser_id);
    return rows;
  });
  await sync.setEntitySynced(deps.db, account.id, started);
  return written;
}

/**
 * Entity id → pageid, for the entities whose URLs point at a live link of this customer: our monitor or landing
 * path, or — for a UDSmart link, whose monitor URLs UD issued on its own host — exactly that link's monitor URL.
 */
async function ownLinks(deps: Deps, customerid: number, items: AdEntity[], base: string): Promise<Map<string, string>> {
  const candidates = new Map(items.map((e) => [e.id, pageidOfEntity(e, base)] as const).filter(([, p]) => p));
  if (candidates.size) {
    const facts = await linkFactsByPageId(deps.db, [...new Set(candidates.values())]);
    for (const [id, pageid] of candidates) {
      const f = facts.get(pageid);
      if (!f || f.customerid !== customerid || f.deleted_at !== null) candidates.delete(id);
    }
  }
  const rest = items.filter((e) => !candidates.has(e.id));
  const urls = [...new Set(rest.flatMap((e) => [e.clickMonitorUrl, e.showMonitorUrl]).filter((u): u is string => !!u))];
  if (!urls.length) return candidates;
  const ud = await udLinksByMonitorUrl(deps.db, customerid, urls);
  for (const e of rest) {
    const pageid = ud.get(e.clickMonitorUrl ?? '') ?? ud.get(e.showMonitorUrl ?? '');
    if (pageid) candidates.set(e.id, pageid);
  }
  return candidates;
}

function toRow(
  account: sync.SyncAccount,
  e: AdEntity,
  level: EntityLevel,
  campaignOfPlan: Map<string, string>,
  pageid: string,
  at: number,
): Insertable<AdEntitiesTable> {
  const parent = e.parentId ?? '';
  const campaign = level === 'campaign' ? e.id : level === 'plan' ? parent : (campaignOfPlan.get(parent) ?? '');
  return {
    platform: account.platform,
    advertiser_id: account.advertiser_id,
    customerid: account.customerid,
    level,
    entity_id: e.id,
    parent_id: parent,
    campaign_id: campaign,
    name: e.name,
    raw_status: e.rawStatus,
    status: e.status,
    enabled: e.enabled ? 1 : 0,
    budget_fen: e.budgetFen,
    bid_fen: e.bidFen,
    click_monitor_url: e.clickMonitorUrl ?? '',
    show_monitor_url: e.showMonitorUrl ?? '',
    landing_url: e.landingUrl ?? '',
    pageid,
    material_type: e.materialType ?? '',
    created_at: e.createdAt ?? at,
    updated_at: e.updatedAt ?? at,
    synced_at: at,
  };
}
