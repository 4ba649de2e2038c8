/**
 * Attribution (docs/attribution.md): order → link (the tracking ids its promotion URL carried) → click or visit →
 * ad account, campaign, plan and creative, with the rule that decided it recorded on the order. The evidence, in
 * the order it is tried:
 * 1. the ad's click id the union returns (UD): ud_click — its landing click id (syn_click_id) is a landing visit of
 *    the link; ud_order — the order carries the ad's ids (its click not seen by us);
 * 2. our landing visit: visit_before_click — the latest landing visit of the link at or before the union's click time
 *    (淘宝 click_time), within CLICK_WINDOW_SECONDS; visit_before_order — unions without a click time (京东, 拼多多):
 *    the latest visit at or before the order's creation, within ORDER_WINDOW_SECONDS;
 * 3. the plan that drove the link (plan-rule.ts), when 1–2 named no plan: link_plan — exactly one plan whose URL is
 *    the link had clicks on it in the window; link_plan_clicks — several: the one with the most clicks (估算);
 * 4. link_only: the link, no plan; unattributed: no link carries the order's tracking key.
 * Invalid traffic (tracking/verdict/) is never evidence: the visits of 2 (and UD's landing visit of 1) are the valid
 * ones. When the only visit in the window is invalid — a bot's, a flood's, one tied to an invalid click — the order
 * is `invalid_click`: the link, that visit for the record, no click, no plan, no callback (so never posted back).
 * Nor is a visit less than `fastConversionSeconds` (tracking/verdict/config.ts) up to the order's creation: an
 * earlier valid visit in the window is the evidence, else the order is `fast_conversion`, handled as `invalid_click`.
 * Channel: the click's, else the plan's platform, else the link's own ad channel. The ad ids come from the visit's
 * click (its macros) or, without one, from what the landing URL named (tracking/visit-ties.ts), read through
 * tracking/lookup.ts; the plans' clicks through ads/lookup.ts.
 */
import type { AttributionRule } from '../../shared/orders.ts';
import { type LinkPlanClicks, linkPlanClicks } from '../ads/lookup.ts';
import { type AffiliateLinkRow, linksByTrackingKeys } from '../affiliate/lookup.ts';
import type { UdClickFacts } from '../connectors/affiliate.ts';
import type { Executor } from '../kernel/executor.ts';
import { linkFactsByPageId } from '../links/lookup.ts';
import { nearestVisit, type VisitFacts, visitsBetween, visitsByClickIds } from '../tracking/lookup.ts';
import { DEFAULT_THRESHOLDS } from '../tracking/verdict/config.ts';
import type { UnionSide } from './model.ts';
import { drivingPlan, planWindow } from './plan-rule.ts';
import type { OrdersTable } from './tables.ts';
import { fastSpan, isFast, pickVisit, type VisitPick } from './visit-pick.ts';

export const CLICK_WINDOW_SECONDS = 30 * 60;
export const ORDER_WINDOW_SECONDS = 24 * 3600;
/** Visits read at once per link and sync page. */
const PREFETCH_LIMIT = 20_000;

export type Attribution = Pick<
  OrdersTable,
  | 'pageid'
  | 'customerid'
  | 'link_platform'
  | 'link_isdirect'
  | 'visit_event_id'
  | 'click_event_id'
  | 'click_ref'
  | 'channel'
  | 'advertiser_id'
  | 'campaign_id'
  | 'plan_id'
  | 'creative_id'
  | 'callback'
> & { attribution_rule: AttributionRule };

export const UNATTRIBUTED: Attribution = {
  pageid: '',
  customerid: 0,
  link_platform: 0,
  link_isdirect: 0,
  attribution_rule: 'unattributed',
  visit_event_id: 0,
  click_event_id: 0,
  click_ref: '',
  channel: 0,
  advertiser_id: '',
  campaign_id: '',
  plan_id: '',
  creative_id: '',
  callback: '',
};

/** UD channel id → the spec's channel code. */
export const CHANNEL_OF_UD: Readonly<Record<string, number>> = { '1': 2, '104': 4, '105': 5, '108': 6, '109': 3, '140': 10 };

