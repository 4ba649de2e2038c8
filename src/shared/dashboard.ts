/**
 * Dashboards, data board and item-effect analysis: the request and answer shapes shared by the server and the
 * console (docs/api-dashboard.md defines every field). Metrics come from `metrics.ts`, periods from `periods.ts`.
 */
import { isChannel, isPlatform } from './catalog.ts';
import { METRIC_KEYS, type MetricKey } from './metrics.ts';
import { intInput, pageInput } from './paging.ts';
import { PERIOD_PRESETS } from './periods.ts';
import { z } from './zod.ts';

const date = (label: string) =>
  z
    .string({ error: `${label}必须是 YYYY-MM-DD 格式的日期` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}必须是 YYYY-MM-DD 格式的日期`);

/** An ad channel (account type) code: 2 巨量 … 10 小红书 (catalog.ts). */
export const channelCode = intInput('渠道必须是整数').refine(
  isChannel,
  '渠道编号不存在（2 巨量、3 微博、4 腾讯、5 快手、8 UCID、10 小红书 …）',
);

/** Shop platforms: one code, a list, or a comma list ('3,8'); '' or 0 = every platform. */
const shopCode = z.number().int().refine(isPlatform, '商品平台编号不存在（2 淘宝、3 京东、4 淘宝新链接 …）');
export const shopPlatforms = z
  .union(
    [
      z.number().int(),
      z
        .string()
        .trim()
        .max(40, '商品平台只能是平台编号或逗号分隔的编号')
        .regex(/^(\d{1,2}(,\d{1,2})*)?$/, '商品平台只能是平台编号或逗号分隔的编号'),
      z.array(z.number().int()).max(8),
    ],
    { error: '商品平台只能是平台编号或逗号分隔的编号' },
  )
  .transform((v) => (Array.isArray(v) ? v : typeof v === 'number' ? [v] : v === '' ? [] : v.split(',').map(Number)).filter((n) => n !== 0))
  .pipe(z.array(shopCode))
  .transform((list) => (list.length ? [...new Set(list)].sort((a, b) => a - b) : null));

export const customerIdInput = intInput('客户编号必须是整数').refine((n) => n > 0, '客户编号必须是正整数');
export const advertiserIdInput = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: '广告主编号必须是文本或数字' })
  .pipe(
    z
      .string()
      .max(64, '广告主编号不能超过 64 个字符')
      .regex(/^[\w-]*$/, '广告主编号只能是字母、数字、下划线和短横线'),
  )
  .transform((s) => s || undefined);
const itemIdInput = z.union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: '请指定商品' }).pipe(
  z
    .string()
    .min(1, '请指定商品')
    .max(64, '商品编号不能超过 64 个字符')
    .regex(/^[\w-]+$/, '商品编号只能是字母、数字、下划线和短横线'),
);

/**
 * Sorting: any metric of spec §3, or the row's name / time / visits; asc | desc (also element-ui's ascending |
 * descending). Without them: time lists by time ascending, every other list by cost descending.
 */
export const SORT_FIELDS = [...METRIC_KEYS, 'name', 'time', 'visits'] as const;
export type SortField = MetricKey | 'name' | 'time' | 'visits';
const sortField = z
  .enum(SORT_FIELDS as unknown as [SortField, ...SortField[]], { error: '排序字段只能是指标字段（如 sum_cost、roi）或 name、time、visits' })
  .optional();
const sortOrder = z
  .enum(['asc', 'desc', 'ascending', 'descending'], { error: '排序方向只能是 asc 或 desc' })
  .transform((s): 'asc' | 'desc' => (s.startsWith('asc') ? 'asc' : 'desc'))
  .optional();

/** Page size of the boards' ranked lists: up to 50 (spec §9: dashboard detail 50). */
const boardPagesize = intInput('每页条数必须是整数')
  .refine((n) => n >= 1 && n <= 50, '每页条数只能是 1–50')
  .default(50);
const listPagesize = intInput('每页条数必须是整数')
  .refine((n) => n >= 1 && n <= 100, '每页条数只能是 1–100')
  .default(20);

/** `type` of `/api/index/*`: 1 今天 … 8 上月 (periods.ts PERIOD_PRESETS order); 0 = the start/end given. */
export const periodType = intInput('type 必须是整数')
  .refine(
    (n) => n >= 0 && n <= PERIOD_PRESETS.length,
    'type 只能是 0（自定义）或 1–8（今天、昨天、最近7天、最近30天、本周、上周、本月、上月）',
  )
  .default(1);

/** The filters every board shares: who, which channel and shop, which advertiser. */
const filters = {
  platform: shopPlatforms.optional(),
  advertiser_id: advertiserIdInput.optional(),
  customerid: customerIdInput.optional(),
};

const range = { start: date('开始日期'), end: date('结束日期') };

export const indexBoardInput = z.object({
  type: periodType,
  social: channelCode.optional(),
  ...filters,
  start: range.start.optional(),
  end: range.end.optional(),
});
export type IndexBoardInput = z.output<typeof indexBoardInput>;

/** What the ranked tables list: advertisers, campaigns, plans, promotion links, items or customers. */
export const RANK_LEVELS = ['advertiser', 'campaign', 'plan', 'link', 'item', 'customer'] as const;
export type RankLevel = (typeof RANK_LEVELS)[number];
const rankLevel = z.enum(RANK_LEVELS, { error: 'ad 只能是 advertiser、campaign、plan、link、item 或 customer' }).default('advertiser');

export const indexDetailInput = z.object({
  type: periodType,
  social: channelCode.optional(),
  ...filters,
  pagesize: boardPagesize,
  page: pageInput,
  start: range.start.optional(),
  end: range.end.optional(),
  ad: rankLevel,
  id: advertiserIdInput.optional(),
  sort_field: sortField,
  sort: sortOrder,
});
export type IndexDetailInput = z.output<typeof indexDetailInput>;

/** `method` of `/napi/board/*`: what the points (card) or rows (list) are grouped by. */
export const BOARD_METHODS = ['hour', 'day', 'channel', 'customer', 'advertiser'] as const;
export type BoardMethod = (typeof BOARD_METHODS)[number];
const boardMethod = z.enum(BOARD_METHODS, { error: 'method 只能是 hour、day、channel、customer 或 advertiser' });

const boardBase = {
  accounttype: z
    .enum(['single', 'multi'], { error: 'accounttype 只能是 single（一个账户类型）或 multi（全部账户类型）' })
    .default('single'),
  state: channelCode.optional(),
  ...filters,
  ...range,
};
export const boardCardInput = z.object({
  ...boardBase,
  method: z.enum(['hour', 'day'], { error: '卡片趋势的 method 只能是 hour 或 day' }).optional(),
});
export type BoardCardInput = z.output<typeof boardCardInput>;
export const boardListInput = z.object({
  ...boardBase,
  method: boardMethod.default('day'),
  pagesize: boardPagesize,
  page: pageInput,
  sort_field: sortField,
  sort: sortOrder,
});
export type BoardListInput = z.output<typeof boardListInput>;

export const itemIndexInput = z.object({
  ...range,
  platform: shopPlatforms.optional(),
  state: channelCode.optional(),
  customerid: customerIdInput.optional(),
  exact: z.string({ error: '搜索内容必须是文本' }).trim().max(100, '搜索内容不能超过 100 个字符').optional(),
  pagesize: listPagesize,
  page: pageInput,
  sort_field: sortField,
  sort: sortOrder,
});
export type ItemIndexInput = z.output<typeof itemIndexInput>;
export const itemDetailInput = z.object({ item_id: itemIdInput, ...range, customerid: customerIdInput.optional() });
export type ItemDetailInput = z.output<typeof itemDetailInput>;
export const itemOrderInput = z.object({
  item_id: itemIdInput,
  ...range,
  customerid: customerIdInput.optional(),
  pagesize: listPagesize,
  page: pageInput,
});
export type ItemOrderInput = z.output<typeof itemOrderInput>;

export * from './dashboard-views.ts';
