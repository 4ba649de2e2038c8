import { isChannel } from './catalog.ts';
import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/**
 * Affiliate orders (spec §3, §4, §7 Orders): statuses, postback states, the deposit modes and the date rules of the
 * order lists, the API shapes. One table per enum; the console labels come from here.
 */

export const ORDER_STATUS = {
  unpaid: '待付款',
  deposit_paid: '已付定金',
  paid: '已付款',
  confirmed: '已收货',
  settled: '已结算',
  refunded: '已退款',
  closed: '已关闭',
  invalid: '无效',
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;

/**
 * The orders a list shows that 订单数 does not count: closed or invalid before any payment (docs/metrics.md "Sums";
 * the rule is `PLACED_ORDER`, server/orders/list-totals.ts). An order list's 共 N 条 names them beside its 订单数.
 */
export const CLOSED_UNPAID_LABEL = '未付款关闭';
/** The 订单数 card of an order list: what it counts of the listed orders. */
export const LIST_ORDERS_HINT = `列表中的订单，${CLOSED_UNPAID_LABEL}（未付款即关闭或无效）的不计入；退款后仍计入`;
export const ORDER_STATUSES = Object.keys(ORDER_STATUS) as OrderStatusName[];

/** 淘宝's tk_status codes as the old console sends them (tk_status filter): 11 拍下未付款, 12 付款, 13 关闭, 14 确认收货, 3 结算. */
export const TK_STATUS: Readonly<Record<number, OrderStatusName>> = {
  11: 'unpaid',
  12: 'paid',
  13: 'closed',
  14: 'confirmed',
  3: 'settled',
};

export const UNION_LABEL = { taobao: '淘宝联盟', jd: '京东联盟', pdd: '多多进宝', ud: '阿里妈妈UD' } as const;
export type UnionName = keyof typeof UNION_LABEL;
/** `source` filter: the shop platform code of the union (2 淘宝联盟, 3 京东联盟, 5 拼多多, 7 UDSmart / UD). */
export const SOURCE_UNION: Readonly<Record<number, UnionName>> = { 2: 'taobao', 3: 'jd', 5: 'pdd', 7: 'ud' };

/**
 * Postback (回传) state of an order; `sync_call` filter codes 0–4. 待确认 (in_doubt): a send to a platform that does
 * not drop repeats was interrupted — whether it arrived is not known; a person settles it (docs/attribution.md).
 */
export const POSTBACK_STATE = { none: '无需回传', pending: '待回传', sent: '已回传', failed: '回传失败', in_doubt: '待确认' } as const;
export type PostbackState = keyof typeof POSTBACK_STATE;
export const SYNC_CALL: Readonly<Record<number, PostbackState>> = { 0: 'none', 1: 'sent', 2: 'pending', 3: 'failed', 4: 'in_doubt' };

/** On which order status a link's conversions are posted back (default paid). */
export const POSTBACK_ON = { order: '下单', paid: '付款', confirmed: '确认收货', settled: '结算' } as const;
export type PostbackOn = keyof typeof POSTBACK_ON;

/** Spec §4: deposit 2 all, 1 presell, 3 backflow. */
export const DEPOSIT = { 2: '全部', 1: '预售', 3: '回流' } as const;
export type Deposit = keyof typeof DEPOSIT;

/** The rule that tied an order to its link, click and plan (docs/attribution.md), in the order the evidence is tried. */
export const ATTRIBUTION_RULE = {
  ud_click: '联盟回传的点击 ID 对应到落地页访问',
  ud_order: '联盟订单自带广告信息',
  visit_before_click: '联盟点击时间前最近的一次落地页访问',
  visit_before_order: '下单时间前最近的一次落地页访问',
  link_plan: '时间窗内只有一个计划投放该推广链接',
  link_plan_clicks: '估算：多个计划投放该推广链接，归到时间窗内点击最多的计划',
  invalid_click: '唯一的点击/访问证据是无效流量：不归因到计划，不回传',
  fast_conversion: '点击后数秒内即下单，不可能是真实购买路径：不归因到计划，不回传',
  link_only: '只归因到推广链接，未归因到计划',
  unattributed: '未找到推广链接',
} as const;
export type AttributionRule = keyof typeof ATTRIBUTION_RULE;

/** Rules whose plan is an estimate: shown with 估算 wherever the order's plan is shown. */
export const ESTIMATED_RULES: ReadonlySet<string> = new Set<AttributionRule>(['link_plan_clicks']);
export const ESTIMATE_MARK = '估算';

// ---- dates ---------------------------------------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const dateText = (label: string) =>
  z
    .string({ error: `${label}必须是日期` })
    .trim()
    .regex(DAY, `${label}格式应为 YYYY-MM-DD`)
    .optional();

/** Longest range a list accepts. */
export const MAX_RANGE_DAYS = 366;

export {
  addDays,
  backflowDefaults,
  type DateColumn,
  type DateFilter,
  dateFilterOf,
  historyStart,
  type ListWindow,
  listWindow,
} from './order-dates.ts';

// ---- inputs -------------------------------------------------------------------------------------------------

const digits = (label: string) =>
  z
    .union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: `${label}只能是数字` })
    .pipe(z.string().regex(/^\d{0,20}$/, `${label}只能是数字`));
