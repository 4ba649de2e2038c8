import { LEVEL_NAMES } from '../../../shared/ad-levels.ts';
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import { adPlatformOf, CHANGE_RESULT_LABELS, type PromoteChannel, type PromoteType } from '../../../shared/promote.ts';
import { formatNumber } from '../../lib/formats.ts';

/** Words of the promotion screens: one place, so every screen names a thing the same way. */
export const PROMO_TERMS = {
  bidding: '竞价推广',
  allAccounts: '全部账户',
  totals: '合计',
  pause: '暂停',
  resume: '启用',
  batchPause: '批量暂停',
  batchResume: '批量启用',
  editBudget: '修改日预算',
  editBid: '修改出价',
  unlimited: '不限',
  preview: '预览',
  detail: '详情',
  pending: '提交中…',
  metricsPicker: '指标列',
  noFacts: '创意没有单独的报表数据',
  ordersNote: '订单指标在订单同步上线后显示',
} as const;

export const CHANGE_RESULT = CHANGE_RESULT_LABELS;

/** The level tabs of one channel, named the platform's way (腾讯 has no third level). */
export function levelTabs(channel: PromoteChannel): Array<{ label: string; value: PromoteType }> {
  const names = LEVEL_NAMES[adPlatformOf(channel)];
  const all: Array<{ label: string; value: PromoteType }> = [
    { label: names.advertiser, value: 'adver' },
    { label: names.campaign, value: 'group' },
    { label: names.plan, value: 'plan' },
    { label: names.creative, value: 'creative' },
  ];
  return all.filter((t) => t.label !== '');
}

export const levelLabel = (platform: AdPlatform, type: PromoteType): string =>
  LEVEL_NAMES[platform][type === 'adver' ? 'advertiser' : type === 'group' ? 'campaign' : type];

/** Metric columns shown by default; the rest are one click away (指标列). */
export const DEFAULT_METRICS: readonly MetricKey[] = [
  'sum_cost',
  'sum_show_cnt',
  'sum_click',
  'ctr',
  'avg_show_cost',
  'avg_click_cost',
  'convert',
  'convert_cost',
  'convert_rate',
  'ordernum',
  'roi',
];
export const metricLabel = (k: MetricKey): string => METRIC_META[k].label;

export const STATUS_TONE: Record<string, 'ok' | 'off' | 'warn' | 'bad' | 'muted'> = {
  delivering: 'ok',
  paused: 'off',
  auditing: 'warn',
  not_started: 'warn',
  outside_schedule: 'warn',
  budget_exceed: 'bad',
  balance_exceed: 'bad',
  rejected: 'bad',
  done: 'muted',
  deleted: 'muted',
  other: 'muted',
};

/** A logged value as shown: 启用/暂停, or yuan in the spec §9 money format ('' = 不限). */
export const changeValueText = (field: 'status' | 'budget' | 'bid', v: string): string =>
  field === 'status' ? (v === 'enable' ? '启用' : v === 'disable' ? '暂停' : v) : v === '' ? '不限' : formatNumber(Number(v), 2);
