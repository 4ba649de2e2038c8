import { dateInput } from './admin.ts';
import { pageidSchema } from './links.ts';
import { wireMetrics } from './metrics.ts';
import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/**
 * Numbers of the admin and UDSmart screens (admin home, consumption overview, order lists). All of them are read
 * from the facts tables (`ad_facts_daily`, `order_facts_daily`; docs/data-model.md) and computed with
 * `metricsOf` (src/shared/metrics.ts); money in yuan, an undefined ratio null ('--').
 */

/** Account types of spec §1 in the order the screens show them. */
export const ACCOUNT_TYPES = [2, 4, 5, 8, 10] as const;
/** Account types whose spend the consumption overview and its export show (those of §1 and 微博); names from `CHANNELS`. */
export const SPEND_TYPES = [2, 3, 4, 5, 8, 10] as const;

/** A date range of whole China days, at most 92 days, end not before start. */
export const dayRangeInput = z
  .object({ start: dateInput.refine((s) => s !== '', '请选择开始日期'), end: dateInput.refine((s) => s !== '', '请选择结束日期') })
  .refine((r) => r.start <= r.end, { message: '结束日期不能早于开始日期', path: ['end'] })
  .refine((r) => (Date.parse(r.end) - Date.parse(r.start)) / 86_400_000 < 92, { message: '日期范围不能超过 92 天', path: ['end'] });

const metricsWithActive = wireMetrics.extend({ active_customers: z.number().int() });

export const homeInput = z.object({
  days: intInput('趋势天数只能是 7、15 或 30')
    .refine((n) => n === 7 || n === 15 || n === 30, '趋势天数只能是 7、15 或 30')
    .default(7),
});

export const homeView = z.object({
  day: z.string(),
  today: metricsWithActive,
  yesterday: metricsWithActive,
  by_type: z.array(metricsWithActive.extend({ platform: z.number().int(), label: z.string() })),
  trend: z.array(
    z.object({
      day: z.string(),
      sum_cost: z.number(),
      order_price: z.number(),
      ordernum: z.number().int(),
      roi: z.number().nullable(),
      active_customers: z.number().int(),
    }),
  ),
  health: z.object({
    reauth: z.number().int(),
    failing_jobs: z.number().int(),
    dead_letters: z.number().int(),
    /** Postbacks 待确认 (an interrupted send to a platform that does not drop repeats), for a person to settle. */
    in_doubt: z.number().int(),
    /** 拼多多 pid + uid pairs not 备案-ed (commission at risk). */
    pdd_unbound: z.number().int(),
  }),
  /**
   * Monitor pings and landing visits waiting to be counted (rows) and how long the oldest has waited (seconds);
   * `lagging` past the warning threshold (100 000 rows or 60 s: docs/api-tracking.md), when the home shows it.
   */
  tracking_lag: z.object({ backlog_rows: z.number().int(), lag_seconds: z.number().int(), lagging: z.boolean() }),
  top_customers: z.array(wireMetrics.extend({ customerid: z.number().int(), company: z.string(), usertype: z.string() })),
  top_pages: z.array(wireMetrics.extend({ pageid: z.string(), customerid: z.number().int(), company: z.string() })),
});
export type HomeView = z.output<typeof homeView>;

export const HEALTH_KINDS = ['reauth', 'jobs', 'postbacks', 'in_doubt', 'pdd_authority'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];
export const healthInput = z.object({
  kind: z.enum(HEALTH_KINDS, { error: '类型只能是 reauth、jobs、postbacks、in_doubt 或 pdd_authority' }),
  page: pageInput,
  pagesize: pagesizeInput,
});
export const healthItem = z.object({
  key: z.string(),
  /** Customer (re-authorisation, dead letter) or '' (a job). */
  customer: z.string(),
  /** What: '巨量引擎 · 广告主 123', the job name and key, the order. */
  subject: z.string(),
  error: z.string(),
  at: z.number().int(),
  /** in_doubt: the order to settle (orders' postback/settle). */
  order: z.object({ union: z.string(), orderid: z.string() }).optional(),
  /** pdd_authority: the 备案 link. */
  url: z.string().optional(),
});
export type HealthItem = z.output<typeof healthItem>;

export const costInput = z.intersection(
  dayRangeInput,
  z.object({
    /** Drill into one customer: rows become its days. */
    customerid: intInput('客户编号必须是整数').optional(),
    platform: intInput('账户类型必须是整数').optional(),
    page: pageInput,
    pagesize: pagesizeInput,
  }),
);
export type CostInput = z.output<typeof costInput>;

/** Spend in yuan per account type (keys are the type codes). */
const costByType = z.record(z.string(), z.number());
export const costRow = z.object({
  key: z.string(),
  label: z.string(),
  customerid: z.number().int().nullable(),
  cost: costByType,
  total: z.number(),
});
export type CostRow = z.output<typeof costRow>;
export const costView = z.object({
  types: z.array(z.number().int()),
  customer: z.string(),
  rows: z.array(costRow),
  total_rows: z.number().int(),
  totals: z.object({ cost: costByType, total: z.number() }),
  previous: z.object({ start: z.string(), end: z.string(), total: z.number() }),
  /** (total − previous) / previous; null when the previous period spent nothing. */
  change: z.number().nullable(),
  series: z.array(z.object({ day: z.string(), cost: costByType, total: z.number() })),
});
export type CostView = z.output<typeof costView>;

export const pageOrdersInput = z.object({ pageid: pageidSchema, page: pageInput, pagesize: pagesizeInput });
export const orderView = z.object({
  order_id: z.string(),
  union_name: z.string(),
  item_id: z.string(),
  item_title: z.string(),
  shop_name: z.string(),
  status: z.string(),
  order_price: z.number(),
  paid_price: z.number(),
  commission: z.number(),
  created_at: z.number().int(),
  paid_at: z.number().int(),
  channel: z.number().int(),
  advertiser_id: z.string(),
  plan_id: z.string(),
  attribution_rule: z.string(),
});
export type OrderView = z.output<typeof orderView>;
export const pageOrdersView = z.object({
  pageid: z.string(),
  customer: z.string(),
  /** The customer's agent, '' when it has none. */
  agent: z.string(),
  title: z.string(),
  list: z.array(orderView),
  total: z.number().int(),
  /** Of `total`, the orders 订单数 does not count (closed or invalid before any payment): total = sums.orders + this. */
  closed_unpaid: z.number().int().nonnegative(),
  sums: z.object({
    orders: z.number().int(),
    order_price: z.number(),
    paid_orders: z.number().int(),
    paid_price: z.number(),
    commission: z.number(),
  }),
});
export type PageOrdersView = z.output<typeof pageOrdersView>;