const optionalInt = (label: string, allowed: readonly number[]) =>
  intInput(`${label}必须是整数`)
    .refine((n) => allowed.includes(n), `${label}只能是 ${allowed.join('、')}`)
    .optional();
const search = z.string({ error: '搜索内容必须是文本' }).trim().max(100, '搜索内容不能超过 100 个字符').optional();

/** tk_status: a status name, or 淘宝's code (11, 12, 13, 14, 3). */
const tkStatus = z
  .union([z.enum(ORDER_STATUSES as [OrderStatusName, ...OrderStatusName[]]), intInput('订单状态不正确')], { error: '订单状态不正确' })
  .transform((v, ctx) => {
    if (typeof v === 'string') return v;
    const s = TK_STATUS[v];
    if (!s) {
      ctx.addIssue({ code: 'custom', message: `订单状态只能是 ${ORDER_STATUSES.join('、')} 或 11、12、13、14、3` });
      return z.NEVER;
    }
    return s;
  })
  .optional();

const orderFilters = {
  source: optionalInt('订单来源', Object.keys(SOURCE_UNION).map(Number)),
  deposit: intInput('deposit 必须是整数')
    .refine((n) => n === 1 || n === 2 || n === 3, 'deposit 只能是 2（全部）、1（预售）或 3（回流）')
    .default(2),
  jump_type: optionalInt('跳转方式', [1, 2]),
  pagesize: pagesizeInput,
  page: pageInput,
  tk_status: tkStatus,
  sync_call: optionalInt('回传状态', [0, 1, 2, 3, 4]),
  exact: search,
  click_start: dateText('点击开始日期'),
  click_end: dateText('点击结束日期'),
  depoist_pay_start: dateText('定金付款开始日期'),
  depoist_pay_end: dateText('定金付款结束日期'),
  pay_start: dateText('付款开始日期'),
  pay_end: dateText('付款结束日期'),
};

/** `/api/order/index`, `/api/miniput/order` (spec §7 Orders). `pubid` is the promotion link (pageid). */
export const orderIndexInput = z.object({ pubid: digits('推广链接编号').optional(), ...orderFilters });
export type OrderIndexInput = z.output<typeof orderIndexInput>;

/** `/napi/link/order`: one link's orders with the same filters. */
export const linkOrderInput = z.object({ pageid: digits('推广链接编号').pipe(z.string().min(1, '请指定推广链接')), ...orderFilters });
export type LinkOrderInput = z.output<typeof linkOrderInput>;

export const SORT_FIELDS = ['pay_time', 'create_time', 'click_time', 'order_fen', 'paid_fen', 'commission_fen'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** `/api/advertiser/order`, `/api/weibo/order`, `/api/miniad/order` (spec §7 list endpoints, §9 back-date / history). */
export const orderListInput = z.object({
  platform: intInput('渠道必须是整数').refine(isChannel, '渠道不正确').optional(),
  pagesize: pagesizeInput,
  page: pageInput,
  sort_field: z.enum(SORT_FIELDS, { error: `排序字段只能是 ${SORT_FIELDS.join('、')}` }).default('pay_time'),
  sort: z
    .enum(['asc', 'desc', 'ascending', 'descending'], { error: '排序方向只能是 asc 或 desc' })
    .transform((s) => (s.startsWith('asc') ? 'asc' : 'desc'))
    .default('desc'),
  start: dateText('开始日期'),
  end: dateText('结束日期'),
  exact: search,
  back_date: dateText('回溯日期'),
  history_start: dateText('历史开始日期'),
  history_end: dateText('历史结束日期'),
});
export type OrderListInput = z.output<typeof orderListInput>;

/** `/napi/promote/order`: the orders of one ad plan. */
/** The promotion screens name the channel `acpl` and the plan `id` (docs/api-promotion.md); both spellings are read. */
const planWords = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const { acpl, id, ...rest } = v as Record<string, unknown>;
  return { platform: acpl, plan_id: id, ...rest };
};
export const planOrderInput = z.preprocess(
  planWords,
  z.object({
    platform: intInput('渠道必须是整数').refine(isChannel, '渠道不正确'),
    plan_id: digits('广告计划 ID').pipe(z.string().min(1, '请指定广告计划')),
    advertiser_id: digits('广告主 ID').optional(),
    pagesize: pagesizeInput,
    page: pageInput,
    start: dateText('开始日期'),
    end: dateText('结束日期'),
  }),
);
export type PlanOrderInput = z.output<typeof planOrderInput>;

