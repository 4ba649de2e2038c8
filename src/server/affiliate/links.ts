import { Code } from '../../shared/codes.ts';
import type { ItemConversion, MonitorUrls, Tracking, UdChannelId } from '../connectors/affiliate.ts';
import { trackingKey, UD_CHANNELS } from '../connectors/affiliate.ts';
import { ConnectorError } from '../connectors/errors.ts';
import type { Deps } from '../deps.ts';
import { AppError, invalid } from '../kernel/errors.ts';
import type { Executor } from '../kernel/executor.ts';
import { errorFields, log } from '../kernel/log.ts';
import { linksDeletedBefore } from '../links/lookup.ts';
import { convertThrough } from './convert.ts';
import type { ItemRef, Union } from './items.ts';
import { checkLinkAuthority, pddMemberOf } from './pdd-authority.ts';
import * as store from './store.ts';

/**
 * A promotion link's conversion: the item through its union with this link's own tracking ids, so every order bought
 * through the link's promotion URL names the link (docs/attribution.md):
 * - 淘宝 (platforms 2, 4): a 推广位 (adzone) of the configured pool, held by this link alone (`TAOBAO_ADZONES`);
 *   when the pool is used up the link shares the PID's default adzone and is told apart from others by its item;
 * - 京东 (3, 8): subUnionId = the pageid (on the configured position);
 * - 拼多多 (5): custom_parameters {"uid": "c{customerid}", "sid": pageid} on the configured p_id (uid the user the
 *   pid + uid 备案 is for, checked here: pdd-authority.ts);
 * - UDSmart (7): the item on 淘宝 for its facts, and UD's monitor URLs for the link's channel (the click and show
 *   monitors replace ours; the landing page jumps to UD's landing click URL), attribution type 3 (最大化).
 */
export interface LinkRegistration {
  conversion: ItemConversion;
  /** UD links: the monitor URLs UD issued (they replace the product's own). */
  monitors: { monitor_touch_url: string; monitor_show_url: string } | null;
  row: store.AffiliateLinkRow;
}

/** An adzone may go to another link this long after its link was deleted (its late orders are settled by then). */
export const ADZONE_QUARANTINE_SECONDS = 90 * 86400;

/** Spec channel code → UD channel id (monitor.url.create). */
export const UD_CHANNEL_OF: Readonly<Record<number, UdChannelId>> = {
  2: UD_CHANNELS.juliang,
  3: UD_CHANNELS.weibo,
  4: UD_CHANNELS.tengxun,
  5: UD_CHANNELS.kuaishou,
  6: UD_CHANNELS.bilibili,
  10: UD_CHANNELS.xiaohongshu,
};

/** The first adzone of the pool no live (or recently deleted) link holds; '' when the pool is used up. */
async function freeAdzone(deps: Pick<Deps, 'db' | 'unions' | 'clock'>): Promise<string> {
  const pool = deps.unions.taobaoAdzones;
  if (pool.length === 0) return '';
  let held = await store.heldAdzones(deps.db);
  if (held.length >= pool.length) {
    const stale = await linksDeletedBefore(
      deps.db,
      held.map((h) => h.pageid),
      deps.clock.now() - ADZONE_QUARANTINE_SECONDS,
    );
    await store.releaseAdzones(deps.db, stale);
    held = held.filter((h) => !stale.includes(h.pageid));
  }
  const taken = new Set(held.map((h) => h.adzone_id));
  return pool.find((a) => !taken.has(a)) ?? '';
}

async function udMonitors(deps: Deps, itemId: string, channel: number, previous: store.AffiliateLinkRow | undefined): Promise<MonitorUrls> {
  const channelId = UD_CHANNEL_OF[channel];
  if (!channelId) throw invalid('UDSmart 链接只支持巨量、腾讯、快手、微博、B站、小红书渠道', { field: 'state' });
  const prev = previous?.union_name === 'ud' ? (JSON.parse(previous.tracking) as Tracking) : null;
  const same = prev?.union === 'ud' && prev.channelId === String(channelId) && previous?.item_id === itemId;
  try {
    return await deps.affiliates.ud.createMonitorUrls({
      itemId,
      channelId,
      pageType: 1,
      attributionType: 3,
      monitorUniqueId: same ? prev.monitorUniqueId : undefined,
    });
  } catch (err) {
    if (err instanceof ConnectorError && err.kind === 'refused' && err.platformCode !== 'not_configured')
      throw new AppError(Code.invalidInput, err.message);
    log.warn('UD monitor creation failed', errorFields(err));
    throw new AppError(Code.upstreamFailed, '生成 UDSmart 监测链接失败：阿里妈妈 UD 接口暂时不可用，请稍后再试');
  }
}

/** Convert `ref` for the link `pageid` (keeping the adzone or UD monitor it already holds). */
export async function registerLinkItem(
  deps: Deps,
  link: { pageid: string; platform: number; state: number; customerid?: number },
  ref: ItemRef & { platform: Union },
): Promise<LinkRegistration> {
  const previous = await store.findByPageId(deps.db, link.pageid);
  const now = deps.clock.now();
  let adzoneId = '';
  if (ref.platform === 2 && link.platform !== 7) adzoneId = previous?.adzone_id || (await freeAdzone(deps));
  const subId = ref.platform === 2 ? undefined : link.pageid;
  const memberId = ref.platform === 5 && link.customerid ? pddMemberOf(link.customerid) : undefined;
  const conversion = await convertThrough(deps.affiliates, ref, adzoneId ? { adzoneId } : { subId, memberId });
  if (memberId && conversion.tracking.union === 'pdd')
    await checkLinkAuthority(deps, { pid: conversion.tracking.pid, uid: memberId, customerid: link.customerid! });
  let tracking: Tracking = conversion.tracking;
  let urls = {};
  let monitors: LinkRegistration['monitors'] = null;
  if (link.platform === 7) {
    if (ref.kind !== 'item') throw invalid('UDSmart 链接只能推广商品，不能推广店铺', { field: 'item' });
    const m = await udMonitors(deps, ref.id, link.state, previous);
    tracking = m.tracking;
    urls = {
      clickUrl: m.clickUrl,
      deepLink: m.deepLink,
      universalLink: m.universalLink,
      pvMonitorUrl: m.pvMonitorUrl,
      clickMonitorUrl: m.clickMonitorUrl,
    };
    monitors = { monitor_touch_url: m.clickMonitorUrl, monitor_show_url: m.pvMonitorUrl };
    conversion.promotion_url = m.clickUrl;
  }
  return {
    conversion,
    monitors,
    row: {
      pageid: link.pageid,
      union_name: tracking.union,
      tracking_key: trackingKey(tracking),
      tracking: JSON.stringify(tracking),
      adzone_id: adzoneId,
      item_id: ref.kind === 'item' ? ref.id : `shop${ref.id}`,
      urls: JSON.stringify(urls),
      created_at: previous?.created_at ?? now,
      updated_at: now,
    },
  };
}

/** Store (or, for a link that no longer has a union, drop) the link's registration inside the link's transaction. */
export async function saveLinkRegistration(db: Executor, pageid: string, row: store.AffiliateLinkRow | null): Promise<void> {
  if (row) await store.saveRegistration(db, row);
  else await store.deleteRegistration(db, pageid);
}
