import { channelLabel, platformLabel } from '../../../shared/catalog.ts';
import {
  ATTRIBUTION_RULE,
  type AttributionRule,
  CLOSED_UNPAID_LABEL,
  DEPOSIT,
  type Deposit,
  ORDER_STATUS,
  type OrderStatusName,
  POSTBACK_ON,
  POSTBACK_STATE,
  type PostbackOn,
  type PostbackState,
  UNION_LABEL,
  type UnionName,
} from '../../../shared/orders.ts';
import type { Option } from '../../ui/options.ts';

/** The orders feature's words: every label of its screens comes from here (and the shared tables behind it). */
export const statusLabel = (s: string): string => ORDER_STATUS[s as OrderStatusName] ?? s;
export const postbackLabel = (s: string): string => POSTBACK_STATE[s as PostbackState] ?? s;
export const unionLabel = (u: string): string => UNION_LABEL[u as UnionName] ?? u;
export const ruleLabel = (r: string): string => ATTRIBUTION_RULE[r as AttributionRule] ?? r;
export const channelText = (c: number): string => channelLabel(c, '--');
export const platformText = (p: number): string => platformLabel(p, '--');

/**
 * After an order list's 共 N 条: how the total splits into the orders 订单数 counts and the 未付款关闭 ones it leaves
 * out, both as the server counted them with the rows (`sums.orders`, `closed_unpaid`). Nothing when none is left out:
 * then 共 N 条 is the 订单数.
 */
export function orderTotalNote(split: { orders: number; closedUnpaid: number } | undefined): string | undefined {
  if (!split || split.closedUnpaid <= 0) return undefined;
  return `（计入订单数 ${split.orders} 条，${CLOSED_UNPAID_LABEL} ${split.closedUnpaid} 条）`;
}

/** Tag colour per status and per postback state (orders.css). */
export const STATUS_TONE: Record<string, 'ok' | 'info' | 'warn' | 'bad' | 'mute'> = {
  unpaid: 'mute',
  deposit_paid: 'warn',
  paid: 'ok',
  confirmed: 'ok',
  settled: 'info',
  refunded: 'bad',
  closed: 'mute',
  invalid: 'mute',
};
export const POSTBACK_TONE: Record<string, 'ok' | 'info' | 'warn' | 'bad' | 'mute'> = {
  none: 'mute',
  pending: 'warn',
  sent: 'ok',
  failed: 'bad',
  in_doubt: 'warn',
};

export const depositTabs: Option<Deposit>[] = ([2, 1, 3] as const).map((d) => ({ label: DEPOSIT[d], value: d }));
export const statusOptions: Option<OrderStatusName>[] = (Object.keys(ORDER_STATUS) as OrderStatusName[]).map((s) => ({
  label: ORDER_STATUS[s],
  value: s,
}));
/** `sync_call` codes: 0 无需回传, 1 已回传, 2 待回传, 3 回传失败, 4 待确认. */
export const postbackOptions: Option<0 | 1 | 2 | 3 | 4>[] = [
  { label: POSTBACK_STATE.sent, value: 1 },
  { label: POSTBACK_STATE.pending, value: 2 },
  { label: POSTBACK_STATE.in_doubt, value: 4 },
  { label: POSTBACK_STATE.failed, value: 3 },
  { label: POSTBACK_STATE.none, value: 0 },
];
export const postbackOnOptions: Option<PostbackOn>[] = (Object.keys(POSTBACK_ON) as PostbackOn[]).map((k) => ({
  label: `${POSTBACK_ON[k]}时回传`,
  value: k,
}));

/** The date the list filters on, by deposit (spec §7): 回流 click time, 预售 deposit time, else payment time. */
export const DATE_LABEL: Record<Deposit, string> = { 2: '付款时间', 1: '定金付款时间', 3: '点击时间' };