export const orderIdInput = z.object({
  orderid: z
    .union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: '请指定订单号' })
    .pipe(z.string().regex(/^[\w-]{1,64}$/, '订单号格式不正确')),
});

export const linkPostbackInput = z.object({
  pageid: digits('推广链接编号').pipe(z.string().min(1, '请指定推广链接')),
  postback_on: z
    .enum(Object.keys(POSTBACK_ON) as [PostbackOn, ...PostbackOn[]], { error: '回传时机只能是 order、paid、confirmed 或 settled' })
    .optional(),
});

/** Settling a 待确认 postback: 已收到 (the platform shows it) or 重新发送 (it does not). */
export const POSTBACK_SETTLE = { received: '已收到', resend: '重新发送' } as const;
export const postbackSettleInput = z.object({
  orderid: orderIdInput.shape.orderid,
  action: z.enum(['received', 'resend'], { error: '处理方式只能是 received（已收到）或 resend（重新发送）' }),
});
export const postbackSettleView = z.object({ orderid: z.string(), postback_state: z.string() });

// ---- outputs ------------------------------------------------------------------------------------------------

/** One order as every order endpoint answers it. Money in fen, times epoch seconds (0 = not yet / unknown). */
export const orderView = z.object({
  union: z.string(),
  order_id: z.string(),
  parent_order_id: z.string(),
  item_id: z.string(),
  item_title: z.string(),
  item_image: z.string(),
  item_num: z.number().int(),
  shop_name: z.string(),
  status: z.string(),
  raw_status: z.string(),
  presell: z.number().int(),
  deposit_fen: z.number().int(),
  order_fen: z.number().int(),
  paid_fen: z.number().int(),
  commission_fen: z.number().int(),
  commission_bp: z.number().int(),
  created_at: z.number().int(),
  paid_at: z.number().int(),
  deposit_paid_at: z.number().int(),
  received_at: z.number().int(),
  settled_at: z.number().int(),
  refunded_at: z.number().int(),
  click_at: z.number().int(),
  pageid: z.string(),
  link_title: z.string(),
  link_platform: z.number().int(),
  customerid: z.number().int(),
  attribution_rule: z.string(),
  channel: z.number().int(),
  advertiser_id: z.string(),
  campaign_id: z.string(),
  plan_id: z.string(),
  creative_id: z.string(),
  /** The platform's click id of the attributed click, and when the landing visit was. */
  click_ref: z.string(),
  visit_at: z.number().int(),
  postback_state: z.string(),
  postback_attempts: z.number().int(),
  postback_error: z.string(),
});
export type OrderView = z.output<typeof orderView>;

export const orderSums = z.object({
  orders: z.number().int(),
  paid_orders: z.number().int(),
  order_fen: z.number().int(),
  paid_fen: z.number().int(),
  commission_fen: z.number().int(),
});
export type OrderSums = z.output<typeof orderSums>;

export const postbackCounts = z.object({
  none: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  in_doubt: z.number().int(),
});

export const orderPage = z.object({
  list: z.array(orderView),
  /** Every order the filters match (the pager's 共 N 条). */
  total: z.number().int().nonnegative(),
  /**
   * Of `total`, the orders 订单数 does not count: closed or invalid before any payment (docs/metrics.md). Read with
   * the sums, so `total = sums.orders + closed_unpaid`.
   */
  closed_unpaid: z.number().int().nonnegative(),
  /** Over every order matching the filters (not only this page). */
  sums: orderSums,
  postback: postbackCounts,
});

export const orderPath = z.object({
  order: orderView,
  steps: z.array(z.object({ key: z.string(), title: z.string(), text: z.string(), at: z.number().int() })),
  /** The whole path in one plain Chinese paragraph. */
  text: z.string(),
});
export type OrderPath = z.output<typeof orderPath>;

export const linkPostbackView = z.object({ pageid: z.string(), postback_on: z.string(), counts: postbackCounts });