/** The ad levels a click's macros name, per channel: 腾讯 3.0's adgroup is our campaign and its dynamic creative our plan. */
export function adLevels(channel: number, ids: { adv: string; camp: string; aid: string; cid: string }) {
  if (channel === 4) return { advertiser_id: ids.adv, campaign_id: ids.aid, plan_id: ids.cid, creative_id: '' };
  return { advertiser_id: ids.adv, campaign_id: ids.camp, plan_id: ids.aid, creative_id: ids.cid };
}

const nonZero = (s: string | undefined): string => (s && s !== '0' ? s : '');

interface LinkFacts {
  customerid: number;
  state: number;
  platform: number;
  isdirect: number;
}

/** Attributes the orders of one page of a sync: the links of their tracking keys are read once. */
export class Attributor {
  private readonly db: Executor;
  private readonly byKey = new Map<string, AffiliateLinkRow[]>();
  private readonly links = new Map<string, LinkFacts>();

  /** An order created less than this after its visit is not that visit's conversion (`fast_conversion`). */
  private readonly fastSeconds: number;

  constructor(db: Executor, fastSeconds = DEFAULT_THRESHOLDS.fastConversionSeconds) {
    this.db = db;
    this.fastSeconds = fastSeconds;
  }

  /** pageid → its visits in the time span the page's orders need (oldest first); absent when too many to hold. */
  private readonly visits = new Map<string, VisitFacts[]>();
  /** pageid → its plans' clicks in the span the page's orders need, and that span. */
  private readonly planClicks = new Map<string, { customerid: number; from: number; to: number; rows: LinkPlanClicks[] }>();

  /**
   * Read at once the plans' clicks on the links of a page of orders, over the windows of their anchors: one query per
   * link owner (a page's orders belong to few), all its links and the span of their windows.
   */
  async prefetchPlans(rows: Array<Pick<UnionSide, 'tracking_key' | 'item_id' | 'click_at' | 'created_at' | 'union_name'>>): Promise<void> {
    const spans = new Map<string, { customerid: number; from: number; to: number }>();
    for (const r of rows) {
      const link = this.linkOf(r);
      const facts = link && this.links.get(link.pageid);
      const anchor = r.click_at > 0 ? r.click_at : r.created_at;
      if (!link || !facts || anchor <= 0) continue;
      const w = planWindow(anchor);
      const had = spans.get(link.pageid) ?? this.planClicks.get(link.pageid);
      if (had && had.from <= w.from && had.to >= w.to) continue;
      spans.set(link.pageid, {
        customerid: facts.customerid,
        from: Math.min(had?.from ?? w.from, w.from),
        to: Math.max(had?.to ?? w.to, w.to),
      });
    }
    const byCustomer = new Map<number, { pageids: string[]; from: number; to: number }>();
    for (const [pageid, span] of spans) {
      const c = byCustomer.get(span.customerid) ?? { pageids: [], from: span.from, to: span.to };
      c.pageids.push(pageid);
      c.from = Math.min(c.from, span.from);
      c.to = Math.max(c.to, span.to);
      byCustomer.set(span.customerid, c);
    }
    for (const [customerid, c] of byCustomer) {
      const found = await linkPlanClicks(this.db, customerid, c.pageids, c.from, c.to);
      for (const pageid of c.pageids) this.planClicks.set(pageid, { customerid, from: c.from, to: c.to, rows: [] });
      for (const r of found) this.planClicks.get(r.pageid)?.rows.push(r);
    }
  }

  /** The plan rules (plan-rule.ts) for an order of `pageid` anchored at `anchor`. */
  private async planFor(pageid: string, customerid: number, anchor: number) {
    const w = planWindow(anchor);
    const had = this.planClicks.get(pageid);
    const rows = had && had.from <= w.from && had.to >= w.to ? had.rows : await linkPlanClicks(this.db, customerid, [pageid], w.from, w.to);
    return drivingPlan(rows, pageid, anchor);
  }

