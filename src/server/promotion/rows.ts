/**
 * Rows of the promotion tree as the API answers them: the platform's names for the level, §4 status labels,
 * money in yuan, what may be changed, and the §3 metrics computed from the sums by `metricsOf` (never here).
 */
import { type AdLevel, LEVEL_NAMES, levelNameOf, promoteLevel } from '../../shared/ad-levels.ts';
import type { AdPlatform } from '../../shared/ad-platforms.ts';
import { adStatusLabel, genericStatusLabel, statusFamily } from '../../shared/ad-status.ts';
import { channelLabel } from '../../shared/catalog.ts';
import { invalidReasonLabel } from '../../shared/invalid-traffic.ts';
import { METRIC_KEYS, metricsOf, type Sums, toWire, type WireMetrics, ZERO_SUMS } from '../../shared/metrics.ts';
import { fenToYuanOrNull } from '../../shared/money.ts';
import {
  adPlatformOf,
  EDITABLE,
  MATERIAL_KINDS,
  materialKind,
  type PromoteChannel,
  type PromoteType,
  subPlatformLabel,
  typeOfLevel,
} from '../../shared/promote.ts';
import type { PromoteRow } from '../../shared/promote-schemas.ts';
import type { PlanClickQuality } from '../tracking/lookup.ts';
import { invalidFlagged } from '../tracking/verdict/alert.ts';
import type { EntityRow } from './store.ts';

/** The §4 label of an entity's status: its family's label of the raw code, or the normalised status's. */
export function statusLabelOf(platform: AdPlatform, level: AdLevel, raw: string, normal: string): string {
  const family = statusFamily(platform, level);
  const own = (family && adStatusLabel(family, raw)) || genericStatusLabel(raw);
  // Some platforms keep the code and switch a flag (腾讯 creatives, UC): a paused entity reads paused.
  if (normal === 'paused' && !own.includes('暂停')) return genericStatusLabel('paused');
  return own || genericStatusLabel(normal);
}

/** A level without report facts of its own (creatives): every metric reads '--'. */
export const NO_METRICS = Object.fromEntries(METRIC_KEYS.map((k) => [k, null])) as WireMetrics;
export const wireOf = (s: Sums | undefined): WireMetrics => toWire(metricsOf(s ?? ZERO_SUMS));

export interface AccountInfo {
  name: string;
  customerid: number;
  /** Calls may be made for it (authorisation active, account in the grant). */
  usable: boolean;
  state: string;
}

export const levelName = (platform: AdPlatform, type: PromoteType): string =>
  LEVEL_NAMES[platform][type === 'adver' ? 'advertiser' : type === 'group' ? 'campaign' : type];

export interface RowContext {
  sums: Map<string, Sums>;
  children: Map<string, number>;
  accounts: Map<string, AccountInfo>;
  customers: Map<number, string>;
  /** Shop platform of each link a plan drives. */
  linkPlatforms: Map<string, number>;
  /** Plans' monitored clicks, valid and invalid by reason (`sumKey(channel, plan id)`; tracking/lookup.ts). */
  traffic?: Map<string, PlanClickQuality>;
  /** Accounts whose plans drive none of our links: their plan count and whole sums (tree.ts unlinkedAccounts). */
  unlinked?: Map<string, { plans: number; sums: Sums }>;
}

/** The row's invalid-traffic field: the plan's monitored clicks with each reason's Chinese name, and the alert's flag. */
export function invalidTrafficOf(q: PlanClickQuality | undefined): PromoteRow['invalid_traffic'] {
  if (!q) return null;
  return {
    valid: q.valid,
    invalid: q.invalid,
    reasons: q.reasons.map((r) => ({ ...r, label: invalidReasonLabel(r.reason) })),
    flagged: invalidFlagged(q.valid, q.invalid),
  };
}

export const sumKey = (platform: number, key: string): string => `${platform}:${key}`;

