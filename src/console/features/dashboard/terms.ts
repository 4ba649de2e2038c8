import type { RankLevel } from '../../../shared/dashboard.ts';
import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import type { NumberFormat } from '../../../shared/number-format.ts';

/** The boards' words: one label per metric (from src/shared/metrics.ts), per ranked level, per card set. */
export const metricLabel = (k: MetricKey): string => METRIC_META[k].label;
export const metricFormat = (k: MetricKey): NumberFormat => METRIC_META[k].format;
/** Which orders a metric counts (placed or paid, by which date), '' for the others. */
export const metricHint = (k: MetricKey): string => METRIC_META[k].hint ?? '';

/** The ver2 overview's cards, in reading order: spend and traffic, then sales and return. */
export const OVERVIEW_CARDS: readonly MetricKey[] = [
  'sum_cost',
  'sum_show_cnt',
  'sum_click',
  'ctr',
  'avg_click_cost',
  'convert_cost',
  'ordernum',
  'order_price',
  'order_price_pay',
  'roi',
  'pay_roi',
  'convert_order_rate',
];

/** The old data board's cards. */
export const BOARD_CARDS: readonly MetricKey[] = [
  'sum_cost',
  'sum_show_cnt',
  'sum_click',
  'ctr',
  'ordernum',
  'order_price',
  'roi',
  'avg_price',
];

/** What the trend chart can switch between. */
export const TREND_METRICS: readonly MetricKey[] = [
  'sum_cost',
  'sum_show_cnt',
  'sum_click',
  'ctr',
  'ordernum',
  'order_price',
  'roi',
  'convert',
];

/** The ranked tables' columns after the name. */
export const RANK_COLUMNS: readonly MetricKey[] = [
  'sum_cost',
  'sum_show_cnt',
  'sum_click',
  'ctr',
  'convert',
  'ordernum',
  'order_price',
  'roi',
];

export const LEVEL_LABELS: Record<RankLevel, string> = {
  advertiser: '广告主',
  campaign: '广告组',
  plan: '计划',
  link: '推广链接',
  item: '商品',
  customer: '客户',
};

export const EMPTY_WORDS = {
  /** No authorised account of this type in scope. */
  noAccount: (type: string) => `还没有已授权的${type}账户：授权后，消耗、展示和点击每小时从平台报表同步，订单随联盟订单同步归因。`,
  authorise: '去授权账户',
  /** Accounts exist, nothing in the range. */
  quiet: '所选时段还没有消耗和订单。报表每小时同步一次；换一个时段，或到推广链接确认广告正在投放。',
} as const;
