/**
 * Which ad click a landing visit belongs to, decided once when the visit is processed and stored on the visit
 * (`click_event_id` and the ad ids and callback), so order attribution reads it as it is (tracking/lookup.ts):
 * 1. the click whose click id is the visit's (腾讯 gdt_vid = __CLICK_ID__, 小红书 clickid = __CLICK_ID__, UC uctrackid = the
 *    `uctrackid` of the ping's {CALLBACK_URL}: shared/macros.ts CALLBACK_CLICK_ID);
 * 2. 快手: the click whose callback is the visit's `callback` (the channel lands with it);
 * 3. 巨量: its ping carries __CALLBACK_PARAM__ while the landing carries a different `clickid`, so the visit is tied
 *    to the latest click of the plan it names (`promotionid` / `adid`) from the same browser (user agent) within
 *    TIE_WINDOW_SECONDS before it.
 * Without a click the visit keeps the ad ids its landing URL named, and — where the channel's landing id is
 * itself a postback callback (巨量 clickid, 快手 callback, 小红书 click_id, 微博 mark_id) — that id as its callback.
 */
import { type Channel, isChannel } from '../../shared/catalog.ts';
import { LANDING_ID_IS_CALLBACK } from '../../shared/macros.ts';
import type { Engine } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { type ClickForTie, clicksByClickId, type LatestClickProbe, latestClicks } from './store.ts';

export const TIE_WINDOW_SECONDS = 600;

export interface VisitToTie {
  pageid: string;
  /** The link's channel. */
  channel: number;
  click_param: string;
  clickid: string;
  camp: string;
  aid: string;
  cid: string;
  ua: string;
  received_at: number;
}

export interface VisitTie {
  /** The click itself (the invalid-traffic verdict reads its time and verdict), null when none. */
  click: Pick<ClickForTie, 'received_at' | 'invalid'> | null;
  click_event_id: number;
  adv: string;
  camp: string;
  aid: string;
  cid: string;
  callback: string;
}

const landingCallback = (v: VisitToTie): string =>
  v.clickid && isChannel(v.channel) && LANDING_ID_IS_CALLBACK[v.channel as Channel] ? v.clickid : '';

function tieOf(v: VisitToTie, click: ClickForTie | null): VisitTie {
  if (!click) return { click: null, click_event_id: 0, adv: '', camp: v.camp, aid: v.aid, cid: v.cid, callback: landingCallback(v) };
  return {
    click,
    click_event_id: click.id,
    adv: click.adv,
    camp: click.camp || v.camp,
    aid: click.aid || v.aid,
    cid: click.cid || v.cid,
    callback: click.callback || landingCallback(v),
  };
}

/**
 * Ties for `visits`, in order. Clicks of the same processing run are already written (same transaction). Each rule
 * asks the database once for all the visits it still has to tie (`latestClicks`: one statement per 500 visits), not
 * once per visit.
 */
export async function tieVisits(tx: Executor, engine: Engine, visits: VisitToTie[]): Promise<VisitTie[]> {
  const byId = new Map<string, ClickForTie>();
  const ids = [...new Set(visits.filter((v) => v.clickid && v.click_param !== 'callback').map((v) => v.clickid))];
  for (const c of await clicksByClickId(tx, engine, ids)) {
    const key = `${c.pageid}\n${c.clickid}`;
    const had = byId.get(key);
    if (!had || c.received_at < had.received_at) byId.set(key, c);
  }
  const clicks: Array<ClickForTie | null> = visits.map((v) => (v.clickid ? (byId.get(`${v.pageid}\n${v.clickid}`) ?? null) : null));
  // 快手: the click whose callback the visit carries.
  await tieWhere(tx, visits, clicks, (v) => (v.click_param === 'callback' ? { callback: v.clickid } : null));
  // 巨量: the latest click of the plan the landing URL names, from the same browser.
  await tieWhere(tx, visits, clicks, (v) => (v.aid && v.channel === 2 && v.ua ? { aid: v.aid, ua: v.ua } : null));
  return visits.map((v, i) => tieOf(v, clicks[i] ?? null));
}

/** For the visits still without a click that `rule` applies to: the latest click in the tie window matching it. */
async function tieWhere(
  tx: Executor,
  visits: VisitToTie[],
  clicks: Array<ClickForTie | null>,
  rule: (v: VisitToTie) => LatestClickProbe['match'] | null,
): Promise<void> {
  const asked: number[] = [];
  const probes: LatestClickProbe[] = [];
  visits.forEach((v, i) => {
    const match = clicks[i] ? null : rule(v);
    if (!match) return;
    asked.push(i);
    probes.push({ pageid: v.pageid, from: v.received_at - TIE_WINDOW_SECONDS, to: v.received_at + 60, match });
  });
  if (probes.length === 0) return;
  const found = await latestClicks(tx, probes);
  asked.forEach((i, k) => {
    clicks[i] = found[k] ?? null;
  });
}
