/** What the board endpoints answer (docs/api-dashboard.md). Shared by the server (contracts) and the console. */
import { wireMetrics } from './metrics.ts';
import { z } from './zod.ts';

export const periodView = z.object({
  start: z.string(),
  end: z.string(),
  previous_start: z.string(),
  previous_end: z.string(),
  /** End of the compared spans (exclusive, epoch seconds): the end of the range or of the current hour. */
  until: z.number().int(),
  /** The instant of the previous period the current one is compared up to: 14:25 of yesterday at 14:25 today. */
  previous_until: z.number().int(),
  /** false only at the period's very first second (nothing has passed to compare): every change is '--'. */
  comparable: z.boolean(),
  granularity: z.enum(['hour', 'day']),
});
export type PeriodView = z.output<typeof periodView>;

/** Metrics now, over the previous period of the same length, and the change (a ratio; null = '--'). */
export const comparedMetrics = z.object({ metrics: wireMetrics, previous: wireMetrics, change: wireMetrics });

export const trendPoint = z.object({ time: z.string(), ts: z.number().int(), metrics: wireMetrics });
export type TrendPoint = z.output<typeof trendPoint>;

/** `accounts`: authorised advertiser accounts in scope (of the account type asked): 0 means "authorise one first". */
export const boardCardOutput = z.object({
  period: periodView,
  accounts: z.number().int().nonnegative(),
  ...comparedMetrics.shape,
  series: z.array(trendPoint),
});
export type BoardCard = z.output<typeof boardCardOutput>;

/**
 * One ranked row: what it is (ids and names; '' / 0 where the level has none) and its metrics. A row with `id` ''
 * stands for the facts that have no id at that level — orders that reached no plan (未归因到计划), cost of plans that
 * drive no link of ours (未关联推广链接) — so the rows add up to `totals`; it is named, and there is nothing to open.
 */
export const rankRow = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.number().int(),
  advertiser_id: z.string(),
  advertiser_name: z.string(),
  customerid: z.number().int(),
  customer: z.string(),
  pageid: z.string(),
  item_id: z.string(),
  /** Landing-page visits counted by our own monitor (link and item rows; null elsewhere). */
  visits: z.number().int().nullable(),
  metrics: wireMetrics,
});
export type RankRow = z.output<typeof rankRow>;

export const rankList = z.object({
  period: periodView,
  list: z.array(rankRow),
  total: z.number().int().nonnegative(),
  totals: wireMetrics,
});
export type RankList = z.output<typeof rankList>;

export const channelRow = z.object({ channel: z.number().int(), name: z.string(), ...comparedMetrics.shape });
export const indexBoardOutput = z.object({
  period: periodView,
  accounts: z.number().int().nonnegative(),
  ...comparedMetrics.shape,
  channels: z.array(channelRow),
});
export type IndexBoard = z.output<typeof indexBoardOutput>;

export const boardListRow = z.object({ key: z.string(), label: z.string(), metrics: wireMetrics });
export const boardListOutput = z.object({
  period: periodView,
  list: z.array(boardListRow),
  total: z.number().int().nonnegative(),
  totals: wireMetrics,
});
export type BoardList = z.output<typeof boardListOutput>;

/** An item row; item_id '' is the cost of plans whose link promotes no item we know (未关联商品), named in item_title. */
export const itemRow = z.object({
  item_id: z.string(),
  item_title: z.string(),
  item_image: z.string(),
  /** Shop platform of the links that promote it (0 when none of ours does). */
  platform: z.number().int(),
  links: z.number().int(),
  visits: z.number().int(),
  metrics: wireMetrics,
});
export type ItemRow = z.output<typeof itemRow>;
export const itemIndexOutput = z.object({
  period: periodView,
  list: z.array(itemRow),
  total: z.number().int().nonnegative(),
  totals: wireMetrics,
});
export type ItemIndex = z.output<typeof itemIndexOutput>;

export const itemDetailOutput = z.object({
  period: periodView,
  accounts: z.number().int().nonnegative(),
  item: itemRow.omit({ metrics: true }),
  /** The promotion link the page was opened for (`/collect/page/{pageId}`, spec §2): its numbers only; '' = the whole item. */
  pageid: z.string(),
  ...comparedMetrics.shape,
  series: z.array(trendPoint),
  links: z.array(rankRow),
  plans: z.array(rankRow),
});
export type ItemDetail = z.output<typeof itemDetailOutput>;

export const itemOrderRow = z.object({
  order_id: z.string(),
  union_name: z.string(),
  status: z.string(),
  item_id: z.string(),
  item_title: z.string(),
  item_num: z.number().int(),
  /** Yuan (spec §9 format 2). */
  order_price: z.number(),
  paid_price: z.number(),
  commission: z.number(),
  created_at: z.number().int(),
  paid_at: z.number().int(),
  pageid: z.string(),
  channel: z.number().int(),
  advertiser_id: z.string(),
  plan_id: z.string(),
  postback_state: z.string(),
});
export type ItemOrderRow = z.output<typeof itemOrderRow>;
export const itemOrderOutput = z.object({
  list: z.array(itemOrderRow),
  total: z.number().int().nonnegative(),
  /** Of `total`, the orders 订单数 does not count (closed or invalid before any payment): total = the item's 订单数 + this. */
  closed_unpaid: z.number().int().nonnegative(),
});