  /**
   * Read at once the visits a page of orders may be tied to: of their links, from the earliest anchor minus the window
   * to the latest anchor (a sync page spans minutes to hours); beyond PREFETCH_LIMIT rows each order asks for its own.
   */
  async prefetchVisits(rows: Array<Pick<UnionSide, 'tracking_key' | 'item_id' | 'click_at' | 'created_at' | 'union_name'>>): Promise<void> {
    const pageids = new Set<string>();
    let from = Number.POSITIVE_INFINITY;
    let to = 0;
    for (const r of rows) {
      const link = r.union_name === 'ud' ? null : this.linkOf(r);
      const anchor = r.click_at > 0 ? r.click_at : r.created_at;
      if (!link || anchor <= 0 || this.visits.has(link.pageid)) continue;
      pageids.add(link.pageid);
      from = Math.min(from, anchor - (r.click_at > 0 ? CLICK_WINDOW_SECONDS : ORDER_WINDOW_SECONDS));
      to = Math.max(to, anchor);
    }
    if (pageids.size === 0) return;
    const found = await visitsBetween(this.db, [...pageids], from, to, PREFETCH_LIMIT);
    if (found.length >= PREFETCH_LIMIT) return; // too many to hold: each order asks for its own
    for (const p of pageids) this.visits.set(p, []);
    for (const v of found) this.visits.get(v.pageid)?.push(v);
  }

  /**
   * The visit pick (visit-pick.ts) of `pageid` in [at − window, at] for an order created at `createdAt`: from the
   * prefetched span when it covers it, else by query.
   */
  private async nearest(pageid: string, at: number, window: number, createdAt: number): Promise<VisitPick> {
    const span = fastSpan(createdAt, this.fastSeconds);
    const list = this.visits.get(pageid);
    if (list) return pickVisit(list, at, window, span);
    const latest = await nearestVisit(this.db, pageid, at, window, true);
    if (!latest) return { valid: null, fast: null, invalid: await nearestVisit(this.db, pageid, at, window) };
    if (!span || !isFast(latest.received_at, span)) return { valid: latest, fast: null, invalid: null };
    // the newest valid visit is too close to the order: the one before the span, if still in the window
    const from = at - window;
    const earlier = span.after >= from ? await nearestVisit(this.db, pageid, span.after, span.after - from, true) : null;
    return earlier ? { valid: earlier, fast: null, invalid: null } : { valid: null, fast: latest, invalid: null };
  }

  async prepare(rows: Array<Pick<UnionSide, 'tracking_key'>>): Promise<void> {
    const keys = [...new Set(rows.map((r) => r.tracking_key))].filter((k) => !this.byKey.has(k));
    if (keys.length === 0) return;
    for (const k of keys) this.byKey.set(k, []);
    const found = await linksByTrackingKeys(this.db, keys);
    for (const l of found) this.byKey.get(l.tracking_key)?.push(l);
    const facts = await linkFactsByPageId(
      this.db,
      found.map((l) => l.pageid),
    );
    for (const [pageid, f] of facts) this.links.set(pageid, f);
  }

  /** Several links share a key only on a shared 淘宝 adzone: the item tells them apart, else the newest link. */
  private linkOf(row: Pick<UnionSide, 'tracking_key' | 'item_id'>): AffiliateLinkRow | null {
    const all = (this.byKey.get(row.tracking_key) ?? []).filter((l) => this.links.has(l.pageid));
    const sameItem = all.filter((l) => l.item_id === row.item_id);
    const pool = sameItem.length ? sameItem : all;
    return pool.sort((a, b) => Number(b.created_at) - Number(a.created_at))[0] ?? null;
  }

  async attribute(row: UnionSide): Promise<Attribution> {
    await this.prepare([row]);
    const link = this.linkOf(row);
    const facts = link ? this.links.get(link.pageid) : undefined;
    if (!link || !facts) return UNATTRIBUTED;
    const base: Attribution = {
      ...UNATTRIBUTED,
      pageid: link.pageid,
      customerid: facts.customerid,
      link_platform: facts.platform,
      link_isdirect: facts.isdirect,
      attribution_rule: 'link_only',
      channel: facts.state,
    };
    const byClick = row.click_at > 0;
    const anchor = byClick ? row.click_at : row.created_at;
    const evidence = row.union_name === 'ud' ? await this.fromUd(row, base) : await this.fromVisit(base, anchor, byClick, row.created_at);
    if (evidence.plan_id || anchor <= 0 || NOT_EVIDENCE.has(evidence.attribution_rule)) return evidence;
    // no click or visit named the plan: the plan that drove the link (the visit, if any, stays on the order)
    const plan = await this.planFor(link.pageid, facts.customerid, anchor);
    if (!plan) return evidence;
    return {
      ...evidence,
      attribution_rule: plan.rule,
      channel: plan.platform,
      advertiser_id: plan.advertiser_id,
      campaign_id: plan.campaign_id,
      plan_id: plan.plan_id,
      creative_id: '',
      // a visit's callback belongs to its channel's platform; UD relays with its own click ids whatever the plan
      callback: plan.platform === evidence.channel || row.union_name === 'ud' ? evidence.callback : '',
    };
  }