export function entityRow(e: EntityRow, ctx: RowContext): PromoteRow {
  const channel = Number(e.platform) as PromoteChannel;
  const platform = adPlatformOf(channel);
  const level = e.level as AdLevel;
  const type = typeOfLevel(level);
  const rules = EDITABLE[platform];
  const account = ctx.accounts.get(sumKey(channel, e.advertiser_id));
  const open = (account?.usable ?? false) && e.status !== 'deleted';
  const link = level === 'creative' ? '' : e.pageid || e.bound_pageid || '';
  const pl = link ? (ctx.linkPlatforms.get(link) ?? null) : null;
  const kind = materialKind(platform, e.material_type);
  const hasFacts = level !== 'creative';
  return {
    id: e.entity_id,
    name: e.name,
    type,
    level: promoteLevel(platform, type),
    level_name: levelNameOf(platform, level, e.raw_status),
    channel,
    channel_name: channelLabel(channel),
    platform: pl,
    platform_name: subPlatformLabel(pl),
    advertiser_id: e.advertiser_id,
    advertiser_name: account?.name ?? '',
    campaign_id: e.campaign_id,
    parent_id: e.parent_id,
    customerid: Number(e.customerid),
    customer: ctx.customers.get(Number(e.customerid)) ?? '',
    status: e.raw_status,
    status_label: statusLabelOf(platform, level, e.raw_status, e.status),
    status_normal: e.status,
    enabled: Number(e.enabled) === 1,
    budget: fenToYuanOrNull(e.budget_fen),
    bid: fenToYuanOrNull(e.bid_fen),
    pageid: link,
    bound: level === 'plan' && !e.pageid && Boolean(e.bound_pageid),
    material_type: e.material_type,
    material_label: kind ? MATERIAL_KINDS[kind] : '',
    can: {
      status: open && rules.status.includes(level),
      budget: open && rules.budget.includes(level),
      bid: open && rules.bid.includes(level),
      preview: level === 'creative' || (platform === 'tengxun' && level === 'plan'),
      unlimited: rules.unlimited,
    },
    children: ctx.children.get(e.entity_id) ?? 0,
    has_facts: hasFacts,
    synced_at: Number(e.synced_at),
    metrics: hasFacts ? wireOf(ctx.sums.get(sumKey(channel, e.entity_id))) : NO_METRICS,
    invalid_traffic: level === 'plan' ? invalidTrafficOf(ctx.traffic?.get(sumKey(channel, e.entity_id))) : null,
  };
}

const ACCOUNT_STATE: Record<string, string> = { active: '正常', reauth: '需要重新授权', cancelled: '已取消授权' };

export function accountRow(
  a: { platform: number; advertiser_id: string; name: string; customerid: number; active: number; state: string; last_sync_at: number },
  ctx: RowContext,
): PromoteRow {
  const channel = Number(a.platform) as PromoteChannel;
  const platform = adPlatformOf(channel);
  const usable = Number(a.active) === 1 && a.state === 'active';
  return {
    id: a.advertiser_id,
    name: a.name,
    type: 'adver',
    level: promoteLevel(platform, 'adver'),
    level_name: LEVEL_NAMES[platform].advertiser,
    channel,
    channel_name: channelLabel(channel),
    platform: null,
    platform_name: '',
    advertiser_id: a.advertiser_id,
    advertiser_name: a.name,
    campaign_id: '',
    parent_id: '',
    customerid: Number(a.customerid),
    customer: ctx.customers.get(Number(a.customerid)) ?? '',
    status: Number(a.active) === 1 ? a.state : 'inactive',
    status_label: Number(a.active) === 1 ? (ACCOUNT_STATE[a.state] ?? '') : '已移出授权',
    status_normal: usable ? 'delivering' : 'other',
    enabled: usable,
    budget: null,
    bid: null,
    pageid: '',
    bound: false,
    material_type: '',
    material_label: '',
    can: { status: false, budget: false, bid: false, preview: false, unlimited: false },
    children: ctx.children.get(a.advertiser_id) ?? 0,
    has_facts: true,
    synced_at: Number(a.last_sync_at),
    metrics: wireOf(ctx.sums.get(sumKey(channel, a.advertiser_id))),
    invalid_traffic: null,
    unlinked: unlinkedOf(ctx.unlinked?.get(sumKey(channel, a.advertiser_id))),
  };
}

const unlinkedOf = (u: { plans: number; sums: Sums } | undefined): PromoteRow['unlinked'] =>
  u ? { plans: u.plans, metrics: wireOf(u.sums) } : null;