  private async fromVisit(base: Attribution, anchor: number, byClick: boolean, createdAt: number): Promise<Attribution> {
    if (anchor <= 0) return base;
    const pick = await this.nearest(base.pageid, anchor, byClick ? CLICK_WINDOW_SECONDS : ORDER_WINDOW_SECONDS, createdAt);
    if (pick.valid) return { ...fromVisit(base, pick.valid), attribution_rule: byClick ? 'visit_before_click' : 'visit_before_order' };
    if (pick.fast) return notEvidence(base, pick.fast, 'fast_conversion');
    return pick.invalid ? notEvidence(base, pick.invalid, 'invalid_click') : base;
  }

  private async fromUd(row: UnionSide, base: Attribution): Promise<Attribution> {
    const ud = JSON.parse(row.union_click) as Partial<UdClickFacts>;
    const channel = CHANNEL_OF_UD[ud.channelId ?? ''] ?? base.channel;
    const visits = ud.synClickId ? (await visitsByClickIds(this.db, [ud.synClickId])).filter((v) => v.pageid === base.pageid) : [];
    const visit = visits.find((v) => !v.invalid);
    const bad = visit ? undefined : visits[0];
    if (bad) return notEvidence({ ...base, channel }, bad, 'invalid_click');
    if (visit && isFast(visit.received_at, fastSpan(row.created_at, this.fastSeconds))) {
      return notEvidence({ ...base, channel }, visit, 'fast_conversion');
    }
    const fromVisitIds = visit ? fromVisit({ ...base, channel }, visit) : { ...base, channel };
    const ids = {
      advertiser_id: nonZero(ud.advertiserId) || fromVisitIds.advertiser_id,
      campaign_id: nonZero(ud.projectId) || nonZero(ud.campaignId) || fromVisitIds.campaign_id,
      plan_id: nonZero(ud.promotionId) || nonZero(ud.adgroupId) || fromVisitIds.plan_id,
      creative_id: nonZero(ud.creativeId) || fromVisitIds.creative_id,
    };
    const clickIds = ud.asynClickId || ud.synClickId || '';
    const rule: AttributionRule = visit ? 'ud_click' : ids.advertiser_id || clickIds ? 'ud_order' : 'link_only';
    return {
      ...fromVisitIds,
      ...ids,
      channel,
      attribution_rule: rule,
      click_ref: ud.synClickId || ud.asynClickId || '',
      // UD relays the conversion itself with the click ids it returned: they are this order's callback.
      callback: clickIds && ids.advertiser_id ? clickIds : '',
    };
  }
}

/** Rules whose visit is not evidence: no plan is looked for, nothing is posted back. */
const NOT_EVIDENCE: ReadonlySet<AttributionRule> = new Set<AttributionRule>(['invalid_click', 'fast_conversion']);

/**
 * The only visit is invalid traffic, or came seconds before the order: the visit is kept for the record; no click, ad
 * ids or callback.
 */
function notEvidence(base: Attribution, v: VisitFacts, rule: 'invalid_click' | 'fast_conversion'): Attribution {
  return { ...base, attribution_rule: rule, visit_event_id: v.id, click_event_id: 0, click_ref: '', callback: '' };
}

function fromVisit(base: Attribution, v: VisitFacts): Attribution {
  return {
    ...base,
    ...adLevels(base.channel, v),
    visit_event_id: v.id,
    click_event_id: Number(v.click_event_id),
    click_ref: v.clickid,
    callback: v.callback,
  };
}
